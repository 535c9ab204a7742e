"""A fresh signing link for a signer (`POST /v1/signing-requests/{id}/signers/{signer_id}/signing-url`),
whatever their `delivery` (email, sms, both, link).

The new link becomes the signer's current one (a new token nonce: esign.domain.requests.links), so
reminders carry it from then on. The link it replaces keeps working, its hash kept in the signer's
`earlier_token_hashes` (index `signer_earlier_token`), unless `revoke_previous`: then only the new
link works. A signer holds at most MAX_LINKS working links (the current one and the earlier ones), so
the request document stays bounded; one more is 409 until the earlier ones are revoked. Replacing or
delegating the signer moves every one of them (esign.domain.signer.routing); a new invitation (the
request reactivated, a sequential turn given back) drops the earlier ones. Each issue is one
conditional update of the pending request (lifecycle.transition), recorded as `signing_event.link_issued`
(who asked: `metadata.by`; `metadata.revoke_previous`)."""
from __future__ import annotations

import logging

from esign.domain.ports import Services
from esign.domain.requests import effects, lifecycle, links
from esign.errors import ApiError, invalid_state
from esign.secrets import new_token
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.links")
MAX_LINKS = 5  # working links per signer: the current one and at most MAX_LINKS - 1 earlier ones
DONE = ("signed", "declined", "delegated")
#: who issues a link because the key that made the signer's link was dropped (metadata.by)
ROTATION = {"service": "key_rotation"}


async def issue(services: Services, request: SigningRequest, signer_id: str, revoke_previous: bool,
                by: Json | None = None) -> tuple[SigningRequest, str]:
    """(the request as changed, the signer's new signing URL). 409 unless the request is pending and
    the signer has been invited and has neither signed, declined nor delegated."""
    lifecycle.find_signer(request, signer_id)  # 404 before anything else

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        if s["status"] in DONE:
            raise invalid_state(f"this signer has {s['status']}; a signing link is no longer issued for them")
        if not s.get("token_nonce"):
            raise invalid_state("this signer has not been invited yet (it is not their turn in the signing "
                                "order); their link is made when they are invited")
        current = s["token_hash"]
        earlier: list[str] = [] if revoke_previous else [*(s.get("earlier_token_hashes") or []),
                                                         *([current] if current else [])]
        if len(earlier) >= MAX_LINKS:
            raise invalid_state(f"this signer already holds {MAX_LINKS} working links; issue one with "
                                "`revoke_previous: true` to make the earlier ones stop working")
        fresh: Signer = {**s, "token_nonce": new_token(nbytes=16), "token_hash": None, "earlier_token_hashes": earlier}
        signers = lifecycle._with_token_hashes(services, r, [fresh if x["id"] == signer_id else x for x in r["signers"]])
        return {"signers": signers, "effects": effects.event_effects(
            "signing_event.link_issued", signer_id, metadata={"revoke_previous": revoke_previous,
                                                              **({"by": by} if by else {})})}

    updated = await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))
    signer = lifecycle.find_signer(updated, signer_id)
    log.info("signing link issued for signer %s of signing request %s (earlier links %s)", signer_id, updated["id"],
             "revoked" if revoke_previous else f"kept: {len(signer.get('earlier_token_hashes') or [])}")
    return updated, links.signing_url(services, updated, signer)


async def for_message(services: Services, request: SigningRequest, signer: Signer) -> tuple[SigningRequest, Signer]:
    """The request and signer to write an invitation or reminder from. When the signer's link was made
    with a service key no longer configured (docs/operations.md, "Rotating secrets"), it cannot be
    written again: the signer is issued a fresh link first, and the one they hold keeps working
    (`earlier_token_hashes`; with MAX_LINKS held already, the earlier ones end). Sent twice (a retried
    job), the second run finds the fresh link writable and issues none."""
    if links.reproducible(services, request, signer):
        return request, signer
    try:
        updated, _ = await issue(services, request, signer["id"], False, by=ROTATION)
    except ApiError:  # MAX_LINKS held: only the new link works from now on
        updated, _ = await issue(services, request, signer["id"], True, by=ROTATION)
    return updated, lifecycle.find_signer(updated, signer["id"])

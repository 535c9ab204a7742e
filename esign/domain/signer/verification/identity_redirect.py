"""Identity verification with a redirect-flow vendor (a RedirectIdentityProvider: Stripe Identity,
Onfido, Veriff), free of HTTP.

The signer asks to start; esign opens a session at the vendor (`start_session`), records it in
`identity_sessions` and on the signer (`identity_status` pending), and the page opens the vendor's
URL in a new tab. The vendor's return URL, `/identity/return/<session id>`, carries no secret. The
result arrives by the vendor's signed webhook (`POST /identity/webhooks/<provider>`) or, when
that is late or lost, by `fetch_result` when the signer comes back or asks the page to check. Each
result is recorded once: the signer changes in one conditional update of the request (at the version
it was read, only while the signer's current session is still open) and the session in one update
whose filter holds its status, so replays and races change nothing. Here `review` means the vendor
is still deciding: the signer waits (cannot sign) until approved or rejected arrives. `approved`
with a document name that clearly differs from the signer's name (score below NAME_MISMATCH) is
recorded as rejected. `abandoned` (left, cancelled, expired) lets the signer start again. Every
started session counts as an attempt and, when the provider charges, as one check of the quota.
"""
from __future__ import annotations

import dataclasses
import logging
import urllib.parse
from typing import Any, cast

from esign.clock import stored
from esign.domain.ports import Services
from esign.domain.requests import effects, lifecycle
from esign.domain.signer.verification.common import Session, open_redirect, set_signer
from esign.domain.signer.verification.identity_common import IDENTITY_EVENTS, check_identity_step, identity_changes, reserve_check
from esign.errors import ApiError, invalid_state, not_found, upstream_unavailable
from esign.providers.base import (
    IDENTITY_STATUSES,
    IdentityResult,
    ProviderRejected,
    ProviderUnavailable,
    RedirectIdentityProvider,
)
from esign.providers.names import name_score
from esign.store.base import new_id
from esign.store.identity_sessions import OPEN  # a redirect-flow session the vendor has not finished
from esign.store.records import Json, SigningRequest

log = logging.getLogger("esign.identity")

NAME_MISMATCH = 0.7  # a vendor-approved document whose name scores below this against the signer's is rejected


def return_url(services: Services, session_id: str) -> str:
    return f"{services.config.server.public_url}/identity/return/{session_id}"


def _usable(opened: Any) -> bool:  # whatever the provider answered: checked here
    return (isinstance(getattr(opened, "reference", None), str) and 0 < len(opened.reference) <= 255
            and isinstance(getattr(opened, "redirect_url", None), str)
            and urllib.parse.urlsplit(opened.redirect_url).scheme in ("http", "https"))


class _Unchanged(Exception):
    """The signer's identity state is not what this change expects (another session won, or the result is recorded)."""


async def start_identity(services: Services, session: Session, actor: Json) -> SigningRequest | None:
    """Open a session at the redirect-flow vendor (or hand back the open one) for the signer."""
    request, signer = session.request, session.signer
    now = services.clock.now()
    if signer.get("identity_flow") == "redirect" and open_redirect(signer, now):
        return request  # a second click: the same session, not a second check
    check_identity_step(services, request, signer, "redirect")
    provider = cast(RedirectIdentityProvider, services.identity)  # check_identity_step: the redirect flow
    counted, org = await reserve_check(services, request)
    session_id = new_id()
    info = {"id": signer["id"], "name": signer["name"], "email": signer["email"], "phone": signer.get("phone"),
            "signing_request_id": request["id"]}
    try:
        opened = await provider.start_session(info, return_url(services, session_id))
        if not _usable(opened):
            raise ProviderUnavailable("the identity provider answered without a usable session")
    except (ProviderUnavailable, ProviderRejected) as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        if isinstance(exc, ProviderRejected):
            log.error("identity provider %s refused to open a session: %s", provider.identifier, exc)
            raise upstream_unavailable(f"identity verification is unavailable: {exc}; ask the sender") from exc
        raise upstream_unavailable(f"identity verification is unavailable right now ({exc}); try again") from exc
    expires = stored(opened.expires_at) if opened.expires_at is not None else None
    id_session = await services.store.identity_sessions.insert({
        "_id": session_id, "provider": provider.identifier, "reference": opened.reference, "org_id": request["org_id"],
        "request_id": request["id"], "signer_id": signer["id"], "status": "pending", "created_at": now,
        "updated_at": now, "expires_at": expires})
    changes = dict(identity_status="pending", identity_flow="redirect", identity_session_id=session_id,
                   identity_redirect_url=opened.redirect_url, identity_session_expires_at=expires, identity_reason=None)

    def build(r: SigningRequest) -> Json:
        fresh = lifecycle.find_signer(r, signer["id"])
        if open_redirect(fresh, now):  # a parallel start won: keep its session
            raise _Unchanged()
        update = set_signer(r, signer["id"], **changes, identity_attempts=fresh.get("identity_attempts", 0) + 1)
        if counted:
            update["identity_payment_status"] = "charged"
        update["effects"] = effects.event_effects("signing_event.identity_started", signer["id"], actor, {
            "provider": provider.identifier, "identity_session_id": session_id})
        return update

    try:
        updated = await lifecycle.transition(services, request, "pending", build)
    except (_Unchanged, ApiError) as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        await services.store.identity_sessions.settle(id_session, "abandoned", {"reason": "superseded", "settled_at": now})
        if isinstance(exc, ApiError):
            raise
        return await services.store.signing_requests.by_id(request["id"])
    return await lifecycle.follow(services, updated)


async def settle_identity(services: Services, id_session: Json, result: IdentityResult, via: str) -> bool:
    """Record a vendor's result for `id_session` once (`via`: webhook, return or check). Returns whether
    it changed anything; a replay, a stale or a `pending` result changes nothing."""
    if result.status not in IDENTITY_STATUSES:
        raise upstream_unavailable(f"the identity provider answered an unknown status {result.status!r}")
    if result.status == "pending" or id_session["status"] not in OPEN or result.status == id_session["status"]:
        return False
    now = services.clock.now()
    signer_id = id_session["signer_id"]
    request = await services.store.signing_requests.by_id(id_session["request_id"])
    if request is None:
        return False
    signer = lifecycle.find_signer(request, signer_id)
    if result.status == "approved" and result.verified_name:
        if result.name_match_score is None:  # scored once, here (_identity_changes keeps it)
            result = dataclasses.replace(result, name_match_score=name_score(signer["name"], result.verified_name))
        if cast(float, result.name_match_score) < NAME_MISMATCH:  # scored just above
            result = dataclasses.replace(result, status="rejected",
                                         reason="the name on your document does not match the name you were invited under")
    if result.status == "abandoned":
        changes: Json = dict(identity_status="abandoned", identity_reason=result.reason or "the identity check was not finished")
    else:
        changes = identity_changes(now, signer, result)
    if result.status != "review":
        changes.update(identity_redirect_url=None, identity_session_expires_at=None)

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        if s.get("identity_session_id") != id_session["id"] or s.get("identity_status") not in OPEN \
                or s.get("identity_status") == result.status:
            raise _Unchanged()
        return {**set_signer(r, signer_id, **changes), "effects": effects.event_effects(
            IDENTITY_EVENTS[result.status], signer_id, metadata={
                "provider": id_session["provider"], "via": via, "identity_session_id": id_session["id"],
                "name_match_score": changes.get("identity_name_match_score"), "reason": result.reason})}

    updated = None
    try:
        updated = await lifecycle.transition(services, request, "pending", build)
    except _Unchanged:  # superseded by a newer session, or recorded already
        pass
    except ApiError:
        current = await services.store.signing_requests.by_id(request["id"])
        if current is not None and current["status"] == "pending":
            raise  # not recorded (the request kept changing): the vendor delivers again, the signer asks again
    await services.store.identity_sessions.settle(id_session, result.status, {
        "settled_via": via, "settled_at": now, "reason": result.reason})
    if updated is None:
        return False
    await lifecycle.follow(services, updated)
    return True


async def refresh_identity(services: Services, id_session: Json, via: str) -> bool:
    """Ask the vendor for the result of an open session (a webhook late or lost) and record it; at
    most once per session every `[signer] identity_fetch_seconds` (otherwise the stored state stands:
    False)."""
    if id_session["status"] not in OPEN:
        return False
    if not await services.store.identity_sessions.claim_fetch(id_session, services.config.signer.identity_fetch_seconds):
        return False
    try:
        result = await cast(RedirectIdentityProvider, services.identity).fetch_result(id_session["reference"])  # its session
    except ProviderRejected as exc:  # the vendor no longer knows it (expired, deleted): the signer starts again
        log.warning("identity provider %s does not know session %s: %s", id_session["provider"], id_session["id"], exc)
        result = IdentityResult(status="abandoned", reference=id_session["reference"],
                                reason="the identity check expired at the provider")
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the identity provider cannot be reached right now ({exc}); try again") from exc
    return await settle_identity(services, id_session, result, via)


async def check_identity(services: Services, session: Session, actor: Json) -> SigningRequest | None:
    """The signer asks whether the result of their open session has arrived. Asked again once it has
    (a second tab, or a click racing the vendor's return), the answer is the state as it stands."""
    signer = session.signer
    if signer.get("identity_flow") != "redirect" or not signer.get("identity_session_id"):
        raise invalid_state("no identity check is waiting for a result")
    if signer.get("identity_status") not in OPEN:
        return session.request
    id_session = await services.store.identity_sessions.by_id(cast(str, signer["identity_session_id"]))  # checked above
    if id_session is None or id_session["provider"] != services.identity.identifier:
        raise not_found("identity session")
    await refresh_identity(services, id_session, "check")
    return await services.store.signing_requests.by_id(session.request["id"])


async def receive_webhook(services: Services, provider_id: str, headers: Json, raw_body: bytes) -> bool:
    """A vendor's webhook: checked by the provider (WebhookRefused when it is not the vendor's), then
    recorded once. Returns whether it changed anything; unknown sessions and non-result events are
    accepted and ignored (the vendor must not retry them)."""
    provider = services.identity
    if provider.identifier != provider_id or not isinstance(provider, RedirectIdentityProvider):
        raise not_found("identity provider")
    try:
        result = await provider.verify_webhook(headers, raw_body)
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the identity provider cannot be reached ({exc}); deliver again") from exc
    except ProviderRejected as exc:  # the vendor itself does not know the session the event names
        log.warning("identity webhook of %s ignored: %s", provider.identifier, exc)
        return False
    if result is None or not result.reference:
        return False
    id_session = await services.store.identity_sessions.by_reference(provider.identifier, result.reference)
    if id_session is None:
        log.info("identity webhook for an unknown %s session ignored", provider.identifier)
        return False
    return await settle_identity(services, id_session, result, "webhook")

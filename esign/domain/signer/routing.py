"""Who signs, after sending: the sender corrects a signer (`replace`), a signer hands their place to
someone else (`delegate`). Both are one conditional update of the request (lifecycle.transition),
with what follows (events, emails) stored with the change and done after it (lifecycle.follow).

A signer's links stop working (the current one and any earlier one kept working beside it): their
hashes move to `moved_token_hashes` (the last MOVED_KEEP of them, so the document stays bounded),
where `signing.open_link` recognises them and
answers 410 `gone` saying the invitation moved, instead of an unexplained 404. Embedded links
issued before the change are refused the same way (`moved_at`).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import cast

from esign.domain.ports import Services
from esign.domain.requests import lifecycle, roles
from esign.domain.requests.signing_requests import SIGNER_DEFAULTS, check_phone_countries
from esign.domain.signer.verification.common import blocker
from esign.errors import ApiError, invalid_state, validation_error
from esign.secrets import new_token
from esign.store.base import new_id
from esign.store.records import Json, RecordLike, Signer, SigningRequest

MOVED_KEEP = 5  # earlier link hashes kept per signer, newest last
NOT_REPLACEABLE = ("signed", "declined", "delegated")
MOVED_MESSAGES = {
    "replaced": "this invitation has moved: the sender changed who signs here and sent a new link; this link no "
                "longer works",
    "delegated": "this invitation has moved: it was passed on to someone else, who received a link of their own; "
                 "this link no longer works",
}


def moved_message(signer: Signer) -> str:
    return MOVED_MESSAGES.get(signer.get("moved_reason", ""), MOVED_MESSAGES["replaced"])


def _retire_link(signer: Signer, reason: str, now: dt.datetime) -> Json:
    """The signer's current link hash moved to the bounded list of links that say 'moved'."""
    moved = [*signer.get("moved_token_hashes", []), *signer.get("earlier_token_hashes", [])]
    if token_hash := signer.get("token_hash"):
        moved.append(token_hash)
    return {"moved_token_hashes": moved[-MOVED_KEEP:], "moved_reason": reason, "moved_at": now,
            "token_hash": None, "token_nonce": None, "earlier_token_hashes": []}


def _address_taken(request: SigningRequest, email: str, except_id: str | None = None) -> bool:
    email = email.lower()
    return any(s["email"].lower() == email for s in request["signers"] if s["id"] != except_id)


def _signer_emails(signers: Sequence[RecordLike]) -> list[str]:
    return sorted({s["email"].lower() for s in signers})


async def replace(services: Services, request: SigningRequest, signer_id: str, person: Json,
                  by: Json | None = None) -> SigningRequest:
    """Put `person` ({name, email, phone}) in the place of a signer who has neither signed nor
    declined: same id, order and fields; everything the earlier person did or had (view, consent,
    verification, bounce) is cleared; an invited signer is invited again at the new address."""
    details: list[Json] = []
    check_phone_countries(services, [person], details, prefix="")
    if details:
        raise validation_error(details)
    now = services.clock.now()
    email = person["email"]

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        if s["status"] in NOT_REPLACEABLE:
            raise invalid_state(f"this signer has {s['status']}; only a signer who has neither signed nor declined "
                                "can be replaced")
        if _address_taken(r, email, except_id=signer_id):
            raise validation_error([{"field": "email", "message": f"{email} is already a signer of this request"}])
        invited = bool(s.get("token_nonce"))
        kept = ("id", "order", "delegated_from", "delegation_depth", "metadata_terms", "external_id", "redirect_url")
        fresh = {**SIGNER_DEFAULTS, **{k: s.get(k) for k in kept},
                 **_retire_link(s, "replaced", now), "name": person["name"], "email": email,
                 "phone": person.get("phone")}
        if invited:
            fresh.update(status="sent", sent_at=now, token_nonce=new_token(nbytes=16))
        signers = [cast(Signer, fresh) if x["id"] == signer_id else x for x in r["signers"]]
        signers = lifecycle._with_token_hashes(services, r, signers)
        return {"signers": signers, "signer_emails": _signer_emails(signers),
                "effects": {"op": "signer_replaced", "signer_id": signer_id, "invited": invited,
                            "previous": {"name": s["name"], "email": s["email"]}, "by": by}}

    return await lifecycle.follow(services, await lifecycle.transition(services, request, ["draft", "pending"], build))


async def delegate(services: Services, request: SigningRequest, signer_id: str, person: Json, reason: str,
                   actor: Json | None = None) -> SigningRequest:
    """The signer hands their place to `person` ({name, email}): they become `delegated` (with
    `delegated_to`), a new signer takes their order and fields and is invited when it is their turn.
    403 until the signer has passed the phone or identity check the request asks of them (else a link
    forwarded to anyone could hand the place on unchecked); 422 for an address already in the request
    or a chain longer than `[signing] max_delegations`."""
    if not request.get("allow_delegation"):
        raise ApiError(403, "forbidden", "the sender of this request does not allow signers to delegate")
    now = services.clock.now()
    limit = services.config.signing.max_delegations

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        ok, why = lifecycle.can_sign(r, s)
        if not ok or roles.kind(s) != "signer":
            raise invalid_state(why or "an approver cannot hand its place on")
        missing = blocker(r, s)
        if missing:  # the phone or identity check is the signer's: passing their place on does not skip it
            raise ApiError(403, "forbidden", f"you can hand your place to someone else once you have passed the "
                                             f"check this request asks of you: {missing}")
        if _address_taken(r, person["email"]):
            raise validation_error([{"field": "email", "message": f"{person['email']} is already part of this "
                                                                  "request; delegate to someone else"}])
        depth = (s.get("delegation_depth") or 0) + 1
        if depth > limit:
            raise validation_error([{"field": "email", "message": (
                f"this signing place has been delegated {depth - 1} times; it may be delegated at most {limit} "
                "times in a row")}])
        new = {**SIGNER_DEFAULTS, "id": new_id(), "name": person["name"], "email": person["email"], "phone": None,
               "order": s["order"], "delegated_from": signer_id, "delegation_depth": depth}
        old = {**s, **_retire_link(s, "delegated", now), "status": "delegated", "delegated_to": new["id"],
               "delegated_at": now, "delegation_reason": reason}
        signers: list[Signer] = []
        for x in r["signers"]:
            signers.extend([cast(Signer, old), cast(Signer, new)] if x["id"] == signer_id else [x])
        group = {x["id"] for x in roles.current_group(cast(SigningRequest, {**r, "signers": signers}))}
        signers = lifecycle._with_token_hashes(services, r, lifecycle._invite(services, signers, group, now))
        fields = [dict(f, signer_id=new["id"]) if f["signer_id"] == signer_id else f for f in r["fields"]]
        return {"signers": signers, "fields": fields, "signer_emails": _signer_emails(signers),
                "effects": {"op": "signer_delegated", "signer_id": signer_id, "delegate_id": new["id"],
                            "reason": reason, "actor": dict(actor or {}),
                            "invited": lifecycle._newly_invited(signers, now)}}

    return await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))

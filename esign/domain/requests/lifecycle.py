"""The signing-request state machine (spec: States and transitions; design.md §6).

Every transition is one conditional atomic update through `SigningRequests.replace_if`: the filter
holds the expected status and the version read, so of two concurrent sends or cancels exactly one
wins; the loser re-reads and gets 409 `invalid_state` if the state moved on. What follows a change
(events, emails, jobs) is stored with it and done after it (`follow`). No HTTP here: handlers,
the signer pages, jobs and sweeps all call these functions.

    draft --send--> pending --last signer signs--> completed
    draft|pending --cancel--> cancelled;  pending --a signer declines--> cancelled
    draft|pending --expires_at passes--> expired --reactivate--> draft
"""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Mapping
from typing import Any, cast

from esign.domain.ports import Services
from esign.domain.requests import cancellation, cc_links, links, mail_queue, request_events, roles, verification_id
from esign.domain.requests import effects as change_effects
from esign.domain.requests.roles import current_group
from esign.errors import ApiError, invalid_state, not_found
from esign.secrets import hash_token, new_token
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.lifecycle")
ACTIVE_SIGNER = ("sent", "viewed", "withdrawn")  # invited and still to act
MAX_RETRIES = 20


class Actor(dict[str, Any]):
    """Who caused a change: `ip_address`, `user_agent` (people), or nothing (API, sweeps)."""


def _invite(services: Services, signers: list[Signer], group_ids: set[str], now: dt.datetime) -> list[Signer]:
    out = []
    for s in signers:
        s = s.copy()
        if s["id"] in group_ids and s["status"] == "pending":
            nonce = new_token(nbytes=16)
            s.update({"status": "sent", "sent_at": now, "token_nonce": nonce, "token_hash": None,
                      "earlier_token_hashes": []})
        out.append(s)
    return out


def _with_token_hashes(services: Services, request: SigningRequest, signers: list[Signer]) -> list[Signer]:
    for s in signers:
        if s.get("token_nonce") and not s.get("token_hash"):
            s["token_hash"] = hash_token(links.signer_token(services, request, s))
    return signers


def check_changeable(record: Mapping[str, Any], sandbox_key: bool, what: str) -> None:
    """design.md §11: a sandbox key reads everything of its organisation but changes only sandbox
    records, so it can never send, remind or cancel a live request (nor send its invitations)."""
    if sandbox_key and not record.get("sandbox"):
        raise ApiError(403, "forbidden", f"this {what} is live: a sandbox key changes only sandbox records")


async def transition(services: Services, request: SigningRequest, expected: str | list[str],
                     build: Callable[[SigningRequest], Json]) -> SigningRequest:
    """Retry `build(record) -> changes` against fresh reads until the conditional update wins, or
    raise 409 when the record is no longer in `expected` status. `changes` may carry `effects` (see
    `follow`): they are stored with the change, stamped with its version and time."""
    repo = services.store.signing_requests
    statuses = expected if isinstance(expected, (list, tuple)) else [expected]
    for _ in range(MAX_RETRIES):
        if request["status"] not in statuses:
            raise invalid_state(f"the signing request is {request['status']}; this needs {' or '.join(statuses)}")
        changes = build(request)
        if "effects" in changes:
            if request.get("effects"):  # what an earlier change left undone, before these replace them
                await follow(services, request)
            changes["effects"] = {**changes["effects"], "version": request["version"] + 1}
            changes["effects_at"] = services.clock.now()
        updated = await repo.replace_if(request, statuses, changes)
        if updated is not None:
            return updated
        fresh = await repo.by_id(request["id"])
        if fresh is None:
            raise not_found("signing request")
        request = fresh
    raise ApiError(409, "invalid_state", "the signing request is changing too fast; retry")


# --- what follows a transition (esign.domain.requests.effects) ----------------------------------------------

async def follow(services: Services, request: SigningRequest) -> SigningRequest:
    """Do what the transition that returned `request` stored as its effects (esign.domain.requests.effects)."""
    return await change_effects.run(services, request, EFFECTS)


async def recover_effects(services: Services) -> int:
    """The sweep: do what transitions stored but did not get to do."""
    return await change_effects.recover(services, follow)


async def record_created(services: Services, request: SigningRequest) -> SigningRequest:
    """Record `signing_request.created` for a request just stored (version 0), under an id derived
    from that version like a transition's events, so recording it again records nothing. When the
    event store fails, the event is stored as the request's effects for the sweep or the next change,
    and the request is answered: a 500 would have a client retry into a second request."""
    try:
        await request_events.record_event(services, {**request, "following": 0}, "signing_request.created")
        return request
    except Exception:  # noqa: BLE001 - the request is stored; its event follows from the stored effects
        log.exception("recording the creation of signing request %s failed; the sweep does it later", request["id"])
    effects, now = {**change_effects.event_effects("signing_request.created"), "version": 0}, services.clock.now()
    await services.store.signing_requests.creation_effects(request["id"], effects, now)
    return {**request, "effects": effects, "effects_at": now}


async def _event(services: Services, request: SigningRequest, effects: Json) -> None:
    signer = find_signer(request, effects["signer_id"]) if effects["signer_id"] else None
    await request_events.record_event(services, request, effects["type"], signer=signer, actor=effects["actor"],
                       metadata=effects["metadata"])


# --- transitions --------------------------------------------------------------------------------

def api_actor(api_key: Json | None) -> Json | None:
    """Who did through the API what an event records: the API key's owner (`by` in the event's metadata,
    which the certificate names as the actor); None for what the service does on its own."""
    if not api_key:
        return None
    return {"api_key_id": api_key.get("id"), "name": api_key.get("owner_name") or None}


def _by(effects: Json) -> Json:
    return {"by": effects["by"]} if effects.get("by") else {}


async def send(services: Services, request: SigningRequest, by: Json | None = None) -> SigningRequest:
    request = await settle(services, request)
    if request["status"] == "expired":
        raise invalid_state("the signing request has expired; reactivate it first")
    if not request["signers"]:
        raise invalid_state("the signing request has no signers")
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        group = {s["id"] for s in current_group(r)}
        signers = _with_token_hashes(services, r, cc_links.at_send(_invite(services, r["signers"], group, now), now))
        return {"status": "pending", "signers": signers, "sent_at": now, "next_reminder_at": _next_reminder(r, now),
                "effects": {"op": "sent", "invited": _newly_invited(signers, now) + cc_links.notified_now(signers, now), "by": by}}

    return await follow(services, await transition(services, request, "draft", build))


def _newly_invited(signers: list[Signer], now: dt.datetime) -> list[str]:
    return [s["id"] for s in signers if s["status"] == "sent" and s.get("sent_at") == now]


async def _sent(services: Services, request: SigningRequest, effects: Json) -> None:
    invited = [find_signer(request, i) for i in effects["invited"]]
    await request_events.record_event(services, request, "signing_request.sent",
                       metadata={"invited": [s["email"] for s in invited], **_by(effects)})
    await mail_queue.notify(services, request, "invitation", invited)


def _next_reminder(request: SigningRequest, now: dt.datetime) -> dt.datetime | None:
    days = request.get("reminder_days")
    return now + dt.timedelta(days=days) if days else None


async def cancel(services: Services, request: SigningRequest, reason: str | None = None, by: Json | None = None) -> SigningRequest:
    now = services.clock.now()
    return await follow(services, await transition(services, request, ["draft", "pending"], lambda r: {
        "status": "cancelled", "cancelled_at": now, "cancel_reason": reason,
        "effects": {"op": "cancelled", "was_pending": r["status"] == "pending", "by": by}}))


async def _cancelled(services: Services, request: SigningRequest, effects: Json) -> None:
    await request_events.record_event(services, request, "signing_request.cancelled", metadata={
        "reason": request["cancel_reason"], **_by(effects), "cancellation": cancellation.of(request)})
    if effects["was_pending"]:
        invited = [s for s in request["signers"] if s.get("sent_at") and s["status"] not in ("declined", "delegated")]
        await mail_queue.notify(services, request, "cancellation", invited)


async def reactivate(services: Services, request: SigningRequest, expires_in_days: int) -> SigningRequest:
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        signers = []
        for s in r["signers"]:
            s = s.copy()
            if s["status"] not in roles.DONE:
                s.update({"status": "pending", "token_hash": None, "token_nonce": None, "earlier_token_hashes": []})
            signers.append(s)
        return {"status": "draft", "expires_at": now + dt.timedelta(days=expires_in_days), "signers": signers,
                "effects": change_effects.event_effects("signing_event.reactivated", metadata={"expires_in_days": expires_in_days})}

    return await follow(services, await transition(services, request, "expired", build))


async def expire(services: Services, request: SigningRequest) -> SigningRequest | None:
    now = services.clock.now()
    try:
        updated = await transition(services, request, ["draft", "pending"], lambda r: (
            {"status": "expired", "expired_at": now, "effects": {"op": "expired", "was_pending": r["status"] == "pending"}}
            if r["expires_at"] <= now else {}))
    except ApiError:
        return None
    return await follow(services, updated) if updated["status"] == "expired" else updated


async def _expired(services: Services, request: SigningRequest, effects: Json) -> None:
    await request_events.record_event(services, request, "signing_request.expired")
    if effects["was_pending"]:  # a draft was never sent: nobody waits for it
        await mail_queue.notify(services, request, "expired", owner=True)


async def settle(services: Services, request: SigningRequest) -> SigningRequest:
    """The request as it stands now: a draft or pending request whose `expires_at` has passed is
    expired first (what the expiry sweep does within `[jobs] sweep_interval_seconds`), so every
    answer and action from that moment on sees it expired, whether or not the sweep has run."""
    if request["status"] in ("draft", "pending") and request["expires_at"] <= services.clock.now():
        # expire gives None when another change won the race: the request is read as it now is
        return await expire(services, request) or cast(SigningRequest, await services.store.signing_requests.by_id(request["id"]))
    return request


async def remind(services: Services, request: SigningRequest, automatic: bool = False,
                 by: Json | None = None) -> tuple[SigningRequest, list[Signer]]:
    """Remind the signers whose turn it is, except those reminded less than `[notifications]
    remind_signer_minutes` ago (their `reminded_at`, set in the same conditional update, so parallel
    calls remind a signer once). When every one of them was, a call through the API is 429 with
    Retry-After and the sweep skips this automatic reminder; neither records anything. Sandbox requests
    remind nobody (the event is recorded)."""
    request = await settle(services, request)  # never a reminder whose link no longer works
    if request["status"] != "pending":
        raise invalid_state(f"only pending requests can be reminded; this one is {request['status']}")
    now = services.clock.now()
    gap = dt.timedelta(minutes=services.config.notifications.remind_signer_minutes)
    skipped: list[str] = []

    def build(r: SigningRequest) -> Json:
        due = [] if r.get("sandbox") else [s for s in current_group(r) if s["status"] in ACTIVE_SIGNER]
        targets = [s["id"] for s in due if not s.get("reminded_at") or s["reminded_at"] + gap <= now]
        skipped.clear()
        if due and not targets:
            if automatic:  # this automatic reminder is skipped, not recorded: the next comes on schedule
                skipped.append(r["id"])
                return {"next_reminder_at": _next_reminder(r, now)}
            raise _remind_throttled(min(s["reminded_at"] for s in due) + gap - now, gap)
        return {"signers": [dict(s, reminded_at=now) if s["id"] in targets else s for s in r["signers"]],
                "last_reminded_at": now, "next_reminder_at": _next_reminder(r, now),
                "effects": {"op": "reminded", "targets": targets, "automatic": automatic, "by": by}}

    updated = await transition(services, request, "pending", build)
    if skipped:
        return updated, []
    targets = [find_signer(updated, i) for i in updated["effects"]["targets"]]
    return await follow(services, updated), targets


def _remind_throttled(left: dt.timedelta, gap: dt.timedelta) -> ApiError:
    seconds = max(1, int(left.total_seconds() + 0.999))
    return ApiError(429, "rate_limited", f"every signer whose turn it is was reminded less than {int(gap.total_seconds() // 60)} "
                                         f"minutes ago; the next reminder can go out in {seconds} seconds",
                    headers={"Retry-After": str(seconds)})


async def _reminded(services: Services, request: SigningRequest, effects: Json) -> None:
    targets = [find_signer(request, i) for i in effects["targets"]]
    await request_events.record_event(services, request, "signing_request.reminded",
                       metadata={"signers": [s["email"] for s in targets], "automatic": effects["automatic"],
                                 **_by(effects)})
    for s in targets:
        await mail_queue.to_signer(services, request, "reminder", s, effects["version"])


# --- signer actions (called by the signer pages) ----------------------------------------------------

def find_signer(request: SigningRequest, signer_id: str) -> Signer:
    for s in request["signers"]:
        if s["id"] == signer_id:
            return s
    raise ApiError(404, "not_found", "signer not found")


def can_sign(request: SigningRequest, signer: Signer) -> tuple[bool, str]:
    if request["status"] != "pending":
        return False, f"the signing request is {request['status']}"
    if signer["status"] == "signed":
        return False, "you have already signed"
    if not roles.signs(signer):
        return False, f"you take part as {roles.kind(signer)}, not as a signer"
    if signer["status"] not in ACTIVE_SIGNER:
        return False, "it is not your turn to sign yet"
    if signer["id"] not in {s["id"] for s in current_group(request)}:
        return False, "it is not your turn to sign yet"
    return True, ""


def _replace_signer(signers: list[Signer], signer_id: str, **changes: Any) -> list[Signer]:
    return [cast(Signer, dict(s, **changes)) if s["id"] == signer_id else s for s in signers]


async def view(services: Services, request: SigningRequest, signer_id: str, actor: Json | None = None) -> SigningRequest:
    """Record that the signer opened the page: `viewed_at` once, and status `sent` -> `viewed` (also
    for a signer who looked before their turn and was invited since). signer.viewed fires only from
    the call that made the change, so two tabs opened at once record it once."""
    signer = find_signer(request, signer_id)
    if request["status"] != "pending" or (signer.get("viewed_at") and signer["status"] != "sent"):
        return request
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        s = find_signer(r, signer_id)
        if s.get("viewed_at") and s["status"] != "sent":
            return {}
        status = "viewed" if s["status"] == "sent" else s["status"]
        return {"signers": _replace_signer(r["signers"], signer_id, viewed_at=s.get("viewed_at") or now, status=status),
                "effects": change_effects.event_effects("signer.viewed", signer_id, actor)}

    return await follow(services, await transition(services, request, "pending", build))


async def sign(services: Services, request: SigningRequest, signer_id: str, field_values: Json, signature: Json | None,
               actor: Json | None = None,
               extra: Json | None = None, consent: Json | None = None) -> SigningRequest:
    """Record a signature. `field_values` maps field id -> checked value (validated by the caller);
    completes the request when it was the last signature, else invites the next sequential group.
    `consent` (the metadata of `signing_event.consent_given`), when the signer gives it with the
    signature: recorded in the same change (`consented_at`, and its event before `signer.signed`),
    unless the signer had consented already."""
    now = services.clock.now()
    actor = actor or {}

    def build(r: SigningRequest) -> Json:
        s = find_signer(r, signer_id)
        ok, why = can_sign(r, s)
        if not ok:
            raise invalid_state(why)
        if r["expires_at"] <= now:
            raise invalid_state("the signing request has expired")
        consenting, (own, told) = consent is not None and not s.get("consented_at"), roles.signing_as(s, now)
        signers = _replace_signer(r["signers"], signer_id, status="signed", signed_at=now, signature=signature,
                                  ip_address=actor.get("ip_address"), user_agent=actor.get("user_agent"),
                                  viewed_at=s.get("viewed_at") or now, **(extra or {}), **own,
                                  **({"consented_at": now} if consenting else {}))
        fields = [dict(f, value=field_values[f["id"]], filled_at=now) if f["id"] in field_values else f
                  for f in r["fields"]]
        changes: Json = {"signers": signers, "fields": fields, "signed_count": roles.signed_count(signers),
                   "effects": {"op": "signed", "signer_id": signer_id, "actor": dict(actor), "invited": [],
                               "consent": consent if consenting else None, **told}}
        return advance(services, r, changes, now)

    return await follow(services, await transition(services, request, "pending", build))


def advance(services: Services, r: SigningRequest, changes: Json, now: dt.datetime) -> Json:
    """After a participant did their part (`changes`, with the new `signers` and `op: signed` effects):
    the request completes when everyone who blocks completion is done, else whoever's turn it now is
    is invited."""
    signers = changes["signers"]
    if roles.finished(signers):
        return {**changes, "status": "completed", "completed_at": now, "signed_pdf_status": "processing",
                "signers": roles.copied(signers, now), "verification_id": verification_id.new_id()}
    following = {x["id"] for x in current_group(cast(SigningRequest, {**r, "signers": signers}))}
    changes["signers"] = _with_token_hashes(services, r, _invite(services, signers, following, now))
    changes["effects"]["invited"] = _newly_invited(changes["signers"], now)
    if changes["effects"]["invited"]:
        # the next sequential group was just invited: its first reminder comes `reminder_days`
        # after that invitation, not on the schedule of the first group's
        changes["next_reminder_at"] = _next_reminder(r, now)
    return changes


async def _signed(services: Services, request: SigningRequest, effects: Json) -> None:
    signer = find_signer(request, effects["signer_id"])
    if effects.get("consent") is not None:  # given with the signature, in the same change
        await request_events.record_event(services, request, "signing_event.consent_given", signer=signer,
                                          actor=effects["actor"], metadata=effects["consent"])
    await request_events.record_event(services, request, effects.get("event", "signer.signed"), signer=signer,
                                      actor=effects["actor"], metadata=effects.get("metadata"))
    if request["status"] == "completed":
        await request_events.record_event(services, request, "signing_request.completed")
        await services.enqueue("finalize", {"request_id": request["id"]}, dedupe_key=f"finalize:{request['id']}")
        if not request.get("sandbox"):
            # everyone's copy goes out when the signed PDF is ready (the finalisation queues it), and at
            # the latest after `[email] copy_wait_minutes` (esign.domain.mail.notifications)
            await services.enqueue("email.copies", {"request_id": request["id"]}, dedupe_key=f"copies:{request['id']}",
                                   delay_seconds=services.config.email.copy_wait_minutes * 60)
    else:
        await mail_queue.notify(services, request, "invitation", [find_signer(request, i) for i in effects["invited"]])


async def decline(services: Services, request: SigningRequest, signer_id: str, reason: str, actor: Json | None = None) -> SigningRequest:
    """A signer declines: the signer becomes `declined` and the request `cancelled`."""
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        s = find_signer(r, signer_id)
        if s["status"] not in ACTIVE_SIGNER or roles.kind(s) != "signer":
            raise invalid_state("you cannot decline now")
        return {"status": "cancelled", "cancelled_at": now, "cancel_reason": f"declined by {s['email']}",
                "signers": _replace_signer(r["signers"], signer_id, status="declined", declined_at=now,
                                           decline_reason=reason),
                "effects": {"op": "declined", "signer_id": signer_id, "actor": dict(actor or {})}}

    return await follow(services, await transition(services, request, "pending", build))


async def _declined(services: Services, request: SigningRequest, effects: Json) -> None:
    """A signer declined, or an approver rejected (esign.domain.signer.roles: `event`, `notice`)."""
    signer = find_signer(request, effects["signer_id"])
    await request_events.record_event(services, request, effects.get("event", "signer.declined"), signer=signer,
                                      actor=effects["actor"], metadata={"reason": signer.get("decline_reason"),
                                                                        **effects.get("metadata", {})})
    await request_events.record_event(services, request, "signing_request.cancelled", metadata={
        "reason": request["cancel_reason"], **_by(effects), "cancellation": cancellation.of(request)})
    others = [s for s in request["signers"] if s.get("sent_at") and s["id"] != signer["id"] and s["status"] != "delegated"]
    await mail_queue.notify(services, request, "cancellation", others)
    await mail_queue.notify(services, request, effects.get("notice", "declined"), owner=True)


async def withdraw(services: Services, request: SigningRequest, signer_id: str, actor: Json | None = None) -> SigningRequest:
    """A signer takes back their signature while the request is pending and nobody of a later
    order has signed; they may sign again."""

    def build(r: SigningRequest) -> Json:
        s = find_signer(r, signer_id)
        if s["status"] != "signed" or roles.kind(s) != "signer":
            raise invalid_state("there is no signature of yours to withdraw (an approval by signing stands)")
        if any(x["status"] == "signed" and x["order"] > s["order"] for x in r["signers"]):
            raise invalid_state("a later signer has signed already; the signature can no longer be withdrawn")
        fields = [dict(f, value=None, filled_at=None) if f["signer_id"] == signer_id else f for f in r["fields"]]
        signers = _replace_signer(r["signers"], signer_id, status="withdrawn", signed_at=None, signature=None,
                                   initials=None)
        if r["signing_order"] == "sequential":
            # later signers invited after this signature go back to waiting
            signers = [cast(Signer, dict(x, status="pending")) if x["order"] > s["order"] and x["status"] in ("sent", "viewed")
                       else x for x in signers]
        return {"signers": signers, "fields": fields, "signed_count": roles.signed_count(signers),
                "effects": change_effects.event_effects("signer.withdrawn", signer_id, actor)}

    return await follow(services, await transition(services, request, "pending", build))


# --- sweeps -----------------------------------------------------------------------------------------

async def expire_due(services: Services) -> int:
    now = services.clock.now()
    count = 0
    for request in await services.store.signing_requests.expiring(now, limit=500):
        if await expire(services, request):
            count += 1
    return count


async def remind_due(services: Services) -> int:
    now = services.clock.now()
    count = 0
    for request in await services.store.signing_requests.reminders_due(now, limit=500):
        try:
            await remind(services, request, automatic=True)
            count += 1
        except ApiError:
            pass  # it moved on meanwhile
    return count


async def _signer_replaced(services: Services, request: SigningRequest, effects: Json) -> None:
    """esign.domain.signer.routing.replace: the event (old and new address in the audit trail) and, for an
    invited signer, the invitation at the new address."""
    signer, before = find_signer(request, effects["signer_id"]), effects["previous"]
    await request_events.record_event(services, request, "signing_request.signer_replaced", signer=signer,
                       metadata={"previous_name": before["name"], "previous_email": before["email"],
                                 "name": signer["name"], "email": signer["email"], **_by(effects)},
                       data={**request_events.event_data(request, signer), "previous": before})
    if effects["invited"]:
        await mail_queue.notify(services, request, "invitation", [signer])


async def _signer_delegated(services: Services, request: SigningRequest, effects: Json) -> None:
    """esign.domain.signer.routing.delegate: the event, the delegate's invitation when it is their turn, the
    delegating signer's confirmation (by email, and by text where they were reached by text), the sender's email."""
    signer, delegate = find_signer(request, effects["signer_id"]), find_signer(request, effects["delegate_id"])
    to = {"id": delegate["id"], "name": delegate["name"], "email": delegate["email"]}
    await request_events.record_event(services, request, "signer.delegated", signer=signer, actor=effects["actor"],
                       metadata={"delegate_name": delegate["name"], "delegate_email": delegate["email"],
                                 "reason": effects["reason"]},
                       data={**request_events.event_data(request, signer), "delegate": to, "reason": effects["reason"]})
    await mail_queue.notify(services, request, "invitation", [find_signer(request, i) for i in effects["invited"]])
    await mail_queue.notify(services, request, "delegated", [signer], owner=True)


EFFECTS = {"event": _event, "sent": _sent, "cancelled": _cancelled, "expired": _expired, "reminded": _reminded, "signed": _signed,
           "declined": _declined, "signer_replaced": _signer_replaced, "signer_delegated": _signer_delegated}

# The worker's registration (esign.job_registry): no job kind of its own (what a change sends is an
# `email` or `sms` job of the mail room); the sweeps that move requests on, run every `[jobs] sweep_interval_seconds`.
JOBS: list[Any] = []
SWEEPS = [recover_effects, expire_due, remind_due]

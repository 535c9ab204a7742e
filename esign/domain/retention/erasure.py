"""A person's erasure request (`POST /v1/erasure-requests` `{email, reason}`, docs/retention.md): every
signing request of the organisation that the address signs, each answered in a report as

- `purging` / `purged`: a `purge_all` begun now (esign.domain.retention.purge.begin, through the job
  worker) or under way or done before;
- `held`: an active legal hold covers it (the holds named);
- `kept`: the organisation's floor keeps it (`floor_days` of its final state, counted from its end), or it
  is not final yet (a draft or a pending request: delete or cancel it, then ask again), or it is busy
  (its signed PDF is being produced: ask again).

At most MAX_RECORDS requests a call, oldest first; `truncated` says there are more (a purged request no
longer carries the address, so the next call reports the rest).

The person's other records, each kind answered in `other_records` with its outcome and count
(`OTHER_KINDS`): nothing of them is changed while an active legal hold names the address (`held`);
otherwise the organisation's contact of the address is deleted; the bulk rows naming it, and the public
link uses, are scrubbed (their recipient's input and address removed) when they made no request or
their request is purged or being purged, and kept otherwise (its request is held or kept; a row its bulk
job is still working on, a use whose request is in progress); the identity sessions of the requests
being purged are scrubbed by each purge, the others kept; webhook deliveries store no body to erase."""
from __future__ import annotations

import datetime as dt
import logging

from esign.domain.ports import Services
from esign.domain.retention import holds, policy, purge
from esign.errors import ApiError
from esign.store.records import Json, SigningRequest
from esign.store.signing_requests import ENDED, PURGEABLE

log = logging.getLogger("esign.retention")
MAX_RECORDS = 200
OUTCOMES = ("purging", "purged", "held", "kept")
OTHER_KINDS = ("contact", "bulk_item", "public_link_use", "identity_session", "webhook_delivery")
# a request not final is the owner's to end: it is neither deleted nor cancelled by an erasure request
NOT_FINAL = {"draft": "it is a draft: delete it (DELETE /v1/signing-requests/{id}), then ask again",
             "pending": "it is pending, its signers may still sign: cancel it (POST /v1/signing-requests/{id}/cancel), "
                        "then ask again"}
MAX_OTHERS = 1000  # bulk rows, and public link uses, of the person looked at a call


def _floor(request: SigningRequest, floors: Json, now: dt.datetime) -> str | None:
    """Why the organisation's floor keeps the request (in a final state), if it does."""
    days = floors.get(request["status"])
    if not days:
        return None
    ended: dt.datetime = request[ENDED[request["status"]]]  # type: ignore[literal-required]  # a final state's end
    if ended + dt.timedelta(days=days) <= now:
        return None
    return f"the organisation keeps {request['status']} requests at least {days} days after they end"


async def _one(services: Services, request: SigningRequest, reason: str, by: Json | None, floors: Json) -> Json:
    row: Json = {"signing_request_id": request["id"], "status": request["status"]}
    done = request.get("purge") or {}
    if done.get("action") == "purge_all":
        return {**row, "outcome": "purging" if done.get("state") == "purging" else "purged"}
    if request["status"] not in PURGEABLE:
        return {**row, "outcome": "kept", "why": NOT_FINAL[request["status"]]}
    held = await holds.holding(services, request)
    if held:
        return {**row, "outcome": "held", "legal_holds": [{"id": h["id"], "name": h["name"]} for h in held]}
    kept = _floor(request, floors, services.clock.now())
    if kept:
        return {**row, "outcome": "kept", "why": kept}
    try:
        await purge.begin(services, request, "purge_all", reason, by=by)
    except ApiError as exc:  # a hold applied or a change made meanwhile, or its signed PDF still being produced
        if exc.code == "legal_hold":
            held = await holds.holding(services, request)
            return {**row, "outcome": "held", "legal_holds": [{"id": h["id"], "name": h["name"]} for h in held]}
        return {**row, "outcome": "kept", "why": f"{exc.message} (ask again)"}
    return {**row, "outcome": "purging"}


def _row(kind: str, outcome: str, count: int, why: str | None = None) -> Json:
    return {"kind": kind, "outcome": outcome, "count": count, "why": why}


def _split(kind: str, done: int, kept: int, why: str) -> list[Json]:
    """A kind's rows: those erased now (`scrubbed`) and those kept, each when there are any."""
    rows = [_row(kind, "scrubbed", done)] if done else []
    return rows + ([_row(kind, "kept", kept, why)] if kept else [])


async def _others(services: Services, org_id: str, given: str, records: list[Json]) -> list[Json]:
    """The person's other records (see the module), erased where nothing keeps them; `given`: the address as
    the call gave it (a bulk row keeps its recipient's as it was sent)."""
    store = services.store
    email = given.lower()
    erased = {r["signing_request_id"] for r in records if r["outcome"] in ("purging", "purged")}
    others = [r["signing_request_id"] for r in records if r["outcome"] not in ("purging", "purged")]
    no_body = _row("webhook_delivery", "not_stored", 0, "deliveries store no body: each is built from its event when "
                                                        "sent, and a purged request's events are redacted")
    held = [h for h in await store.legal_holds.active(org_id) if h.get("signer_email") == email]
    if held:
        named = ", ".join(f"{h['name']!r} ({h['id']})" for h in held)
        return [{**_row(kind, "held", 0, f"a legal hold names this address: {named}"),
                 "legal_holds": [{"id": h["id"], "name": h["name"]} for h in held]}
                for kind in OTHER_KINDS[:-1]] + [no_body]
    rows = [_row("contact", "deleted", await store.contacts.erase(org_id, email))]
    items = await store.bulk_items.of_recipient(org_id, sorted({email, given}), MAX_OTHERS)
    free = [i["id"] for i in items if i["status"] != "pending" and (i.get("signing_request_id") in erased
                                                                    or not i.get("signing_request_id"))]
    done = await store.bulk_items.scrub(free) if free else 0
    rows += _split("bulk_item", done, len(items) - done, "its bulk job is still sending it, or its signing request "
                                                        "is held or kept (above)")
    uses = await store.public_link_uses.of_email(org_id, email, MAX_OTHERS)
    free = [u["id"] for u in uses if u.get("signing_request_id") in erased
            or not (u.get("signing_request_id") or u.get("open"))]  # open without one: being made now
    done = await store.public_link_uses.erase(free, services.clock.now()) if free else 0
    rows += _split("public_link_use", done, len(uses) - done, "its signing request is being made, held or kept (above)")
    purging = await store.identity_sessions.count_for_requests(sorted(erased))
    kept = await store.identity_sessions.count_for_requests(others)
    rows += ([_row("identity_session", "purging", purging, "scrubbed by the purge of its signing request")]
             if purging else []) + ([_row("identity_session", "kept", kept, "its signing request is held or kept "
                                                                             "(above)")] if kept else [])
    return [*rows, no_body]


async def erase(services: Services, org_id: str, email: str, reason: str, by: Json | None) -> Json:
    """The report of an erasure request (see the module)."""
    found = await services.store.signing_requests.of_signer(org_id, email, MAX_RECORDS + 1)
    floors = (await policy.effective(services, org_id)).get("floor_days") or {}
    records = [await _one(services, r, reason, by, floors) for r in found[:MAX_RECORDS]]
    counts = {outcome: sum(r["outcome"] == outcome for r in records) for outcome in OUTCOMES}
    others = await _others(services, org_id, email, records)
    log.info("erasure request: %s; other records: %s", ", ".join(f"{n} {outcome}" for outcome, n in counts.items()),
             ", ".join(f"{r['kind']} {r['outcome']} {r['count']}" for r in others))
    return {"email": email.lower(), "reason": reason, "records": records, "counts": counts, "other_records": others,
            "truncated": len(found) > MAX_RECORDS, "requested_at": services.clock.now()}

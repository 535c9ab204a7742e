"""A person's erasure request (`POST /v1/erasure-requests` `{email, reason}`, docs/retention.md): every
signing request of the organisation that the address signs, each answered in a report as

- `purging` / `purged`: a `purge_all` begun now (esign.domain.retention.purge.begin, through the job
  worker) or under way or done before;
- `held`: an active legal hold covers it (the holds named);
- `kept`: the organisation's floor keeps it (`floor_days` of its final state, counted from its end), or it
  is not final yet (a draft or a pending request: delete or cancel it, then ask again), or it is busy
  (its signed PDF is being produced: ask again).

At most MAX_RECORDS requests a call, oldest first; `truncated` says there are more (a purged request no
longer carries the address, so the next call reports the rest)."""
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
        return {**row, "outcome": "kept", "why": f"it is {request['status']}: "
                + ("delete the draft" if request["status"] == "draft" else "cancel it") + ", then ask again"}
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


async def erase(services: Services, org_id: str, email: str, reason: str, by: Json | None) -> Json:
    """The report of an erasure request (see the module)."""
    found = await services.store.signing_requests.of_signer(org_id, email, MAX_RECORDS + 1)
    floors = (await policy.effective(services, org_id)).get("floor_days") or {}
    records = [await _one(services, r, reason, by, floors) for r in found[:MAX_RECORDS]]
    counts = {outcome: sum(r["outcome"] == outcome for r in records) for outcome in OUTCOMES}
    log.info("erasure request: %s", ", ".join(f"{n} {outcome}" for outcome, n in counts.items()))
    return {"email": email.lower(), "reason": reason, "records": records, "counts": counts,
            "truncated": len(found) > MAX_RECORDS, "requested_at": services.clock.now()}

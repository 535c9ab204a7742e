"""Legal holds (`/v1/legal-holds`, docs/retention.md): a hold names records by one criterion, the
request ids, a signer's email, a template or a creation range, and is evaluated whenever a purge asks
(`holding`), so requests made after it are covered too. A purge of a held request is 409 `legal_hold`,
naming the holds. Applying and releasing a hold are recorded (`legal_hold.applied`, `legal_hold.released`)."""
from __future__ import annotations

import logging

from esign.domain.ports import Services
from esign.errors import ApiError, invalid_state, validation_error
from esign.store.base import new_id
from esign.store.legal_holds import MAX_ACTIVE
from esign.store.records import Json, SigningRequest

log = logging.getLogger("esign.retention")
CRITERIA = ("signing_request_ids", "signer_email", "template_id", "created_from", "created_to")


def covers(hold: Json, request: SigningRequest) -> bool:
    """Whether the hold's criterion names the request."""
    if hold.get("signing_request_ids"):
        return bool(request["id"] in hold["signing_request_ids"])
    if hold.get("signer_email"):
        return bool(hold["signer_email"] in request.get("signer_emails", ()))
    if hold.get("template_id"):
        return bool(request.get("template_id") == hold["template_id"])
    low, high = hold.get("created_from"), hold.get("created_to")
    return (low is None or request["created_at"] >= low) and (high is None or request["created_at"] < high)


async def holding(services: Services, request: SigningRequest) -> list[Json]:
    """The organisation's active holds that cover the request, newest first (a purge asks)."""
    return [h for h in await services.store.legal_holds.active(request["org_id"]) if covers(h, request)]


async def shown(services: Services, org: Json, request: SigningRequest) -> list[Json]:
    """The holds as the request's answer shows them (`id`, `name`): none without a read for an organisation
    that never applied one (`uses_legal_holds`, on the organisation as authentication read it), else read
    through the cache (a hold applied or released by another process shows within `[security]
    api_key_cache_seconds`; a purge always reads them afresh)."""
    if not org.get("uses_legal_holds"):
        return []
    held = await services.store.legal_holds.shown(org["id"])
    return [{"id": h["id"], "name": h["name"]} for h in held if covers(h, request)]


def refusal(holds: list[Json]) -> ApiError:
    """409 `legal_hold` naming the holds that keep the record."""
    named = ", ".join(f"{h['name']!r} ({h['id']})" for h in holds)
    return ApiError(409, "legal_hold", f"this signing request is under legal hold and cannot be purged: {named}",
                    details=[{"field": "legal_hold", "message": f"{h['id']}: {h['name']}"} for h in holds])


def _criterion(body: Json) -> Json:
    """The one criterion of a new hold (422 for none or several; a range needs a bound, in order)."""
    given = [k for k in ("signing_request_ids", "signer_email", "template_id") if body.get(k)]
    ranged = body.get("created_from") is not None or body.get("created_to") is not None
    if len(given) + ranged != 1:
        raise validation_error([{"field": "", "message": "give exactly one of signing_request_ids, signer_email, "
                                                         "template_id, or created_from and/or created_to"}])
    if ranged and body.get("created_from") and body.get("created_to") and body["created_from"] >= body["created_to"]:
        raise validation_error([{"field": "created_to", "message": "must be later than created_from"}])
    criterion: Json = {k: body[k] for k in CRITERIA if body.get(k) is not None}
    if "signer_email" in criterion:
        criterion["signer_email"] = criterion["signer_email"].lower()
    if "signing_request_ids" in criterion:
        criterion["signing_request_ids"] = sorted({str(i).lower() for i in criterion["signing_request_ids"]})
    if "template_id" in criterion:
        criterion["template_id"] = str(criterion["template_id"]).lower()
    return criterion


async def create(services: Services, org: Json, body: Json, by: Json | None) -> Json:
    """A new active hold (`name`, `reason`, one criterion) of `org`, with `matched_now`: the requests it
    covers now."""
    org_id = org["id"]
    criterion = _criterion(body)
    repo = services.store.legal_holds
    if await repo.count_active(org_id) >= MAX_ACTIVE:
        raise ApiError(409, "limit_reached", f"an organisation has at most {MAX_ACTIVE} active legal holds; "
                                             "release one first")
    if not org.get("uses_legal_holds"):  # before the hold: a request's answer reads the holds of such an organisation
        await services.store.organizations.update(org_id, {"uses_legal_holds": True})
    hold = await repo.insert({"_id": new_id(), "org_id": org_id, "name": body["name"], "reason": body["reason"],
                              **criterion, "active": True, "created_at": services.clock.now(), "created_by": by,
                              "released_at": None})
    matched = await services.store.signing_requests.count_held(org_id, criterion)
    await services.emit(org_id, "legal_hold.applied", metadata={"by": by} if by else None,
                         data={"legal_hold_id": hold["id"], "name": hold["name"], "matched_now": matched})
    log.info("legal hold %s applied (%d signing requests now)", hold["id"], matched)
    return {**hold, "matched_now": matched}


async def get(services: Services, org_id: str, hold_id: str) -> Json:
    hold = await services.store.legal_holds.require(org_id, hold_id, "legal hold")
    return {**hold, "matched_now": await services.store.signing_requests.count_held(org_id, hold)}


async def release(services: Services, org_id: str, hold_id: str, by: Json | None) -> Json:
    """Release an active hold (409 `invalid_state` when it was released already)."""
    hold = await services.store.legal_holds.require(org_id, hold_id, "legal hold")
    released = await services.store.legal_holds.release(org_id, hold["id"], services.clock.now(), by)
    if released is None:
        raise invalid_state("this legal hold was released already")
    await services.emit(org_id, "legal_hold.released", metadata={"by": by} if by else None,
                        data={"legal_hold_id": hold["id"], "name": hold["name"]})
    log.info("legal hold %s released", hold["id"])
    return released

"""A per-request retention override (`PUT /v1/signing-requests/{id}/retention`, docs/retention.md): a
finished request's own `after_days` and `action`, within the organisation's floor (`floor_days` of its
state). It schedules the purge at once (its end + `after_days`, never sooner than `notice_days` from now)
with one conditional update on the schedule read, and records `signing_request.purge_scheduled`. A key
with the `write` scope may only move a purge later (the owner's "extend" after a notice); an earlier
purge, or one of a request no rule would purge, needs `admin`.

A template's `retention` (`POST`/`PATCH /v1/templates`) is held to the same floor, that of every final
state (a request made from it may end in any); the sweep (esign.domain.retention.policy) schedules the
requests made from it by it, in place of their state's rule, unless they have their own."""
from __future__ import annotations

import datetime as dt
import logging
import math
import uuid

from esign.clock import iso
from esign.domain.ports import Services
from esign.domain.retention import policy
from esign.errors import ApiError, invalid_state, validation_error
from esign.store.records import Json, SigningRequest, Template
from esign.store.signing_requests import ENDED, PURGEABLE

log = logging.getLogger("esign.retention")


def check_floor(effective: Json, states: list[str], after_days: int, field: str = "after_days") -> None:
    """422 when `after_days` is below the floor (`floor_days`) of one of `states` in the policy `effective`."""
    floors = effective.get("floor_days") or {}
    for state in states:
        floor = floors.get(state, 0)
        if after_days < floor:
            raise validation_error([{"field": field, "message": f"below the organisation's floor: {state} "
                                                                f"requests are kept at least {floor} days"}])


def _template_days(effective: Json, retention: Json | None) -> dict[str, float]:
    """Per final state, how many days after its end the sweep purges a request made from a template with
    `retention` (None: none, the state's rule applies), as the sweep chooses its rule (policy.applied);
    infinity: never (no rule)."""
    if retention is None:
        rules = effective["rules"]
    else:
        rules = [r for r in policy.applied(effective, [{"id": "", "retention": retention}]) if "template_id" in r]
    days = {rule["state"]: rule["after_days"] for rule in rules}
    return {state: days.get(state, math.inf) for state in PURGEABLE}


async def check_template(services: Services, org_id: str, retention: Json | None, current: Json | None,
                         may_shorten: bool) -> None:
    """A template's new `retention` (None: none; `current`: the one it has) within the floor of every final
    state (422 otherwise); without `may_shorten` (the `admin` scope) it may only make purges later, for
    every final state, than they are now (403 insufficient_scope otherwise)."""
    effective = await policy.effective(services, org_id)
    if retention is not None:
        check_floor(effective, PURGEABLE, retention["after_days"], "retention.after_days")
    if may_shorten:
        return
    new, now = _template_days(effective, retention), _template_days(effective, current)
    sooner = [state for state in PURGEABLE if new[state] < now[state]]
    if sooner:
        said = ", ".join(f"{state} requests (now {'never' if now[state] == math.inf else f'{now[state]:g} days'})"
                         for state in sooner)
        raise ApiError(403, "insufficient_scope", f"only an API key with the 'admin' scope may make a template's "
                                                  f"requests be purged sooner: {said}; this key may make it later")


async def template_rule(services: Services, request: SigningRequest) -> Json | None:
    """The retention of the template the request was made from (`after_days`, `action`), if it has one."""
    template_id = request.get("template_id")
    if not template_id:
        return None
    template: Template | None = await services.store.templates.by_id(template_id)
    return template.get("retention") if template is not None else None


def _current(request: SigningRequest, rules: list[Json], template: Json | None) -> dt.datetime | None:
    """When the request would be purged now: its schedule, else its template's retention, else its
    state's rule; None: never."""
    if request.get("retention_purge_at"):
        return request["retention_purge_at"]
    rule = template or next((r for r in rules if r["state"] == request["status"]), None)
    ended: dt.datetime = request[ENDED[request["status"]]]  # type: ignore[literal-required]  # a final state's end
    return ended + dt.timedelta(days=rule["after_days"]) if rule else None


async def override(services: Services, request: SigningRequest, after_days: int, action: str,
                   may_shorten: bool) -> SigningRequest:
    """Set the request's retention (see the module): 409 `invalid_state` unless it has ended and is not
    purged; 422 below the floor; 403 `insufficient_scope` for an earlier purge without `admin`."""
    status = request["status"]
    if status not in PURGEABLE:
        raise invalid_state(f"this signing request is {status}: its retention is set once it has ended")
    if request.get("purge"):
        raise invalid_state("this signing request was purged already")
    effective = await policy.effective(services, request["org_id"])
    check_floor(effective, [status], after_days)
    now = services.clock.now()
    ended: dt.datetime = request[ENDED[status]]  # type: ignore[literal-required]  # a final state's end
    purge_at = max(ended + dt.timedelta(days=after_days), now + dt.timedelta(days=effective["notice_days"]))
    current = _current(request, effective["rules"], await template_rule(services, request))
    if not may_shorten and (current is None or purge_at < current):
        raise ApiError(403, "insufficient_scope", "only an API key with the 'admin' scope may make a purge come "
                                                  "sooner; this key may extend it")
    rule = f"{after_days} days set for this request"
    schedule = {"retention_purge_at": purge_at, "retention_action": action, "retention_rule": rule,
                "retention_after_days": after_days, "retention_by": "request"}
    updated = await services.store.signing_requests.reschedule_purge(request, schedule)
    if updated is None:
        raise invalid_state("the signing request's retention changed meanwhile; retry")
    await services.emit(request["org_id"], "signing_request.purge_scheduled", signing_request_id=request["id"],
                        sandbox=request.get("sandbox", False),
                        event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:purge_scheduled:"
                                                                    f"{iso(purge_at)}:{action}")),
                        data={"signing_request_id": request["id"], "purge_at": iso(purge_at), "action": action,
                              "rule": rule})
    log.info("retention of signing request %s set: %s, purge on %s", request["id"], rule, iso(purge_at))
    return updated

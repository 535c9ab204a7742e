"""The retention policy (`GET`/`PUT /v1/retention-policy`, docs/retention.md): rules by final state,
each `after_days` and an action, and `notice_days`. An organisation that set none follows `[retention]`.

The sweep (every `[jobs] sweep_interval_seconds`) does two things:

1. schedules: each request that ended long enough ago for a rule (`after_days` - `notice_days`) and is
   neither purged nor scheduled gets `retention_purge_at` (its end + `after_days`, but never sooner than
   `notice_days` from now, so every purge is announced), once (a conditional update), and
   `signing_request.purge_scheduled` is recorded;
2. purges: each scheduled request whose time has come is purged (esign.domain.retention.purge.begin,
   the rule kept in its tombstone); one a legal hold covers is looked at again a day later.
"""
from __future__ import annotations

import datetime as dt
import logging
import uuid

from esign.clock import iso
from esign.domain.ports import Services
from esign.domain.requests import mail_queue
from esign.domain.retention import purge
from esign.errors import ApiError, validation_error
from esign.store.records import Json
from esign.store.signing_requests import ENDED, PURGEABLE

log = logging.getLogger("esign.retention")
BATCH = 500  # requests scheduled, or purged, per rule and sweep
ORGS_PAGE = 100
HELD_AGAIN = dt.timedelta(days=1)  # a held request's purge is tried again this much later
PREVIEW_DAYS = 30


def default(services: Services) -> Json:
    """The policy of `[retention]`."""
    config = services.config.retention
    return {"rules": [{"state": state, "after_days": config[f"{state}_after_days"],
                       "action": config[f"{state}_action"]} for state in PURGEABLE if config[f"{state}_after_days"]],
            "notice_days": config["notice_days"], "source": "config"}


async def effective(services: Services, org_id: str) -> Json:
    """The organisation's policy, or the default one."""
    stored = await services.store.retention_policies.of(org_id)
    if stored is None:
        return default(services)
    return {"rules": stored["rules"], "notice_days": stored["notice_days"], "source": "organization",
            "floor_days": stored.get("floor_days") or {}, "updated_at": stored.get("updated_at")}


async def put(services: Services, org_id: str, body: Json) -> Json:
    """Replace the organisation's policy (422 for two rules of one state, or a rule below the floor)."""
    states = [rule["state"] for rule in body["rules"]]
    twice = sorted({s for s in states if states.count(s) > 1})
    if twice:
        raise validation_error([{"field": "rules", "message": f"one rule per state: {', '.join(twice)} given twice"}])
    floors = {state: days for state, days in body.get("floor_days", {}).items() if days}
    below = [{"field": f"rules.{i}.after_days", "message": f"below the floor of {floors[r['state']]} days for "
                                                          f"{r['state']} requests"}
             for i, r in enumerate(body["rules"]) if r["after_days"] < floors.get(r["state"], 0)]
    if below:
        raise validation_error(below)
    await services.store.retention_policies.put(org_id, {"rules": body["rules"], "notice_days": body["notice_days"],
                                                         "floor_days": floors})
    log.info("retention policy of organisation %s set: %s", org_id, ", ".join(
        f"{r['state']} after {r['after_days']} days {r['action']}" for r in body["rules"]) or "no rules")
    return await effective(services, org_id)


def rule_name(rule: Json) -> str:
    return rule.get("name") or f"{rule['state']} after {rule['after_days']} days"


def template_rule_name(after_days: int) -> str:
    return f"{after_days} days set by its template"


def applied(policy: Json, templates: list[Json]) -> list[Json]:
    """The rules the sweep applies, in its order (the preview counts by them too): each template's own
    retention (`templates`: `{id, retention}`), for every final state, its `after_days` raised to that
    state's floor (`template_id`: the requests made from it), then the policy's rules for the requests
    made from none of those templates (`not_templates`)."""
    floors = policy.get("floor_days") or {}
    rules = []
    for template in templates:
        own = template["retention"]
        for state in PURGEABLE:
            after_days = max(own["after_days"], floors.get(state, 0))
            rules.append({"state": state, "after_days": after_days, "action": own["action"],
                          "name": template_rule_name(after_days), "template_id": template["id"]})
    ids = [t["id"] for t in templates]
    return [*rules, *({**rule, "not_templates": ids} for rule in policy["rules"])]


async def preview(services: Services, org_id: str) -> Json:
    """What each rule the sweep applies (`applied`) would purge by now and in the next PREVIEW_DAYS days: the
    policy's rules, each template's retention, and requests' own retention (see docs/retention.md)."""
    policy = await effective(services, org_id)
    templates = await services.store.templates.with_retention(org_id)
    now = services.clock.now()
    whens = (now, now + dt.timedelta(days=PREVIEW_DAYS))
    repo = services.store.signing_requests

    async def counts(rule: Json) -> list[int]:
        """Not scheduled yet and ended `after_days` ago by then, or scheduled by this kind of rule by then."""
        after = dt.timedelta(days=rule["after_days"])
        template_id = rule.get("template_id")
        return [await repo.count_unscheduled(org_id, rule["state"], when - after, template_id=template_id,
                                             not_templates=rule.get("not_templates", ()))
                + await repo.count_scheduled(org_id, rule["state"], when, "template" if template_id else "rule",
                                             template_id=template_id) for when in whens]

    rules, by_template = [], {t["id"]: {"template_id": t["id"], **t["retention"], "now": 0, "next_30_days": 0}
                              for t in templates}
    for rule in applied(policy, templates):
        now_count, later = await counts(rule)
        if rule.get("template_id"):
            by_template[rule["template_id"]]["now"] += now_count
            by_template[rule["template_id"]]["next_30_days"] += later
        else:
            rules.append({"state": rule["state"], "after_days": rule["after_days"], "action": rule["action"],
                          "now": now_count, "next_30_days": later})
    own = [sum([await repo.count_scheduled(org_id, state, when, "request") for state in PURGEABLE]) for when in whens]
    return {"rules": rules, "templates": list(by_template.values()),
            "requests": {"now": own[0], "next_30_days": own[1]}, "source": policy["source"]}


async def _schedule(services: Services, org_id: str, rule: Json, notice_days: int) -> int:
    """Schedule the requests of `rule`, one of `applied` (see the module)."""
    now = services.clock.now()
    after = dt.timedelta(days=rule["after_days"])
    notice = dt.timedelta(days=notice_days)
    repo = services.store.signing_requests
    count = 0
    template_id = rule.get("template_id")
    for request in await repo.to_schedule(org_id, rule["state"], now - after + notice, BATCH, template_id=template_id,
                                          not_templates=rule.get("not_templates", ())):
        ended: dt.datetime = request[ENDED[rule["state"]]]  # type: ignore[literal-required]  # the state's end
        purge_at = max(ended + after, now + notice)
        if await repo.schedule_purge(request, {"retention_purge_at": purge_at, "retention_action": rule["action"],
                                               "retention_rule": rule_name(rule),
                                               "retention_after_days": rule["after_days"],
                                               "retention_by": "template" if template_id else "rule"}):
            count += 1
            await services.emit(org_id, "signing_request.purge_scheduled", signing_request_id=request["id"],
                                sandbox=request.get("sandbox", False),
                                event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:purge_scheduled")),
                                data={"signing_request_id": request["id"], "purge_at": iso(purge_at),
                                      "action": rule["action"], "rule": rule_name(rule)})
            await mail_queue.notify(services, request, "purge_notice", owner=True, once=True)
    return count


async def _purge_due(services: Services) -> int:
    now = services.clock.now()
    count = 0
    for request in await services.store.signing_requests.purges_due(now, BATCH):
        try:
            await purge.begin(services, request, request.get("retention_action", "purge_content"),
                              f"retention rule: {request.get('retention_rule')}", rule=request.get("retention_rule"))
            count += 1
        except ApiError as exc:  # held, or not purgeable any more: looked at again later
            log.info("scheduled purge of signing request %s not begun: %s", request["id"], exc.message)
            await services.store.signing_requests.postpone_purge(request["id"], now + HELD_AGAIN)
    return count


async def sweep(services: Services) -> int:
    """The retention sweep (see the module): requests scheduled plus purges begun."""
    done = 0
    last: str | None = None
    while True:
        orgs = await services.store.organizations.page_after(last, ORGS_PAGE)
        for org in orgs:
            policy = await effective(services, org["id"])
            templates = await services.store.templates.with_retention(org["id"])
            for rule in applied(policy, templates):
                done += await _schedule(services, org["id"], rule, policy["notice_days"])
        if len(orgs) < ORGS_PAGE:
            break
        last = orgs[-1]["id"]
    return done + await _purge_due(services)


JOBS: list[object] = []
SWEEPS = [sweep]

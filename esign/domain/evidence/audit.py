"""The audit trail sealed in a PDF against the events the deployment stores (`esign verify --config`). It
knows redacted links: events of a purged request whose personal fields were removed
(esign.domain.retention) keep their id, type, time, places and hashes, so the chain still links through
them; their own content can no longer be recomputed, and the check says how many were redacted and when
instead of reporting a failure."""
from __future__ import annotations

import collections
from typing import cast

from esign.audit_chain import check_trail, event_hash, trail_of
from esign.domain.ports import Services
from esign.store.records import Json


def redactions(events: list[Json]) -> list[str]:
    """"N events redacted on <date>" for each day on which some of `events` were redacted."""
    days = collections.Counter(e["redacted_at"].strftime("%Y-%m-%d") for e in events if e.get("redacted_at"))
    return [f"{n} event{'s' if n != 1 else ''} redacted on {day}" for day, n in sorted(days.items())]


def redacted_ids(events: list[Json]) -> frozenset[str]:
    return frozenset(e["id"] for e in events if e.get("redacted_at"))


async def compare_with_store(services: Services, trail: Json) -> list[tuple[bool, str]]:
    """`(ok, sentence)` findings: the stored events of the trail's request still chain, and the first
    of them are the sealed ones, unchanged (events recorded after sealing follow them; a redacted one
    is compared by its hash)."""
    request_id = cast(str, trail.get("signing_request_id"))  # a sealed trail names its request (audit_chain.trail_json)
    stored = await services.store.events.trail(request_id)
    if not stored:
        return [(False, f"the database holds no events of request {request_id} (a PDF of another deployment, or "
                        "its events were removed)")]
    redacted = redacted_ids(stored)
    findings = [(False, f"database: {problem}") for problem in check_trail(trail_of(request_id, stored), redacted)]
    sealed = trail.get("events") or []
    for number, event in enumerate(sealed, start=1):
        where = f"event {number} ({event.get('event_type')}, {event.get('created_at')})"
        if number > len(stored):
            findings.append((False, f"database: {where} of the sealed trail is missing"))
        elif stored[number - 1]["hash"] != event["hash"] or (
                stored[number - 1]["id"] not in redacted and event_hash(stored[number - 1]) != event["hash"]):
            findings.append((False, f"database: {where} differs from the event sealed in the PDF"))
    if not findings:
        later = len(stored) - len(sealed)
        findings.append((True, f"the {len(sealed)} sealed events match the database's, which chain unchanged"
                               + (f"; {later} more were recorded after sealing" if later else "")))
        findings += [(True, f"database: {text} (personal data purged; the links still chain)")
                     for text in redactions(stored)]
    return findings


"""The audit trail sealed in a PDF against the events the deployment stores (`esign verify --config`)."""
from __future__ import annotations

from typing import cast

from esign.audit_chain import check_trail, event_hash, trail_of
from esign.domain.ports import Services
from esign.store.records import Json


async def compare_with_store(services: Services, trail: Json) -> list[tuple[bool, str]]:
    """`(ok, sentence)` findings: the stored events of the trail's request still chain, and the first
    of them are the sealed ones, unchanged (events recorded after sealing follow them)."""
    request_id = cast(str, trail.get("signing_request_id"))  # a sealed trail names its request (audit_chain.trail_json)
    stored = await services.store.events.trail(request_id)
    if not stored:
        return [(False, f"the database holds no events of request {request_id} (a PDF of another deployment, or "
                        "its events were removed)")]
    findings = [(False, f"database: {problem}") for problem in check_trail(trail_of(request_id, stored))]
    sealed = trail.get("events") or []
    for number, event in enumerate(sealed, start=1):
        where = f"event {number} ({event.get('event_type')}, {event.get('created_at')})"
        if number > len(stored):
            findings.append((False, f"database: {where} of the sealed trail is missing"))
        elif stored[number - 1]["hash"] != event["hash"] or event_hash(stored[number - 1]) != event["hash"]:
            findings.append((False, f"database: {where} differs from the event sealed in the PDF"))
    if not findings:
        later = len(stored) - len(sealed)
        findings.append((True, f"the {len(sealed)} sealed events match the database's, which chain unchanged"
                               + (f"; {later} more were recorded after sealing" if later else "")))
    return findings

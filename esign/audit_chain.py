"""The hash chain of the audit trail: what an event's `hash` covers, and the check of a chain.

Every event carries `prev_org_hash` (the `hash` of the organisation's previous event, by `seq`),
`prev_request_hash` (that of the previous event of its signing request, by `request_seq`; None for the
first, and on events of no request) and its own `hash`: the SHA-256 (hex) of the canonical JSON (sorted
keys, no spaces, UTF-8, times as ISO 8601 with milliseconds and `Z`) of the fields in CHAINED. Changing,
removing or inserting an event breaks the hashes that follow it. The trail embedded in a sealed PDF
(`audit-trail.json`) is the request's events as `trail_json` writes them.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json

from esign.clock import iso

FORMAT = "esign-audit-trail/1"
CHAINED = ("id", "org_id", "seq", "request_seq", "event_type", "signing_request_id", "signer_id", "signer_name",
           "signer_email", "ip_address", "user_agent", "country", "city", "region", "metadata", "data", "sandbox",
           "created_at", "prev_org_hash", "prev_request_hash")
TRAIL_FILE = "audit-trail.json"


def _plain(value):
    return iso(value) if isinstance(value, dt.datetime) else str(value)


def canonical(event: dict) -> bytes:
    return json.dumps({k: event.get(k) for k in CHAINED}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=_plain).encode()


def event_hash(event: dict) -> str:
    return hashlib.sha256(canonical(event)).hexdigest()


def trail_of(request_id: str, events: list[dict]) -> dict:
    """The request's trail (`events` oldest first): the chained fields and `hash` of each event, and
    `head`, the hash of the last one."""
    return {"format": FORMAT, "signing_request_id": request_id, "head": events[-1]["hash"] if events else None,
            "events": [{**{k: e.get(k) for k in CHAINED}, "hash": e.get("hash")} for e in events]}


def trail_json(request_id: str, events: list[dict]) -> bytes:
    """The trail as embedded in the request's sealed PDF (`audit-trail.json`)."""
    return json.dumps(trail_of(request_id, events), indent=1, ensure_ascii=False, default=_plain).encode()


def check_trail(trail: dict, redacted: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with a trail (as `trail_json` writes it), in words; empty when every hash is
    recomputed equal, each event links to the one before and `head` is the last hash. The events whose
    ids are in `redacted` (stored events whose personal fields a purge removed: esign.domain.evidence.audit)
    are links only: their hash is not recomputed, their place in the chain is checked."""
    problems = []
    events = trail.get("events") or []
    previous = None
    for number, event in enumerate(events, start=1):
        where = f"event {number} ({event.get('event_type')}, {_plain(event.get('created_at'))})"
        if event.get("id") not in redacted and event.get("hash") != event_hash(event):
            problems.append(f"{where}: its content does not match its hash (it was changed)")
        if event.get("prev_request_hash") != previous:
            problems.append(f"{where}: it does not follow the event before it in the chain "
                            "(an event was removed, inserted or reordered)")
        if event.get("signing_request_id") != trail.get("signing_request_id"):
            problems.append(f"{where}: it belongs to another signing request")
        previous = event.get("hash")
    if trail.get("head") != previous:
        problems.append("the chain head does not match the last event's hash")
    if not events:
        problems.append("the trail has no events")
    return problems

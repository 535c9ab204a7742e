"""The outbox: what follows each stored event, done by the worker rather than by the request that
stored it (esign.jobs.worker runs `work_off` when an event stored in its process wakes it, and every
`[jobs] poll_interval_seconds` for events stored by other processes).

Every event is stored with `dispatch_pending: True`. For each one, oldest first: a non-sandbox
`signing_request.created` marks its signers' contacts used (`last_used_at` moves to the event's time,
never back), then the event is fanned out to its webhooks (esign.webhooks.delivery.fan_out), which
takes it out of the outbox last. A worker that dies in between leaves the event in the outbox and the
next round repeats it; repeating is harmless (the contacts' time is the event's, a delivery job's
dedupe key and its delivery record's claim make each attempt once), so nothing acknowledged is lost
and each delivery is made once. An event that cannot be followed (its error is logged) stays in the
outbox and is tried again at the next look, without holding up the events after it.
"""
from __future__ import annotations

import logging

from esign import logs, tracing
from esign.domain.ports import Services
from esign.store.records import Json
from esign.webhooks.delivery import fan_out

log = logging.getLogger("esign.outbox")
BATCH = 200
MARKS_CONTACTS = "signing_request.created"


async def dispatch(services: Services, event: Json) -> None:
    """What follows one stored event: the contacts it marks used, then its webhooks — in the event's
    own log context and trace, so its delivery jobs keep the request id that made it."""
    context = logs.CONTEXT.set({**(event.get("origin") or {}), "org_id": event["org_id"],
                                "signing_request_id": event.get("signing_request_id")})
    try:
        with tracing.span(f"dispatch {event['event_type']}", {"esign.event_id": event["id"]}, carrier=event.get("trace")):
            if event["event_type"] == MARKS_CONTACTS and not event["sandbox"]:
                request = await services.store.signing_requests.get(event["org_id"], event["signing_request_id"])
                if request is not None:
                    await services.store.contacts.touch(event["org_id"], request["signer_emails"], event["created_at"])
            await fan_out(services, event)
    finally:
        logs.CONTEXT.reset(context)


async def work_off(services: Services) -> None:
    """Dispatch every event still in the outbox."""
    events = services.store.events
    while True:
        batch = await events.pending_dispatch(BATCH)
        failed = 0
        for event in batch:
            try:
                await dispatch(services, event)
            except Exception:  # noqa: BLE001 - one event never holds up the others
                failed += 1
                log.exception("following event %s (%s) failed; it stays in the outbox", event["id"], event["event_type"])
        if len(batch) < BATCH or failed:  # the failed ones come first again: the next look goes on
            return

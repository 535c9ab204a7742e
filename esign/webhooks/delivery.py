"""Webhook fan-out and delivery through the durable job queue.

Every event is stored with `dispatch_pending: True` (the outbox). Right after it is stored, an
in-process listener fans it out: one `webhooks.deliver` job per active webhook subscribed to its type
(dedupe key `wh:{webhook_id}:{event_id}`), then the flag is cleared. Jobs are enqueued before the flag
is cleared, and a sweep fans out whatever is still pending (a process that died in between), so a
restart never loses a delivery; the dedupe keys make a second fan-out of one event harmless.

Each delivery job makes exactly one HTTP attempt and records it. A failed attempt enqueues the next
one (`X-Webhook-Retry` 1, 2, 3) after `[webhooks] retry_delays_seconds`. Jobs run concurrently and
every attempt has its own timeout, so a slow receiver never holds up the others. Guarantee: at least
once, no ordering.
"""
from __future__ import annotations

import logging

from esign.jobs.registry import job, sweep
from esign.secrets import hmac_hex
from esign.webhooks.payloads import body_for
from esign.webhooks.sender import send

log = logging.getLogger("esign.webhooks")

DELIVER = "webhooks.deliver"
SWEEP_BATCH = 200


def install(services) -> None:
    """Fan out each event as soon as it is stored (called once per Services)."""

    async def on_event(event):
        await fan_out(services, event)

    services.event_listeners.append(on_event)


async def fan_out(services, event: dict) -> None:
    for hook in await services.store.webhooks.subscribed(event["org_id"], event["event_type"]):
        await services.enqueue(DELIVER, {"webhook_id": hook["id"], "event_id": event["id"], "attempt": 0},
                               dedupe_key=f"wh:{hook['id']}:{event['id']}")
    await services.store.events.dispatched(event["id"])


@sweep
async def fan_out_pending(services) -> None:
    """The outbox sweep: events whose in-process fan-out never finished."""
    events = services.store.events
    while True:
        batch = await events.pending_dispatch(SWEEP_BATCH)
        for event in batch:
            await fan_out(services, event)
        if len(batch) < SWEEP_BATCH:
            return


@job(DELIVER)
async def deliver(services, payload, _job):
    store, config = services.store, services.config.webhooks
    hook = await store.webhooks.by_id(payload["webhook_id"])
    if hook is None or hook["status"] != "active":
        return  # deleted or paused: pending attempts are dropped
    event = await store.events.get(hook["org_id"], payload["event_id"])
    if event is None or event["event_type"] not in hook["events"]:
        return  # unsubscribed since the fan-out
    attempt = payload["attempt"]
    body = body_for(hook["id"], event)
    headers = {"Content-Type": "application/json", "X-Webhook-Event": event["event_type"], "X-Webhook-ID": hook["id"],
               "X-Webhook-Signature": hmac_hex(services.secrets.decrypt(hook["secret"]), body)}
    if attempt:
        headers["X-Webhook-Retry"] = str(attempt)

    sent = await send(hook["url"], body, headers, config, user_agent="esign-webhooks/1")
    success = sent.success
    # the next attempt is queued before this one is recorded: a crash in between repeats an
    # attempt (at least once) instead of losing the retry
    delays = config.retry_delays_seconds
    if not success and attempt < len(delays):
        await services.enqueue(DELIVER, {**payload, "attempt": attempt + 1}, delay_seconds=delays[attempt],
                               dedupe_key=f"wh:{hook['id']}:{event['id']}:{attempt + 1}")
    await store.webhook_deliveries.record(hook["org_id"], hook["id"], event, attempt, success=success,
                                          response_status=sent.status, response_time_ms=sent.elapsed_ms,
                                          error_message=sent.error)
    after = await store.webhooks.record_attempt(hook["id"], success=success, first=attempt == 0,
                                                pause_after=config.pause_after_failures)
    if after and after["status"] == "paused":
        log.warning("webhook %s paused after %s consecutive failed deliveries", hook["id"], after["consecutive_failures"])

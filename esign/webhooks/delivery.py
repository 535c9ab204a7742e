"""Webhook fan-out and delivery through the durable job queue.

Every event is stored with `dispatch_pending: True` (the outbox). The worker works off the outbox
(esign.domain.mail.outbox): an in-process listener wakes it as soon as an event is stored, and it polls
every `[jobs] poll_interval_seconds` for events stored by other processes. It fans each event out: one
`webhooks.deliver` job per active webhook subscribed to its type (dedupe key
`wh:{webhook_id}:{event_id}`), then the flag is cleared. Jobs are enqueued before the flag is cleared,
so a restart never loses a delivery; the dedupe keys make a second fan-out of one event harmless.

Each delivery job makes at most one HTTP attempt and records it (esign.store.webhooks: the record's id
comes from the attempt's key and a job claims the record before sending, so an attempt is made once).
A failed attempt enqueues the next one (`X-Webhook-Retry` 1, 2, 3) after `[webhooks]
retry_delays_seconds`. Every attempt is signed afresh (esign.webhooks.signatures: the spec's header and
the Standard Webhooks ones, timestamped with this attempt's time). Jobs run concurrently and every
attempt has its own timeout, so a slow receiver never holds up the others. Guarantee: at least once, no ordering.

A paused webhook keeps its deliveries: an event for it, or a job that finds it paused, leaves a
`pending` record. Setting the webhook active releases them one at a time in event order (each
delivery job sends one and enqueues the next), and a sweep drops those held longer than `[webhooks]
paused_retention_days`. Holding re-reads the webhook afterwards and releasing re-reads the pending
records, so an event that arrives while the webhook is being resumed is sent once either way.
"""
from __future__ import annotations

import logging

from esign import logs
from esign.errors import invalid_state
from esign.jobs.kinds import JobKind
from esign.store.base import new_id
from esign.store.webhooks import attempt_key
from esign.webhooks import signatures
from esign.webhooks.payloads import body_for
from esign.webhooks.sender import Attempt, send

log = logging.getLogger("esign.webhooks")

DELIVER = "webhooks.deliver"


def install(services) -> None:
    """Wake this process's worker (if it runs one) as soon as an event is stored, so that it fans the
    event out without waiting for its next look at the outbox (called once per Services)."""

    async def on_event(event):
        if services.worker is not None:
            services.worker.wake_outbox()

    services.event_listeners.append(on_event)


async def fan_out(services, event: dict) -> None:
    for hook in await services.store.webhooks.subscribed(event["org_id"], event["event_type"]):
        first = {"webhook_id": hook["id"], "event_id": event["id"], "attempt": 0}
        if hook["status"] == "active":
            await enqueue_attempt(services, first)
        else:
            await hold(services, hook, event, first)
    await services.store.events.dispatched(event["id"])


async def enqueue_attempt(services, attempt: dict, *, dedupe_key: str | None = None,
                          delay_seconds: float = 0) -> None:
    """Queue a delivery job for `attempt` (webhook_id, event_id, attempt, optional key); every delivery
    job is queued here. The dedupe key defaults to the attempt's key."""
    await services.enqueue(DELIVER, attempt, delay_seconds=delay_seconds, dedupe_key=dedupe_key or attempt_key(attempt),
                           group=attempt["webhook_id"])


async def hold(services, hook: dict, event: dict, attempt: dict, job_id: str | None = None) -> None:
    """Keep an attempt for a paused webhook as a pending delivery record."""
    await _pending(services, hook, event, attempt, job_id=job_id)
    # resumed since it was read: the release that the resume started may have missed this record
    await release(services, hook["id"])


async def _pending(services, hook: dict, event: dict, attempt: dict, **options) -> dict:
    config = services.config.webhooks
    return await services.store.webhook_deliveries.add_pending(
        hook, event, attempt, hold_days=config.paused_retention_days, keep_days=config.delivery_history_days, **options)


async def release(services, webhook_id: str) -> None:
    """If the webhook is active, enqueue the delivery of its oldest pending record. That job enqueues
    the next one when it is done, so held events go out one at a time in event order. The dedupe key
    names the resume (`resumes`) and the record: releases racing each other enqueue one job."""
    hook = await services.store.webhooks.by_id(webhook_id)
    if hook is None or hook["status"] != "active":
        return
    record = await services.store.webhook_deliveries.oldest_pending(webhook_id)
    if record is None:
        return
    await enqueue_attempt(services, {"webhook_id": webhook_id, "event_id": record["event_id"],
                                     "attempt": record["attempt"], "key": record["key"], "release": True},
                          dedupe_key=f"whrel:{webhook_id}:{hook.get('resumes', 0)}:{record['id']}")


async def held_deliveries(services) -> None:
    """Drop pending deliveries held too long; restart the release of active webhooks that still have
    pending ones (a process that died between two steps)."""
    deliveries, days = services.store.webhook_deliveries, services.config.webhooks.paused_retention_days
    dropped = await deliveries.drop_overdue(f"not sent: held longer than {days:g} days while the webhook was paused")
    if dropped:
        log.warning("dropped %s webhook deliveries held longer than %g days", dropped, days)
    for webhook_id in await deliveries.webhooks_with_pending():
        await release(services, webhook_id)


async def redeliver(services, hook: dict, record: dict) -> dict:
    """Send the event of a recorded delivery again as a new delivery (attempt 0, then retried as
    usual) with a record of its own; returns that record (`pending`). The webhook must be active."""
    if hook["status"] != "active":
        raise invalid_state("the webhook is paused; set its status to active to redeliver")
    event = await services.store.events.get(hook["org_id"], record["event_id"])
    if event is None:
        raise invalid_state("the event of this delivery is no longer stored")
    if event["event_type"] not in hook["events"]:
        raise invalid_state(f"the webhook no longer subscribes to {event['event_type']}")
    attempt = {"webhook_id": hook["id"], "event_id": event["id"], "attempt": 0,
               "key": f"wh:{hook['id']}:{event['id']}:r{new_id()}"}
    again = await _pending(services, hook, event, attempt, redelivery_of=record["id"])
    await enqueue_attempt(services, attempt)
    return again


async def deliver(services, payload, job):
    hook = await services.store.webhooks.by_id(payload["webhook_id"])
    if hook is None:
        return  # deleted, with its delivery history
    await send_attempt(services, hook, payload, job["id"])
    if "release" in payload:
        await release(services, hook["id"])


async def send_attempt(services, hook: dict, payload: dict, job_id: str) -> None:
    """Make the attempt `payload` describes, hold it if the webhook is paused, or drop it."""
    store, config = services.store, services.config.webhooks
    event = await store.events.get(hook["org_id"], payload["event_id"])
    if event is None:
        await store.webhook_deliveries.drop(payload, "not sent: the event is no longer stored")
        return
    if event["event_type"] not in hook["events"]:
        await store.webhook_deliveries.drop(payload, "not sent: the webhook no longer subscribes to this event type")
        return
    if hook["status"] != "active":
        await hold(services, hook, event, payload, job_id)
        return
    if not await store.webhook_deliveries.claim(hook, event, payload, job_id, keep_days=config.delivery_history_days):
        return  # made already, dropped, or being made by another job
    attempt = payload["attempt"]
    body = body_for(hook["id"], event)
    headers = {"Content-Type": "application/json", "X-Webhook-Event": event["event_type"], "X-Webhook-ID": hook["id"]}
    if attempt:
        headers["X-Webhook-Retry"] = str(attempt)
    if request_id := logs.CONTEXT.get().get("request_id"):  # the API request that made the event (its origin)
        headers["X-Request-ID"] = request_id
    try:
        secret, previous = await signatures.in_force(services, hook)
    except ValueError as exc:  # stored under another service key: a failed attempt until the secret is regenerated
        sent = Attempt(None, f"not sent: the webhook's {exc}; regenerate the secret", None)
    else:
        headers.update(signatures.headers(secret, previous, event["id"], services.clock.now(), body))
        sent = await send(services.webhook_connections, hook["url"], body, headers, config, user_agent="esign-webhooks/1")
    success = sent.success
    # the next attempt is queued before this one is recorded: a crash in between repeats an
    # attempt (at least once) instead of losing the retry
    delays = config.retry_delays_seconds
    services.metrics.webhook("delivered" if success else "failed" if attempt < len(delays) else "given_up",
                             None if sent.elapsed_ms is None else sent.elapsed_ms / 1000)
    if success and attempt:
        log.info("webhook %s: event %s delivered at retry %s", hook["id"], event["id"], attempt)
    elif not success and attempt >= len(delays):
        log.error("webhook %s: event %s given up after %s attempts: %s", hook["id"], event["id"], attempt + 1,
                  sent.error)
    if not success and attempt < len(delays):
        retry = {"webhook_id": hook["id"], "event_id": event["id"], "attempt": attempt + 1, "key": payload.get("key")}
        await enqueue_attempt(services, retry, delay_seconds=delays[attempt])
    await store.webhook_deliveries.finish(payload, job_id, success=success, response_status=sent.status,
                                          response_time_ms=sent.elapsed_ms, error_message=sent.error)
    first = attempt == 0 and not payload.get("key")  # a redelivery is no new trigger
    after = await store.webhooks.record_attempt(hook["id"], success=success, first=first,
                                                pause_after=config.pause_after_failures)
    if after and after["status"] == "paused":
        log.warning("webhook %s paused after %s consecutive failed deliveries", hook["id"], after["consecutive_failures"])


JOBS = [JobKind(DELIVER, deliver, lane="webhooks")]
SWEEPS = [held_deliveries]

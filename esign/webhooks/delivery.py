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
import socket
import time

import tornado.netutil
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.simple_httpclient import HTTPTimeoutError, SimpleAsyncHTTPClient

from esign.jobs.registry import job, sweep
from esign.secrets import hmac_hex
from esign.webhooks import urls
from esign.webhooks.payloads import body_for

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
    await services.store.events.col.update_one({"_id": event["id"]}, {"$set": {"dispatch_pending": False}})


@sweep
async def fan_out_pending(services) -> None:
    """The outbox sweep: events whose in-process fan-out never finished."""
    events = services.store.events
    while True:
        batch = await events.col.find({"dispatch_pending": True}).sort("seq", 1).limit(SWEEP_BATCH).to_list(None)
        for doc in batch:
            await fan_out(services, {**doc, "id": doc["_id"]})
        if len(batch) < SWEEP_BATCH:
            return


class _PinnedResolver(tornado.netutil.Resolver):
    """Answers every lookup with the one address that was checked: no second DNS query."""

    def initialize(self, address: str):
        self.address = address

    async def resolve(self, host, port, family=socket.AF_UNSPEC):
        return [(socket.AF_INET6 if ":" in self.address else socket.AF_INET, (self.address, port))]

    def close(self):
        pass


async def post(target: urls.Target, body: bytes, headers: dict, timeout: float) -> tuple[int | None, str | None]:
    """POST `body` to the checked address. Returns (status or None, error message or None); the
    receiver's body is read and thrown away, never stored or shown."""
    client = SimpleAsyncHTTPClient(force_instance=True, resolver=_PinnedResolver(address=target.address))
    request = HTTPRequest(target.url, method="POST", body=body, headers=headers, follow_redirects=False,
                          connect_timeout=timeout, request_timeout=timeout, decompress_response=False,
                          streaming_callback=lambda chunk: None, user_agent="esign-webhooks/1")
    try:
        response = await client.fetch(request, raise_error=False)
    except HTTPTimeoutError:
        return None, f"timed out after {timeout:g} s"
    except HTTPClientError as exc:
        return None, f"request failed: {exc.message}"
    except Exception as exc:  # noqa: BLE001 - connection refused, TLS failure, reset, ...
        return None, f"connection failed: {type(exc).__name__}: {exc}"[:500]
    finally:
        client.close()
    if 200 <= response.code < 300:
        return response.code, None
    return response.code, f"receiver answered HTTP {response.code}"


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

    try:
        target = await urls.check_url(hook["url"], allow_http=config.allow_http,
                                      allow_private_networks=config.allow_private_networks)
    except urls.UrlRefused as exc:
        status, error, elapsed_ms = None, f"not sent: {exc}", None
    else:
        started = time.monotonic()
        status, error = await post(target, body, headers, config.timeout_seconds)
        elapsed_ms = int((time.monotonic() - started) * 1000)

    success = error is None
    # the next attempt is queued before this one is recorded: a crash in between repeats an
    # attempt (at least once) instead of losing the retry
    delays = config.retry_delays_seconds
    if not success and attempt < len(delays):
        await services.enqueue(DELIVER, {**payload, "attempt": attempt + 1}, delay_seconds=delays[attempt],
                               dedupe_key=f"wh:{hook['id']}:{event['id']}:{attempt + 1}")
    await store.webhook_deliveries.record(hook["org_id"], hook["id"], event, attempt, success=success,
                                          response_status=status, response_time_ms=elapsed_ms,
                                          error_message=error)
    after = await store.webhooks.record_attempt(hook["id"], success=success, first=attempt == 0,
                                                pause_after=config.pause_after_failures)
    if after and after["status"] == "paused":
        log.warning("webhook %s paused after %s consecutive failed deliveries", hook["id"], after["consecutive_failures"])

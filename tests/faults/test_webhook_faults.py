"""Webhook deliveries against a real local receiver that fails in each way an operator meets: slow
inside the time-out, hanging past it, 500, 410, a connection reset, a redirect (never followed),
refusing connections. Each scenario checks the whole story with the fake clock: retries at 1, 5 and
15 minutes, exactly one successful delivery once the receiver recovers, failures in the history and
the counters, auto-pause after `pause_after_failures`, events during the pause delivered in order
after the resume, and redeliver."""
import asyncio
import time
from collections import Counter

import pytest

from tests.support import running_server
from tests.support.webhooks import create_hook, emit, org_id

TIMEOUT = 0.5
PAUSE_AFTER = 5  # more than one event's four attempts, so the retry schedule plays out before a pause

FAULTS = {  # mode -> (break the receiver, expected response_status, expected error_message prefix)
    "hang": (lambda r: r.modes.__setitem__("hook", "hang"), None, f"timed out after {TIMEOUT:g} s"),
    "500": (lambda r: r.statuses.__setitem__("hook", 500), 500, "receiver answered HTTP 500"),
    "410": (lambda r: r.statuses.__setitem__("hook", 410), 410, "receiver answered HTTP 410"),
    "reset": (lambda r: r.modes.__setitem__("hook", "reset"), None, "connection failed: ConnectionResetError"),
    "redirect": (lambda r: r.statuses.__setitem__("hook", 307), 307, "receiver answered HTTP 307"),
    "refused": (lambda r: r.stop(), None, "connection failed"),
}


def recover(receiver, mode):
    receiver.modes.clear()
    receiver.statuses.clear()
    if mode == "refused":
        receiver.up()


@pytest.fixture
async def server(tmp_path):
    async with running_server(tmp_path, overrides={"webhooks": {"timeout_seconds": TIMEOUT,
                                                                "pause_after_failures": PAUSE_AFTER}}) as srv:
        yield srv


async def history(server, hook) -> list[dict]:
    resp = await server.client.get(f"/v1/webhooks/{hook['id']}/deliveries?limit=100")
    assert resp.status == 200, resp
    assert resp.json["total"] == len(resp.json["items"])
    return resp.json["items"]


async def read(server, hook) -> dict:
    return (await server.client.get(f"/v1/webhooks/{hook['id']}")).json


def delivered(receiver) -> Counter:
    """Event id -> how many times the receiver answered 2xx for it."""
    return Counter(r.json["id"] for r in receiver.answered_2xx())


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(FAULTS))
async def test_fault_retry_recover_pause_resume_redeliver(server, receiver, mode):
    break_receiver, status, error = FAULTS[mode]
    client, org = server.client, await org_id(server)
    hook = await create_hook(client, receiver.url())

    # 1. failures are retried at 1, 5 and 15 minutes; the receiver recovers before the last retry
    break_receiver(receiver)
    first = await emit(server, org)
    await server.run_jobs()
    tries = 1
    for retry, delay in enumerate([60, 300, 900], start=1):
        if retry == 3:
            recover(receiver, mode)
        server.clock.advance(seconds=delay - 1)
        await server.run_jobs()
        assert len(await history(server, hook)) == tries, f"retry {retry} ran early"
        server.clock.advance(seconds=1)
        await server.run_jobs()
        tries += 1
        records = await history(server, hook)
        assert len(records) == tries and records[0]["attempt"] == retry
    if mode != "refused":  # a refused connection never reaches the receiver
        assert [r.headers.get("X-Webhook-Retry") for r in receiver.at()] == [None, "1", "2", "3"]
    assert receiver.at("hook-moved") == []  # redirects are not followed
    server.clock.advance(days=1)
    await server.run_jobs()
    assert delivered(receiver) == {first["id"]: 1}, "delivered exactly once after recovering"

    records = await history(server, hook)
    assert [d["attempt"] for d in records] == [3, 2, 1, 0]
    assert records[0]["status"] == "delivered" and records[0]["success"] and records[0]["response_status"] == 200
    for failed in records[1:]:
        assert failed["status"] == "failed" and failed["success"] is False
        assert failed["response_status"] == status and failed["error_message"].startswith(error)
        assert "RECEIVER-PRIVATE-BODY" not in str(failed)
    assert [d["id"] for d in (await client.get(f"/v1/webhooks/{hook['id']}/deliveries?success=false")).json[
        "items"]] == [d["id"] for d in records[1:]]
    counters = await read(server, hook)
    assert (counters["status"], counters["trigger_count"], counters["failure_count"]) == ("active", 1, 3)

    # 2. it fails again: `pause_after_failures` consecutive failures pause the webhook
    break_receiver(receiver)
    failing = [await emit(server, org) for _ in range(PAUSE_AFTER)]
    await server.run_jobs()
    counters = await read(server, hook)
    assert (counters["status"], counters["failure_count"]) == ("paused", 3 + PAUSE_AFTER)

    # 3. while paused: nothing is sent; new events and the retries that fall due are held
    sent_before = len(receiver.requests)
    during = [await emit(server, org) for _ in range(3)]
    server.clock.advance(hours=2)
    await server.run_jobs()
    assert len(receiver.requests) == sent_before
    pending = [d for d in await history(server, hook) if d["status"] == "pending"]
    assert sorted((d["event_id"], d["attempt"]) for d in pending) == sorted(
        [(e["id"], 1) for e in failing] + [(e["id"], 0) for e in during])

    # 4. resumed after the receiver recovered: the held events go out in event order, each once
    recover(receiver, mode)
    resp = await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "active"})
    assert resp.status == 200 and resp.json["status"] == "active"
    await server.run_jobs()
    resent = receiver.requests[sent_before:]
    assert [r.json["id"] for r in resent] == [e["id"] for e in failing + during]
    assert [r.headers.get("X-Webhook-Retry") for r in resent] == ["1"] * PAUSE_AFTER + [None] * 3
    server.clock.advance(days=1)
    await server.run_jobs()
    assert delivered(receiver) == {e["id"]: 1 for e in [first, *failing, *during]}
    assert {d["status"] for d in await history(server, hook)} == {"delivered", "failed"}
    counters = await read(server, hook)
    assert (counters["status"], counters["trigger_count"], counters["failure_count"]) == (
        "active", 1 + PAUSE_AFTER + 3, 3 + PAUSE_AFTER)

    # 5. redeliver: a failed attempt's event and a delivered one are sent again, once each
    failed_record = next(d for d in await history(server, hook) if d["status"] == "failed")
    for record in (failed_record, records[0]):
        resp = await client.post(f"/v1/webhooks/{hook['id']}/deliveries/{record['id']}/redeliver")
        assert resp.status == 202 and resp.json["redelivery_of"] == record["id"], resp
    await server.run_jobs()
    assert delivered(receiver)[first["id"]] == 2 and delivered(receiver)[failed_record["event_id"]] == 2
    again = [d for d in await history(server, hook) if d["redelivery_of"]]
    assert len(again) == 2 and {d["status"] for d in again} == {"delivered"}


@pytest.mark.parametrize("mode", ["500", "reset", "refused"])
async def test_failing_for_good_is_visible_and_redeliverable(server, receiver, mode):
    """The receiver never recovers within the schedule: four attempts, then nothing more; every one is
    in the history and the counters; once it is fixed, redeliver sends the event."""
    break_receiver, status, error = FAULTS[mode]
    hook = await create_hook(server.client, receiver.url())
    break_receiver(receiver)
    event = await emit(server, await org_id(server))
    for delay in (0, 60, 300, 900, 86400):
        server.clock.advance(seconds=delay)
        await server.run_jobs()
    records = await history(server, hook)
    assert [(d["attempt"], d["status"], d["response_status"]) for d in records] == [
        (n, "failed", status) for n in (3, 2, 1, 0)]
    assert all(d["error_message"].startswith(error) for d in records)
    counters = await read(server, hook)
    assert (counters["status"], counters["trigger_count"], counters["failure_count"]) == ("active", 1, 4)

    recover(receiver, mode)
    resp = await server.client.post(f"/v1/webhooks/{hook['id']}/deliveries/{records[0]['id']}/redeliver")
    assert resp.status == 202
    await server.run_jobs()
    assert delivered(receiver) == {event["id"]: 1}


async def delivered_once(server, receiver) -> dict:
    """One event to a new webhook, its jobs run now and a day later: it was sent once and delivered,
    with no failure counted. Returns its delivery record."""
    hook = await create_hook(server.client, receiver.url())
    event = await emit(server, await org_id(server))
    await server.run_jobs()
    server.clock.advance(days=1)
    await server.run_jobs()
    assert delivered(receiver) == {event["id"]: 1} and len(receiver.requests) == 1
    assert (await read(server, hook))["failure_count"] == 0
    [record] = await history(server, hook)
    assert record["status"] == "delivered"
    return record


async def test_slow_inside_the_timeout_is_one_success(server, receiver):
    receiver.delays["hook"] = TIMEOUT * 0.6
    record = await delivered_once(server, receiver)
    assert record["response_time_ms"] >= TIMEOUT * 0.6 * 1000


@pytest.mark.parametrize("mode", ["stall", "cut"])
async def test_a_2xx_answer_whose_body_fails_is_one_success(server, receiver, mode):
    """The receiver answered 200 (it has the event): a body that then stalls past the time-out, is cut
    off, or is far too large does not turn the delivery into a failure that sends it again."""
    receiver.modes["hook"] = mode
    record = await delivered_once(server, receiver)
    assert record["response_status"] == 200 and record["error_message"] is None


async def test_held_events_keep_their_order_with_the_background_worker(server, receiver):
    """The worker runs jobs concurrently; the release still sends held events one at a time in order,
    while events after the resume are sent at once beside them."""
    client, org = server.client, await org_id(server)
    receiver.delays["hook"] = 0.02  # each answer takes a moment, so concurrent sends would overtake
    hook = await create_hook(client, receiver.url())
    assert (await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused"})).status == 200
    held = [await emit(server, org) for _ in range(12)]
    server.worker.start()
    try:
        assert (await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "active"})).status == 200
        after = [await emit(server, org) for _ in range(3)]
        started = time.monotonic()
        while len(receiver.answered_2xx()) < 15 and time.monotonic() - started < 10:
            await asyncio.sleep(0.02)
        order = [r.json["id"] for r in receiver.answered_2xx()]
        assert [i for i in order if i in {e["id"] for e in held}] == [e["id"] for e in held]
        assert Counter(order) == {e["id"]: 1 for e in held + after}
        # let the worker go idle first: on Python 3.11 a stop that races a wake-up can hang
        while await server.services.store.jobs.count(status="running"):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
    finally:
        await server.worker.stop()

"""A paused webhook keeps its events: pending records, released in event order on resume, dropped
after `[webhooks] paused_retention_days`, each sent once however resume and fan-out interleave."""
import asyncio
from collections import Counter

from esign.webhooks import delivery
from tests.support import running_server
from tests.support.webhooks import create_hook, deliveries, emit, org_id


async def set_status(client, hook, status):
    resp = await client.patch(f"/v1/webhooks/{hook['id']}", {"status": status})
    assert resp.status == 200 and resp.json["status"] == status, resp


async def paused_hook(client, receiver, **kwargs):
    hook = await create_hook(client, receiver.url(), **kwargs)
    await set_status(client, hook, "paused")
    return hook


def sent_ids(receiver) -> list[str]:
    return [r.json["id"] for r in receiver.requests]


async def test_held_longer_than_the_retention_are_dropped_and_shown(server, client, receiver):
    hook = await paused_hook(client, receiver)
    org = await org_id(server)
    old = await emit(server, org)
    server.clock.advance(days=6)
    recent = await emit(server, org)
    server.clock.advance(days=1)  # `old` has been held 7 days now
    await server.run_jobs()

    records = {d["event_id"]: d for d in (await deliveries(client, hook))["items"]}
    assert records[old["id"]]["status"] == "dropped" and records[old["id"]]["success"] is False
    assert records[old["id"]]["error_message"] == "not sent: held longer than 7 days while the webhook was paused"
    assert records[recent["id"]]["status"] == "pending"
    assert [d["event_id"] for d in (await deliveries(client, hook, "?success=false"))["items"]] == [old["id"]]

    await set_status(client, hook, "active")
    await server.run_jobs()
    assert sent_ids(receiver) == [recent["id"]]
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 1 and read["failure_count"] == 0


async def test_retention_is_configurable(tmp_path, receiver):

    async with running_server(tmp_path, overrides={"webhooks": {"paused_retention_days": 30}}) as server:
        hook = await paused_hook(server.client, receiver)
        event = await emit(server, await org_id(server))
        server.clock.advance(days=29)
        await server.run_jobs()
        await set_status(server.client, hook, "active")
        await server.run_jobs()
        assert sent_ids(receiver) == [event["id"]]


async def test_unsubscribed_while_paused_is_dropped(server, client, receiver):
    hook = await paused_hook(client, receiver, events=["signing_request.created", "signer.signed"])
    org = await org_id(server)
    created = await emit(server, org)
    signed = await emit(server, org, "signer.signed")
    resp = await client.patch(f"/v1/webhooks/{hook['id']}", {"events": ["signer.signed"], "status": "active"})
    assert resp.status == 200
    await server.run_jobs()
    assert sent_ids(receiver) == [signed["id"]]
    records = {d["event_id"]: d for d in (await deliveries(client, hook))["items"]}
    assert records[created["id"]]["status"] == "dropped"
    assert "no longer subscribes" in records[created["id"]]["error_message"]


async def test_event_held_just_after_the_resume_is_sent_once(server, client, receiver):
    """The fan-out read the webhook as paused, the resume ran (and found nothing to release), then the
    fan-out stored the pending record: re-reading the webhook after holding releases it."""
    hook = await paused_hook(client, receiver)
    services = server.services
    org = await org_id(server)
    stale = await services.store.webhooks.subscribed(org, "signing_request.created")
    event = await emit(server, org, fan_out=False)

    await set_status(client, hook, "active")
    assert await services.store.jobs.count(status="queued") == 0  # nothing was held yet: nothing released

    async def stale_read(*args):
        return stale

    services.store.webhooks.subscribed = stale_read
    await delivery.fan_out(services, event)
    del services.store.webhooks.subscribed
    await server.run_jobs()
    assert sent_ids(receiver) == [event["id"]]
    [record] = (await deliveries(client, hook))["items"]
    assert record["status"] == "delivered"
    server.clock.advance(hours=1)
    await server.run_jobs()
    assert len(receiver.requests) == 1


async def test_fanned_out_twice_across_a_pause_is_sent_once(server, client, receiver):
    """A job was queued while active, the webhook was paused, and the outbox sweep fanned the same event
    out again (held): both name the same attempt, so one send."""
    hook = await create_hook(client, receiver.url())
    event = await emit(server, await org_id(server))
    await set_status(client, hook, "paused")
    await server.services.store.events.col.update_one({"_id": event["id"]}, {"$set": {"dispatch_pending": True}})
    await server.run_jobs()
    assert receiver.requests == []
    await set_status(client, hook, "active")
    await server.run_jobs()
    assert sent_ids(receiver) == [event["id"]]
    assert (await deliveries(client, hook))["total"] == 1


async def test_events_racing_the_resume_are_each_sent_once(server, client, receiver):
    hook = await paused_hook(client, receiver)
    org = await org_id(server)
    before = [await emit(server, org) for _ in range(5)]
    results = await asyncio.gather(*[emit(server, org) for _ in range(10)], set_status(client, hook, "active"),
                                   *[emit(server, org) for _ in range(10)])
    racing = [r for r in results if r is not None]
    await server.run_jobs()
    counts = Counter(sent_ids(receiver))
    assert set(counts) == {e["id"] for e in before + racing} and set(counts.values()) == {1}
    held = [e["id"] for e in before]  # released in event order; events arriving after the resume go out directly
    assert [i for i in sent_ids(receiver) if i in held] == held
    page = await deliveries(client, hook, "?limit=100")
    assert page["total"] == 25 and {d["status"] for d in page["items"]} == {"delivered"}


async def test_a_resume_whose_release_was_lost_is_completed_by_the_sweep(server, client, receiver):
    """The webhook was set active but the process stopped before releasing (or the release failed)."""
    hook = await paused_hook(client, receiver)
    org = await org_id(server)
    events = [await emit(server, org) for _ in range(3)]
    await server.services.store.webhooks.update(org, hook["id"], {"status": "active"})  # no release
    await server.run_jobs()  # the sweep
    assert sent_ids(receiver) == [e["id"] for e in events]


async def test_release_stops_when_paused_again(server, client, receiver):
    """The receiver is still down after the resume: the held events fail, the webhook pauses again after
    `pause_after_failures`, and the rest stay pending for the next resume."""
    hook = await paused_hook(client, receiver)
    org = await org_id(server)
    events = [await emit(server, org) for _ in range(12)]
    receiver.statuses["hook"] = 500
    await set_status(client, hook, "active")
    await server.run_jobs()
    assert sent_ids(receiver) == [e["id"] for e in events[:10]]
    assert (await client.get(f"/v1/webhooks/{hook['id']}")).json["status"] == "paused"
    statuses = Counter(d["status"] for d in (await deliveries(client, hook, "?limit=100"))["items"])
    assert statuses == {"failed": 10, "pending": 2}

    receiver.statuses["hook"] = 200
    server.clock.advance(hours=1)  # the ten retries fall due while paused: held too
    await server.run_jobs()
    await set_status(client, hook, "active")
    await server.run_jobs()
    later = receiver.requests[10:]
    # in event order: each event's retry 1 (events 0-9) or first attempt (10, 11)
    assert [r.json["id"] for r in later] == [e["id"] for e in events]
    assert [r.headers.get("X-Webhook-Retry") for r in later] == ["1"] * 10 + [None] * 2
    assert Counter(sent_ids(receiver)) == {e["id"]: 2 for e in events[:10]} | {e["id"]: 1 for e in events[10:]}


async def test_a_job_run_again_after_its_attempt_sends_nothing(server, client, receiver):
    """A worker that made and recorded the attempt but died before completing the job: the job runs
    again after its lease, finds the attempt recorded, and sends nothing."""
    hook = await create_hook(client, receiver.url())
    event = await emit(server, await org_id(server))
    job = await server.services.store.jobs.col.find_one({"kind": delivery.DELIVER})
    await server.run_jobs()
    assert len(receiver.requests) == 1
    await delivery.deliver(server.services, job["payload"], {"id": job["_id"]})
    assert len(receiver.requests) == 1
    [record] = (await deliveries(client, hook))["items"]
    assert record["event_id"] == event["id"] and record["status"] == "delivered"


async def test_an_attempt_cut_off_then_paused_is_held(server, client, receiver):
    """A worker died during the HTTP exchange (record `sending`); when its job runs again the webhook
    is paused: the attempt goes back to pending and is sent on resume."""
    services = server.services
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    event = await emit(server, org, fan_out=False)
    stored_hook = await services.store.webhooks.by_id(hook["id"])
    payload = {"webhook_id": hook["id"], "event_id": event["id"], "attempt": 0}
    assert await services.store.webhook_deliveries.claim(stored_hook, event, payload, "job-1", keep_days=30)
    assert (await deliveries(client, hook))["items"][0]["status"] == "sending"

    await set_status(client, hook, "paused")
    await delivery.deliver(services, payload, {"id": "job-1"})
    [record] = (await deliveries(client, hook))["items"]
    assert record["status"] == "pending"
    await services.store.events.col.update_one({"_id": event["id"]}, {"$set": {"dispatch_pending": False}})
    await set_status(client, hook, "active")
    await server.run_jobs()
    assert sent_ids(receiver) == [event["id"]]
    [record] = (await deliveries(client, hook))["items"]
    assert record["status"] == "delivered"


async def test_a_resume_while_the_tenth_failure_is_counted_stays_active(server, client, receiver, monkeypatch):
    """The tenth consecutive failure pauses the webhook only if no resume reset the count meanwhile."""
    receiver.statuses["hook"] = 503
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    for _ in range(9):
        await emit(server, org)
    await server.run_jobs()
    col = server.services.store.webhooks.col
    counted = col.find_one_and_update

    async def then_resumed(query, update, **options):
        doc = await counted(query, update, **options)
        if "failure_count" in update.get("$inc", {}):  # the tenth failure is counted: the operator resumes
            await set_status(client, hook, "active")
        return doc

    monkeypatch.setattr(col, "find_one_and_update", then_resumed)
    await emit(server, org)
    await server.run_jobs()
    monkeypatch.undo()
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["status"] == "active" and read["failure_count"] == 10

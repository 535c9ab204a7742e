"""Signed deliveries to a real local receiver: body and signature, retries, auto-pause, timeouts."""
import base64

import pytest

from esign.secrets import SecretBox
from tests.support import raw_db, running_server
from tests.support.waiting import until
from tests.support.webhooks import create_hook, deliveries, emit, org_id


async def test_signed_body_and_headers(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    event = await emit(server, org, data={"status": "draft", "document_name": "contract.pdf"})
    await server.run_jobs()

    [got] = receiver.requests
    assert got.verifies(hook["secret"])
    assert not got.verifies(hook["secret"] + "x")
    assert got.headers["Content-Type"] == "application/json"
    assert got.headers["X-Webhook-Event"] == "signing_request.created"
    assert got.headers["X-Webhook-Id"] == hook["id"]
    assert "X-Webhook-Retry" not in got.headers
    assert got.json == {
        "id": event["id"], "event": "signing_request.created", "timestamp": got.json["timestamp"],
        "webhook_id": hook["id"],
        "data": {"sandbox": False, "signing_request_id": event["signing_request_id"], "status": "draft",
                 "document_name": "contract.pdf"}}
    assert got.json["timestamp"].endswith("Z")

    page = await deliveries(client, hook)
    assert page["total"] == 1
    [record] = page["items"]
    assert record["success"] is True and record["response_status"] == 200 and record["error_message"] is None
    assert record["event_type"] == "signing_request.created" and record["event_id"] == event["id"]
    assert record["attempt"] == 0 and isinstance(record["response_time_ms"], int)
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 1 and read["failure_count"] == 0

    # delivered once: running the jobs and sweeps again sends nothing more
    await server.run_jobs()
    assert len(receiver.requests) == 1


async def test_completed_data_shape_sandbox_and_subscription(server, client, receiver):
    await create_hook(client, receiver.url(), events=["signing_request.completed"])
    org = await org_id(server)
    await emit(server, org, "signing_request.created")  # not subscribed
    data = {"completed_at": "2030-01-01T10:00:00.000Z", "signed_pdf_storage_key": "orgs/x/signed.pdf",
            "all_signers": [{"email": "s@x.test", "name": "S", "signed_at": "2030-01-01T10:00:00.000Z"}]}
    event = await emit(server, org, "signing_request.completed", data=data, sandbox=True)
    await server.run_jobs()
    [got] = receiver.requests
    assert got.json["data"] == {"sandbox": True, "signing_request_id": event["signing_request_id"], **data}


async def test_retries_at_configured_delays(server, client, receiver):
    receiver.statuses["hook"] = 500
    hook = await create_hook(client, receiver.url())
    await emit(server, await org_id(server))
    await server.run_jobs()
    assert [r.headers.get("X-Webhook-Retry") for r in receiver.requests] == [None]

    for retry, delay in enumerate([60, 300, 900], start=1):
        server.clock.advance(seconds=delay - 1)
        await server.run_jobs()
        assert len(receiver.requests) == retry, "a retry ran before its time"
        server.clock.advance(seconds=1)
        await server.run_jobs()
        assert len(receiver.requests) == retry + 1
        assert receiver.requests[-1].headers["X-Webhook-Retry"] == str(retry)

    server.clock.advance(days=1)
    await server.run_jobs()
    assert len(receiver.requests) == 4
    bodies = {r.body for r in receiver.requests}
    assert len(bodies) == 1, "every attempt carries the same body (same id)"
    assert all(r.verifies(hook["secret"]) for r in receiver.requests)

    page = await deliveries(client, hook)
    assert page["total"] == 4
    assert [d["attempt"] for d in page["items"]] == [3, 2, 1, 0]  # newest first
    assert all(not d["success"] and d["response_status"] == 500 for d in page["items"])
    assert page["items"][0]["error_message"] == "receiver answered HTTP 500"
    assert all("RECEIVER-PRIVATE-BODY" not in str(d) for d in page["items"])
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 1 and read["failure_count"] == 4 and read["status"] == "active"


async def test_ten_consecutive_failures_pause_and_active_resumes(server, client, receiver):
    receiver.statuses["hook"] = 503
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    failed = [await emit(server, org) for _ in range(10)]
    await server.run_jobs()
    assert len(receiver.requests) == 10
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["status"] == "paused" and read["failure_count"] == 10

    # while paused nothing is sent: the retries that fall due and a new event are held
    during = await emit(server, org)
    server.clock.advance(hours=1)
    await server.run_jobs()
    assert len(receiver.requests) == 10
    pending = (await deliveries(client, hook))["items"][:11]
    assert all(d["status"] == "pending" and d["success"] is False and d["response_status"] is None
               for d in pending)
    assert sorted(d["attempt"] for d in pending) == [0] + [1] * 10

    receiver.statuses["hook"] = 200
    resp = await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "active"})
    assert resp.status == 200 and resp.json["status"] == "active"
    await server.run_jobs()
    sent = receiver.requests[10:]
    assert [r.json["id"] for r in sent] == [e["id"] for e in failed] + [during["id"]], "event order"
    assert [r.headers.get("X-Webhook-Retry") for r in sent] == ["1"] * 10 + [None]
    page = await deliveries(client, hook)
    assert page["total"] == 21 and all(d["status"] in ("delivered", "failed") for d in page["items"])
    event = await emit(server, org)
    await server.run_jobs()
    assert len(receiver.requests) == 22 and receiver.requests[-1].json["id"] == event["id"]

    # the consecutive count was reset: nine more failures do not pause it again, the tenth does
    receiver.statuses["hook"] = 500
    for _ in range(9):
        await emit(server, org)
    await server.run_jobs()
    assert (await client.get(f"/v1/webhooks/{hook['id']}")).json["status"] == "active"
    await emit(server, org)
    await server.run_jobs()
    assert (await client.get(f"/v1/webhooks/{hook['id']}")).json["status"] == "paused"


async def test_paused_webhook_holds_its_events(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    resp = await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused"})
    assert resp.status == 200 and resp.json["status"] == "paused"
    org = await org_id(server)
    events = [await emit(server, org) for _ in range(3)]
    server.clock.advance(hours=1)
    await server.run_jobs()
    assert receiver.requests == []
    page = await deliveries(client, hook)
    assert page["total"] == 3
    assert [d["event_id"] for d in page["items"]] == [e["id"] for e in reversed(events)]  # newest first
    assert all(d["status"] == "pending" and d["attempted_at"] is None for d in page["items"])
    assert (await deliveries(client, hook, "?success=false"))["total"] == 0  # not failed: not tried yet

    # setting it paused again or renaming it sends nothing
    assert (await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused", "name": "x"})).status == 200
    await server.run_jobs()
    assert receiver.requests == []

    server.clock.advance(hours=1)
    assert (await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "active"})).status == 200
    await server.run_jobs()
    assert [r.json["id"] for r in receiver.requests] == [e["id"] for e in events]
    assert all("X-Webhook-Retry" not in r.headers for r in receiver.requests)
    page = await deliveries(client, hook)
    assert page["total"] == 3 and all(d["status"] == "delivered" and d["success"] for d in page["items"])
    assert all(d["attempted_at"] > d["created_at"] for d in page["items"])
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 3 and read["failure_count"] == 0
    await server.run_jobs()
    server.clock.advance(days=1)
    await server.run_jobs()
    assert len(receiver.requests) == 3


async def test_regenerate_secret_changes_the_key(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    await emit(server, org)
    await server.run_jobs()
    resp = await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")
    assert resp.status == 200
    new = resp.json
    assert new["secret"].startswith("whsec_") and new["secret"] != hook["secret"]
    assert set(new) == {"id", "name", "url", "secret", "events", "status", "created_at"}
    await emit(server, org)
    await server.run_jobs()
    first, second = receiver.requests
    assert first.verifies(hook["secret"]) and not first.verifies(new["secret"])
    assert second.verifies(new["secret"]) and not second.verifies(hook["secret"])


async def test_a_regeneration_that_loses_a_race_answers_the_secret_in_force(server, client, receiver, monkeypatch):
    """Another regeneration lands between this one's read and its swap: both answer the one secret in
    force (each answered its own, and the loser's was never valid)."""
    hook = await create_hook(client, receiver.url())
    webhooks = server.services.store.webhooks
    real, race = webhooks.replace_secret, {}

    async def racing(*args, **kwargs):
        if not race:
            race["other"] = None
            race["other"] = await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")
        return await real(*args, **kwargs)

    monkeypatch.setattr(webhooks, "replace_secret", racing)
    resp = await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")
    assert resp.status == 200 and race["other"].status == 200
    assert resp.json["secret"] == race["other"].json["secret"] != hook["secret"]
    await emit(server, await org_id(server))
    await server.run_jobs()
    [got] = receiver.requests
    assert got.verifies(resp.json["secret"])


async def test_delivery_records_filter_and_paging(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    org = await org_id(server)
    await emit(server, org)
    await server.run_jobs()
    receiver.statuses["hook"] = 302  # redirects are never followed: a failure
    await emit(server, org)
    await server.run_jobs()
    assert [r.path for r in receiver.requests] == ["hook", "hook"]

    failed = await deliveries(client, hook, "?success=false")
    assert failed["total"] == 1
    assert failed["items"][0]["response_status"] == 302 and failed["items"][0]["success"] is False
    ok = await deliveries(client, hook, "?success=true")
    assert ok["total"] == 1 and ok["items"][0]["success"] is True
    everything = await deliveries(client, hook, "?limit=1&offset=1")
    assert everything["total"] == 2 and everything["items"] == ok["items"]  # newest first: the success is older
    first = await deliveries(client, hook, "?limit=1")
    rest = await deliveries(client, hook, f"?limit=1&after_id={first['items'][0]['id']}")
    assert first["items"] == failed["items"] and rest["items"] == ok["items"]  # the cursor walks the same order
    assert (await deliveries(client, hook, f"?after_id={ok['items'][0]['id']}"))["items"] == []
    other = await create_hook(client, receiver.url("other"))
    resp = await client.get(f"/v1/webhooks/{other['id']}/deliveries?after_id={ok['items'][0]['id']}")
    assert resp.status == 422  # a delivery of another webhook is no item of this list
    resp = await client.get(f"/v1/webhooks/{hook['id']}/deliveries?success=maybe")
    assert resp.status == 422


async def test_connection_refused_is_recorded(server, client, receiver):
    port = receiver.port
    receiver.stop()
    hook = await create_hook(client, f"http://127.0.0.1:{port}/hook")
    await emit(server, await org_id(server))
    await server.run_jobs()
    [record] = (await deliveries(client, hook))["items"]
    assert record["success"] is False and record["response_status"] is None
    assert record["error_message"].startswith("connection failed")


async def test_event_without_fan_out_is_delivered_by_the_next_look_at_the_outbox(server, client, receiver):
    """The process that stored an event died before its worker followed it: the next look at the outbox (any
    worker's) delivers it."""
    await create_hook(client, receiver.url())
    event = await emit(server, await org_id(server), fan_out=False)
    assert (await server.services.store.events.col.find_one({"_id": event["id"]}))["dispatch_pending"] is True
    await server.run_jobs()
    assert [r.json["id"] for r in receiver.requests] == [event["id"]]
    assert (await server.services.store.events.col.find_one({"_id": event["id"]}))["dispatch_pending"] is False


async def test_document_uploaded_is_delivered(server, client, receiver, sample_pdf):
    await create_hook(client, receiver.url(), events=["document.uploaded"])
    resp = await client.upload(sample_pdf, "contract.pdf")
    assert resp.status == 201
    await server.run_jobs()
    [got] = receiver.requests
    assert got.headers["X-Webhook-Event"] == "document.uploaded"
    assert got.json["data"]["document_id"] == resp.json["id"]
    assert got.json["data"]["name"] == "contract.pdf" and got.json["data"]["sandbox"] is False


@pytest.mark.slow
async def test_slow_receiver_does_not_delay_others(tmp_path, receiver):
    """With the background worker running, a receiver that never answers in time fails with a
    time-out while another webhook gets its delivery at once: the fast one arrives while the slow one
    is still waiting, and the slow one is cut off by the time-out, before its receiver answers."""
    async with running_server(tmp_path, overrides={"webhooks": {"timeout_seconds": 1}}) as server:
        receiver.delays["slow"] = 4
        slow = await create_hook(server.client, receiver.url("slow"), name="slow")
        await create_hook(server.client, receiver.url("fast"), name="fast")

        async def slow_record():
            page = (await server.client.get(f"/v1/webhooks/{slow['id']}/deliveries")).json
            return page["items"][0] if page["total"] else None

        server.worker.start()
        await emit(server, await org_id(server))
        await until(lambda: receiver.at("fast"))
        during = await slow_record()
        assert during is None or during["status"] == "sending", during  # not queued behind the slow one

        async def slow_failed():
            record = await slow_record()
            return record if record and record["status"] != "sending" else None

        record = await until(slow_failed)
        assert [r.answered for r in receiver.at("slow")] == [None]  # given up on before the answer
        assert record["success"] is False and record["error_message"] == "timed out after 1 s"
        assert record["response_status"] is None and record["response_time_ms"] >= 900


async def test_member_invited_fires_for_a_new_key_owner_only(server, client, receiver):
    from esign.domain.orgs import provisioning

    await create_hook(client, receiver.url(), events=["member.invited"])
    org = await server.services.store.organizations.by_id(await org_id(server))
    await provisioning.create_key(server.services, org, owner_name="Nia Novak", owner_email="nia@a.example.test")
    await provisioning.create_key(server.services, org, owner_name="Nia Novak", owner_email="NIA@a.example.test")
    await provisioning.create_key(server.services, org)  # a key without an owner invites nobody
    await provisioning.create_key(server.services, org, owner_email="ada@a.example.test")  # owner of an existing key
    await server.run_jobs()
    [got] = receiver.requests
    assert got.headers["X-Webhook-Event"] == "member.invited"
    assert got.json["data"]["email"] == "nia@a.example.test" and got.json["data"]["name"] == "Nia Novak"
    polled = await client.get("/v1/events?event_type=member.invited")
    assert polled.json["total"] == 0  # webhook only


async def test_an_event_that_cannot_be_followed_stays_in_the_outbox_and_holds_up_no_other(server, client, receiver,
                                                                                          monkeypatch):
    await create_hook(client, receiver.url())
    org = await org_id(server)
    stuck = await emit(server, org, fan_out=False)
    server.clock.advance(seconds=1)
    later = await emit(server, org, fan_out=False)
    contacts = server.services.store.contacts
    real_touch = contacts.touch

    async def touch(org_id, emails, at):
        if at == stuck["created_at"]:
            raise RuntimeError("database hiccup")
        await real_touch(org_id, emails, at)

    monkeypatch.setattr(contacts, "touch", touch)
    requests = server.services.store.signing_requests

    async def any_request(org_id, request_id):  # the events name no stored request: give them one
        return {"signer_emails": ["ann@example.test"]}

    monkeypatch.setattr(requests, "get", any_request)
    await server.run_jobs()
    assert [r.json["id"] for r in receiver.requests] == [later["id"]]
    assert (await server.services.store.events.col.find_one({"_id": stuck["id"]}))["dispatch_pending"] is True
    monkeypatch.setattr(contacts, "touch", real_touch)
    await server.run_jobs()
    assert sorted(r.json["id"] for r in receiver.requests) == sorted([later["id"], stuck["id"]])


async def test_credentials_in_the_url_are_sent_as_basic_auth_decoded(server, client, receiver):
    hook = await create_hook(client, receiver.url().replace("://", "://hook%20user:p%40ss%3Aw%2Fx%25@"))
    await emit(server, await org_id(server))
    await server.run_jobs()
    [got] = receiver.requests
    assert got.headers["Authorization"] == "Basic " + base64.b64encode(b"hook user:p@ss:w/x%").decode()
    assert got.verifies(hook["secret"])
    assert (await client.get(f"/v1/webhooks/{hook['id']}")).json["url"] == hook["url"]


async def test_a_secret_the_service_key_cannot_read_is_a_visible_failure(server, client, receiver):
    """After the service key changed, a stored secret cannot be read: each attempt is a failed record
    that says so (not a record left `sending` forever), and a regenerated secret delivers the retry."""
    hook = await create_hook(client, receiver.url())
    other_key = SecretBox("another service key").encrypt("whsec_old")
    await raw_db(server.services)["webhooks"].update_one({"_id": hook["id"]}, {"$set": {"secret": other_key}})
    event = await emit(server, await org_id(server))
    await server.run_jobs()
    assert receiver.requests == []
    [record] = (await deliveries(client, hook))["items"]
    assert record["status"] == "failed" and record["response_status"] is None
    assert record["error_message"].startswith("not sent:") and "regenerate" in record["error_message"]
    assert (await client.get(f"/v1/webhooks/{hook['id']}")).json["failure_count"] == 1

    secret = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
    server.clock.advance(seconds=60)
    await server.run_jobs()
    [got] = receiver.requests
    assert got.json["id"] == event["id"] and got.headers["X-Webhook-Retry"] == "1" and got.verifies(secret)


async def test_a_delivery_names_the_api_request_that_made_its_event(server, client, receiver, document_id):
    """The event keeps the request id of the API call that made it; its delivery carries it as
    `X-Request-ID`, and the delivery job keeps it (with the organisation and the signing request) for
    its log lines. An event no API request made (a sweep's, here one stored outside any) has none."""
    await create_hook(client, receiver.url())
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [
        {"name": "Ann Example", "email": "ann@example.test"}]}, headers={"X-Request-ID": "op-77"})
    assert resp.status == 201 and resp.headers["X-Request-ID"] == "op-77", resp
    await server.run_jobs()
    [got] = receiver.requests
    assert got.headers["X-Request-Id"] == "op-77" and got.json["data"]["signing_request_id"] == resp.json["id"]
    [job] = [j async for j in raw_db(server.services)["jobs"].find({"kind": "webhooks.deliver"})]
    assert job["origin"] == {"request_id": "op-77", "org_id": await org_id(server),
                             "signing_request_id": resp.json["id"]}
    await emit(server, await org_id(server))
    await server.run_jobs()
    assert "X-Request-Id" not in receiver.requests[1].headers

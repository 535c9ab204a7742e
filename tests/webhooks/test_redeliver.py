"""POST /v1/webhooks/{id}/deliveries/{delivery_id}/redeliver (documented extension)."""
from esign import openapi
from esign.app import all_routes
from esign.store.base import new_id
from tests.support import assert_error
from tests.support.webhooks import create_hook, deliveries, emit, org_id


async def records(client, hook):
    return (await deliveries(client, hook))["items"]


def redeliver_path(hook, delivery_id):
    return f"/v1/webhooks/{hook['id']}/deliveries/{delivery_id}/redeliver"


async def delivered_once(server, client, receiver, hook):
    event = await emit(server, await org_id(server))
    await server.run_jobs()
    [record] = await records(client, hook)
    assert record["status"] == "delivered"
    return event, record


async def test_redeliver_a_successful_delivery(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    event, original = await delivered_once(server, client, receiver, hook)

    resp = await client.post(redeliver_path(hook, original["id"]))
    assert resp.status == 202, resp
    again = resp.json
    assert again["id"] != original["id"] and again["redelivery_of"] == original["id"]
    assert again["event_id"] == event["id"] and again["status"] == "pending" and again["success"] is False
    assert again["attempt"] == 0 and again["attempted_at"] is None
    await server.run_jobs()

    first, second = receiver.requests
    assert second.body == first.body and second.verifies(hook["secret"])
    assert "X-Webhook-Retry" not in second.headers
    newest, oldest = await records(client, hook)
    assert oldest == original
    assert newest["id"] == again["id"] and newest["status"] == "delivered" and newest["response_status"] == 200
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 1  # a redelivery is not a new event
    server.clock.advance(days=1)
    await server.run_jobs()
    assert len(receiver.requests) == 2


async def test_redeliver_after_giving_up_and_its_own_retries(server, client, receiver):
    receiver.statuses["hook"] = 500
    hook = await create_hook(client, receiver.url())
    await emit(server, await org_id(server))
    for delay in (0, 60, 300, 900):
        server.clock.advance(seconds=delay)
        await server.run_jobs()
    last = (await records(client, hook))[0]
    assert last["attempt"] == 3 and last["status"] == "failed" and len(receiver.requests) == 4

    # each redelivery is one more send with a record of its own, retried on the usual schedule
    resp = await client.post(redeliver_path(hook, last["id"]))
    assert resp.status == 202
    await server.run_jobs()
    assert len(receiver.requests) == 5 and "X-Webhook-Retry" not in receiver.requests[-1].headers
    receiver.statuses["hook"] = 200
    server.clock.advance(seconds=60)
    await server.run_jobs()
    assert len(receiver.requests) == 6 and receiver.requests[-1].headers["X-Webhook-Retry"] == "1"
    newest, failed = (await records(client, hook))[:2]
    assert newest["status"] == "delivered" and newest["attempt"] == 1
    assert failed["id"] == resp.json["id"] and failed["status"] == "failed"
    server.clock.advance(days=1)
    await server.run_jobs()
    assert len(receiver.requests) == 6
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert read["trigger_count"] == 1 and read["failure_count"] == 5


async def test_idempotency_key_redelivers_once(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    _, original = await delivered_once(server, client, receiver, hook)
    path = redeliver_path(hook, original["id"])
    first = await client.post(path, headers={"Idempotency-Key": "again-1"})
    replay = await client.post(path, headers={"Idempotency-Key": "again-1"})
    assert first.status == replay.status == 202 and replay.json == first.json
    assert replay.headers.get("Idempotent-Replayed") == "true"
    assert (await client.post(path)).status == 202  # without a key: a second redelivery
    await server.run_jobs()
    assert len(receiver.requests) == 3


async def test_redeliver_errors(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    other = await create_hook(client, receiver.url("other"), name="other")
    _, original = await delivered_once(server, client, receiver, hook)

    assert_error(await client.post(redeliver_path(hook, new_id())), 404, "not_found")
    assert_error(await client.post(redeliver_path(hook, "not-a-uuid")), 404, "not_found")
    assert_error(await client.post(redeliver_path(other, original["id"])), 404, "not_found")
    assert_error(await client.post(redeliver_path({"id": new_id()}, original["id"])), 404, "not_found")
    assert_error(await client.post(redeliver_path(hook, original["id"]), key="b"), 404, "not_found")
    assert_error(await client.post(redeliver_path(hook, original["id"]), key="a_read"), 403, "insufficient_scope")
    assert_error(await client.post(redeliver_path(hook, original["id"]), key=None), 401, "unauthorized")

    await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused"})
    error = assert_error(await client.post(redeliver_path(hook, original["id"])), 409, "invalid_state")
    assert "paused" in error["message"]
    await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "active", "events": ["signer.signed"]})
    error = assert_error(await client.post(redeliver_path(hook, original["id"])), 409, "invalid_state")
    assert "signing_request.created" in error["message"]
    await server.run_jobs()
    assert len(receiver.at("hook")) == 1


def test_redeliver_is_described():
    doc = openapi.build(all_routes())
    op = doc["paths"]["/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver"]["post"]
    # 400: a malformed Content-Length (every operation); 422: a malformed Idempotency-Key
    assert set(op["responses"]) == {"202", "400", "401", "403", "404", "409", "422", "429"}
    assert op["responses"]["202"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Delivery"}
    assert {p["name"] for p in op["parameters"]} == {"webhook_id", "delivery_id", "Idempotency-Key"}
    assert op["security"] == [{"ApiKey": []}] and "extension" in op["summary"]
    props = doc["components"]["schemas"]["Delivery"]["properties"]
    assert {"status", "redelivery_of", "attempted_at"} <= set(props)

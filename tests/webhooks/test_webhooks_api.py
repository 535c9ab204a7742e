"""Webhook management over the API: shapes, validation, scoping, scopes, deletion."""
import asyncio

import pytest

from esign import openapi
from esign.app import all_routes
from esign.webhooks.payloads import SUBSCRIBABLE
from tests.support import assert_error, raw_db, running_server
from tests.support.webhooks import create_hook, emit, org_id

READ_FIELDS = {"id", "name", "url", "events", "status", "trigger_count", "failure_count", "created_at"}


async def test_create_get_list_update(server, client, receiver):
    created = await create_hook(client, receiver.url(), events=["signer.signed", "signer.signed", "document.signed"])
    assert set(created) == {"id", "name", "url", "secret", "events", "status", "created_at"}
    assert created["secret"].startswith("whsec_") and len(created["secret"]) > 40
    assert created["events"] == ["signer.signed", "document.signed"] and created["status"] == "active"

    stored = await server.services.store.webhooks.col.find_one({"_id": created["id"]})
    assert created["secret"] not in str(stored)  # encrypted at rest

    read = (await client.get(f"/v1/webhooks/{created['id']}")).json
    assert set(read) == READ_FIELDS
    assert read["trigger_count"] == 0 and read["failure_count"] == 0
    assert (await client.get("/v1/webhooks")).json == [read]

    resp = await client.patch(f"/v1/webhooks/{created['id']}", {"name": "renamed", "events": list(SUBSCRIBABLE)})
    assert resp.status == 200 and set(resp.json) == READ_FIELDS
    assert resp.json["name"] == "renamed" and resp.json["events"] == list(SUBSCRIBABLE)
    assert resp.json["url"] == receiver.url()


@pytest.mark.parametrize("body", [
    {"name": "h", "url": "https://x.example/h"},
    {"name": "h", "url": "https://x.example/h", "events": []},
    {"name": "h", "url": "https://x.example/h", "events": ["signer.reviewed"]},
    {"name": "h", "url": "https://x.example/h", "events": ["identity.approved"]},
    {"name": "h", "url": "https://x.example/h", "events": "signer.signed"},
    {"name": "", "url": "https://x.example/h", "events": ["signer.signed"]},
    {"name": "x" * 256, "url": "https://x.example/h", "events": ["signer.signed"]},
    {"name": "h", "url": "https://x.example/" + "a" * 2040, "events": ["signer.signed"]},
    {"name": "h", "url": "", "events": ["signer.signed"]},
    {"name": "h", "url": "https://x.example/h", "events": ["signer.signed"], "secret": "mine"},
])
async def test_create_validation(client, body):
    assert_error(await client.post("/v1/webhooks", body), 422, "validation_error")


async def test_update_validation(client, receiver):
    hook = await create_hook(client, receiver.url())
    for body in [{}, {"status": "disabled"}, {"events": []}, {"name": ""}, {"trigger_count": 3}]:
        assert_error(await client.patch(f"/v1/webhooks/{hook['id']}", body), 422, "validation_error")
    assert_error(await client.patch(f"/v1/webhooks/{hook['id']}"), 400, "bad_request")


async def test_other_organisations_see_404(client, receiver):
    hook = await create_hook(client, receiver.url())
    base = f"/v1/webhooks/{hook['id']}"
    assert_error(await client.get(base, key="b"), 404, "not_found")
    assert_error(await client.patch(base, {"name": "x"}, key="b"), 404, "not_found")
    assert_error(await client.delete(base, key="b"), 404, "not_found")
    assert_error(await client.post(base + "/regenerate-secret", key="b"), 404, "not_found")
    assert_error(await client.get(base + "/deliveries", key="b"), 404, "not_found")
    assert (await client.get("/v1/webhooks", key="b")).json == []
    assert_error(await client.get("/v1/webhooks/not-a-uuid"), 404, "not_found")
    assert (await client.get(base)).status == 200


async def test_scopes(client, receiver):
    hook = await create_hook(client, receiver.url())
    assert (await client.get("/v1/webhooks", key="a_read")).status == 200
    assert (await client.get(f"/v1/webhooks/{hook['id']}/deliveries", key="a_read")).status == 200
    assert_error(await client.post("/v1/webhooks", {"name": "h", "url": receiver.url(), "events": ["signer.signed"]},
                                   key="a_read"), 403, "insufficient_scope")
    assert_error(await client.delete(f"/v1/webhooks/{hook['id']}", key="a_read"), 403, "insufficient_scope")
    assert_error(await client.get("/v1/webhooks", key=None), 401, "unauthorized")


async def test_delete_removes_deliveries(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    await emit(server, await org_id(server))
    await server.run_jobs()
    deliveries = raw_db(server.services)["webhook_deliveries"]
    assert await deliveries.count_documents({"webhook_id": hook["id"]}) == 1
    resp = await client.delete(f"/v1/webhooks/{hook['id']}")
    assert resp.status == 204 and resp.body == b""
    assert await deliveries.count_documents({"webhook_id": hook["id"]}) == 0
    assert_error(await client.get(f"/v1/webhooks/{hook['id']}"), 404, "not_found")
    assert_error(await client.delete(f"/v1/webhooks/{hook['id']}"), 404, "not_found")


async def test_at_most_max_per_organisation_even_when_created_at_once(tmp_path, receiver):
    async with running_server(tmp_path, overrides={"webhooks": {"max_per_organisation": 3}}) as server:
        client, body = server.client, {"name": "h", "url": receiver.url(), "events": ["signer.signed"]}
        answers = await asyncio.gather(*[client.post("/v1/webhooks", body) for _ in range(6)])
        assert sorted(r.status for r in answers) == [201] * 3 + [409] * 3
        assert "3 webhooks" in assert_error(answers[[r.status for r in answers].index(409)], 409, "invalid_state")["message"]
        hooks = (await client.get("/v1/webhooks")).json
        assert len(hooks) == 3 and set(hooks[0]) == READ_FIELDS
        assert (await client.post("/v1/webhooks", body, key="b")).status == 201, "another organisation's count"
        assert (await client.delete(f"/v1/webhooks/{hooks[1]['id']}")).status == 204
        assert (await client.post("/v1/webhooks", body)).status == 201, "a deleted webhook frees its place"
        assert_error(await client.post("/v1/webhooks", body), 409, "invalid_state")


def test_openapi_documents_webhooks_and_events():
    doc = openapi.build(all_routes())
    create = doc["paths"]["/v1/webhooks"]["post"]
    for text in ["X-Webhook-Signature", "X-Webhook-Retry", "signing_request.completed", "signed_pdf_storage_key",
                 "all_signers", "document.uploaded", "2xx", "paused"]:
        assert text in create["description"], text
    assert set(doc["components"]["schemas"]["WebhookCreate"]["required"]) == {"name", "url", "events"}
    assert "WebhookWithSecret" in doc["components"]["schemas"] and "DeliveryPage" in doc["components"]["schemas"]
    poll = doc["paths"]["/v1/events"]["get"]
    assert {p["name"] for p in poll["parameters"]} == {"limit", "offset", "event_type", "signing_request_id",
                                                       "after", "after_id", "since_id"}
    [after_id] = [p for p in poll["parameters"] if p["name"] == "after_id"]
    assert "422" in after_id["description"]


async def test_an_idempotency_key_is_refused_rather_than_ignored(client, receiver):
    """A key silently ignored let a retry make a second webhook (issue 37): it is refused, naming it, and
    nothing is made."""
    body = {"name": "hook", "url": receiver.url(), "events": ["signing_request.created"]}
    error = assert_error(await client.post("/v1/webhooks", body, headers={"Idempotency-Key": "hook-1"}), 400,
                         "bad_request")
    assert "Idempotency-Key" in error["message"]
    assert (await client.get("/v1/webhooks")).json == []
    assert (await client.post("/v1/webhooks", body)).status == 201

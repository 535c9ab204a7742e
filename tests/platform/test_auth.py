"""API keys (issue 2, point 5): 401 for missing, invalid and revoked keys, scopes (GET needs read,
everything else write), sandbox keys marking every answer, and organisation scoping."""
from __future__ import annotations

import pytest

from tests.support import KEYS, assert_error, raw_db, running_server


@pytest.mark.parametrize("method, path", [
    ("GET", "/v1/documents"), ("POST", "/v1/documents/upload"), ("GET", "/v1/contacts"),
    ("POST", "/v1/contacts"), ("DELETE", "/v1/contacts/6f1c3a5e-0000-4000-8000-000000000000"),
    ("GET", "/v1/usage"),
])
async def test_missing_key_is_401_on_every_platform_endpoint(client, method, path):
    err = assert_error(await client.request(method, path, key=None), 401, "unauthorized")
    assert "X-API-Key" in err["message"]


@pytest.mark.parametrize("key", [
    "esk_live_thisisnotakeythatexists00000000",   # well-formed, unknown
    KEYS["a"] + "x",                            # a real key with one character more
    KEYS["a"][:-1],                             # ... or one less
    "Bearer " + KEYS["a"],
    "   ",
])
async def test_invalid_key_is_401(client, key):
    assert_error(await client.get("/v1/documents", key=key), 401, "unauthorized")


async def test_key_in_another_header_or_query_is_not_accepted(client):
    assert_error(await client.get("/v1/documents", key=None, headers={"Authorization": f"Bearer {KEYS['a']}"}),
                 401, "unauthorized")
    assert_error(await client.get(f"/v1/documents?api_key={KEYS['a']}", key=None), 401, "unauthorized")


async def test_revoked_key_is_401(server, client):
    assert (await client.get("/v1/documents", key="a")).status == 200
    record = await server.services.store.api_keys.by_key(KEYS["a"])
    assert await server.services.store.api_keys.revoke(record["id"])
    assert_error(await client.get("/v1/documents", key="a"), 401, "unauthorized")
    assert_error(await client.post("/v1/contacts", {"name": "X", "email": "x@example.test"}, key="a"),
                 401, "unauthorized")
    # other keys of the organisation keep working
    assert (await client.get("/v1/documents", key="a_read")).status == 200


async def test_keys_are_stored_only_as_hashes(server):
    docs = [d async for d in raw_db(server.services)["api_keys"].find({})]
    assert docs
    for value in KEYS.values():
        assert value not in repr(docs)


async def test_read_only_key_can_read_but_not_write(client, sample_pdf):
    for path in ("/v1/documents", "/v1/contacts", "/v1/usage"):
        assert (await client.get(path, key="a_read")).status == 200, path
    err = assert_error(await client.post("/v1/contacts", {"name": "R", "email": "r@example.test"}, key="a_read"),
                       403, "insufficient_scope")
    assert "write" in err["message"]
    assert_error(await client.upload(sample_pdf, key="a_read"), 403, "insufficient_scope")
    assert_error(await client.delete("/v1/contacts/6f1c3a5e-0000-4000-8000-000000000000", key="a_read"),
                 403, "insufficient_scope")
    assert (await client.get("/v1/contacts", key="a")).json["total"] == 0
    assert (await client.get("/v1/documents", key="a")).json["total"] == 0


async def test_write_only_key_cannot_read(tmp_path):

    key = "esk_live_write_only_key_00000000000000"
    async with running_server(tmp_path, extra_config=f"""
[[organizations]]
name = "Org W"
plan = "pro"
[[organizations.api_keys]]
key = "{key}"
scopes = ["write"]
""") as server:
        client = server.client
        assert (await client.post("/v1/contacts", {"name": "W", "email": "w@example.test"}, key=key)).status == 201
        err = assert_error(await client.get("/v1/contacts", key=key), 403, "insufficient_scope")
        assert "read" in err["message"]


async def test_sandbox_key_marks_every_answer(client, sample_pdf):
    answers = [
        await client.get("/v1/documents", key="a_sandbox"),
        await client.upload(sample_pdf, key="a_sandbox"),
        await client.post("/v1/templates", {"name": "S"}, key="a_sandbox"),
        await client.get("/v1/usage", key="a_sandbox"),
    ]
    assert [r.status for r in answers] == [200, 201, 201, 200]
    errors = [
        await client.post("/v1/templates", {"name": ""}, key="a_sandbox"),                        # 422
        await client.delete("/v1/templates/6f1c3a5e-0000-4000-8000-000000000000", key="a_sandbox"),  # 404
        await client.request("POST", "/v1/templates", body=b"{oops", key="a_sandbox",
                             headers={"Content-Type": "application/json"}),                       # 400
        await client.upload(b"not a pdf", key="a_sandbox"),                                       # 400
        await client.request("PUT", "/v1/contacts", body=b"{}", key="a_sandbox"),                  # 405
        await client.post("/v1/contacts", {"name": "S", "email": "s@example.test"}, key="a_sandbox"),  # 403
    ]
    assert [r.status for r in errors] == [422, 404, 400, 400, 405, 403]
    for resp in answers + errors:
        assert resp.headers.get("X-Service-Mode") == "sandbox", resp
    for resp in errors:
        assert_error(resp, resp.status)
    # live keys are not marked
    for key in ("a", "a_read", "b"):
        assert "X-Service-Mode" not in (await client.get("/v1/documents", key=key)).headers


async def test_other_organisation_sees_nothing_of_ours(client, sample_pdf):
    doc = await client.upload(sample_pdf, "a-only.pdf", key="a")
    assert doc.status == 201
    contact = await client.post("/v1/contacts", {"name": "Alice A", "email": "alice@a.example.test"}, key="a")
    assert contact.status == 201
    contact_id = contact.json["id"]

    docs_b = (await client.get("/v1/documents", key="b")).json
    assert docs_b == {"items": [], "total": 0, "has_more": False}
    contacts_b = (await client.get("/v1/contacts?search=alice", key="b")).json
    assert contacts_b == {"items": [], "total": 0, "has_more": False}
    assert_error(await client.delete(f"/v1/contacts/{contact_id}", key="b"), 404, "not_found")
    # still there for its owner
    assert (await client.get("/v1/contacts", key="a")).json["items"][0]["id"] == contact_id
    # the same email in org B is a separate contact
    other = await client.post("/v1/contacts", {"name": "Alice B", "email": "alice@a.example.test"}, key="b")
    assert other.status == 201 and other.json["id"] != contact_id
    assert (await client.get("/v1/contacts", key="a")).json["items"][0]["name"] == "Alice A"
    # B's usage does not include A's upload
    usage_b = (await client.get("/v1/usage", key="b")).json
    assert usage_b["storage"]["current"] == 0
    assert (await client.delete(f"/v1/contacts/{contact_id}", key="a")).status == 204

"""`/v1/authoring-sessions` over real HTTP (issue 38 item 1): create (a draft exists at once), every
bound of the body refused, the origin check, Idempotency-Key, get and revoke; the token stored as a hash
only and never logged."""
from __future__ import annotations

import logging

import pytest

from esign.api.access_log import loggable_path
from tests.support import SAMPLE_PDF, assert_error
from tests.support.authoring import ANN, ORIGIN, create_session, open_editor, token_of
from tests.support.store import raw_db


async def test_create_answers_the_url_and_the_draft_exists_at_once(server, client, document_id):
    made = await create_session(client, document_id, acting_user={"name": "Pat Sender", "email": "pat@a.example.test"},
                                external_id="crm-42", defaults={"signers": [ANN], "message": "Please sign",
                                                                "signing_order": "sequential", "expires_in_days": 3})
    assert made["url"].startswith(server.services.config.server.public_url + "/author/ea_")
    assert made["state"] == "created" and made["mode"] == "request" and made["external_id"] == "crm-42"
    assert made["capabilities"] == {"upload": True, "max_documents": 10, "edit_signers": True, "max_signers": 100,
                                    "field_types": ["signature", "initials", "date", "text", "checkbox", "select",
                                                    "attachment"],
                                    "edit_settings": True, "send": True, "save_as_template": False}
    assert made["expires_at"] and made["template_id"] is None
    draft = (await client.get(f"/v1/signing-requests/{made['request_id']}")).json
    assert draft["status"] == "draft" and draft["message"] == "Please sign" and draft["signing_order"] == "sequential"
    assert [s["email"] for s in draft["signers"]] == [ANN["email"]]
    stored = await server.services.store.signing_requests.by_id(made["request_id"])
    assert (stored["owner_name"], stored["owner_email"]) == ("Pat Sender", "pat@a.example.test")
    assert draft["documents"][0]["id"] == document_id


async def test_an_existing_draft_is_edited_and_anything_else_refused(server, client, document_id):
    draft = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [ANN]})).json
    made = (await client.post("/v1/authoring-sessions", {"mode": "request", "request_id": draft["id"], "acting_user": {
        "name": "Pat", "email": "pat@a.example.test"}})).json
    assert made["request_id"] == draft["id"]
    assert (await server.services.store.signing_requests.by_id(draft["id"]))["owner_email"] == "pat@a.example.test"
    await client.post(f"/v1/signing-requests/{draft['id']}/send")
    body = {"mode": "request", "request_id": draft["id"]}
    assert_error(await client.post("/v1/authoring-sessions", body), 409, "invalid_state")
    other = (await client.upload(SAMPLE_PDF.read_bytes(), "b.pdf", key="b")).json["id"]
    b_draft = (await client.post("/v1/signing-requests", {"document_id": other, "signers": [ANN]}, key="b")).json
    assert_error(await client.post("/v1/authoring-sessions", {"mode": "request", "request_id": b_draft["id"]}),
                 404, "not_found")
    refused = await client.post("/v1/authoring-sessions", {"mode": "request", "document_ids": [other]})
    assert refused.status in (404, 422) and "b.pdf" not in refused.body.decode(), refused


@pytest.mark.parametrize("change, field", [
    ({"open_within_seconds": 59}, "open_within_seconds"),
    ({"open_within_seconds": 3601}, "open_within_seconds"),
    ({"external_id": "x" * 256}, "external_id"),
    ({"mode": "draft"}, "mode"),
    ({"capabilities": {"max_signers": 0}}, "capabilities.max_signers"),
    ({"capabilities": {"max_signers": 101}}, "capabilities.max_signers"),
    ({"capabilities": {"max_documents": 11}}, "capabilities.max_documents"),
    ({"capabilities": {"field_types": ["stamp"]}}, "capabilities.field_types.0"),
    ({"capabilities": {"sign": True}}, "capabilities.sign"),
    ({"locked": ["owner"]}, "locked.0"),
    ({"locale": "xx"}, "locale"),
    ({"acting_user": {"name": "P"}}, "acting_user.email"),
    ({"defaults": {"expires_in_days": 91}}, "defaults.expires_in_days"),
    ({"surprise": 1}, "surprise"),
    ({"capabilities": {"max_signers": 1}, "defaults": {"signers": [ANN, {"name": "B", "email": "b@x.test"}]}},
     "defaults.signers"),
    ({"template_id": "00000000-0000-4000-8000-000000000000"}, "template_id"),
    ({"mode": "template"}, "document_ids"),
    ({"document_ids": []}, "document_ids"),
])
async def test_every_bound_of_the_body_is_a_422_naming_it(client, document_id, change, field):
    body = {"mode": "request", "document_ids": [document_id], **change}
    err = assert_error(await client.post("/v1/authoring-sessions", body), 422, "validation_error")
    assert field in [d["field"] for d in err["details"]], err


async def test_an_unregistered_origin_is_403_and_makes_nothing(server, client, document_id):
    body = {"mode": "request", "document_ids": [document_id], "allowed_origin": "https://evil.example.test"}
    assert_error(await client.post("/v1/authoring-sessions", body), 403, "origin_not_allowed")
    assert (await client.get("/v1/signing-requests")).json["items"] == []
    assert await raw_db(server.services)["authoring_sessions"].count_documents({}) == 0


async def test_idempotency_key_replays_the_first_answer(server, client, document_id):
    body = {"mode": "request", "document_ids": [document_id], "allowed_origin": ORIGIN}
    first = await client.post("/v1/authoring-sessions", body, headers={"Idempotency-Key": "s-1"})
    again = await client.post("/v1/authoring-sessions", body, headers={"Idempotency-Key": "s-1"})
    assert first.status == again.status == 201 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.json == first.json and set(again.json) == set(first.json)  # the same URL, nothing more
    async for doc in raw_db(server.services)["idempotency"].find({}):  # the token is kept encrypted only
        assert token_of(first.json) not in repr(doc)
    assert await raw_db(server.services)["authoring_sessions"].count_documents({}) == 1
    assert len((await client.get("/v1/signing-requests")).json["items"]) == 1
    assert_error(await client.post("/v1/authoring-sessions", {**body, "external_id": "other"},
                                   headers={"Idempotency-Key": "s-1"}), 409, "idempotency_key_reused")


async def test_get_and_revoke(server, client, document_id):
    made = await create_session(client, document_id)
    got = (await client.get(f"/v1/authoring-sessions/{made['id']}")).json
    assert got["state"] == "created" and "url" not in got and got["request_id"] == made["request_id"]
    assert_error(await client.get(f"/v1/authoring-sessions/{made['id']}", key="b"), 404, "not_found")
    assert_error(await client.delete(f"/v1/authoring-sessions/{made['id']}", key="b"), 404, "not_found")
    assert_error(await client.delete(f"/v1/authoring-sessions/{made['id']}", key="a_read"), 403, "insufficient_scope")
    revoked = await client.delete(f"/v1/authoring-sessions/{made['id']}")
    assert revoked.status == 200 and revoked.json["state"] == "revoked"
    assert (await client.delete(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "revoked"
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "revoked"
    assert_error(await open_editor(client, made), 410, "session_revoked")
    # the draft stays
    assert (await client.get(f"/v1/signing-requests/{made['request_id']}")).json["status"] == "draft"


async def test_the_token_is_stored_as_a_hash_and_never_logged(server, client, document_id, caplog):
    caplog.set_level(logging.DEBUG)
    made = await create_session(client, document_id)
    token = token_of(made)
    await client.get(f"/author/{token}", key=None)  # the page's path (the access log line of its answer)
    secret = (await open_editor(client, made)).json["secret"]
    async for doc in raw_db(server.services)["authoring_sessions"].find({}):
        assert token not in repr(doc) and secret not in repr(doc)
    for record in caplog.records:
        text = record.getMessage() + repr(record.args) + repr(getattr(record, "path", ""))
        assert token not in text and secret not in text, text[:300]
    assert "/author/<token>" in caplog.text
    assert loggable_path(f"/author/{token}?embed=1") == "/author/<token>"
    assert loggable_path("/author/api/open") == "/author/api/open"

"""Legal holds (issue 40, item 2; docs/retention.md): apply by request ids, signer email, template or
creation range, evaluated when a purge asks (a request made after the hold is held too); a purge of a
held request is 409 `legal_hold` naming the holds; release; the request shows its holds; the events.
Real server over HTTP."""
from __future__ import annotations

import datetime as dt

import pytest

from esign.clock import iso
from tests.support import SAMPLE_PDF, assert_error
from tests.support.retention import admin_key
from tests.support.signing import complete_request
from tests.support.templates import offer_template

PURGE = {"action": "purge_content", "reason": "retention period over"}


async def cancelled(client, document_id, email="held.person@example.test", **extra) -> dict:
    request = (await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True, "signers": [
        {"name": "Held Person", "email": email}], **extra})).json
    assert (await client.post(f"/v1/signing-requests/{request['id']}/cancel", {"reason": "no"})).status == 200
    return request


@pytest.mark.slow
async def test_a_hold_by_signer_email_keeps_requests_made_before_and_after_it_until_released(server, client):
    admin = await admin_key(server)
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "held.pdf")).json["id"]
    before = await cancelled(client, doc, email="Held.Person@example.test")
    free = await cancelled(client, doc, email="someone.else@example.test")
    made = await client.post("/v1/legal-holds", {"name": "Smith v. Acme", "reason": "litigation",
                                                 "signer_email": "held.person@EXAMPLE.test"}, key=admin)
    assert made.status == 201, made
    hold = made.json
    assert (hold["matched_now"], hold["active"], hold["signer_email"]) == (1, True, "held.person@example.test")
    after = await cancelled(client, doc)  # made after the hold: covered too
    for request in (before, after):
        said = assert_error(await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE, key=admin), 409,
                            "legal_hold")
        assert "Smith v. Acme" in said["message"] and said["details"][0]["message"].startswith(hold["id"])
        shown = (await client.get(f"/v1/signing-requests/{request['id']}")).json
        assert shown["legal_holds"] == [{"id": hold["id"], "name": "Smith v. Acme"}] and shown["purge"] is None
    assert "legal_holds" not in (await client.get(f"/v1/signing-requests/{free['id']}")).json
    assert (await client.post(f"/v1/signing-requests/{free['id']}/purge", PURGE, key=admin)).status == 202
    assert (await client.get(f"/v1/legal-holds/{hold['id']}", key=admin)).json["matched_now"] == 2
    # released: the requests may be purged
    released = await client.delete(f"/v1/legal-holds/{hold['id']}", key=admin)
    assert released.status == 200 and released.json["active"] is False and released.json["released_at"]
    assert_error(await client.delete(f"/v1/legal-holds/{hold['id']}", key=admin), 409, "invalid_state")
    assert (await client.post(f"/v1/signing-requests/{before['id']}/purge", PURGE, key=admin)).status == 202
    assert "legal_holds" not in (await client.get(f"/v1/signing-requests/{after['id']}")).json
    events = [e["event_type"] for e in (await client.get("/v1/events")).json["items"]]
    assert events.count("legal_hold.applied") == 1 and events.count("legal_hold.released") == 1
    listed = (await client.get("/v1/legal-holds?active=false", key=admin)).json
    assert [h["id"] for h in listed["items"]] == [hold["id"]] and listed["total"] == 1
    assert (await client.get("/v1/legal-holds?active=true", key=admin)).json["items"] == []


@pytest.mark.slow
async def test_holds_by_ids_template_and_creation_range(server, client):
    admin = await admin_key(server)
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "held.pdf")).json["id"]
    request = await complete_request(server, client, doc)
    await server.run_jobs()
    by_ids = (await client.post("/v1/legal-holds", {"name": "by id", "reason": "audit",
                                                    "signing_request_ids": [request["id"]]}, key=admin)).json
    assert by_ids["matched_now"] == 1
    assert_error(await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE, key=admin), 409, "legal_hold")
    await client.delete(f"/v1/legal-holds/{by_ids['id']}", key=admin)

    now = server.clock.now()
    ranged = (await client.post("/v1/legal-holds", {
        "name": "this hour", "reason": "audit", "created_from": iso(now - dt.timedelta(hours=1)),
        "created_to": iso(now + dt.timedelta(hours=1))}, key=admin)).json
    assert ranged["matched_now"] >= 1
    said = assert_error(await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE, key=admin), 409,
                        "legal_hold")
    assert "this hour" in said["message"]
    await client.delete(f"/v1/legal-holds/{ranged['id']}", key=admin)

    template = await offer_template(client)
    by_template = (await client.post("/v1/legal-holds", {"name": "offers", "reason": "audit",
                                                         "template_id": template["id"]}, key=admin)).json
    assert by_template["matched_now"] == 0
    assert (await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE, key=admin)).status == 202


async def test_a_hold_needs_the_admin_scope_and_exactly_one_criterion(server, client):
    admin = await admin_key(server)
    body = {"name": "x", "reason": "y", "signer_email": "a@example.test"}
    assert_error(await client.post("/v1/legal-holds", body), 403, "insufficient_scope")
    assert_error(await client.get("/v1/legal-holds"), 403, "insufficient_scope")
    for bad in ({"name": "x", "reason": "y"},
                {**body, "template_id": "00000000-0000-4000-8000-000000000000"},
                {"name": "x", "reason": "y", "created_from": "2026-01-02T00:00:00Z", "created_to": "2026-01-01T00:00:00Z"},
                {"name": "x", "reason": "y", "signing_request_ids": []},
                {"name": "x", "reason": "y", "signer_email": "not an address"},
                {**body, "name": "a\nb"}):
        assert_error(await client.post("/v1/legal-holds", bad, key=admin), 422, "validation_error")
    hold = (await client.post("/v1/legal-holds", body, key=admin)).json
    other = await admin_key(server, "Org B")
    assert_error(await client.get(f"/v1/legal-holds/{hold['id']}", key=other), 404, "not_found")
    assert_error(await client.delete(f"/v1/legal-holds/{hold['id']}", key=other), 404, "not_found")
    assert (await client.get("/v1/legal-holds", key=other)).json["items"] == []
    assert_error(await client.get("/v1/legal-holds/not-a-uuid", key=admin), 404, "not_found")

"""The sender's revocation of a completed request (issue 40 item 5; docs/signing.md "Verification page"):
`POST /v1/signing-requests/{id}/revoke` (write scope, completed and sealed requests only, idempotent)
keeps `revoked_at` and `revocation_reason`, records `signing_request.revoked` once, and the public page
then says `revoked_by_sender` with the date, never the reason unless the organisation opts in to names.
Real server over HTTP; the job worker run by the test."""
from __future__ import annotations

import logging

from esign import logs
from tests.support import assert_error, raw_db
from tests.support.documents import SAMPLE_PDF
from tests.support.retention import admin_key
from tests.support.signing import complete_request
from tests.support.verification import completed

JSON = {"Accept": "application/json"}
REASON = "Signed on the strength of a forged mandate"


async def test_only_a_completed_sealed_request_is_revoked_by_a_write_key(server, client):
    document_id = (await client.upload(SAMPLE_PDF.read_bytes(), "revoked.pdf")).json["id"]
    pending = (await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True, "signers": [
        {"name": "Ann Example", "email": "ann@example.test"}]})).json
    url = f"/v1/signing-requests/{pending['id']}/revoke"
    assert "completed" in assert_error(await client.post(url, {"reason": REASON}), 409, "invalid_state")["message"]
    assert_error(await client.post(url, {}), 422, "validation_error")
    assert_error(await client.post(url, {"reason": "two\nlines"}), 422, "validation_error")
    assert_error(await client.post("/v1/signing-requests/00000000-0000-4000-8000-000000000000/revoke",
                                   {"reason": REASON}), 404, "not_found")
    # completed, its signed PDF still being produced: not yet (its certificate would list the revocation)
    request = await complete_request(server, client, document_id)
    url = f"/v1/signing-requests/{request['id']}/revoke"
    waiting = await client.post(url, {"reason": REASON})
    assert_error(waiting, 409, "invalid_state")
    assert waiting.headers["Retry-After"] == "5"
    await server.run_jobs()
    assert_error(await client.post(url, {"reason": REASON}, key="a_read"), 403, "insufficient_scope")
    assert_error(await client.post(url, {"reason": REASON}, key="b"), 404, "not_found")


async def test_a_revoked_request_says_so_on_its_page_with_the_date_and_no_reason(server, client, caplog):
    view, _ = await completed(server, client)
    verification_id = view["verification_id"]
    url = f"/v1/signing-requests/{view['id']}/revoke"
    server.clock.advance(days=3)
    caplog.handler.addFilter(logs.ContextFilter())  # the request's context, as esign's own handler adds it
    with caplog.at_level(logging.INFO, "esign.verification"):
        first = await client.post(url, {"reason": REASON})
    assert first.status == 200, first
    assert first.json["revocation_reason"] == REASON and first.json["revoked_at"] is not None
    assert any(f"signing request {view['id']} revoked" in r.getMessage()
               and getattr(r, "request_id", None) == first.headers["X-Request-ID"] for r in caplog.records)
    # idempotent: the first revocation stands, recorded once
    again = await client.post(url, {"reason": "another reason"})
    assert again.status == 200 and again.json["revoked_at"] == first.json["revoked_at"]
    assert again.json["revocation_reason"] == REASON
    events = (await client.get(f"/v1/signing-requests/{view['id']}/events")).json
    revoked = [e for e in (events["items"] if isinstance(events, dict) else events)
               if e["event_type"] == "signing_request.revoked"]
    assert len(revoked) == 1
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert "esign_revocations_total 1.0" in metrics

    shown = (await client.get(f"/v/{verification_id}", key=None, headers=JSON))
    assert shown.status == 200
    assert shown.json["status"] == "revoked_by_sender" and shown.json["revoked_at"] == first.json["revoked_at"]
    assert "revocation_reason" not in shown.json and "forged" not in shown.body.decode()
    html = (await client.get(f"/v/{verification_id}?lang=de", key=None)).body.decode()
    assert 'data-status="revoked_by_sender"' in html and "vom Absender widerrufen" in html
    assert "forged" not in html and "Grund" not in html

    # an organisation that opts in to names shows the sender's reason too (never an email)
    await raw_db(server.services).organizations.update_one({"name": "Org A"}, {"$set": {"verification_names": True}})
    named = (await client.get(f"/v/{verification_id}", key=None, headers=JSON)).json
    assert named["revocation_reason"] == REASON and named["status"] == "revoked_by_sender"
    assert REASON in (await client.get(f"/v/{verification_id}", key=None)).body.decode()

    # a purge of everything removes the reason; the page still says revoked, not only purged
    admin = await admin_key(server)
    purge = {"action": "purge_all", "reason": "retention period over"}
    assert (await client.post(f"/v1/signing-requests/{view['id']}/purge", purge, key=admin)).status == 202
    await server.run_jobs()
    after = (await client.get(f"/v1/signing-requests/{view['id']}")).json
    assert after["purged_at"] and after["revocation_reason"] is None and after["revoked_at"] == first.json["revoked_at"]
    page = (await client.get(f"/v/{verification_id}", key=None, headers=JSON)).json
    assert page["status"] == "revoked_by_sender" and page["revocation_reason"] is None

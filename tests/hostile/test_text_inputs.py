"""Hostile text and time inputs (issue 24 item 6): date-times past year 9999 once in UTC, NUL and the
other control characters in any text, bidirectional controls in names, and storage keys in webhook
payloads beyond the one the specification names."""
from __future__ import annotations

import pytest

from esign.domain.requests import lifecycle
from tests.support import assert_error
from tests.support.signing import make_request, new_request, spost
from tests.support.webhooks import create_hook

ANN = {"name": "Ann", "email": "ann@example.test"}
BOB = {"name": "Bob", "email": "bob@example.test"}


def assert_invalid(resp, field: str) -> dict:
    error = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in error["details"]] == [field], error
    return error


@pytest.mark.parametrize("path, field, value", [
    ("/v1/events", "after", "9999-12-31T23:59:59-23:59"),
    ("/v1/events", "after", "0001-01-01T00:00:00+14:00"),
    ("/v1/signing-requests", "created_before", "0001-01-01T00:00:00+14:00"),
    ("/v1/signing-requests", "created_after", "9999-12-31T23:59:59-23:59"),
])
async def test_a_date_time_beyond_the_calendar_in_utc_is_422(client, path, field, value):
    resp = await client.get(f"{path}?{field}={value.replace('+', '%2B')}")
    error = assert_invalid(resp, field)
    assert "year" in error["details"][0]["message"]
    # the edges themselves are answered
    assert (await client.get(f"{path}?{field}=9999-12-31T23:59:59Z")).status == 200


NUL = "a\x00b"


async def test_control_characters_are_refused_in_every_text_input(server, client, document_id):
    base = {"document_id": document_id, "signers": [ANN]}
    for value in (NUL, "bell\x07", "escape\x1b[31m", "del\x7f", "c1\x85"):
        assert_invalid(await client.post("/v1/signing-requests", {**base, "message": value}), "message")
    assert_invalid(await client.post("/v1/webhooks", {"name": NUL, "url": "http://127.0.0.1:9/hook",
                                                      "events": ["signing_request.created"]}), "name")
    assert_invalid(await client.post("/v1/templates", {"name": "T", "description": NUL}), "description")
    assert_invalid(await client.post("/v1/signing-requests", {**base, "fields": [
        {"signer_email": ANN["email"], "field_type": "text", "x_percent": 10, "y_percent": 10, "value": NUL}]}),
        "fields.0.value")
    assert_invalid(await client.get("/v1/events?event_type=a%00b"), "event_type")
    made = await client.post("/v1/signing-requests", {**base, "auto_send": True})
    assert made.status == 201, made
    assert_invalid(await client.post(f"/v1/signing-requests/{made.json['id']}/cancel", {"reason": NUL}), "reason")
    # multi-line text keeps its tabs and line breaks
    ok = await client.post("/v1/signing-requests", {**base, "message": "Dear Ann,\r\n\tplease sign.\nAda"})
    assert ok.status == 201, ok
    assert ok.json["message"] == "Dear Ann,\r\n\tplease sign.\nAda"


async def test_a_decline_reason_with_nul_is_refused(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    token = await made.token(0)
    assert_invalid(await spost(server, token, "decline", {"reason": f"wrong {NUL}"}), "reason")
    assert (await made.get())["status"] == "pending"


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u202d", "\u2066", "\u2067", "\u2069"])
async def test_bidi_controls_are_refused_in_names(client, document_id, char):
    name = f"Eve {char}moc.live"
    assert_invalid(await client.post("/v1/contacts", {"name": name, "email": "eve@example.test"}), "name")
    base = {"document_id": document_id, "signers": [ANN]}
    assert_invalid(await client.post("/v1/signing-requests", {**base, "signers": [{**ANN, "name": name}]}),
                   "signers.0.name")
    assert_invalid(await client.post("/v1/signing-requests",
                                     {**base, "cc_emails": [{"email": "legal@example.test", "name": name}]}),
                   "cc_emails.0.name")
    assert_invalid(await client.post("/v1/signing-requests", {**base, "email_subject": name}), "email_subject")
    # right-to-left text itself is a name like any other
    ok = await client.post("/v1/contacts", {"name": "שרה לוי", "email": "sara@example.test"})
    assert ok.status == 201, ok


async def test_webhook_payloads_name_the_storage_key_in_completed_only(server, client, receiver):
    await create_hook(client, receiver.url(), events=["signing_request.completed", "signer.signed",
                                                      "document.signed", "signing_request.sent"])
    request = await new_request(server, signers=[ANN, BOB], order="parallel")
    for s in request["signers"]:
        request = await lifecycle.sign(server.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
    await server.run_jobs()
    got = {}
    for r in receiver.requests:
        got.setdefault(r.json["event"], []).append(r)
    assert set(got) == {"signing_request.completed", "signer.signed", "document.signed", "signing_request.sent"}
    [completed] = got.pop("signing_request.completed")
    key = completed.json["data"]["signed_pdf_storage_key"]
    assert key
    for event, deliveries in got.items():
        for r in deliveries:
            assert "signed_pdf_storage_key" not in r.json["data"], (event, r.json)
            assert key.encode() not in r.body and b"orgs/" not in r.body, (event, r.body)

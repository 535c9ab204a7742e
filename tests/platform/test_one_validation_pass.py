"""One validation pass (issue 37): a creating call's 422 lists every problem of its body in `details`,
those its schema finds and those the checks after it find (documents, signers, fields, the webhook's
URL, ...), rather than one stage's at a time."""
from __future__ import annotations

from tests.support import assert_error

MISSING = "6f1c3a5e-0000-4000-8000-000000000000"  # names no document, template or signer


def _fields(resp) -> list[str]:
    return sorted(d["field"] for d in assert_error(resp, 422, "validation_error")["details"])


async def test_a_signing_request_body_answers_every_problem(client):
    resp = await client.post("/v1/signing-requests", {
        "document_id": MISSING,  # no such document (checked against the database)
        "message": "x" * 1001,  # over its length (the schema)
        "signers": [{"name": "Ann", "email": "ann@example.test"}, {"name": "Ann", "email": "ANN@example.test"}],
        "identity_verification_required": True,  # no identity provider is configured
    })
    assert _fields(resp) == ["document_id", "identity_verification_required", "message", "signers"]


async def test_an_envelope_body_answers_every_problem(client, document_id):
    resp = await client.post("/v1/signing-requests", {
        "document_ids": [document_id, MISSING],  # the second names no document
        "expires_in_days": 0,  # out of range (the schema)
        "signers": [{"name": "Bo", "email": "bo@example.test", "delivery": "sms"}],  # text without a phone
        "phone_verification_required": True,  # and no phone for the code
    })
    assert _fields(resp) == ["document_ids.1", "expires_in_days", "signers.0.phone", "signers.0.phone"]


async def test_fields_of_a_create_body_are_checked_with_the_rest(client, document_id):
    resp = await client.post("/v1/signing-requests", {
        "document_id": document_id, "email_subject": "x" * 1000,
        "signers": [{"name": "Cy", "email": "cy@example.test"}],
        "fields": [{"signer_email": "nobody@example.test", "page_number": 99, "x_percent": 10, "y_percent": 10}],
    })
    assert _fields(resp) == ["email_subject", "fields.0.page_number", "fields.0.signer_email"]


async def test_a_draft_edit_answers_every_problem(client, document_id):
    draft = (await client.post("/v1/signing-requests", {
        "document_id": document_id, "signers": [{"name": "Di", "email": "di@example.test"}]})).json
    resp = await client.patch(f"/v1/signing-requests/{draft['id']}", {
        "message": "x" * 1001,  # over its length (the schema)
        "signers": [{"name": "Di", "email": "di@example.test"}, {"name": "Di", "email": "DI@example.test"},
                    {"name": "Ed", "email": "ed@example.test", "delivery": "sms"}],  # twice; text without a phone
    })
    assert _fields(resp) == ["message", "signers", "signers.2.phone"]


async def test_a_template_body_answers_every_problem(client):
    resp = await client.post("/v1/templates", {
        "name": "",  # too short (the schema)
        "document_id": MISSING,  # no such document
        "identity_verification_required": True,  # no identity provider is configured
    })
    assert _fields(resp) == ["document_id", "identity_verification_required", "name"]


async def test_a_webhook_body_answers_every_problem(client):
    resp = await client.post("/v1/webhooks", {
        "name": "",  # too short (the schema)
        "url": "ftp://example.test/hook",  # not http(s): found by the URL's check after the schema
        "events": ["signer.signed", "no.such_event"],  # not an event type (the schema)
    })
    assert _fields(resp) == ["events.1", "name", "url"]


async def test_a_contact_body_answers_every_problem(client):
    resp = await client.post("/v1/contacts", {"name": " ", "email": "not an address", "phone": "12", "colour": "red"})
    assert _fields(resp) == ["colour", "email", "name", "phone"]


async def test_a_fields_body_answers_every_problem_of_every_field(client, document_id):
    made = await client.post("/v1/signing-requests", {"document_id": document_id,
                                                      "signers": [{"name": "Di", "email": "di@example.test"}]})
    assert made.status == 201, made
    signer = made.json["signers"][0]["id"]
    resp = await client.post(f"/v1/signing-requests/{made.json['id']}/fields", {"fields": [
        {"signer_id": signer, "field_type": "stamp", "x_percent": 10, "y_percent": 10},  # no such type (schema)
        {"signer_id": MISSING, "x_percent": 10, "y_percent": 20},  # not a signer of the request
        {"signer_id": signer, "page_number": 99, "x_percent": 10, "y_percent": 30},  # past the last page
    ]})
    assert _fields(resp) == ["fields.0.field_type", "fields.1.signer_id", "fields.2.page_number"]

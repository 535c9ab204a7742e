"""Bidirectional controls (issue 35, part 6): the embeddings, overrides and isolates (U+202A to
U+202E, U+2066 to U+2069) and the marks U+200E, U+200F and U+061C are refused with a 422 naming the
field wherever a name, message, reason, placeholder, description or webhook name is taken, through the
API and the signer's API alike (esign.schema: `Line` and `Name`, and every plain string of an input
schema). Right-to-left text without them is text like any other."""
from __future__ import annotations

import pytest

from tests.support import SAMPLE_PDF, assert_error
from tests.support.signing import ANN, BOB, make_request, spost

CHARS = ["\u202e", "\u202a", "\u2067", "\u2069", "\u200e", "\u200f", "\u061c"]
SIGNER = {"name": "Ann", "email": "ann@example.test"}


async def signer_name(server, text):
    return "signers.0.name", await server.client.post("/v1/signing-requests", {
        "document_id": await upload(server), "signers": [{**SIGNER, "name": f"Ann {text}"}]})


async def request_message(server, text):
    return "message", await server.client.post("/v1/signing-requests", {
        "document_id": await upload(server), "signers": [SIGNER], "message": f"Please sign {text}"})


async def placeholder(server, text):
    return "fields.0.placeholder", await server.client.post("/v1/signing-requests", {
        "document_id": await upload(server), "signers": [SIGNER],
        "fields": [{"signer_email": SIGNER["email"], "field_type": "text", "x_percent": 10, "y_percent": 10,
                    "placeholder": f"Your city {text}"}]})


async def cancel_reason(server, text):
    made = await make_request(server, send=False)
    return "reason", await server.client.post(f"/v1/signing-requests/{made.id}/cancel", {"reason": f"No {text}"})


async def decline_reason(server, text):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    return "reason", await spost(server, await made.token(0), "decline", {"reason": f"Wrong amount {text}"})


async def delegate_reason(server, text):
    made = await make_request(server, [ANN], fields={"a": {}}, allow_delegation=True)
    return "reason", await spost(server, await made.token(0), "delegate", {
        "name": "Cy Example", "email": "cy@example.test", "reason": f"On leave {text}"})


async def webhook_name(server, text):
    return "name", await server.client.post("/v1/webhooks", {
        "name": f"hook {text}", "url": "http://127.0.0.1:9/hook", "events": ["signing_request.sent"]})


async def template_description(server, text):
    return "description", await server.client.post("/v1/templates", {"name": "NDA", "description": f"For {text}"})


async def template_role(server, text):
    return "roles.0.name", await server.client.post("/v1/templates", {"name": "NDA", "roles": [{"name": f"Buyer {text}"}]})


async def upload(server) -> str:
    resp = await server.client.upload(SAMPLE_PDF.read_bytes())
    assert resp.status == 201, resp
    return resp.json["id"]


KINDS = {f.__name__: f for f in (signer_name, request_message, placeholder, cancel_reason, decline_reason,
                                 delegate_reason, webhook_name, template_description, template_role)}


@pytest.mark.parametrize("kind", KINDS)
async def test_bidi_controls_are_refused_naming_the_field(server, kind):
    for char in CHARS:
        field, resp = await KINDS[kind](server, f"{char}moc.live")
        error = assert_error(resp, 422, "validation_error")
        assert [d["field"] for d in error["details"]] == [field], (repr(char), error)
        assert f"U+{ord(char):04X}" in error["details"][0]["message"], (repr(char), error)
    # right-to-left text without the controls is taken
    field, resp = await KINDS[kind](server, "שרה לוי سارة")
    assert resp.status in (200, 201), resp

"""What integrators need from the completion webhooks without another call (issue 37): the field
values in `signing_request.completed`, and in `document.signed` a download link (not only a storage
key) that serves the signed PDF."""
from __future__ import annotations

import asyncio
import urllib.request

from esign.domain.requests import request_events
from tests.support.signing import make_request, spost, typed
from tests.support.webhooks import create_hook

ANN = {"name": "Ann Example", "email": "ann@example.test"}


async def test_completion_carries_field_values_and_document_signed_a_working_download_link(server, client, receiver):
    await create_hook(client, receiver.url(), events=["signing_request.completed", "document.signed"])
    made = await make_request(server, [ANN], fields={
        "sig": {"field_type": "signature"},
        "company": {"field_type": "text", "placeholder": "Company"},
        "note": {"field_type": "text", "is_required": False},
        "agree": {"field_type": "checkbox", "placeholder": "I agree"}})
    token = await made.token()
    signed = await spost(server, token, "sign", {"signature": typed(), "consent": True, "values": {
        made.fields["company"]: "ACME Ltd", made.fields["agree"]: "true"}})
    assert signed.status == 200, signed
    for _ in range(3):
        await server.run_jobs()
    by_event = {got.json["event"]: got.json["data"] for got in receiver.requests}

    values = {v["field_id"]: v for v in by_event["signing_request.completed"]["field_values"]}
    assert values[made.fields["sig"]] == {"field_id": made.fields["sig"], "signer_id": made.signer_ids[0],
                                          "name": None, "field_type": "signature", "value": "signed"}
    assert (values[made.fields["company"]]["name"], values[made.fields["company"]]["value"]) == ("Company", "ACME Ltd")
    assert values[made.fields["agree"]]["value"] == "true"
    assert values[made.fields["note"]]["value"] is None

    document = by_event["document.signed"]
    assert "signed_pdf_storage_key" not in document  # the storage key is named once, in signing_request.completed
    assert document["download_expires_at"].endswith("Z")
    def download():  # the server shares this event loop: fetched from a thread
        with urllib.request.urlopen(document["download_url"], timeout=30) as resp:
            return resp.read(5)

    assert await asyncio.to_thread(download) == b"%PDF-"


def test_field_values_larger_than_the_bound_are_left_to_the_api():
    field = {"id": "f", "signer_id": "s", "field_type": "text", "placeholder": None}
    request = {"signers": [{"id": "s", "status": "signed"}],
               "fields": [dict(field, id=str(i), value="é" * 1000) for i in range(50)]}
    assert len(request_events.field_values(request)) == 50  # 50 x 2 KB as UTF-8: far below the bound
    request["fields"] *= 2  # 100 x 1,000 characters may take 400 KB: over it
    assert request_events.field_values(request) is None

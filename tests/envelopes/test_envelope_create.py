"""Envelopes (docs/envelopes.md): a signing request of several documents, each field on a page of
one of them; anchors and text tags found in every document; bad envelopes are 422s."""
import pytest

from esign.domain.requests.envelope import MAX_DOCUMENTS
from tests.support import assert_error
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.placement import SIGNERS, upload

ANN, SAM = SIGNERS[0]["email"], SIGNERS[1]["email"]


async def three(client):
    first = (await client.upload(SAMPLE_PDF.read_bytes(), "offer.pdf")).json          # 4 pages
    second = await upload(client, "reportlab.pdf")                                     # anchors: Signature:, Date:
    third = (await client.upload(ONE_PAGE_PDF.read_bytes(), "benefits.pdf")).json      # 1 page
    return first, second, third


async def test_three_documents_with_fields_by_coordinates_and_anchors(client):
    first, second, third = await three(client)
    resp = await client.post("/v1/signing-requests", {
        "document_ids": [first["id"], second["id"], third["id"]], "signers": SIGNERS, "fields": [
            {"signer_email": ANN, "page_number": 4, "x_percent": 10, "y_percent": 80},
            {"signer_email": SAM, "document_id": third["id"], "page_number": 1, "x_percent": 50, "y_percent": 50},
            {"signer_email": ANN, "field_type": "date", "anchor": {"text": "Buyer Signature:"}},
        ]})
    assert resp.status == 201, resp
    record = resp.json
    assert record["document_id"] == first["id"] and record["document_name"] == "offer.pdf"
    assert [(d["id"], d["name"], d["page_count"], d["order"]) for d in record["documents"]] == [
        (first["id"], "offer.pdf", 4, 1), (second["id"], "reportlab.pdf", 2, 2),
        (third["id"], "benefits.pdf", 1, 3)]
    fields = (await client.get(f"/v1/signing-requests/{record['id']}/fields")).json
    assert [(f["document_id"], f["page_number"]) for f in fields] == [
        (first["id"], 4), (third["id"], 1), (second["id"], 1)]
    again = (await client.get(f"/v1/signing-requests/{record['id']}")).json
    assert again["documents"] == record["documents"]


async def test_an_anchor_naming_its_document_is_looked_for_there_only(client):
    first, second, _ = await three(client)
    ids = [first["id"], second["id"]]
    missing = await client.post("/v1/signing-requests", {"document_ids": ids, "signers": SIGNERS, "fields": [
        {"signer_email": ANN, "document_id": first["id"], "anchor": {"text": "Buyer Signature:"}}]})
    assert_error(missing, 422, "validation_error")
    assert missing.json["error"]["details"][0]["field"] == "fields.0.anchor"


async def test_one_document_requests_list_their_document(client):
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "one.pdf")).json
    resp = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": SIGNERS, "fields": [
        {"signer_email": ANN, "page_number": 2, "x_percent": 10, "y_percent": 10}]})
    assert resp.status == 201, resp
    assert resp.json["documents"] == [{"id": doc["id"], "name": "one.pdf", "page_count": 4, "order": 1}]
    fields = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert fields[0]["document_id"] == doc["id"]


@pytest.mark.parametrize("body,field", [
    (lambda a, b: {"document_id": a, "document_ids": [a, b]}, "document_ids"),
    (lambda a, b: {}, "document_id"),
    (lambda a, b: {"document_ids": []}, "document_ids"),
    (lambda a, b: {"document_ids": [a, a]}, "document_ids"),
    (lambda a, b: {"document_ids": [a] * (MAX_DOCUMENTS + 1)}, "document_ids"),
    (lambda a, b: {"document_ids": [a, "6f1c3a5e-0000-4000-8000-000000000000"]}, "document_ids.1"),
])
async def test_bad_envelopes_are_422(client, body, field):
    first, second, _ = await three(client)
    resp = await client.post("/v1/signing-requests", {**body(first["id"], second["id"]), "signers": SIGNERS})
    assert_error(resp, 422, "validation_error")
    assert field in [d["field"] for d in resp.json["error"]["details"]], resp.json


async def test_a_field_on_a_page_or_document_not_there_is_422(client):
    first, second, third = await three(client)
    resp = await client.post("/v1/signing-requests", {
        "document_ids": [first["id"], third["id"]], "signers": SIGNERS, "fields": [
            {"signer_email": ANN, "document_id": third["id"], "page_number": 2, "x_percent": 1, "y_percent": 1},
            {"signer_email": ANN, "document_id": second["id"], "page_number": 1, "x_percent": 1, "y_percent": 1}]})
    assert_error(resp, 422, "validation_error")
    assert {(d["field"], d["message"]) for d in resp.json["error"]["details"]} == {
        ("fields.0.page_number", "the document has 1 pages"),
        ("fields.1.document_id", "not one of the request's documents")}


async def test_text_tags_are_found_in_every_document(client):
    plain = (await client.upload(ONE_PAGE_PDF.read_bytes(), "plain.pdf")).json
    tagged = await upload(client, "reportlab.pdf")
    assert tagged["text_tags"], tagged
    resp = await client.post("/v1/signing-requests", {"document_ids": [plain["id"], tagged["id"]],
                                                      "signers": SIGNERS, "fields_from_text_tags": True})
    assert resp.status == 201, resp
    fields = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert len(fields) == len(tagged["text_tags"])
    assert {f["document_id"] for f in fields} == {tagged["id"]}

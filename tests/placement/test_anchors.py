"""Fields placed at anchor texts (docs/placement.md), compared with where poppler's pdftotext -bbox
says the same words are, within 0.5 % of the page."""
import io

import pypdfium2
import pytest

from tests.support import assert_error
from tests.support.placement import CORPUS, PRODUCERS, SIGNERS, assert_at, complete, near, phrase_boxes, upload

ANN, SAM = SIGNERS[0]["email"], SIGNERS[1]["email"]


async def create(client, document_id, fields, **extra):
    return await client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS,
                                                      "fields": fields, **extra})


@pytest.mark.parametrize("name", PRODUCERS)
async def test_anchor_boxes_match_poppler(client, name):
    doc = await upload(client, name)
    fields = [
        {"signer_email": ANN, "anchor": {"text": "Buyer Signature:"}},
        {"signer_email": SAM, "anchor": {"text": "Signature:", "occurrence": 2}},
        {"signer_email": SAM, "field_type": "date", "anchor": {"text": "Date:", "occurrence": "all"},
         "width_percent": 10, "height_percent": 2},
    ]
    resp = await create(client, doc["id"], fields)
    assert resp.status == 201, resp
    listed = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert len(listed) == 4
    buyer, seller, *dates = listed
    assert_at(buyer, phrase_boxes(CORPUS / name, "Buyer Signature:")[0])
    # "Signature:" the second time in reading order is the seller's
    seller_box = phrase_boxes(CORPUS / name, "Seller Signature:")[0]
    signature_word = phrase_boxes(CORPUS / name, "Signature:")[1]
    assert signature_word[2] == pytest.approx(seller_box[2], abs=0.01)
    assert_at(seller, signature_word)
    assert [d["field_type"] for d in dates] == ["date", "date"]
    for field, box in zip(dates, phrase_boxes(CORPUS / name, "Date:")):
        assert_at(field, box)
        assert field["anchor"] == {"text": "Date:", "occurrence": "all", "x_offset": 0, "y_offset": 0,
                                   "units": "percent", "if_missing": "error"}
    assert buyer["signer_id"] == resp.json["signers"][0]["id"] and seller["signer_name"] == "Sam Seller"


async def test_rotated_and_offset_pages(client):
    """Page 1 has /Rotate 90; page 2 a MediaBox starting at (40, 30) and /Rotate 270."""
    name = "reportlab-rotated-offset.pdf"
    doc = await upload(client, name)
    resp = await create(client, doc["id"], [{"signer_email": ANN, "anchor": {
        "text": "Seller Signature:", "occurrence": "all"}, "width_percent": 5, "height_percent": 10}])
    assert resp.status == 201, resp
    fields = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    boxes = phrase_boxes(CORPUS / name, "Seller Signature:")
    assert [f["page_number"] for f in fields] == [1, 2] and len(boxes) == 2
    for field, box in zip(fields, boxes):
        assert_at(field, box)


async def test_text_in_pieces_white_space_and_offsets(client):
    doc = await upload(client, "reportlab.pdf")
    fields = [
        # page 2 draws "Signa" and "ture:" separately: the third "Signature:" of the document
        {"signer_email": ANN, "anchor": {"text": "Signature:", "occurrence": 3}},
        # drawn with three spaces; given with a line end and a tab
        {"signer_email": ANN, "field_type": "text", "anchor": {"text": "Witness\n\tname"}},
        {"signer_email": ANN, "field_type": "text", "anchor": {"text": "Buyer Signature:", "x_offset": 72,
                                                               "y_offset": -12, "units": "pt"}},
        {"signer_email": ANN, "field_type": "text", "anchor": {"text": "Buyer Signature:", "x_offset": 30,
                                                               "y_offset": 2}},
    ]
    resp = await create(client, doc["id"], fields)
    assert resp.status == 201, resp
    pieces, witness, in_pt, in_percent = (await client.get(
        f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert_at(pieces, phrase_boxes(CORPUS / "reportlab.pdf", "Signature:")[2])
    assert pieces["page_number"] == 2
    assert_at(witness, phrase_boxes(CORPUS / "reportlab.pdf", "Witness name")[0])
    buyer = phrase_boxes(CORPUS / "reportlab.pdf", "Buyer Signature:")[0]
    assert_at(in_pt, buyer, dx=100 * 72 / 595.276, dy=-100 * 12 / 841.89)
    assert_at(in_percent, buyer, dx=30, dy=2)


async def test_anchor_on_the_fields_endpoint_and_if_missing_skip(client):
    doc = await upload(client, "chromium.pdf")
    request = (await create(client, doc["id"], [])).json
    ann = request["signers"][0]["id"]
    resp = await client.post(f"/v1/signing-requests/{request['id']}/fields", {"fields": [
        {"signer_id": ann, "anchor": {"text": "Nowhere to be seen", "if_missing": "skip"}},
        {"signer_id": ann, "anchor": {"text": "Date:", "occurrence": 3, "if_missing": "skip"}},
        {"signer_id": ann, "anchor": {"text": "Date:", "occurrence": 2}},
        {"signer_id": ann, "page_number": 1, "x_percent": 5, "y_percent": 5},
    ]})
    assert resp.status == 201, resp
    assert len(resp.json) == 2
    assert_at(resp.json[0], phrase_boxes(CORPUS / "chromium.pdf", "Date:")[1])
    assert resp.json[1]["x_percent"] == 5 and resp.json[1].get("anchor") is None
    assert (await client.get(f"/v1/signing-requests/{request['id']}/fields")).json == resp.json


@pytest.mark.parametrize("anchor, field, detail", [
    ({"text": "Notary Signature:"}, "fields.1.anchor", "Notary Signature:"),
    ({"text": "Date:", "occurrence": 3}, "fields.1.anchor", "it occurs 2 times"),
    ({"text": "signature:"}, "fields.1.anchor", "'signature:'"),  # case-sensitive
    ({"text": "Date:", "x_offset": 98}, "fields.1.anchor", "would not lie within the page"),
    ({"text": "Date:", "y_offset": -500, "units": "pt"}, "fields.1.anchor", "would not lie within the page"),
])
async def test_not_found_or_off_page_is_422(client, anchor, field, detail):
    doc = await upload(client, "libreoffice-docx.pdf")
    resp = await create(client, doc["id"], [{"signer_email": ANN, "anchor": {"text": "Buyer Signature:"}},
                                            {"signer_email": ANN, "anchor": anchor}])
    error = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in error["details"]] == [field]
    assert detail in error["details"][0]["message"]


@pytest.mark.parametrize("field, where", [
    ({"anchor": {"text": "Date:"}, "x_percent": 10}, "fields.0.anchor"),
    ({"anchor": {"text": "Date:"}, "page_number": 1}, "fields.0.anchor"),
    ({"x_percent": 10}, "fields.0.y_percent"),
    ({}, "fields.0.x_percent"),
    ({"anchor": {"text": "   "}}, "fields.0.anchor.text"),
    ({"anchor": {"text": "Date:", "occurrence": 0}}, "fields.0.anchor.occurrence"),
    ({"anchor": {"text": "Date:", "occurrence": "every"}}, "fields.0.anchor.occurrence"),
    ({"anchor": {"text": "Date:", "occurrence": True}}, "fields.0.anchor.occurrence"),
    ({"anchor": {"text": "Date:", "units": "mm"}}, "fields.0.anchor.units"),
    ({"anchor": {"text": "Date:", "if_missing": "ignore"}}, "fields.0.anchor.if_missing"),
    ({"anchor": {"text": "Date:", "colour": "red"}}, "fields.0.anchor.colour"),
    ({"anchor": "Date:"}, "fields.0.anchor"),
])
async def test_malformed_anchor_is_422(client, field, where):
    doc = await upload(client, "reportlab.pdf")
    error = assert_error(await create(client, doc["id"], [{"signer_email": ANN, **field}]), 422, "validation_error")
    assert where in [d["field"] for d in error["details"]], error


async def test_template_keeps_anchors_and_resolves_them_when_sending(client):
    doc = await upload(client, "libreoffice-docx.pdf")
    template = await client.post("/v1/templates", {"name": "Sale", "document_id": doc["id"], "roles": [
        {"name": "Buyer", "fields": [{"anchor": {"text": "Buyer Signature:"}}]},
        {"name": "Seller", "fields": [{"anchor": {"text": "Seller Signature:"}, "width_percent": 30}]}]})
    assert template.status == 201, template
    assert template.json["roles"][0]["fields"][0]["anchor"]["text"] == "Buyer Signature:"
    assert "x_percent" not in template.json["roles"][0]["fields"][0]
    sent = await client.post(f"/v1/templates/{template.json['id']}/send", {"auto_send": False, "signers": [
        {"role": "Buyer", **SIGNERS[0]}, {"role": "Seller", **SIGNERS[1]}]})
    assert sent.status == 201, sent
    buyer, seller = (await client.get(f"/v1/signing-requests/{sent.json['id']}/fields")).json
    assert_at(buyer, phrase_boxes(CORPUS / "libreoffice-docx.pdf", "Buyer Signature:")[0])
    assert_at(seller, phrase_boxes(CORPUS / "libreoffice-docx.pdf", "Seller Signature:")[0])
    assert seller["width_percent"] == 30
    # a document without the anchor text: 422 when sending, nothing made
    other = await upload(client, "reportlab-roles.pdf")
    resp = await client.post(f"/v1/templates/{template.json['id']}/send", {"document_id": other["id"], "signers": [
        {"role": "Buyer", **SIGNERS[0]}, {"role": "Seller", **SIGNERS[1]}]})
    assert "Buyer Signature:" in assert_error(resp, 422, "validation_error")["details"][0]["message"]


async def test_signed_pdf_stamps_at_the_anchor_on_a_rotated_page(server, client):
    """A text value stamped at an anchor on the /Rotate 270, offset page lands on the anchor: poppler
    finds the stamped word where the anchor's box starts."""
    name = "reportlab-rotated-offset.pdf"
    doc = await upload(client, name)
    resp = await create(client, doc["id"], [
        {"signer_email": ANN, "field_type": "text", "value": "QQSTAMPED", "width_percent": 30, "height_percent": 3,
         "anchor": {"text": "Seller Signature:", "occurrence": 2}}])
    assert resp.status == 201, resp
    signed = await complete(server, resp.json["id"])
    path = CORPUS.parent.parent.parent / ".pytest-placement-signed.pdf"
    try:
        path.write_bytes(signed)
        stamped = phrase_boxes(path, "QQSTAMPED")
    finally:
        path.unlink()
    anchor = phrase_boxes(CORPUS / name, "Seller Signature:")[1]
    assert len(stamped) == 1 and stamped[0][0] == anchor[0] == 2
    # the value is drawn left-aligned, a little inside the field's box, on the anchor's line
    assert near(stamped[0][1], anchor[1], 1.5) and near(stamped[0][2], anchor[2], 1.5), (stamped, anchor)
    page = pypdfium2.PdfDocument(io.BytesIO(signed))[1]
    assert page.get_rotation() == 270


async def test_bulk_sends_from_a_template_with_anchors_and_every_page_fields(server, client):
    """Issue 25 item 7: a bulk send from a template whose role places its signature at an anchor and
    its initials on every page makes requests with the fields where the template says."""
    doc = await upload(client, "reportlab.pdf")  # two pages
    template = await client.post("/v1/templates", {"name": "Sale", "document_id": doc["id"], "roles": [
        {"name": "Buyer", "fields": [
            {"anchor": {"text": "Buyer Signature:"}},
            {"field_type": "initials", "x_percent": 85, "y_percent": 92, "width_percent": 8, "height_percent": 4,
             "every_page": True}]}]})
    assert template.status == 201, template
    recipients = [{"signers": [{"name": f"Buyer {i}", "email": f"buyer{i}@example.test", "role": "Buyer"}]}
                  for i in range(3)]
    resp = await client.post("/v1/bulk-send", {"template_id": template.json["id"], "recipients": recipients})
    assert resp.status == 202, resp
    await server.run_jobs()
    job = (await client.get(f"/v1/bulk-jobs/{resp.json['bulk_job_id']}")).json
    assert job["status"] == "completed" and job["success_count"] == 3, job
    anchor = phrase_boxes(CORPUS / "reportlab.pdf", "Buyer Signature:")[0]
    for item in job["items"]:
        fields = (await client.get(f"/v1/signing-requests/{item['signing_request_id']}/fields")).json
        signature = [f for f in fields if f["field_type"] == "signature"]
        initials = [f for f in fields if f["field_type"] == "initials"]
        assert len(signature) == 1
        assert_at(signature[0], anchor)
        assert sorted(f["page_number"] for f in initials) == [1, 2]
        assert all((f["x_percent"], f["y_percent"]) == (85, 92) for f in initials)

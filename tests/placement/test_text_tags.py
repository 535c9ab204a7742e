"""Text tags `{{type;signer=N;...}}` found at upload and turned into fields (docs/placement.md);
their boxes compared with poppler's pdftotext -bbox, and covered in the signed PDF."""
import io

import pypdfium2
import pytest

from tests.support import SAMPLE_PDF, assert_error
from tests.support.placement import CORPUS, PRODUCERS, SIGNERS, assert_at, complete, near, phrase_boxes, upload

TAGS = ["{{signature;signer=1;name=Buyer signature}}", "{{date;signer=2;required=false}}",
        "{{select;signer=1;options=Red|Green|Blue;width=15;height=3}}"]


def tag_box(name, tag):
    """The tag's box as poppler sees it (a tag with a space inside is two words)."""
    return phrase_boxes(CORPUS / name, tag)[0]


@pytest.mark.parametrize("name", PRODUCERS)
async def test_tags_found_at_upload(client, name):
    doc = await upload(client, name)
    extra = ["{{initials;signer=2}}"] if name == "reportlab.pdf" else []  # on its page 2
    assert [t["tag"] for t in doc["text_tags"]] == TAGS + extra
    assert doc["text_tag_errors"] == [] and doc["text_tags_truncated"] is False
    assert [t["attributes"] for t in doc["text_tags"]] == [
        {"type": "signature", "signer": 1, "name": "Buyer signature"},
        {"type": "date", "signer": 2, "required": False},
        {"type": "select", "signer": 1, "options": ["Red", "Green", "Blue"], "width": 15.0, "height": 3.0},
        *({"type": "initials", "signer": 2} for _ in extra)]
    for tag in doc["text_tags"]:
        page, x, y, w, h = tag_box(name, tag["tag"])
        assert tag["page"] == page
        assert near(tag["x_percent"], x) and near(tag["y_percent"], y), (tag, (x, y))
        assert near(tag["x_percent"] + tag["width_percent"], x + w), (tag, (x, w))
        assert near(tag["y_percent"] + tag["height_percent"], y + h), (tag, (y, h))
    got = await client.get(f"/v1/documents/{doc['id']}")
    assert got.status == 200, got
    assert got.json["text_tags"] == doc["text_tags"] and got.json["page_count"] == 1 + len(extra)
    assert set(got.json) >= {"id", "name", "file_size", "page_count", "status", "created_at"}


@pytest.mark.parametrize("name", PRODUCERS)
async def test_fields_from_text_tags(client, name):
    doc = await upload(client, name)
    resp = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": SIGNERS,
                                                      "fields_from_text_tags": True})
    assert resp.status == 201, resp
    ann, sam = (s["id"] for s in resp.json["signers"])
    signature, date, select, *extra = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert [(f["field_type"], f["page_number"]) for f in extra] == ([("initials", 2)] if name == "reportlab.pdf" else [])
    for field, tag in zip((signature, date, select), TAGS):
        assert field["text_tag"] == tag
        assert_at(field, tag_box(name, tag))
    assert (signature["field_type"], signature["signer_id"], signature["placeholder"], signature["is_required"]) == \
        ("signature", ann, "Buyer signature", True)
    assert (date["field_type"], date["signer_id"], date["is_required"]) == ("date", sam, False)
    assert select["options"] == ["Red", "Green", "Blue"]
    assert (select["width_percent"], select["height_percent"]) == (15, 3)
    # the tag's box, at least the minimum size (1 %)
    box = tag_box(name, TAGS[0])
    assert near(signature["width_percent"], box[3]) and signature["height_percent"] >= 1


async def test_template_fields_from_role_tags(client):
    doc = await upload(client, "reportlab-roles.pdf")
    assert [t["attributes"].get("role") for t in doc["text_tags"]] == ["Tenant", "Landlord", "tenant"]
    body = {"name": "Lease", "document_id": doc["id"], "fields_from_text_tags": True,
            "roles": [{"name": "Tenant"}, {"name": "Landlord"}]}
    template = await client.post("/v1/templates", body)
    assert template.status == 201, template
    tenant, landlord = template.json["roles"]
    assert [f["field_type"] for f in tenant["fields"]] == ["signature", "date"]
    assert [f["placeholder"] for f in landlord["fields"]] == ["Owner"]
    assert (tenant["fields"][1]["width_percent"], tenant["fields"][1]["height_percent"]) == (20, 4)
    assert "fields_from_text_tags" not in template.json
    # made again on update: replaced, not doubled
    patched = await client.patch(f"/v1/templates/{template.json['id']}", {"fields_from_text_tags": True})
    assert patched.status == 200, patched
    assert [len(r["fields"]) for r in patched.json["roles"]] == [2, 1]
    sent = await client.post(f"/v1/templates/{template.json['id']}/send", {"auto_send": False, "signers": [
        {"role": "Tenant", **SIGNERS[0]}, {"role": "Landlord", **SIGNERS[1]}]})
    assert sent.status == 201, sent
    fields = (await client.get(f"/v1/signing-requests/{sent.json['id']}/fields")).json
    assert [f["text_tag"] for f in fields] == [t["tag"] for t in (doc["text_tags"][0], doc["text_tags"][2],
                                                                   doc["text_tags"][1])]
    # a role the template does not have; signer= tags in a template
    error = assert_error(await client.post("/v1/templates", {**body, "roles": [{"name": "Tenant"}]}), 422,
                         "validation_error")
    assert any("role=Landlord" in d["message"] and "page 1" in d["message"] for d in error["details"]), error
    other = await upload(client, "reportlab.pdf")
    error = assert_error(await client.post("/v1/templates", {**body, "document_id": other["id"]}), 422)
    assert "names signer=1; a template's tags name role=Name" in error["details"][0]["message"]
    error = assert_error(await client.post("/v1/templates", {**body, "document_id": None}), 422)
    assert error["details"][0]["field"] == "fields_from_text_tags"


async def test_malformed_tags(client):
    doc = await upload(client, "reportlab-malformed.pdf")
    assert [t["tag"] for t in doc["text_tags"]] == ["{{signature;signer=1}}"]
    assert [(e["tag"], e["page"]) for e in doc["text_tag_errors"]] == [
        ("{{stamp;signer=1}}", 1), ("{{text;signer=1;colour=red}}", 1)]
    assert "'stamp' is not a field type" in doc["text_tag_errors"][0]["message"]
    assert "colour=red" in doc["text_tag_errors"][1]["message"]
    error = assert_error(await client.post("/v1/signing-requests", {
        "document_id": doc["id"], "signers": SIGNERS, "fields_from_text_tags": True}), 422, "validation_error")
    messages = [d["message"] for d in error["details"]]
    assert len(messages) == 2 and all("on page 1" in m for m in messages)
    assert "{{stamp;signer=1}}" in messages[0] and "{{text;signer=1;colour=red}}" in messages[1]


async def test_missing_signer_and_no_tags(client):
    doc = await upload(client, "chromium.pdf")
    error = assert_error(await client.post("/v1/signing-requests", {
        "document_id": doc["id"], "signers": SIGNERS[:1], "fields_from_text_tags": True}), 422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["fields_from_text_tags"]
    assert "{{date;signer=2;required=false}}" in error["details"][0]["message"]
    assert "page 1" in error["details"][0]["message"] and "signer=2" in error["details"][0]["message"]
    plain = (await client.upload(SAMPLE_PDF.read_bytes(), "plain.pdf")).json
    assert plain["text_tags"] == [] and plain["text_tag_errors"] == []
    error = assert_error(await client.post("/v1/signing-requests", {
        "document_id": plain["id"], "signers": SIGNERS, "fields_from_text_tags": True}), 422)
    assert "no text tags" in error["details"][0]["message"]


@pytest.mark.parametrize("tag, why", [
    ("{{signature}}", "names no signer"),
    ("{{signature;signer=1;role=Buyer}}", "not both"),
    ("{{signature;signer=0}}", "1 to 100"),
    ("{{signature;signer=x}}", "1 to 100"),
    ("{{select;signer=1}}", "needs options"),
    ("{{text;signer=1;width=90}}", "1 to 80"),
    ("{{text;signer=1;height=abc}}", "1 to 40"),
    ("{{text;signer=1;required=yes}}", "true or false"),
    ("{{text;signer=1;signer=2}}", "twice"),
    ("{{text;signer=1;options=A||B}}", "separated by |"),
    ("{{" + "x" * 600 + "}}", "longer than 500"),
])
def test_tag_grammar(tag, why):
    from esign.domain.pages.placement import parse_tag
    from esign.pdf.textboxes import MAX_TAG_CHARS

    attrs, problem = parse_tag(tag[:MAX_TAG_CHARS])
    assert attrs is None and why in problem, problem


async def test_signed_pdf_covers_the_tags(server, client, tmp_path):
    """The select, made optional, is left empty: only the white cover is drawn over its tag."""
    name = "reportlab.pdf"
    doc = await upload(client, name)
    tag = doc["text_tags"][2]
    assert tag["tag"] == TAGS[2]
    resp = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": SIGNERS,
                                                      "fields_from_text_tags": True})
    request = await server.services.store.signing_requests.by_id(resp.json["id"])
    select = request["fields"][2]
    request["fields"][2] = {**select, "is_required": False}  # nothing to choose in this test
    await server.services.store.signing_requests.col.update_one({"_id": request["id"]},
                                                                {"$set": {"fields": request["fields"]}})
    signed = await complete(server, resp.json["id"])

    def ink(pdf: bytes) -> int:
        """Dark pixels inside the select tag's box on page 1."""
        page = pypdfium2.PdfDocument(io.BytesIO(pdf))[0]
        image = page.render(scale=2).to_pil().convert("L")
        w, h = image.size
        box = (tag["x_percent"] * w / 100, tag["y_percent"] * h / 100,
               (tag["x_percent"] + tag["width_percent"]) * w / 100, (tag["y_percent"] + tag["height_percent"]) * h / 100)
        return sum(1 for v in image.crop(tuple(round(v) for v in box)).tobytes() if v < 128)

    assert ink((CORPUS / name).read_bytes()) > 100
    assert ink(signed) == 0

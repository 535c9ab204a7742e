"""Envelope templates (docs/envelopes.md): a template of several documents (`document_ids`), role
fields naming their document, role tags read from every document, sends that give other documents
(by place), and bulk sends making one envelope per recipient; bad envelopes are 422s."""
import pytest

from tests.support import assert_error
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.placement import upload

SIGNERS = [{"name": "Bea Buyer", "email": "bea@example.test", "role": "buyer"},
           {"name": "Sam Seller", "email": "sam@example.test", "role": "Seller"}]
OTHER_UUID = "6f1c3a5e-0000-4000-8000-000000000000"


def at(page, **extra):
    return {"field_type": "signature", "page_number": page, "x_percent": 10, "y_percent": 70, **extra}


async def docs(client):
    """An offer (4 pages), a notice (1 page) and an annex (2 pages)."""
    offer = (await client.upload(SAMPLE_PDF.read_bytes(), "offer.pdf")).json
    notice = (await client.upload(ONE_PAGE_PDF.read_bytes(), "notice.pdf")).json
    annex = await upload(client, "reportlab.pdf")
    return offer["id"], notice["id"], annex["id"]


def roles(notice):
    return [{"name": "Buyer", "fields": [at(4), at(1, document_id=notice, field_type="date")]},
            {"name": "Seller", "fields": [at(1, document_id=notice, x_percent=50)]}]


async def make(client, ids, role_list, **extra):
    resp = await client.post("/v1/templates", {"name": "Offer pack", "document_ids": ids, "roles": role_list, **extra})
    assert resp.status == 201, resp
    return resp.json


async def send(client, template_id, **body):
    return await client.post(f"/v1/templates/{template_id}/send", {"signers": SIGNERS, "auto_send": False, **body})


async def placed(client, request):
    fields = (await client.get(f"/v1/signing-requests/{request['id']}/fields")).json
    names = {s["id"]: s["name"] for s in request["signers"]}
    return sorted((names[f["signer_id"]], f["field_type"], f["document_id"], f["page_number"]) for f in fields)


async def test_create_get_update_and_send_an_envelope_template(client):
    offer, notice, annex = await docs(client)
    t = await make(client, [offer, notice], roles(notice))
    assert t["document_ids"] == [offer, notice] and t["document_id"] == offer
    assert [f.get("document_id") for f in t["roles"][0]["fields"]] == [None, notice]
    assert (await client.get(f"/v1/templates/{t['id']}")).json == t
    [summary] = (await client.get("/v1/templates")).json["items"]
    assert (summary["document_id"], summary["document_ids"]) == (offer, [offer, notice])  # the list names them all
    grown = roles(notice)
    grown[1]["fields"].append(at(2, document_id=annex, field_type="initials"))
    patched = await client.patch(f"/v1/templates/{t['id']}", {"document_ids": [offer, notice, annex], "roles": grown})
    assert patched.status == 200, patched
    assert patched.json["document_ids"] == [offer, notice, annex]
    sent = await send(client, t["id"])
    assert sent.status == 201, sent
    request = sent.json
    assert [(d["id"], d["page_count"], d["order"]) for d in request["documents"]] == [
        (offer, 4, 1), (notice, 1, 2), (annex, 2, 3)]
    assert request["document_id"] == offer
    assert await placed(client, request) == sorted([
        ("Bea Buyer", "signature", offer, 4), ("Bea Buyer", "date", notice, 1),
        ("Sam Seller", "signature", notice, 1), ("Sam Seller", "initials", annex, 2)])
    # back to one document: the fields on the others must go too
    error = assert_error(await client.patch(f"/v1/templates/{t['id']}", {"document_id": offer}), 422,
                         "validation_error")
    assert {d["field"] for d in error["details"]} == {"roles.0.fields.1.document_id", "roles.1.fields.0.document_id",
                                                      "roles.1.fields.1.document_id"}
    one = await client.patch(f"/v1/templates/{t['id']}", {"document_id": offer, "roles": [
        {"name": "Buyer", "fields": [at(4)]}, {"name": "Seller", "fields": [at(3)]}]})
    assert one.status == 200, one
    assert one.json["document_id"] == offer and one.json["document_ids"] is None
    single = await send(client, t["id"])
    assert single.status == 201 and [d["id"] for d in single.json["documents"]] == [offer], single


async def test_a_send_giving_documents_replaces_the_templates_by_place(client):
    offer, notice, annex = await docs(client)
    t = await make(client, [offer, notice], roles(notice))
    other_offer = (await client.upload(SAMPLE_PDF.read_bytes(), "offer-2.pdf")).json["id"]
    resp = await send(client, t["id"], document_ids=[other_offer, annex, notice])
    assert resp.status == 201, resp
    assert [d["id"] for d in resp.json["documents"]] == [other_offer, annex, notice]
    assert await placed(client, resp.json) == sorted([
        ("Bea Buyer", "signature", other_offer, 4), ("Bea Buyer", "date", annex, 1),
        ("Sam Seller", "signature", annex, 1)])
    # the offer's page 4 is not in the one-page notice; one document leaves the second place empty
    short = assert_error(await send(client, t["id"], document_ids=[notice, annex]), 422, "validation_error")
    assert short["details"] == [{"field": "document_ids.0", "message": "role 'Buyer' has a field on page 4; the "
                                                                       "document has 1 pages"}]
    fewer = assert_error(await send(client, t["id"], document_ids=[offer]), 422, "validation_error")
    assert fewer["details"][0]["field"] == "document_ids" and "document 2 of the template" in \
        fewer["details"][0]["message"]
    both = assert_error(await send(client, t["id"], document_id=offer, document_ids=[offer, notice]), 422)
    assert both["details"][0]["field"] == "document_ids"
    unknown = assert_error(await send(client, t["id"], document_ids=[offer, OTHER_UUID]), 422)
    assert unknown["details"] == [{"field": "document_ids.1", "message": "no such document in this organisation"}]


async def test_new_documents_without_new_roles_take_the_old_ones_places(client):
    offer, notice, annex = await docs(client)
    t = await make(client, [offer, notice], roles(notice))
    other_offer = (await client.upload(SAMPLE_PDF.read_bytes(), "offer-2.pdf")).json["id"]
    patched = await client.patch(f"/v1/templates/{t['id']}", {"document_ids": [other_offer, annex]})
    assert patched.status == 200, patched
    assert [[f.get("document_id") for f in r["fields"]] for r in patched.json["roles"]] == [[None, annex], [annex]]
    # null document_ids: the first document only (the fields on the second must go in the same call)
    first_only = await client.patch(f"/v1/templates/{t['id']}", {"document_ids": None, "roles": [
        {"name": "Buyer", "fields": [at(4)]}, {"name": "Seller"}]})
    assert first_only.status == 200, first_only
    assert (first_only.json["document_id"], first_only.json["document_ids"]) == (other_offer, None)
    # a one-document template made from its tags, moved to another copy of the document
    lease, again = await upload(client, "reportlab-roles.pdf"), await upload(client, "reportlab-roles.pdf")
    tagged = await client.post("/v1/templates", {"name": "Lease", "document_id": lease["id"], "fields_from_text_tags":
                                                 True, "roles": [{"name": "Tenant"}, {"name": "Landlord"}]})
    assert tagged.status == 201, tagged
    moved = await client.patch(f"/v1/templates/{tagged.json['id']}", {"document_id": again["id"]})
    assert moved.status == 200, moved
    assert {f["document_id"] for r in moved.json["roles"] for f in r["fields"]} == {again["id"]}
    no_document = await client.patch(f"/v1/templates/{tagged.json['id']}", {"document_id": None})
    assert no_document.status == 200, no_document
    assert {f.get("document_id") for r in no_document.json["roles"] for f in r["fields"]} == {None}


async def test_role_tags_are_read_from_every_document(client):
    offer = (await client.upload(SAMPLE_PDF.read_bytes(), "offer.pdf")).json["id"]
    lease = await upload(client, "reportlab-roles.pdf")
    again = await upload(client, "reportlab-roles.pdf")
    t = await make(client, [offer, lease["id"], again["id"]], [{"name": "Tenant"}, {"name": "Landlord"}],
                   fields_from_text_tags=True)
    tenant, landlord = t["roles"]
    assert [(f["document_id"], f["field_type"]) for f in tenant["fields"]] == [
        (lease["id"], "signature"), (lease["id"], "date"), (again["id"], "signature"), (again["id"], "date")]
    assert [f["document_id"] for f in landlord["fields"]] == [lease["id"], again["id"]]
    resp = await client.post(f"/v1/templates/{t['id']}/send", {"auto_send": False, "signers": [
        {"name": "Tia Tenant", "email": "tia@example.test", "role": "tenant"},
        {"name": "Lou Landlord", "email": "lou@example.test", "role": "landlord"}]})
    assert resp.status == 201, resp
    fields = (await client.get(f"/v1/signing-requests/{resp.json['id']}/fields")).json
    assert sorted((f["document_id"], f["text_tag"]) for f in fields) == sorted(
        (d["id"], tag["tag"]) for d in (lease, again) for tag in d["text_tags"])


async def test_bulk_send_from_an_envelope_template(server, client):
    offer, notice, _ = await docs(client)
    t = await make(client, [offer, notice], [{"name": "Candidate", "fields": [
        at(2), at(1, document_id=notice, field_type="text", value="{{name}}")]}])
    recipients = [{"signers": [{"name": f"Person {i}", "email": f"person{i}@example.test", "role": "candidate"}],
                   "variables": {"name": f"Person {i}"}} for i in range(3)]
    job = await client.post("/v1/bulk-send", {"template_id": t["id"], "recipients": recipients})
    assert job.status == 202, job
    await server.run_jobs()
    view = (await client.get(f"/v1/bulk-jobs/{job.json['bulk_job_id']}")).json
    assert view["status"] == "completed", view
    for i, item in enumerate(view["items"]):
        request = (await client.get(f"/v1/signing-requests/{item['signing_request_id']}")).json
        assert request["status"] == "pending" and [d["id"] for d in request["documents"]] == [offer, notice]
        fields = (await client.get(f"/v1/signing-requests/{request['id']}/fields")).json
        assert sorted((f["document_id"], f["page_number"], f["value"]) for f in fields) == sorted(
            [(offer, 2, None), (notice, 1, f"Person {i}")])


@pytest.mark.parametrize("body,field", [
    (lambda o, n, a: {"document_id": o, "document_ids": [o, n]}, "document_ids"),
    (lambda o, n, a: {"document_ids": [o, OTHER_UUID]}, "document_ids.1"),
    (lambda o, n, a: {"document_ids": [o, o]}, "document_ids"),
    (lambda o, n, a: {"document_ids": []}, "document_ids"),
    (lambda o, n, a: {"document_ids": [o, n], "roles": [{"name": "Buyer", "fields": [at(2, document_id=n)]}]},
     "roles.0.fields.0.page_number"),
    (lambda o, n, a: {"document_ids": [o, n], "roles": [{"name": "Buyer", "fields": [at(5)]}]},
     "roles.0.fields.0.page_number"),
    (lambda o, n, a: {"document_ids": [o, n], "roles": [{"name": "Buyer", "fields": [at(1, document_id=a)]}]},
     "roles.0.fields.0.document_id"),
    (lambda o, n, a: {"roles": [{"name": "Buyer", "fields": [at(1, document_id=a)]}]},
     "roles.0.fields.0.document_id"),
])
async def test_bad_envelope_templates_are_422(client, body, field):
    offer, notice, annex = await docs(client)
    resp = await client.post("/v1/templates", {"name": "Bad", **body(offer, notice, annex)})
    error = assert_error(resp, 422, "validation_error")
    assert field in [d["field"] for d in error["details"]], error
    t = await make(client, [offer, notice], [])
    patch = {k: v for k, v in body(offer, notice, annex).items()}
    if "document_ids" not in patch and "document_id" not in patch:
        patch["document_id"] = offer  # the role field's document must be the template's
    error = assert_error(await client.patch(f"/v1/templates/{t['id']}", patch), 422, "validation_error")
    assert field in [d["field"] for d in error["details"]], error

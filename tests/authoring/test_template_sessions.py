"""A template's session (mode `template`) over real HTTP with the page bypassed (issue 38 item 3): the
editor reads the template with its documents' pages, edits its roles, their fields and its settings
through `PATCH /v1/templates/{id}`'s domain function, within the session's capabilities (each refused on
the server), and reaches its own template only: never a signing request, never another template."""
from __future__ import annotations

import pytest

from tests.support import KEYS, assert_error
from tests.support.authoring import SIGNATURE, create_session, editor, make_template, opened, template_session
from tests.support.placement import upload


def roles_of(template: dict) -> list[dict]:
    """The template's roles as the editor's PATCH takes them (the read shape's fields without what it adds)."""
    keep = ("field_type", "page_number", "x_percent", "y_percent", "width_percent", "height_percent", "is_required")
    return [{"name": r["name"], "order": r["order"], "fields": [{k: f[k] for k in keep} for f in r["fields"]]}
            for r in template["roles"]]


async def test_a_template_session_reads_and_edits_its_template(client, document_id):
    template = await make_template(client, document_id)
    made = await template_session(client, template, capabilities={"field_types": ["signature", "date"]})
    assert made["template_id"] == template["id"] and made.get("request_id") is None
    secret = await opened(client, made)
    view = (await editor(client, secret, "GET", "/session")).json
    assert view["request"] is None and view["fields"] == []
    assert [r["name"] for r in view["template"]["roles"]] == ["Buyer", "Seller"]
    [document] = view["documents"]
    assert document["id"] == document_id and len(document["pages"]) == 4
    image = document["pages"][0]["image_url"]
    assert image.startswith(f"/author/api/templates/{template['id']}/pages/1/") and image.endswith("-960.webp")
    resp = await client.request("GET", image, key=None, headers={"Authorization": f"Bearer {secret}"})
    assert resp.status == 200 and resp.headers["Content-Type"] == "image/webp" and resp.body[8:12] == b"WEBP"

    path = f"/templates/{template['id']}"
    roles = roles_of(template)
    roles[1]["fields"] = [{**SIGNATURE, "field_type": "date", "y_percent": 50},
                          {**SIGNATURE, "field_type": "text", "y_percent": 60}]
    err = assert_error(await editor(client, secret, "PATCH", path, {"roles": roles}), 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["roles.1.fields.1.field_type"]
    assert (await client.get(f"/v1/templates/{template['id']}")).json["roles"][1]["fields"] == []

    roles[1]["fields"].pop()
    roles[1]["name"] = "Vendor"
    edited = await editor(client, secret, "PATCH", path, {"roles": roles, "default_message": "Sign by Friday",
                                                          "default_expiry_days": 14})
    assert edited.status == 200, edited
    stored = (await client.get(f"/v1/templates/{template['id']}")).json
    assert [(r["name"], [f["field_type"] for f in r["fields"]]) for r in stored["roles"]] == [
        ("Buyer", ["signature"]), ("Vendor", ["date"])]
    assert stored["default_message"] == "Sign by Friday" and stored["default_expiry_days"] == 14
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "saved"
    # the template's own rules apply as on PATCH /v1/templates/{id}
    roles[0]["fields"][0]["page_number"] = 9
    err = assert_error(await editor(client, secret, "PATCH", path, {"roles": roles}), 422, "validation_error")
    assert err["details"][0]["field"] == "roles.0.fields.0.page_number"


async def test_every_capability_is_refused_on_the_server(client, document_id):
    template = await make_template(client, document_id)
    path = f"/templates/{template['id']}"
    fixed = await template_session(client, template, capabilities={"edit_signers": False, "edit_settings": False})
    secret = await opened(client, fixed)
    renamed = roles_of(template)
    renamed[1]["name"] = "Vendor"
    assert_error(await editor(client, secret, "PATCH", path, {"roles": renamed}), 403, "capability_denied")
    assert_error(await editor(client, secret, "PATCH", path, {"default_message": "x"}), 403, "capability_denied")
    moved = roles_of(template)  # the same roles, a field moved: no change of the roles
    moved[0]["fields"][0]["y_percent"] = 70
    assert (await editor(client, secret, "PATCH", path, {"roles": moved})).status == 200
    assert (await client.get(f"/v1/templates/{template['id']}")).json["roles"][0]["fields"][0]["y_percent"] == 70

    capped = await template_session(client, template, capabilities={"max_signers": 2}, locked=["message", "signers"])
    secret = await opened(client, capped)
    three = [*roles_of(template), {"name": "Witness", "fields": []}]
    err = assert_error(await editor(client, secret, "PATCH", path, {"roles": three}), 422, "validation_error")
    assert sorted(d["field"] for d in err["details"]) == ["roles", "roles"]  # locked, and more than max_signers
    err = assert_error(await editor(client, secret, "PATCH", path, {"default_message": "changed"}), 422)
    assert err["details"][0]["field"] == "default_message"
    err = assert_error(await editor(client, secret, "PATCH", path, {"document_id": document_id}), 422)
    assert err["details"][0]["field"] == "document_id"
    same = await editor(client, secret, "PATCH", path, {"default_message": "Please sign", "email_subject": "Offer"})
    assert same.status == 200 and same.json["email_subject"] == "Offer"


async def test_a_template_session_reaches_its_own_template_only(client, document_id):
    template = await make_template(client, document_id)
    other = await make_template(client, document_id, name="Other")
    made = await template_session(client, template)
    secret = await opened(client, made)
    draft = await create_session(client, document_id)
    for method, suffix, body in [("PATCH", "", {"message": "x"}), ("POST", "/fields", {"fields": [SIGNATURE]}),
                                 ("POST", "/send", None), ("POST", "/template", {"name": "x"})]:
        resp = await editor(client, secret, method, f"/requests/{draft['request_id']}{suffix}", body)
        assert_error(resp, 404, "not_found")
    image = f"/templates/{other['id']}/pages/1/{'0' * 24}-960.webp"
    for path in (f"/templates/{other['id']}", image):
        method, body = ("PATCH", {"default_message": "x"}) if not path.endswith("webp") else ("GET", None)
        assert_error(await editor(client, secret, method, path, body), 404, "not_found")
    assert (await client.get(f"/v1/templates/{other['id']}")).json["default_message"] == "Please sign"
    # a request's session reaches no template, not even one of its organisation
    secret = await opened(client, draft)
    assert_error(await editor(client, secret, "PATCH", f"/templates/{template['id']}", {"default_message": "x"}),
                 404, "not_found")


@pytest.mark.parametrize("body, status", [
    (b"{}", 422), (b"not json", 400), (b'{"roles": "all"}', 422), (b'{"name": "a\\nb"}', 422),
    (b'{"roles": [{"name": "A"}, {"name": "a"}]}', 422),
])
async def test_bad_input_to_a_template_session_is_answered_in_the_error_shape(client, document_id, body, status):
    template = await make_template(client, document_id)
    secret = await opened(client, await template_session(client, template))
    resp = await client.request("PATCH", f"/author/api/templates/{template['id']}", body=body, key=None,
                                headers={"Content-Type": "application/json", "Authorization": f"Bearer {secret}"})
    assert_error(resp, status)


async def test_a_role_field_made_from_a_text_tag_keeps_its_cover(server, client):
    doc = await upload(client, "reportlab-roles.pdf")
    template = (await client.post("/v1/templates", {"name": "Lease", "document_id": doc["id"], "fields_from_text_tags": True,
                                                    "roles": [{"name": "Tenant"}, {"name": "Landlord"}]})).json
    org_id = (await server.services.store.api_keys.by_key(KEYS["a"]))["org_id"]

    async def covers() -> list:
        stored = await server.services.store.templates.get(org_id, template["id"])
        return [f.get("cover_box") for r in stored["roles"] for f in r["fields"]]

    before = await covers()
    assert len(before) == 3 and all(before)
    secret = await opened(client, await template_session(client, template))
    keep = ("field_type", "page_number", "x_percent", "y_percent", "width_percent", "height_percent", "placeholder",
            "is_required", "text_tag")
    roles = [{"name": r["name"], "order": r["order"], "fields": [{k: f[k] for k in keep if f.get(k) is not None}
                                                                 for f in r["fields"]]} for r in template["roles"]]
    roles[0]["fields"][0]["y_percent"] += 1  # moved a little: its tag stays covered
    assert (await editor(client, secret, "PATCH", f"/templates/{template['id']}", {"roles": roles})).status == 200
    assert await covers() == before
    roles[1]["fields"][0]["text_tag"] = "{{text;role=Landlord;name=Forged}}"  # no such tag there
    err = assert_error(await editor(client, secret, "PATCH", f"/templates/{template['id']}", {"roles": roles}), 422)
    assert err["details"][0]["field"] == "roles.1.fields.0.text_tag"


async def test_v1_patch_of_roles_as_read_keeps_the_text_tag_covers(server, client):
    """`PATCH /v1/templates/{id}` with the `roles` a GET gave (their fields naming their `text_tag`) keeps each
    tag's cover, as the editor's save does: the same domain function covers them from the document's record."""
    doc = await upload(client, "reportlab-roles.pdf")
    template = (await client.post("/v1/templates", {"name": "Lease", "document_id": doc["id"], "fields_from_text_tags": True,
                                                    "roles": [{"name": "Tenant"}, {"name": "Landlord"}]})).json
    org_id = (await server.services.store.api_keys.by_key(KEYS["a"]))["org_id"]

    async def covers() -> list:
        stored = await server.services.store.templates.get(org_id, template["id"])
        return [f.get("cover_box") for r in stored["roles"] for f in r["fields"]]

    before = await covers()
    assert len(before) == 3 and all(before)
    roles = (await client.get(f"/v1/templates/{template['id']}")).json["roles"]
    assert [f["text_tag"] for r in roles for f in r["fields"]] == [t["tag"] for t in (
        doc["text_tags"][0], doc["text_tags"][2], doc["text_tags"][1])]
    roles[0]["fields"][0]["x_percent"] += 1
    patched = await client.patch(f"/v1/templates/{template['id']}", {"roles": roles})
    assert patched.status == 200, patched
    assert await covers() == before
    assert [f["text_tag"] for r in patched.json["roles"] for f in r["fields"]] == \
        [f["text_tag"] for r in roles for f in r["fields"]]
    # made again from the tags: the fields that name them are replaced, not doubled
    again = await client.patch(f"/v1/templates/{template['id']}", {"fields_from_text_tags": True})
    assert [len(r["fields"]) for r in again.json["roles"]] == [2, 1]
    roles[1]["fields"][0]["text_tag"] = "{{text;role=Landlord;name=Forged}}"  # no such tag there
    err = assert_error(await client.patch(f"/v1/templates/{template['id']}", {"roles": roles}), 422, "validation_error")
    assert err["details"][0]["field"] == "roles.1.fields.0.text_tag"
    # a field without a tag stays a field without a cover
    roles[1]["fields"][0]["text_tag"] = None
    assert (await client.patch(f"/v1/templates/{template['id']}", {"roles": roles})).status == 200
    assert (await covers())[2] is None and all((await covers())[:2])

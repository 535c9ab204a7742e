""""Find text tags and anchors" in both kinds of session, and a document added to a template (issue 38
item 3), over real HTTP with the page bypassed, then in Chromium: an anchor text's places proposed where
`/v1` places fields at that `anchor` (the same matching), a template's `role=` tags proposed for its roles
and kept covered once accepted, a PDF added to the template within `upload` and `max_documents`."""
from __future__ import annotations

import pytest

from tests.support import KEYS, SAMPLE_PDF, assert_error
from tests.support.a11y import axe, open_page
from tests.support.authoring import (
    ANN,
    BOB,
    create_session,
    editor,
    editor_upload,
    opened,
    template_session,
    token_of,
)
from tests.support.browser import DESKTOP, PHONE, chromium
from tests.support.editor_page import loaded, saved
from tests.support.placement import upload

DATES = {"field_type": "date", "width_percent": 10, "height_percent": 2,
         "anchor": {"text": "Date:", "occurrence": "all", "if_missing": "skip"}}
PLACE = ("document_id", "page_number", "x_percent", "y_percent", "width_percent", "height_percent")


async def test_an_anchor_text_is_proposed_where_v1_places_a_field_at_it(client):
    doc = await upload(client, "reportlab.pdf")
    made = await create_session(client, doc["id"], defaults={"signers": [ANN, BOB]})
    secret = await opened(client, made)
    path = f"/requests/{made['request_id']}/anchors"
    found = await editor(client, secret, "POST", path, {"fields": [DATES]})
    assert found.status == 200, found
    # where /v1 puts the same fields
    v1 = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": [ANN],
                                                    "fields": [{**DATES, "signer_email": ANN["email"]}]})
    assert v1.status == 201, v1
    placed = (await client.get(f"/v1/signing-requests/{v1.json['id']}/fields")).json
    assert len(placed) == 2
    assert [[p[k] for k in PLACE] for p in found.json["proposals"]] == [[f[k] for k in PLACE] for f in placed]
    assert found.json["problems"] == [] and all(p["field_type"] == "date" for p in found.json["proposals"])
    # nothing is saved until a proposal is accepted; a text not there proposes nothing
    assert (await client.get(f"/v1/signing-requests/{made['request_id']}/fields")).json == []
    absent = {**DATES, "anchor": {**DATES["anchor"], "text": "Not in this document"}}
    assert (await editor(client, secret, "POST", path, {"fields": [absent]})).json["proposals"] == []
    # bad bodies are clear 422s; another draft is not the session's
    no_anchor = {k: v for k, v in DATES.items() if k != "anchor"}
    err = assert_error(await editor(client, secret, "POST", path, {"fields": [no_anchor]}), 422, "validation_error")
    assert any(d["field"].startswith("fields.0") for d in err["details"]), err
    assert_error(await editor(client, secret, "POST", path, {"fields": []}), 422)
    assert_error(await editor(client, secret, "POST", path, {"fields": [{**DATES, "page_number": 1}]}), 422)
    assert_error(await editor(client, secret, "POST", "/requests/00000000-0000-4000-8000-000000000000/anchors",
                              {"fields": [DATES]}), 404, "not_found")


async def _roles_template(client) -> tuple[dict, dict]:
    doc = await upload(client, "reportlab-roles.pdf")
    resp = await client.post("/v1/templates", {"name": "Lease", "document_id": doc["id"],
                                               "roles": [{"name": "Tenant"}, {"name": "Landlord"}]})
    assert resp.status == 201, resp
    return doc, resp.json


async def test_a_template_session_finds_role_tags_and_anchors(server, client):
    doc, template = await _roles_template(client)
    made = await template_session(client, template)
    secret = await opened(client, made)
    path = f"/templates/{template['id']}"
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert [(p["role"], p["text_tag"]) for p in found["proposals"]] == [
        ("Tenant", doc["text_tags"][0]["tag"]), ("Landlord", doc["text_tags"][1]["tag"]),
        ("Tenant", doc["text_tags"][2]["tag"])]  # `role=tenant`: the role as the template spells it
    assert found["problems"] == [] and all("signer_id" not in p for p in found["proposals"])

    # accepted (saved with the roles, naming its tag): covered with the tag's own box, and not proposed again
    tenant = {k: v for k, v in found["proposals"][0].items() if k not in ("role", "anchor") and v is not None}
    roles = [{"name": "Tenant", "fields": [tenant]}, {"name": "Landlord"}]
    assert (await editor(client, secret, "PATCH", path, {"roles": roles})).status == 200
    org_id = (await server.services.store.api_keys.by_key(KEYS["a"]))["org_id"]
    stored = (await server.services.store.templates.get(org_id, template["id"]))["roles"][0]["fields"][0]
    box = doc["text_tags"][0]
    assert stored["cover_box"] == [box[k] for k in ("x_percent", "y_percent", "width_percent", "height_percent")]
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert [p["text_tag"] for p in found["proposals"]] == [doc["text_tags"][1]["tag"], doc["text_tags"][2]["tag"]]

    # a role the template does not have is a problem, not a proposal
    assert (await editor(client, secret, "PATCH", path, {"roles": [{"name": "Tenant"}]})).status == 200
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert "role=Landlord, which is not one of the template's roles" in found["problems"][0]["message"]

    # anchors in the template's documents; a request's path is not the template session's
    anchors = await editor(client, secret, "POST", f"{path}/anchors", {"fields": [
        {"field_type": "signature", "width_percent": 20, "height_percent": 4,
         "anchor": {"text": "Tenant", "occurrence": "all", "if_missing": "skip"}}]})
    assert anchors.status == 200, anchors
    assert anchors.json["proposals"] and {p["document_id"] for p in anchors.json["proposals"]} == {doc["id"]}
    assert_error(await editor(client, secret, "GET", f"/requests/{template['id']}/text-tags"), 404, "not_found")


async def test_a_pdf_is_added_to_a_template_within_the_capabilities(client, document_id):
    doc, template = await _roles_template(client)
    secret = await opened(client, await template_session(client, template, capabilities={"max_documents": 2}))
    added = await editor_upload(client, secret, template["id"], SAMPLE_PDF.read_bytes(), kind="templates")
    assert added.status == 201, added
    assert added.json["document_ids"] == [doc["id"], added.json["document_ids"][1]]
    shown = (await editor(client, secret, "GET", "/session")).json["documents"]
    assert [d["name"] for d in shown] == ["reportlab-roles.pdf", "annex.pdf"] and len(shown[1]["pages"]) == 4
    assert (await client.get(f"/v1/templates/{template['id']}")).json["document_ids"] == added.json["document_ids"]
    err = assert_error(await editor_upload(client, secret, template["id"], SAMPLE_PDF.read_bytes(), kind="templates"),
                       403, "capability_denied")
    assert "2 documents already" in err["message"]
    # without `upload`; a request session's path
    secret = await opened(client, await template_session(client, template, capabilities={"upload": False}))
    assert_error(await editor_upload(client, secret, template["id"], SAMPLE_PDF.read_bytes(), kind="templates"),
                 403, "capability_denied")
    draft = await create_session(client, document_id)
    assert_error(await editor_upload(client, await opened(client, draft), template["id"], SAMPLE_PDF.read_bytes(),
                                     kind="templates"), 404, "not_found")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_in_the_page_a_template_finds_tags_and_a_draft_an_anchor_text(server, client, viewport):
    doc, template = await _roles_template(client)
    made = await template_session(client, template, allowed_origin=None)
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", viewport)
        await loaded(page)
        await page.click("#find-tags")
        await page.locator("#tags-state", has_text="Text tags found: 3").wait_for()
        await axe(page, f"template tags proposed, {viewport['width']} px")
        await page.locator("#proposal-list button", has_text="Accept").first.click()
        await saved(page)
        roles = (await client.get(f"/v1/templates/{template['id']}")).json["roles"]
        assert [f["text_tag"] for f in roles[0]["fields"]] == [doc["text_tags"][0]["tag"]] and roles[1]["fields"] == []
        # a PDF added to the template from the page
        await page.set_input_files("#upload-file", files=[{"name": "annex.pdf", "mimeType": "application/pdf",
                                                           "buffer": SAMPLE_PDF.read_bytes()}])
        await page.locator("#upload-state", has_text="The document was added.").wait_for()
        assert await page.locator(".document h2").all_inner_texts() == ["reportlab-roles.pdf", "annex.pdf"]
        assert len((await client.get(f"/v1/templates/{template['id']}")).json["document_ids"]) == 2
        assert page.console_messages == []

        draft_doc = await upload(client, "reportlab.pdf")
        draft = await create_session(client, draft_doc["id"], allowed_origin=None, defaults={"signers": [ANN, BOB]})
        page = await open_page(browser, f"{server.url}/author/{token_of(draft)}", viewport)
        await loaded(page)
        await page.select_option("#new-signer", label=BOB["name"])
        await page.fill("#anchor-text", "Date:")
        await page.select_option("#anchor-type", "date")
        await page.click("#find-anchor")
        await page.locator("#tags-state", has_text="Places found for the text: 2").wait_for()
        await axe(page, f"anchor places proposed, {viewport['width']} px")
        for _ in range(2):
            await page.locator("#proposal-list button", has_text="Accept").first.click()
        await saved(page)
        fields = (await client.get(f"/v1/signing-requests/{draft['request_id']}/fields")).json
        assert [(f["field_type"], f["signer_name"]) for f in fields] == [("date", BOB["name"])] * 2
        await page.fill("#anchor-text", "Nowhere in it")
        await page.click("#find-anchor")
        await page.locator("#tags-state", has_text="The text is not in the documents.").wait_for()
        assert page.console_messages == []

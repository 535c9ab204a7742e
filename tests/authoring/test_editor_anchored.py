"""A template's role fields given at an `anchor` in the editor (docs/authoring.md, issue 38): the session's
view places each where /v1 places it when a request is made (the same matching:
esign.domain.pages.placement.place_anchored), lists one that has no place with why, and a save keeps the
anchors as anchors; in Chromium the places are drawn read-only in the role's colour, axe stays clean."""
from __future__ import annotations

import pytest

from tests.support import assert_error
from tests.support.a11y import axe, open_page
from tests.support.authoring import editor, opened, template_session, token_of
from tests.support.browser import DESKTOP, chromium
from tests.support.editor_page import loaded, saved
from tests.support.placement import upload

SIGNED = {"field_type": "signature", "width_percent": 20, "height_percent": 4,
          "anchor": {"text": "Tenant", "occurrence": 1, "y_offset": 2}}
ABSENT = {"field_type": "date", "width_percent": 10, "height_percent": 2,
          "anchor": {"text": "Not in this lease", "occurrence": 1}}
SKIPPED = {**ABSENT, "anchor": {**ABSENT["anchor"], "if_missing": "skip"}}
PLACE = ("document_id", "page_number", "x_percent", "y_percent", "width_percent", "height_percent")


async def _anchored_template(client):
    doc = await upload(client, "reportlab-roles.pdf")
    resp = await client.post("/v1/templates", {"name": "Lease", "document_id": doc["id"], "roles": [
        {"name": "Tenant", "fields": [SIGNED, ABSENT]}, {"name": "Landlord", "fields": [SKIPPED]}]})
    assert resp.status == 201, resp
    return doc, resp.json


async def test_the_session_view_places_anchored_role_fields_and_a_save_keeps_them(client):
    doc, template = await _anchored_template(client)
    secret = await opened(client, await template_session(client, template))
    view = (await editor(client, secret, "GET", "/session")).json
    # where /v1 places the field: the editor's own "find anchors" is place_anchored on the same documents
    found = await editor(client, secret, "POST", f"/templates/{template['id']}/anchors", {"fields": [SIGNED]})
    assert found.status == 200, found
    where = found.json["proposals"][0]
    [box] = view["anchored"]["boxes"]
    assert {k: box[k] for k in PLACE} == {k: where[k] for k in PLACE} and box["document_id"] == doc["id"]
    assert (box["role"], box["field"], box["field_type"], box["text"]) == ("Tenant", 0, "signature", "Tenant")
    absent, skipped = view["anchored"]["missing"]
    assert (absent["role"], absent["field"], absent["refused"]) == ("Tenant", 1, True)
    assert "'Not in this lease' (occurrence 1) is not in the document's text" in absent["message"]
    assert (skipped["role"], skipped["field"], skipped["refused"], skipped["message"]) == ("Landlord", 0, False, None)
    # as /v1 does: a request made from the template is refused with that message
    err = assert_error(await client.post(f"/v1/templates/{template['id']}/send", {"signers": [
        {"name": "Tess Tenant", "email": "tess@example.test", "role": "Tenant"},
        {"name": "Lou Landlord", "email": "lou@example.test", "role": "Landlord"}]}), 422, "validation_error")
    assert [d["message"] for d in err["details"]] == [absent["message"]]

    # a save of the roles as the page sends them keeps every anchor as it was, without coordinates
    roles = view["template"]["roles"]
    assert (await editor(client, secret, "PATCH", f"/templates/{template['id']}", {"roles": roles})).status == 200
    kept = (await client.get(f"/v1/templates/{template['id']}")).json["roles"]
    assert [[f["anchor"] for f in r["fields"]] for r in kept] == [[f["anchor"] for f in r["fields"]] for r in roles]
    assert [f["anchor"]["text"] for r in kept for f in r["fields"]] == ["Tenant", "Not in this lease"] * 1 + [
        "Not in this lease"]
    assert all(f.get("x_percent") is None for r in kept for f in r["fields"])
    assert (await editor(client, secret, "GET", "/session")).json["anchored"]["boxes"] == [box]


@pytest.mark.browser
async def test_the_page_draws_an_anchored_field_read_only_and_notes_the_missing_ones(server, client):
    doc, template = await _anchored_template(client)
    made = await template_session(client, template, allowed_origin=None)
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", DESKTOP)
        await loaded(page)
        drawn = page.locator(".efield.anchored")
        await drawn.wait_for()
        assert await drawn.count() == 1
        label = await drawn.get_attribute("aria-label")
        assert label == "Signature for Tenant, placed where the text “Tenant” is found, when a request is made"
        assert "signer-0" in (await drawn.get_attribute("class")) and await drawn.get_attribute("tabindex") is None
        notes = await page.locator("#anchor-notes li").all_inner_texts()
        assert notes[0].startswith("Tenant: the text “Not in this lease” gives this field no place")
        assert notes[1] == ("Landlord: the text “Not in this lease” is not in the documents: this field is left out "
                            "when a request is made")
        await axe(page, "a template's anchored fields drawn")
        # a change saved from the page keeps the anchors as anchors
        await page.click("#zoom-in")
        await page.locator(".tool").first.focus()
        await page.keyboard.press("Enter")
        await saved(page)
        roles = (await client.get(f"/v1/templates/{template['id']}")).json["roles"]
        assert [f.get("anchor", {}).get("text") for f in roles[0]["fields"]][:2] == ["Tenant", "Not in this lease"]
        assert page.console_messages == []

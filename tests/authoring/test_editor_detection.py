"""The editor's `every_page` fields and "find text tags" (issue 38 item 3) over real HTTP with the page
bypassed: the server's own detection (the tags read at upload) proposed for the draft's signers, an accepted
one saved with its tag covered as /v1's are (the box from the document's record, never from the page), a
forged tag refused; then in Chromium: a field put on every page, and proposals accepted and dismissed."""
from __future__ import annotations

import pytest

from tests.support import KEYS, assert_error
from tests.support.a11y import axe, open_page
from tests.support.authoring import ANN, BOB, create_session, editor, opened, token_of
from tests.support.browser import DESKTOP, PHONE, chromium, new_page
from tests.support.editor_page import loaded, saved
from tests.support.placement import upload

TAGS = ["{{signature;signer=1;name=Buyer signature}}", "{{date;signer=2;required=false}}",
        "{{select;signer=1;options=Red|Green|Blue;width=15;height=3}}", "{{initials;signer=2}}"]


async def test_text_tags_are_proposed_for_the_drafts_signers_and_covered_once_accepted(server, client):
    doc = await upload(client, "reportlab.pdf")
    made = await create_session(client, doc["id"])
    secret = await opened(client, made)
    path = f"/requests/{made['request_id']}"
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert [p["text_tag"] for p in found["proposals"]] == [TAGS[0], TAGS[2]]  # Ann is the only signer
    assert [(p["tag"], p["page"]) for p in found["problems"]] == [(TAGS[1], 1), (TAGS[3], 2)]
    assert "signer=2, but the draft has 1 signer" in found["problems"][0]["message"]
    signers = (await editor(client, secret, "PATCH", path, {"signers": [ANN, BOB]})).json["signers"]
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert [p["text_tag"] for p in found["proposals"]] == TAGS and found["problems"] == []
    date = found["proposals"][1]
    assert (date["signer_id"], date["field_type"], date["is_required"], date["page_number"]) == (
        signers[1]["id"], "date", False, 1)

    # accepted: saved as a field naming its tag, which the server covers with the tag's own box
    accepted = {k: v for k, v in date.items() if v is not None}
    assert (await editor(client, secret, "POST", f"{path}/fields", {"fields": [accepted]})).status == 201
    org_id = (await server.services.store.api_keys.by_key(KEYS["a"]))["org_id"]
    stored = (await server.services.store.signing_requests.get(org_id, made["request_id"]))["fields"]
    tag = next(t for t in (await client.get(f"/v1/documents/{doc['id']}")).json["text_tags"] if t["tag"] == TAGS[1])
    assert stored[0]["cover_box"] == [tag[k] for k in ("x_percent", "y_percent", "width_percent", "height_percent")]
    assert stored[0]["text_tag"] == TAGS[1]
    found = (await editor(client, secret, "GET", f"{path}/text-tags")).json
    assert [p["text_tag"] for p in found["proposals"]] == [TAGS[0], TAGS[2], TAGS[3]]  # made once

    # a tag that is not the document's on that page is refused: the page never says what is covered
    for forged in ({**accepted, "text_tag": "{{signature;signer=1}}"}, {**accepted, "page_number": 2}):
        err = assert_error(await editor(client, secret, "POST", f"{path}/fields", {"fields": [forged]}), 422)
        assert err["details"][0]["field"] == "fields.0.text_tag"


async def test_a_field_on_every_page_is_stored_once_a_page(client, document_id):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    ann = (await editor(client, secret, "GET", "/session")).json["request"]["signers"][0]["id"]
    field = {"signer_id": ann, "field_type": "initials", "page_number": 1, "x_percent": 85, "y_percent": 90,
             "width_percent": 10, "height_percent": 5, "every_page": True}
    placed = await editor(client, secret, "POST", f"/requests/{made['request_id']}/fields", {"fields": [field]})
    assert placed.status == 201
    assert [(f["page_number"], f["every_page"], f["x_percent"]) for f in placed.json] == [(n, True, 85) for n in range(1, 5)]
    # another draft's text tags are not the session's
    assert_error(await editor(client, secret, "GET", "/requests/00000000-0000-4000-8000-000000000000/text-tags"),
                 404, "not_found")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_in_the_page_a_field_goes_on_every_page_and_text_tags_are_accepted_or_dismissed(server, client, viewport):
    doc = await upload(client, "reportlab.pdf")
    made = await create_session(client, doc["id"], allowed_origin=None, defaults={"signers": [ANN, BOB]})
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", viewport)  # (axe: its script)
        await loaded(page)
        await page.focus("#palette .tool[data-type=initials]")
        await page.keyboard.press("Enter")
        await page.check("#field-every-page")
        await saved(page)
        assert await page.locator(".efield.copy").count() == 1  # the document's other page
        placed = (await client.get(f"/v1/signing-requests/{made['request_id']}/fields")).json
        assert [(f["field_type"], f["page_number"], f["every_page"]) for f in placed] == [
            ("initials", 1, True), ("initials", 2, True)]

        await page.click("#find-tags")
        await page.locator("#tags-state", has_text="Text tags found: 4").wait_for()
        assert await page.locator(".efield.proposed").count() == 4
        await axe(page, f"text tags proposed, a field on every page, {viewport['width']} px")
        await page.locator("#proposal-list button", has_text="Accept").first.click()  # the signature
        await page.locator("#proposal-list button", has_text="Dismiss").first.click()  # the date
        await saved(page)
        assert await page.locator("#proposal-list li").count() == 2
        placed = (await client.get(f"/v1/signing-requests/{made['request_id']}/fields")).json
        assert sorted((f["field_type"], f.get("text_tag")) for f in placed) == [
            ("initials", None), ("initials", None), ("signature", TAGS[0])]
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.console_messages == []

        # opened again, the field on every page is one field (shown on the other page too)
        page = await new_page(browser, viewport)
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        await page.locator(".efield.copy").first.wait_for(state="attached")
        initials = page.locator(".efield:not(.copy)", has_text="Initials")
        assert await initials.count() == 1 and "on every page" in await initials.get_attribute("aria-label")


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_a_preview_as_a_signer_shows_their_fields_only_and_changes_nothing(server, client, document_id, viewport):
    made = await create_session(client, document_id, allowed_origin=None, defaults={"signers": [ANN, BOB]})
    secret = await opened(client, made)
    ann, bob = (s["id"] for s in (await editor(client, secret, "GET", "/session")).json["request"]["signers"])
    placed = [{"signer_id": ann, "field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 70,
               "placeholder": "Buyer signs here"},
              {"signer_id": bob, "field_type": "date", "page_number": 1, "x_percent": 60, "y_percent": 70}]
    assert (await editor(client, secret, "POST", f"/requests/{made['request_id']}/fields", {"fields": placed})).status == 201
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", viewport)
        await loaded(page)
        await page.select_option("#preview-as", label="Ann Example")
        await page.locator("#preview-note", has_text="Preview as Ann Example").wait_for()
        own, other = page.locator(".efield").nth(0), page.locator(".efield").nth(1)
        assert await own.is_visible() and await own.inner_text() == "Buyer signs here"
        assert await other.is_hidden()
        assert await page.locator("#palette .tool").first.is_hidden() and await page.locator("#field-settings").is_hidden()
        left = await own.evaluate("n => n.style.left")
        await own.focus()
        await page.keyboard.press("ArrowRight")
        await page.keyboard.press("Delete")
        assert await own.evaluate("n => n.style.left") == left and await page.locator(".efield").count() == 2
        await axe(page, f"preview as a signer, {viewport['width']} px")
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        await page.select_option("#preview-as", label="Bob Stone")
        assert await own.is_hidden() and await other.is_visible()
        await page.select_option("#preview-as", index=0)  # back to editing
        assert await own.is_visible() and await other.is_visible() and await page.locator("#preview-note").is_hidden()
        assert page.console_messages == []
    assert [f["x_percent"] for f in (await client.get(f"/v1/signing-requests/{made['request_id']}/fields")).json] == [10, 60]

"""The editor page in mode `template` (issue 38 item 3), in Chromium over real HTTP: the template's
pages with its role fields, roles instead of signers (renamed, added), a field added for a role with the
keyboard, and "Save" for the template's settings instead of a send; every change lands in the template
(read through `/v1/templates/{id}`); axe-core finds nothing in its states."""
from __future__ import annotations

import pytest

from tests.support.a11y import axe, open_page
from tests.support.authoring import make_template, template_session, token_of
from tests.support.browser import DESKTOP, PHONE, chromium, new_page, screenshot
from tests.support.editor_page import loaded, saved


async def template_of(client, template: dict) -> dict:
    return (await client.get(f"/v1/templates/{template['id']}")).json


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_a_template_is_edited_in_the_page(server, client, document_id, viewport):
    template = await make_template(client, document_id)
    made = await template_session(client, template, allowed_origin=None)
    async with chromium() as browser:
        page = await new_page(browser, viewport)
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        assert await page.inner_text("h1") == "Edit the template"
        assert await page.inner_text("#send-open") == "Save…"
        assert await page.locator("#participants legend").all_inner_texts() == ["Role 1", "Role 2"]
        assert await page.locator("#p0-email").count() == 0  # a role has no email
        assert "Signature for Buyer, page 1" in await page.locator(".efield").first.get_attribute("aria-label")

        # a date field for the second role, placed with the keyboard
        await page.select_option("#new-signer", label="Seller")
        await page.focus("#palette .tool[data-type=date]")
        await page.keyboard.press("Enter")
        for _ in range(4):
            await page.keyboard.press("ArrowDown")
        await saved(page)
        roles = (await template_of(client, template))["roles"]
        assert [(r["name"], [(f["field_type"], f["y_percent"]) for f in r["fields"]]) for r in roles] == [
            ("Buyer", [("signature", 10)]), ("Seller", [("date", 50)])]  # (100 - 4) / 2 + 4 × 0.5

        # the second role renamed, a third added: their fields stay with them
        await page.fill("#p1-name", "Vendor")
        await page.keyboard.press("Tab")
        await page.click("#add-person")
        await page.fill("#p2-name", "Witness")
        await page.select_option("#p2-delivery", "link")
        await page.locator("#new-signer option", has_text="Witness").wait_for(state="attached")
        await saved(page)
        roles = (await template_of(client, template))["roles"]
        assert [(r["name"], r["order"], len(r["fields"])) for r in roles] == [("Buyer", 1, 1), ("Vendor", 2, 1),
                                                                               ("Witness", 3, 0)]
        assert roles[2]["delivery"] == "link"
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        # Save: the template's settings, no send
        await page.click("#send-open")
        assert await page.inner_text("#send-title") == "Save the template"
        await page.fill("#send-message", "Sign by Friday")
        await page.fill("#send-expiry", "14")
        await page.click("#send-go")
        await page.locator("#status", has_text="The template was saved.").wait_for()
        stored = await template_of(client, template)
        assert stored["default_message"] == "Sign by Friday" and stored["default_expiry_days"] == 14
        assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "saved"
        assert page.console_messages == []


@pytest.mark.browser
async def test_a_template_sessions_states_have_no_axe_violations(server, client, document_id):
    template = await make_template(client, document_id)
    made = await template_session(client, template, allowed_origin=None)
    async with chromium() as browser:
        for lang in ("en", "de", "ar"):
            for viewport in (PHONE, DESKTOP):
                where = f"template, {lang}, {viewport['width']} px"
                page = await open_page(browser, f"{server.url}/author/{token_of(made)}?lang={lang}", viewport)
                await loaded(page)
                await axe(page, f"loaded, {where}")
                await page.locator(".efield").first.focus()
                await axe(page, f"a field selected, {where}")
                await page.click("#send-open")
                await axe(page, f"save dialog, {where}")
                assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), where
                await screenshot(page, f"editor-template-{lang}-{viewport['width']}")

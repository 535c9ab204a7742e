"""Adding a document and saving as a template from the editor page (issue 38 item 3), in Chromium over
real HTTP: shown only with `upload` (until `max_documents`) and `save_as_template`, the draft gains the
PDF (its pages shown for fields) and the organisation a template of the draft, read through `/v1`. (The
server's refusals with the page bypassed: tests/authoring/test_editor_api.py.)"""
from __future__ import annotations

import pytest

from tests.support import SAMPLE_PDF
from tests.support.a11y import axe, open_page
from tests.support.authoring import create_session, token_of
from tests.support.browser import DESKTOP, PHONE, chromium
from tests.support.editor_page import centre, drag, loaded, saved


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_a_pdf_is_added_and_the_draft_saved_as_a_template_from_the_page(server, client, document_id, viewport):
    made = await create_session(client, document_id, allowed_origin=None,
                                capabilities={"max_documents": 2, "save_as_template": True})
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", viewport)
        await loaded(page)
        assert await page.locator(".sheet").count() == 4
        await page.set_input_files("#upload-file", files=[{"name": "annex.pdf", "mimeType": "application/pdf",
                                                           "buffer": SAMPLE_PDF.read_bytes()}])
        await page.locator("#upload-state", has_text="The document was added.").wait_for()
        assert await page.locator(".document h2").all_inner_texts() == ["contract.pdf", "annex.pdf"]
        assert await page.locator(".sheet").count() == 8
        assert await page.locator("#upload-open").is_hidden()  # max_documents reached
        draft = (await client.get(f"/v1/signing-requests/{made['request_id']}")).json
        assert [d["name"] for d in draft["documents"]] == ["contract.pdf", "annex.pdf"]

        # a field on the annex, then the draft saved as a template
        await page.evaluate("document.querySelectorAll('.sheet')[4].scrollIntoView({block: 'start'}); window.scrollTo(0, 0)")
        annex = await page.locator(".sheet").nth(4).bounding_box()
        tool = await page.locator("#palette .tool[data-type=signature]").bounding_box()
        await drag(page, centre(tool), (annex["x"] + annex["width"] * .5, annex["y"] + 40))
        await saved(page)
        await page.click("#template-open")
        await axe(page, f"save as a template, {viewport['width']} px")
        await page.fill("#template-name", "Contract with annex")
        await page.click("#template-go")
        await page.locator("#status", has_text="Saved as the template Contract with annex.").wait_for()
        assert page.console_messages == []
    [template] = (await client.get("/v1/templates")).json["items"]
    template = (await client.get(f"/v1/templates/{template['id']}")).json
    assert template["name"] == "Contract with annex" and template["document_ids"] == [d["id"] for d in draft["documents"]]
    assert [f["document_id"] for r in template["roles"] for f in r["fields"]] == [draft["documents"][1]["id"]]


@pytest.mark.browser
async def test_without_the_capabilities_the_page_offers_neither(server, client, document_id):
    made = await create_session(client, document_id, allowed_origin=None, capabilities={"upload": False})
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", PHONE)
        await loaded(page)
        assert await page.locator("#upload-open").is_hidden() and await page.locator("#template-open").is_hidden()
        await axe(page, "neither upload nor save as a template")

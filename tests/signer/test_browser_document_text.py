"""The document readable without sight in Chromium (issue 39 item 4), through the accessibility tree: each
page image is followed by its text (in reading order, the signer's field where it stands), a scanned page
says so in words, the "read as text" view and the original PDF are reachable from the page before signing,
in the signer's language (Arabic here), with no axe violation; and a name put into an aria-label is isolated
(FSI…PDI, issue 39 item 7)."""
from __future__ import annotations

import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, consent, create_request
from tests.support.documents import out_of_order_pdf
from tests.support.mail import link_of

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_each_page_offers_its_text_and_the_original_before_signing(smtp_server, viewport):
    srv = smtp_server
    signer = {"name": "ليلى منصور", "email": "layla@example.test", "locale": "ar"}
    await create_request(srv, [signer], lambda ids: [
        {"signer_id": ids[0], "field_type": "text", "placeholder": "City", "page_number": 1, "x_percent": 12,
         "y_percent": 32, "width_percent": 30, "height_percent": 4}], pdf=out_of_order_pdf())
    link = link_of(srv.inbox.to(signer["email"])[0])
    async with chromium() as browser:
        page = await open_page(browser, link, viewport)
        await consent(page)
        await page.locator("#page-1 .page-text").wait_for(state="attached")
        tree = await page.locator("#document").aria_snapshot()
        lines = ["First line of the contract.", "Left half and right half.", "Second line: sign below.",
                 "[حقلك: City (مطلوب)]", "Third line of the contract."]
        at = [tree.find(line) for line in lines]
        assert -1 not in at and at == sorted(at), tree
        note = page.locator("#page-2 + .page-note")
        assert await note.is_visible()
        assert await note.inner_text() == "الصفحة 2 صورة ممسوحة ضوئيًا؛ لا يمكن قراءة نصها بصوت عالٍ."
        label = await page.locator(".field.text input").get_attribute("aria-label")
        assert label == "\u2068City\u2069 (مطلوب)"
        await axe(page, "document with its text, ar")

        async with page.expect_download() as download:
            await page.click("#original-pdf")
        original = await (await download.value).path()
        with open(original, "rb") as fh:
            assert fh.read(5) == b"%PDF-"

        await page.click("#read-as-text")
        await page.locator("h1", has_text="القراءة كنص").wait_for()
        tree = await page.locator("#app").aria_snapshot()
        assert '- heading "الصفحة 1 من 2" [level=3]' in tree.replace("\u2068", "").replace("\u2069", ""), tree
        assert "First line of the contract." in tree and "بصوت عالٍ" in tree
        await axe(page, "read as text, ar")

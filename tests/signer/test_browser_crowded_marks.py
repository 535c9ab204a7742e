"""Crowded signature and initials buttons on a phone go to the input sheet as other small fields do
(issue 39 item 2): two marks too small to tap side by side are filled in from the sheet, where each opens
the adopt dialog; once adopted, each box on the page shows a tick."""
from __future__ import annotations

import pytest

from tests.support.browser import PHONE, chromium, consent, create_request, new_page
from tests.support.mail import link_of

pytestmark = pytest.mark.browser


async def test_crowded_marks_are_adopted_from_the_input_sheet(smtp_server):
    srv = smtp_server
    signer = {"name": "Ann Example", "email": "ann@example.test"}
    await create_request(srv, [signer], lambda ids: [
        {"signer_id": ids[0], "field_type": kind, "page_number": 1, "x_percent": x, "y_percent": 50,
         "width_percent": 5, "height_percent": 2} for kind, x in (("signature", 10), ("initials", 15))])
    async with chromium() as browser:
        page = await new_page(browser, PHONE)
        await page.goto(link_of(srv.inbox.to(signer["email"])[0]))
        await consent(page)
        await page.locator(".field.signature.in-sheet").wait_for(state="attached")
        assert await page.locator(".field.in-sheet").count() == 2
        await page.click("#sheet-open")
        await page.locator("#sheet").wait_for(state="visible")
        for kind in ("signature", "initials"):
            await page.click(f"#sheet-list button.mark >> nth={0 if kind == 'signature' else 1}")
            await page.locator("#adopt").wait_for(state="visible")
            await page.click("#adopt-ok")
            await page.locator("#adopt").wait_for(state="hidden")
        assert await page.locator("#sheet-list button.mark.adopted").count() == 2
        await page.click("#sheet button[type=submit]")
        await page.locator("#sheet").wait_for(state="hidden")
        assert await page.locator(".field.in-sheet[data-value='\u2713']").count() == 2

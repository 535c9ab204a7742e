"""The public link's page in Chromium (docs/public-links.md): axe-clean (tests/support/a11y.py) in four of
its ten languages on a phone, before and after asking for a code; typing the emailed code opens the
signing page of the request made for the visitor."""
from __future__ import annotations

import re

import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import PHONE, chromium
from tests.support.public_links import code_for, link_of, slug, template_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("locale", ["en", "de", "ar", "ja"])
async def test_the_page_is_axe_clean_and_a_code_opens_the_signing_page(server, client, document_id, locale):
    link = await link_of(client, await template_of(client, document_id))
    address = f"visitor-{locale}@example.test"
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/p/{slug(link)}?lang={locale}", PHONE)
        assert await page.get_attribute("html", "lang") == locale
        await page.locator("#document img").first.wait_for()
        await axe(page, f"form, {locale}")
        await page.fill("#name", "Vera Visitor")
        await page.fill("#email", address)
        await page.click("#start")
        await page.locator("#verify-form").wait_for(state="visible")
        await axe(page, f"code, {locale}")
        await server.run_jobs()
        await page.fill("#code", "000000" if code_for(server, address) != "000000" else "111111")
        await page.click("#verify")
        await page.locator("#status:not(:empty)").wait_for()
        await axe(page, f"wrong code, {locale}")
        await page.fill("#code", code_for(server, address))
        await page.click("#verify")
        await page.wait_for_url(re.compile(r".*/sign/.*"))
        assert not [m for m in page.console_messages if m.startswith("pageerror")], page.console_messages

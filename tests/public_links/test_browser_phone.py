"""The public link's phone input in Chromium (docs/public-links.md "Phone codes"): a visitor types a number,
gets the code by text (the log SMS provider), enters it and lands on the signing page of the request made
for them, whose signer keeps the number, verified; a number of a country the link does not take is
refused on the page, in words; every state axe-clean, in English and German."""
from __future__ import annotations

import re

import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import PHONE, chromium
from tests.support.public_links import link_of, slug, template_of
from tests.support.templates import field

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GB = "+447400123456"


def texted_code(server, phone):
    sent = [text for number, text in server.services.sms.sent if number == phone]
    assert sent, f"no code was texted to {phone}"
    return re.search(r"\b(\d{6})\b", sent[-1]).group(1)


@pytest.mark.parametrize("locale", ["en", "de"])
async def test_a_visitor_types_a_number_and_the_texted_code_opens_the_signing_page(server, client, document_id, locale):
    template = await template_of(client, document_id, [{"name": "Guest", "fields": [field()]}])
    link = await link_of(client, template, fixed_roles=[], phone_code={"allowed_countries": ["GB"]})
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/p/{slug(link)}?lang={locale}", PHONE)
        await page.locator("#phone").wait_for(state="visible")
        await page.locator("#document img").first.wait_for()
        await axe(page, f"form with a phone number, {locale}")
        await page.fill("#name", "Vera Visitor")
        await page.fill("#email", f"vera-{locale}@example.test")
        await page.fill("#phone", "+49 30 12345678")  # Germany: not taken by this link
        await page.click("#start")
        await page.locator("#status:not(:empty)").wait_for()
        assert not server.services.sms.sent and not await page.is_visible("#verify-form")
        await axe(page, f"number refused, {locale}")

        await page.fill("#phone", "+44 7400 123456")
        await page.click("#start")
        await page.locator("#verify-form").wait_for(state="visible")
        assert await page.is_visible("#sent-text") and not await page.is_visible("#sent-email")
        await axe(page, f"code by text, {locale}")
        await server.run_jobs()
        await page.fill("#code", texted_code(server, GB))
        await page.click("#verify")
        await page.wait_for_url(re.compile(r".*/sign/.*"))
        assert not [m for m in page.console_messages if m.startswith("pageerror")], page.console_messages
    listed = (await client.get("/v1/signing-requests")).json["items"][0]
    got = (await client.get(f"/v1/signing-requests/{listed['id']}")).json
    assert got["signers"][0]["phone"] == GB and got["signers"][0]["email"] == f"vera-{locale}@example.test"

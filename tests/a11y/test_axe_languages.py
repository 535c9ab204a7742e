"""axe-core with the WCAG 2.2 AA rules (target-size included) and best practices (tests/support/a11y.py)
over every state of the signing page, in English, German, Arabic and Japanese, on a 390 px phone and a
desktop (issue 39 item 10): consent, the document (fields small enough to be on the input sheet
included), each dialog (decline, adopt typed and drawn, the input sheet), errors shown, signed,
reopened, delegated, declined, and the error pages after a hand-over, after declining and for an unknown
link. Zero violations."""
from __future__ import annotations

import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, consent, create_request, draw_signature
from tests.support.mail import link_of
from tests.support.phone_fields import FIELDS

pytestmark = [pytest.mark.browser, pytest.mark.slow]


async def fill_in(page):
    """The required email and checkbox, on the page or on the input sheet."""
    if await page.locator("#sheet-list [placeholder='Work email']").count():
        if not await page.locator("#sheet").is_visible():
            await page.click("#sheet-open")
        await page.fill("#sheet [placeholder='Work email']", "ann@example.test")
        await page.check("#sheet input[type=checkbox] >> nth=0")
        await page.click("#sheet button[type=submit]")
    else:
        await page.fill(".field [placeholder='Work email']", "ann@example.test")
        await page.check(".field.checkbox input >> nth=0")


@pytest.mark.parametrize("locale", ["en", "de", "ar", "ja"])
async def test_every_state_has_no_axe_violations_in_four_languages(smtp_server, locale):
    srv = smtp_server
    person = {k: {"name": f"Layla {k.title()}", "email": f"{k}-{locale}@example.test", "locale": locale}
              for k in ("phone", "desktop", "passer", "decliner")}
    await create_request(srv, [person["phone"], person["desktop"], person["passer"]],
                         lambda ids: [dict(f, signer_id=i) for i in ids for f in FIELDS], allow_delegation=True)
    await create_request(srv, [person["decliner"]], lambda ids: [dict(f, signer_id=i) for i in ids for f in FIELDS])
    link = {k: link_of(srv.inbox.to(p["email"])[0]) for k, p in person.items()}
    async with chromium() as browser:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            where = f"{locale} {size}"
            page = await open_page(browser, link[size], viewport)
            await page.locator("#consent-step").wait_for(state="visible")
            await axe(page, f"consent, {where}")
            await consent(page)
            await page.locator("#document .page img").first.wait_for()
            await axe(page, f"document, {where}")
            if await page.locator("#sheet-open").is_visible():
                await page.click("#sheet-open")
                await page.locator("#sheet").wait_for(state="visible")
                await axe(page, f"input sheet, {where}")
                await page.keyboard.press("Escape")
            await page.click("#decline-open")
            await page.locator("#decline").wait_for(state="visible")
            await axe(page, f"decline dialog, {where}")
            await page.keyboard.press("Escape")
            await page.click("#finish")
            await page.locator("#adopt").wait_for(state="visible")
            await axe(page, f"adopt typed, {where}")
            await page.click("#tab-draw")
            await draw_signature(page)
            await axe(page, f"adopt drawn, {where}")
            await page.click("#adopt-ok")
            await page.locator("#tab-type[aria-selected=true]").wait_for()  # the initials, typed
            await page.click("#adopt-ok")
            await page.locator("#adopt").wait_for(state="hidden")
            await page.locator(".field.invalid").first.wait_for()
            await axe(page, f"errors shown, {where}")
            await fill_in(page)
            await page.click("#finish")
            await page.locator("#status.done").wait_for()
            await axe(page, f"signed, {where}")
            await page.goto(link[size])
            await page.locator("#status.done").wait_for()
            await axe(page, f"reopened, {where}")
            await page.context.close()
        page = await open_page(browser, link["passer"], PHONE)
        await consent(page)
        await page.click("#delegate-step summary")
        await page.fill("#delegate-name", "Jana Vogel")
        await page.fill("#delegate-email", f"jana-{locale}@example.test")
        await page.fill("#delegate-reason", "On leave")
        await axe(page, f"delegation form, {locale} phone")
        await page.click("#delegate-ok")
        await page.locator("#status.done").wait_for()
        await axe(page, f"delegated, {locale} phone")
        await page.goto(link["passer"])
        await axe(page, f"error page after a hand-over, {locale} phone")
        await page.context.close()
        page = await open_page(browser, link["decliner"], PHONE)
        await consent(page)
        await page.click("#decline-open")
        await page.fill("#decline-reason", "Wrong dates")
        await page.click("#decline-ok")
        await page.locator("#status.done").wait_for()
        await axe(page, f"declined, {locale} phone")
        await page.goto(link["decliner"])
        await axe(page, f"error page after declining, {locale} phone")
        await page.goto(link["decliner"].rsplit("/", 1)[0] + f"/not-a-token?lang={locale}")
        await axe(page, f"error page of an unknown link, {locale} phone")
        await page.context.close()

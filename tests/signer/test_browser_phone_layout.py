"""The signing page on a phone (issue 39 item 2), in headless Chromium at 320 and 390 CSS px wide, in
English, German, Arabic and Japanese: no horizontal scrolling in any state (consent, the document, each
dialog, errors shown, a focused field in the right half, signed); every field drawn at its placed size;
every field's control at least 24 x 24 px or spaced from the others (WCAG 2.2 SC 2.5.8); labels too long
for their box shortened, the whole label kept for screen readers; a focused field at a page's foot
scrolled clear of the sticky action bar, which takes at most 20 % of an 844 px-high screen."""
from __future__ import annotations

import pytest

from tests.support.browser import chromium, consent, create_request, new_page, screenshot
from tests.support.mail import link_of
from tests.support.phone_fields import FIELDS

pytestmark = pytest.mark.browser

LOCALES = ["en", "de", "ar", "ja"]
WIDTHS = [320, 390]
HEIGHT = 844

OVERFLOW = "document.documentElement.scrollWidth - innerWidth"

# every field's box against its placed size, and its control: 24 x 24 px or more, or with no other
# control within a 24 px circle about its centre (SC 2.5.8's spacing exception)
GEOMETRY = """() => {
  const out = [];
  const controls = [...document.querySelectorAll("#document .field > :is(input:not([type=file]), select, button):not(:disabled)")];
  const rects = controls.map(c => c.getBoundingClientRect());
  for (const box of document.querySelectorAll("#document .field")) {
    const page = box.closest(".page").getBoundingClientRect(), r = box.getBoundingClientRect();
    const want = [parseFloat(box.style.width) * page.width / 100, parseFloat(box.style.height) * page.height / 100];
    if (Math.abs(r.width - want[0]) > 1.5 || Math.abs(r.height - want[1]) > 1.5)
      out.push(`${box.id} drawn ${r.width.toFixed(1)}x${r.height.toFixed(1)}, placed ${want[0].toFixed(1)}x${want[1].toFixed(1)}`);
  }
  controls.forEach((c, i) => {
    const r = rects[i];
    if (r.width >= 23.9 && r.height >= 23.9) return;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const near = rects.some((o, j) => j !== i &&
      Math.hypot(Math.max(o.left - x, 0, x - o.right), Math.max(o.top - y, 0, y - o.bottom)) < 12);
    if (near) out.push(`${c.closest(".field").id} ${r.width.toFixed(1)}x${r.height.toFixed(1)} with a neighbour within 12 px`);
  });
  rects.forEach((r, i) => rects.forEach((o, j) => {
    if (j > i && r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5)
      out.push(`${controls[i].closest(".field").id} overlaps ${controls[j].closest(".field").id}`);
  }));
  return out;
}"""


async def no_sideways_scroll(page, state):
    assert await page.evaluate(OVERFLOW) <= 0, f"{state}: the page is {await page.evaluate(OVERFLOW)} px wider than the screen"


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_page_fits_a_phone_in_every_state(smtp_server, locale):
    srv = smtp_server
    signers = [{"name": f"Signer {w}", "email": f"s{w}-{locale}@example.test", "locale": locale} for w in WIDTHS]
    await create_request(srv, signers, lambda ids: [dict(f, signer_id=i) for i in ids for f in FIELDS])
    async with chromium() as browser:
        for width, signer in zip(WIDTHS, signers):
            where = f"{locale} {width} px"
            page = await new_page(browser, {"width": width, "height": HEIGHT})
            await page.goto(link_of(srv.inbox.to(signer["email"])[0]))
            await page.locator("#consent-step").wait_for(state="visible")
            await no_sideways_scroll(page, f"consent, {where}")
            await consent(page)
            await page.locator("#document .page img").first.wait_for()
            await no_sideways_scroll(page, f"document, {where}")
            assert await page.evaluate(GEOMETRY) == [], where
            # a label too long for its box is shortened; the whole label is still its name
            initials = page.locator(".field.initials button")
            assert "short" in (await initials.get_attribute("class")).split(), where
            assert len((await initials.text_content()).strip()) > 5
            assert await page.locator(".field.in-sheet").count() == 4, where  # email, phone, two checkboxes
            await page.locator("#sheet-open").click()
            await page.locator("#sheet").wait_for(state="visible")
            await no_sideways_scroll(page, f"input sheet, {where}")
            await page.keyboard.press("Escape")
            # the action bar at the foot: at most 20 % of the screen
            bar = await page.locator("#actions").bounding_box()
            assert bar["height"] <= 0.2 * HEIGHT, f"{where}: the action bar is {bar['height']} px high"
            # a focused field in the right half grows to the left, inside the page
            await page.focus(".field.text:has(input[placeholder=Amount]) input")
            await no_sideways_scroll(page, f"focused field in the right half, {where}")
            grown = await page.locator(".field.text:has(input[placeholder=Amount])").bounding_box()
            sheet = await page.locator("#document .page").first.bounding_box()
            assert grown["width"] >= min(256, sheet["width"]) - 1 and grown["x"] >= sheet["x"] - 0.5
            assert grown["x"] + grown["width"] <= sheet["x"] + sheet["width"] + 0.5, where
            # a focused field at the page's foot is scrolled clear of the sticky bar
            await page.evaluate("window.scrollTo(0, 0)")
            await page.focus(".field.text:has(input[placeholder=Notes]) input")
            notes = await page.locator(".field.text:has(input[placeholder=Notes])").evaluate(
                "b => b.getBoundingClientRect().bottom")
            top = await page.locator("#actions").evaluate("b => b.getBoundingClientRect().top")
            assert notes <= top, f"{where}: the focused field's foot {notes} is under the action bar at {top}"
            await page.click("#decline-open")
            await page.locator("#decline").wait_for(state="visible")
            await no_sideways_scroll(page, f"decline dialog, {where}")
            await page.keyboard.press("Escape")
            await page.click("#finish")
            await page.locator("#adopt").wait_for(state="visible")
            await no_sideways_scroll(page, f"adopt dialog, {where}")
            await page.click("#adopt-ok")
            await page.locator("#adopt-title:not(:empty)").wait_for()
            await page.click("#adopt-ok")  # the initials
            await page.locator("#adopt").wait_for(state="hidden")
            await page.locator(".field.invalid").first.wait_for()
            # the email field (on a line next to the phone's) and the two checkboxes side by side are too
            # small to tap with no room to grow: they are on the input sheet, which opens at the first
            await page.locator("#sheet").wait_for(state="visible")
            await no_sideways_scroll(page, f"input sheet, {where}")
            await page.fill("#sheet [placeholder='Work email']", "ann@example.test")
            await page.check("#sheet input[type=checkbox] >> nth=0")
            await page.click("#sheet button[type=submit]")
            await page.locator("#sheet").wait_for(state="hidden")
            assert await page.locator(".field.in-sheet[data-value='ann@example.test']").count() == 1, where
            await no_sideways_scroll(page, f"errors shown, {where}")
            assert await page.evaluate(GEOMETRY) == [], f"errors shown, {where}"
            await page.click("#finish")
            await page.locator("#status.done").wait_for()
            await no_sideways_scroll(page, f"signed, {where}")
            assert await page.evaluate(GEOMETRY) == [], f"signed, {where}"
            await screenshot(page, f"phone-{locale}-{width}-signed")
            await page.context.close()

"""Which page a field added from the palette goes on (issue 38 item 3), in Chromium over real HTTP: the
page that fills most of the view, not a page barely showing at its top; the page last clicked while it
still shows at least half as much; the selected field's page before either."""
from __future__ import annotations

import pytest

from tests.support.a11y import open_page
from tests.support.authoring import create_session, token_of
from tests.support.browser import DESKTOP, PHONE, chromium
from tests.support.editor_page import loaded, saved

#: #pages scrolled so that page `n` shows only its last `px` pixels at the top
SCROLL = """([n, px]) => {
  const pages = document.querySelector('#pages'), sheet = document.querySelector(`.sheet[data-page='${n}']`);
  pages.scrollTop += sheet.getBoundingClientRect().bottom - Math.max(pages.getBoundingClientRect().top, 0) - px;
}"""


async def _click_corner(page, n: int) -> None:
    """A click at the left edge of page `n` (where no field is), in the middle of what shows of it, without
    scrolling."""
    box = await page.locator(f".sheet[data-page='{n}']").bounding_box()
    pages = await page.locator("#pages").bounding_box()
    height = page.viewport_size["height"]
    top, bottom = max(box["y"], pages["y"], 0), min(box["y"] + box["height"], pages["y"] + pages["height"], height)
    assert bottom - top > 10, (n, box, pages)
    await page.mouse.click(box["x"] + 4, (top + bottom) / 2)


async def _added_on(page, client, request_id: str) -> list[int]:
    # (clicked by script: Playwright's click would first scroll the window up to the palette, changing the view)
    await page.locator("#palette .tool[data-type=signature]").evaluate("button => button.click()")
    await saved(page)
    return sorted(f["page_number"] for f in (await client.get(f"/v1/signing-requests/{request_id}/fields")).json)


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_a_new_field_goes_on_the_page_filling_the_view_or_the_one_clicked(server, client, document_id, viewport):
    made = await create_session(client, document_id, allowed_origin=None)
    async with chromium() as browser:
        page = await open_page(browser, f"{server.url}/author/{token_of(made)}", viewport)
        await loaded(page)
        await page.evaluate("window.scrollTo(0, document.querySelector('#pages').getBoundingClientRect().top + scrollY)")
        # page 1 shows a 30 px strip at the top, page 2 the rest: the field goes on page 2
        await page.evaluate(SCROLL, [1, 30])
        assert await _added_on(page, client, made["request_id"]) == [2]
        # the next goes beside the selected field, until a click on a page (not on a field) chooses that page
        await page.evaluate(SCROLL, [2, 30])
        assert await _added_on(page, client, made["request_id"]) == [2, 2]
        await page.evaluate(SCROLL, [2, 30])  # (adding a field showed it)
        await _click_corner(page, 3)
        assert await _added_on(page, client, made["request_id"]) == [2, 2, 3]
        # the page last clicked, while it shows at least half as much as the page showing most
        box = await page.locator("#pages").bounding_box()
        await page.evaluate(SCROLL, [3, box["height"] * .45])
        await _click_corner(page, 3)
        assert await _added_on(page, client, made["request_id"]) == [2, 2, 3, 3]
        # ... not once it barely shows: then the page filling the view
        await _click_corner(page, 3)
        await page.evaluate(SCROLL, [3, 30])
        assert await _added_on(page, client, made["request_id"]) == [2, 2, 3, 3, 4]
        assert page.console_messages == []

"""The signing page leaves out the bidirectional controls and marks some keyboards type (U+200F after
Hebrew or Arabic punctuation, for one), which the server refuses in names and reasons (issue 35,
part 6): a decline reason typed with them is sent, and recorded, without them, instead of meeting the
server's 422 in English."""
from __future__ import annotations

import pytest

from tests.support.browser import chromium, create_request, new_page
from tests.support.mail import link_of

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out


async def test_a_decline_reason_typed_with_bidi_marks_is_sent_without_them(smtp_server):
    srv = smtp_server
    request = await create_request(srv, [{"name": "Dana Levi", "email": "dana@example.test"}],
                                   lambda ids: [{"signer_id": ids[0], "field_type": "signature", "x_percent": 10,
                                                 "y_percent": 10}])
    link = link_of(srv.inbox.to("dana@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await page.locator("#decline-open").wait_for(state="visible")
        await page.click("#decline-open")
        await page.fill("#decline-reason", "\u200fהתאריך שגוי.\u200f \u202eevil\u202c \u061cخطأ")
        await page.click("#decline-ok")
        await page.locator("#status.done").wait_for()
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["signers"][0]["status"] == "declined"
    assert record["signers"][0]["decline_reason"] == "התאריך שגוי. evil خطأ"

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


async def test_digits_of_any_script_are_accepted_and_inserted_values_are_isolated(smtp_server):
    """Issue 39 item 7 on the page: a phone and a number typed with Arabic-Indic and Eastern Arabic-Indic
    digits pass the page's check and the server's, and are recorded in ASCII digits; every name, email
    address, date and number the page inserts into its sentences is in a <bdi> of its own."""
    srv = smtp_server
    signers = [{"name": "ليلى منصور", "email": "layla@example.test", "locale": "de"}]
    fields = [{"field_type": "signature", "x_percent": 10, "y_percent": 70, "width_percent": 30, "height_percent": 8},
              {"field_type": "text", "x_percent": 10, "y_percent": 10, "width_percent": 40, "height_percent": 5,
               "placeholder": "Telefon", "validation_type": "phone"},
              {"field_type": "text", "x_percent": 10, "y_percent": 30, "width_percent": 40, "height_percent": 5,
               "placeholder": "Betrag", "validation_type": "number"}]
    request = await create_request(srv, signers, lambda ids: [dict(f, signer_id=ids[0]) for f in fields])
    link = link_of(srv.inbox.to("layla@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await page.locator("#consent-step").wait_for(state="visible")
        assert (await page.eval_on_selector_all("#subtitle bdi", "bs => bs.map(b => b.textContent)"))[-2:] == [
            "ليلى منصور", "layla@example.test"]
        await page.check("#consent-box")
        await page.click("#consent-continue")
        await page.locator("#finish").wait_for(state="visible")
        assert await page.eval_on_selector_all("#progress bdi", "bs => bs.map(b => b.textContent)") == ["3", "3"]
        await page.fill("input[placeholder=Telefon]", "+\u0669\u0666\u0666 \u0665\u0660 \u0661\u0662\u0663 \u0664\u0665\u0666\u0667")
        await page.fill("input[placeholder=Betrag]", "\u06f1\u06f2\u06f5")
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")
        await page.locator("#status.done").wait_for()
        assert await page.locator(".field-tip").count() == 0
    record = await srv.services.store.signing_requests.by_id(request["id"])
    assert sorted(f.get("value") for f in record["fields"] if f["field_type"] == "text") == ["+966 50 123 4567", "125"]

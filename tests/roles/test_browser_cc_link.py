"""A `cc`'s read-only link (`notify_on: "sent"`, docs/roles.md) in headless Chromium, from the real email: the
signing page shows the document and says there is nothing to do — no consent, no fields, no action —
axe-clean in English and in Arabic (right to left); the cc stays `notified` (the page reports no view)."""
import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, create_request
from tests.support.mail import link_of

pytestmark = pytest.mark.browser

SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
COPY = {"name": "Cas Copy", "email": "cas@example.test", "type": "cc", "notify_on": "sent"}
HIDDEN = ("#actions", "#consent-step", "#phone-step", "#approve", "#reject-open", "#acknowledge", "#finish",
          "#decline-open", "#sheet-note")


@pytest.fixture
def srv(smtp_server):
    return smtp_server


async def test_a_cc_s_link_shows_the_document_and_no_action(srv):
    request = await create_request(srv, [SIGNER, COPY], signing_order="parallel")
    link = link_of(srv.inbox.to(COPY["email"])[-1])
    async with chromium() as browser:
        page = await open_page(browser, link, DESKTOP)
        await page.locator("#role-note").wait_for(state="visible")
        await page.locator("#document img").first.wait_for(state="visible")
        assert await page.text_content("#role-note") == ("This document is sent to you for your information: there is "
                                                         "nothing for you to do.")
        for hidden in HIDDEN:
            assert not await page.is_visible(hidden), hidden
        assert await page.locator("#document .field, #document input, #document button").count() == 0
        await axe(page, "cc read-only link, desktop")

        page = await open_page(browser, link, PHONE, locale="ar")
        await page.locator("#role-note").wait_for(state="visible")
        assert await page.get_attribute("html", "dir") == "rtl"
        assert await page.text_content("#role-note") == "أُرسلت إليك هذه الوثيقة للعلم: ليس عليك فعل أي شيء."
        await page.locator("#document img").first.wait_for(state="visible")
        await axe(page, "cc read-only link, phone, Arabic")
        await page.wait_for_timeout(700)  # the page's view report (a beacon) has had its turn
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [s["status"] for s in got["signers"]] == ["sent", "notified"]

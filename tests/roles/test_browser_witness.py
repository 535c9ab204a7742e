"""A witness in person (docs/roles.md) in headless Chromium: right after signing, the signer's page says
"Hand the device to <name> to witness your signature" and its button opens the witness's own page on the
same device, where the witness signs; axe-clean."""
import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, chromium, consent, create_request
from tests.support.mail import link_of

pytestmark = pytest.mark.browser

SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
WITNESS = {"name": "Wes Witness", "email": "wes@example.test", "type": "witness", "witness_for": SIGNER["email"],
           "witness_mode": "in_person"}


async def sign_typed(page, name):
    await consent(page)
    await page.click("#finish")
    await page.locator("#adopt").wait_for(state="visible")
    await page.fill("#typed-name", name)
    await page.click("#adopt-ok")


async def test_the_signer_hands_the_device_to_the_witness(smtp_server):
    srv = smtp_server
    request = await create_request(srv, [SIGNER, WITNESS], signing_order="parallel")
    async with chromium() as browser:
        page = await open_page(browser, link_of(srv.inbox.to(SIGNER["email"])[-1]), DESKTOP)
        assert not await page.is_visible("#handover")
        await sign_typed(page, SIGNER["name"])
        await page.locator("#handover").wait_for(state="visible")
        assert await page.text_content("#handover-note") == "Hand the device to Wes Witness to witness your signature."
        await axe(page, "hand-over, desktop")
        await page.click("#handover-open")
        await page.locator("#consent-step").wait_for(state="visible")
        assert "Wes Witness" in await page.text_content("#subtitle")
        assert not await page.is_visible("#handover")
        await sign_typed(page, WITNESS["name"])
        await page.locator("#status.done").wait_for(state="visible")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["status"] == "completed" and [s["status"] for s in got["signers"]] == ["signed", "signed"]
    assert srv.inbox.to(WITNESS["email"]) == []

"""The signing page with Stripe Identity in headless Chromium: the signer clicks "Verify my identity",
Stripe's page opens in a new tab, the person submits, Stripe's webhook reaches esign and sends the
tab to the return page, and the signing page, still open, turns from pending to ready to sign by
itself."""
from __future__ import annotations

import pytest

from tests.support.browser import chromium, new_page, screenshot
from tests.support.signing import ANN, make_request, spost, typed

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out


async def test_signing_page_sends_the_signer_to_stripe_and_back(srv, stripe):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(f"{srv.url}/sign/{token}")
        await page.locator("#identity-vendor-step").wait_for(state="visible")
        assert await page.locator("#identity-step").is_hidden() and await page.locator("#consent-step").is_hidden()
        async with page.context.expect_page() as opened:
            await page.click("#vendor-start")
        vendor = await opened.value
        # the tab opens blank within the click and goes to Stripe once esign has opened the session
        await vendor.wait_for_url(f"{stripe.url}/verify/vs_*")
        # while the person is at Stripe the signing page says so and offers to check again
        await page.locator("#vendor-note", has_text="new tab").wait_for()
        assert await page.locator("#vendor-check").is_visible()
        await screenshot(page, "signing-identity-vendor-pending")
        await vendor.click("#submit-document")
        await vendor.wait_for_url(f"{srv.url}/identity/return/*")
        assert "close this tab" in await vendor.text_content("#return-message")
        assert token not in vendor.url
        # the signing page notices by itself (polling) and moves on to the consent step
        await page.locator("#consent-step").wait_for(state="visible", timeout=15000)
        assert await page.locator("#identity-vendor-step").is_hidden()
        assert [m for m in page.console_messages if m.startswith(("error", "pageerror"))] == []
    assert (await spost(srv, token, "sign", {"signature": typed(), "consent": True})).status == 200

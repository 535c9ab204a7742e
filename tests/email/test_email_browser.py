"""The HTML part of real emails (received by aiosmtpd) in headless Chromium on a 390 px phone: no
sideways scroll however long the link or the document name, the organisation's logo and accent
colour shown. Screenshots are saved for review (tests/signer/browser.py)."""
import io

import pytest
from PIL import Image

from esign.domain.requests import lifecycle
from tests.support import SAMPLE_PDF
from tests.support.browser import DESKTOP, PHONE, chromium, new_page, screenshot
from tests.support.mail import BRAND_KEY, BRANDED, LEGAL, mail_server

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out

LOGO_URL = "https://logo.example.test/brand.png"
LONG_NAME = "Master-Services-Agreement_2026_final_revised_countersigned_version_v12_without_any_spaces.pdf"


def logo_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (240, 48), (10, 125, 59)).save(out, format="PNG")
    return out.getvalue()


async def offline_page(browser, viewport):
    """A page that loads nothing from the network but the organisation's logo (served here)."""
    page = await new_page(browser, viewport=viewport)
    png = logo_png()

    async def answer(route):
        if route.request.url == LOGO_URL:
            await route.fulfill(status=200, content_type="image/png", body=png)
        else:
            await route.abort()

    await page.route("**/*", answer)
    return page


async def test_email_html_fits_a_phone_without_sideways_scroll(tmp_path):
    async with mail_server(tmp_path, BRANDED, email={"attach_max_mb": 0.001}) as srv:
        doc = (await srv.client.upload(SAMPLE_PDF.read_bytes(), filename=LONG_NAME, key=BRAND_KEY)).json["id"]
        resp = await srv.client.post("/v1/signing-requests", {
            "document_id": doc, "auto_send": True, "cc_emails": [LEGAL],
            "signers": [{"name": "Ann", "email": "ann@example.test"}],
            "message": "Please sign before the end of the month. " * 3}, key=BRAND_KEY)
        assert resp.status == 201, resp
        await srv.run_jobs()
        request = await srv.services.store.signing_requests.by_id(resp.json["id"])
        await lifecycle.sign(srv.services, request, request["signers"][0]["id"], {}, {"kind": "typed", "text": "Ann"})
        await srv.run_jobs()
        mails = {(m["Subject"].split(":")[0], m["To"]): m for m in srv.inbox.messages}
        shown = {"invitation": mails[("Please sign", "Ann <ann@example.test>")],
                 "completed-cc": mails[("Completed", "Legal <legal@example.test>")]}

        async with chromium() as browser:
            for name, msg in shown.items():
                html = msg.get_body(("html",)).get_content()
                for label, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
                    page = await offline_page(browser, viewport)
                    await page.set_content(html, wait_until="load")
                    scroll = await page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
                    assert scroll[0] <= scroll[1], (name, label, scroll)
                    await screenshot(page, f"email-{name}-{label}")
                    # the long link is on the page in full, wrapped inside the viewport
                    link = page.locator("a", has_text="/").last
                    box = await link.bounding_box()
                    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (name, label, box)
                    if label == "phone":
                        assert box["height"] > 30  # wrapped over lines
                    assert (await link.inner_text()).startswith(srv.url)
                    logo = await page.evaluate("(() => { const i = document.querySelector('img');"
                                               " return [i.naturalWidth, i.getBoundingClientRect().right]; })()")
                    assert logo[0] == 240 and logo[1] <= viewport["width"], logo
                    button = page.locator("a", has_text="Download" if name.startswith("completed") else "Review and sign")
                    colour = await button.evaluate("a => getComputedStyle(a).backgroundColor")
                    assert colour == "rgb(10, 125, 59)", colour  # the accent colour #0a7d3b
                    await page.context.close()

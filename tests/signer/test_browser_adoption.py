"""Issue 14 in headless Chromium, at desktop and phone (390 px) sizes: signers with no field adopt a
typed and a drawn signature on the signing page and sign; the same links then show the request
completed and download the signed PDF; nothing scrolls sideways on the phone."""
import io

import pytest
from PIL import Image
from pypdf import PdfReader

from esign.pdf.stamp import SIGNATURES_PAGE
from tests.support import SAMPLE_PDF
from tests.support.browser import ARTIFACTS, DESKTOP, PHONE, chromium, draw_signature, new_page, screenshot
from tests.support.mail import link_of

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out

VIEWPORTS = {"desktop": (DESKTOP, {}), "phone": (PHONE, {"is_mobile": True, "has_touch": True})}
ANN = {"name": "Ann Lee", "email": "ann@example.test"}
BOB = {"name": "Bob Ray", "email": "bob@example.test"}


@pytest.fixture
def srv(smtp_server):
    return smtp_server


async def no_sideways_scroll(page, viewport):
    assert await page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


async def open_and_consent(browser, viewport, options, link):
    page = await new_page(browser, viewport=viewport, **options)
    await page.goto(link)
    await page.locator("#consent-step").wait_for(state="visible")
    await page.check("#consent-box")
    await page.click("#consent-continue")
    await page.locator("#finish").wait_for(state="visible")
    # no field: the page asks for a signature of the signer's own
    await page.locator("#own-signature").wait_for(state="visible")
    assert await page.text_content("#own-mark") == "Adopt your signature"
    await no_sideways_scroll(page, viewport)
    return page


@pytest.mark.parametrize("size", list(VIEWPORTS))
async def test_signers_without_fields_adopt_typed_and_drawn_signatures_then_download(srv, size):
    viewport, options = VIEWPORTS[size]
    doc = (await srv.client.upload(SAMPLE_PDF.read_bytes(), "Lease 2027.pdf")).json["id"]
    created = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN, BOB],
                                                             "auto_send": True})
    assert created.status == 201 and created.json["status"] == "pending", created
    request_id = created.json["id"]
    await srv.run_jobs()
    ann_link, bob_link = (link_of(srv.inbox.to(p["email"])[0]) for p in (ANN, BOB))

    async with chromium() as browser:
        # Ann signs straight away: the page makes her adopt a (typed) signature first
        page = await open_and_consent(browser, viewport, options, ann_link)
        await screenshot(page, f"adopt-no-field-{size}")
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        assert await page.text_content("#adopt-ok") == "Adopt and sign"
        assert await page.input_value("#typed-name") == "Ann Lee"
        await no_sideways_scroll(page, viewport)
        await page.click("#adopt-ok")
        await page.locator("#status.done").wait_for()
        assert "You have signed" in await page.text_content("#status")
        assert "this link lets you download the signed PDF" in await page.text_content("#status")  # the note of the page
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages

        # Bob draws his signature in the box first, sees it, then signs
        page = await open_and_consent(browser, viewport, options, bob_link)
        await page.click("#own-mark")
        await page.locator("#adopt").wait_for(state="visible")
        assert await page.text_content("#adopt-ok") == "Adopt"
        await page.click("#tab-draw")
        await draw_signature(page)
        await page.click("#adopt-ok")
        await page.locator("#own-mark img").wait_for()
        await screenshot(page, f"adopt-drawn-no-field-{size}")
        await page.locator("#actions").screenshot(path=str(ARTIFACTS / "screenshots" / f"adopt-drawn-actions-{size}.png"))
        await no_sideways_scroll(page, viewport)
        await page.click("#finish")
        await page.locator("#status.done").wait_for()
        assert "Everyone has signed" in await page.text_content("#status")

        stored = await srv.services.store.signing_requests.by_id(request_id)
        assert stored["status"] == "completed"
        ann, bob = stored["signers"]
        assert ann["signature"] == {"kind": "typed", "text": "Ann Lee"}
        assert bob["signature"]["kind"] == "drawn"
        ink = Image.open(io.BytesIO(await srv.services.storage.get_bytes(bob["signature"]["blob_key"])))
        assert ink.getchannel("A").getbbox() is not None

        # the completed link: "being prepared" until the signed PDF is ready, then a download
        await page.goto(ann_link)
        assert "being prepared" in await page.text_content("#completed")
        await srv.run_jobs()
        await page.locator("#download").wait_for(timeout=15000)  # the page reloads itself every 10 s
        assert "Completed" in await page.text_content("#completed")
        await no_sideways_scroll(page, viewport)
        await screenshot(page, f"completed-link-{size}")
        async with page.expect_download() as info:
            await page.click("#download")
        download = await info.value
        assert download.suggested_filename == "Lease 2027-signed.pdf"
        with open(await download.path(), "rb") as fh:
            got = fh.read()
        stored = await srv.services.store.signing_requests.by_id(request_id)
        assert got == await srv.services.storage.get_bytes(stored["signed_blob_key"]) and got.startswith(b"%PDF")
        # neither signer had a field: both adopted signatures are on the signatures page after the document
        pages = [page.extract_text() for page in PdfReader(io.BytesIO(got)).pages]
        original = len(PdfReader(SAMPLE_PDF).pages)
        assert pages[original].startswith(SIGNATURES_PAGE), pages[original][:80]
        assert "Signed by Ann Lee" in pages[original] and "Signed by Bob Ray" in pages[original]

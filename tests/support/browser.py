"""Headless Chromium (Debian's `chromium`) driven by Playwright, for the signing-page tests, and the
requests those tests open.

Screenshots go to `test-artifacts/screenshots/` (or `$ESIGN_TEST_ARTIFACTS/screenshots`) for review.
"""
from __future__ import annotations

import contextlib
import os
import pathlib
import shutil

from playwright.async_api import async_playwright

from tests.support.documents import SAMPLE_PDF

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
ARTIFACTS = pathlib.Path(os.environ.get("ESIGN_TEST_ARTIFACTS") or pathlib.Path(__file__).resolve().parents[2] / "test-artifacts")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@contextlib.asynccontextmanager
async def chromium():
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def new_page(browser, viewport=DESKTOP, **options):
    context = await browser.new_context(viewport=viewport, **options)
    page = await context.new_page()
    page.console_messages = []
    page.on("console", lambda m: page.console_messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console_messages.append(f"pageerror: {e}"))
    return page


async def screenshot(page, name: str) -> pathlib.Path:
    target = ARTIFACTS / "screenshots" / f"{name}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(target), full_page=True)
    return target


async def tab_to(page, selector: str, limit: int = 60) -> None:
    """Press Tab until the element matching `selector` has the focus (keyboard-only use)."""
    for _ in range(limit):
        if await page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"{selector} never received the focus by Tab")


async def draw_signature(page) -> None:
    """Draw a scribble on the signature pad with the mouse."""
    box = await page.locator("#pad").bounding_box()
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    await page.mouse.move(x + w * 0.1, y + h * 0.6)
    await page.mouse.down()
    for i in range(1, 25):
        await page.mouse.move(x + w * (0.1 + 0.03 * i), y + h * (0.6 - 0.3 * ((-1) ** i) * (i % 3) / 3), steps=2)
    await page.mouse.up()


async def finish_with_drawn_signature_and_initials(page) -> None:
    """Press Finish, adopt a drawn signature, then the initials the dialog asks for next (as typed)."""
    await page.click("#finish")
    await page.locator("#adopt").wait_for(state="visible")
    await page.click("#tab-draw")
    await draw_signature(page)
    await page.click("#adopt-ok")
    await page.locator("#adopt-title", has_text="initials").wait_for()
    await page.click("#adopt-ok")


# --- a request to open in the browser --------------------------------------------------------------

async def create_request(srv, signers, fields_for=None, pdf: bytes | None = None, **extra) -> dict:
    """A sent request; `fields_for(signer_ids)` returns the fields. Returns the API's full record."""
    client = srv.client
    doc = (await client.upload(pdf or SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    created = await client.post("/v1/signing-requests", {"document_id": doc, "signers": signers, **extra})
    assert created.status == 201, created
    request = created.json
    if fields_for:
        ids = [s["id"] for s in request["signers"]]
        resp = await client.post(f"/v1/signing-requests/{request['id']}/fields", {"fields": fields_for(ids)})
        assert resp.status == 201, resp
    sent = await client.post(f"/v1/signing-requests/{request['id']}/send")
    assert sent.status == 200, sent
    await srv.run_jobs()
    return sent.json


async def field_ids(srv, request_id) -> dict:
    """(field_type, placeholder) -> field id."""
    record = await srv.services.store.signing_requests.by_id(request_id)
    return {(f["field_type"], f.get("placeholder")): f["id"] for f in record["fields"]}


async def consent(page):
    await page.locator("#consent-step").wait_for(state="visible")
    await page.check("#consent-box")
    await page.click("#consent-continue")
    await page.locator("#finish").wait_for(state="visible")

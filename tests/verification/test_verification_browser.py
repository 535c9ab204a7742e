"""The verification page in Chromium: axe-clean in English, German and Arabic (right to left, a phone
too); "Check your copy" hashes the chosen file with WebCrypto and sends only its hash (the request's
body is the SHA-256, never the file); "Check a PDF's signatures" shows the verdict of `POST /verify`."""
from __future__ import annotations

import hashlib
import json

import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, screenshot
from tests.support.verification import completed

pytestmark = [pytest.mark.browser, pytest.mark.slow]


async def test_the_page_checks_a_copy_in_the_browser_and_is_axe_clean(server, client, tmp_path):
    view, pdf = await completed(server, client)
    url = f"{server.url}/v/{view['verification_id']}"
    genuine, altered = tmp_path / "genuine.pdf", tmp_path / "altered.pdf"
    genuine.write_bytes(pdf)
    altered.write_bytes(pdf + b"%\n")
    async with chromium() as browser:
        for lang, viewport in (("en", DESKTOP), ("de", DESKTOP), ("ar", PHONE)):
            page = await open_page(browser, f"{url}?lang={lang}", viewport)
            assert await page.get_attribute("html", "lang") == lang
            await axe(page, f"verification page {lang}")
            await screenshot(page, f"verification-{lang}")
        page = await open_page(browser, url, DESKTOP)
        sent = []
        page.on("request", lambda r: sent.append((r.url, r.post_data)) if r.method == "POST" else None)
        await page.set_input_files("#copy-file", str(genuine))
        await page.click("#copy-form button")
        await page.locator('#copy-result[data-match="true"]').wait_for()
        await page.set_input_files("#copy-file", str(altered))
        await page.click("#copy-form button")
        await page.locator('#copy-result[data-match="false"]').wait_for()
        assert [json.loads(body) for _, body in sent] == [{"sha256": hashlib.sha256(pdf).hexdigest()},
                                                          {"sha256": hashlib.sha256(pdf + b"%\n").hexdigest()}]
        assert all(u == f"{url}/check" for u, _ in sent)
        await axe(page, "a copy checked")

        await page.set_input_files("#verify-file", str(genuine))
        await page.click("#verify-form button")
        await page.locator('#verdict[data-verdict="VERIFIED"]').wait_for(timeout=60_000)
        await page.set_input_files("#verify-file", str(altered))
        await page.click("#verify-form button")
        await page.locator('#verdict[data-verdict="NOT_VERIFIED"]').wait_for(timeout=60_000)
        assert await page.locator("#checks li.fail").count() >= 1
        await axe(page, "a PDF checked")
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages

"""The signing page as a signer meets it in headless Chromium: emptied prefilled fields, a long
document that loads its pages as they are scrolled to, a closed adopt dialog, a zoomed or short
screen, and no JavaScript."""
import asyncio
import io
import re

import pypdf
import pytest

from esign.domain.requests import links
from tests.support import SAMPLE_PDF, running_server
from tests.support.browser import chromium, consent, create_request, field_ids, new_page, screenshot
from tests.support.mail import link_of
from tests.support.waiting import until


@pytest.fixture
def srv(smtp_server):
    return smtp_server


def signature_field(signer_id, **extra):
    return {"signer_id": signer_id, "field_type": "signature", "x_percent": 10, "y_percent": 30, **extra}


@pytest.mark.browser
async def test_an_optional_field_the_signer_empties_stays_empty(srv):
    """What the signer emptied on the page is not filled back in with the value it started with."""
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [
        signature_field(ids[0]),
        {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 10, "placeholder": "Email",
         "auto_source": "signer_email", "is_required": False},
        {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 15, "placeholder": "Team",
         "value": "Sales", "is_required": False},
        {"signer_id": ids[0], "field_type": "select", "x_percent": 10, "y_percent": 50, "placeholder": "Plan",
         "options": ["Monthly", "Yearly"], "value": "Monthly", "is_required": False}])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    ids = await field_ids(srv, request["id"])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await consent(page)
        assert await page.input_value(f"#field-{ids[('text', 'Team')]} input") == "Sales"
        await page.fill(f"#field-{ids[('text', 'Email')]} input", "")
        await page.fill(f"#field-{ids[('text', 'Team')]} input", "  ")
        await page.select_option(f"#field-{ids[('select', 'Plan')]} select", "")
        await page.click("#finish")
        await page.click("#adopt-ok")
        await page.locator("#status.done").wait_for()
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["status"] == "completed"
    assert [v["field_type"] for v in record["field_values"]] == ["signature"]
    stored = await srv.services.store.signing_requests.by_id(request["id"])
    emptied = [f for f in stored["fields"] if f["field_type"] != "signature"]
    assert [(f["value"], f["filled_at"] is not None) for f in emptied] == [(None, True)] * 3


async def test_an_optional_prefilled_field_left_out_of_the_api_call_keeps_its_value(srv):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [
        signature_field(ids[0]),
        {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 10, "placeholder": "Team",
         "value": "Sales", "is_required": False}])
    path = link_of(srv.inbox.to("ann@example.test")[0]).split(str(srv.port), 1)[1]
    resp = await srv.client.post(f"{path}/api/sign", {"signature": {"kind": "typed", "text": "Ann Lee"}, "consent": True},
                                 key=None)
    assert resp.status == 200, resp
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert {v["field_type"]: v["value"] for v in record["field_values"]} == {"signature": "Ann Lee", "text": "Sales"}


def long_pdf(pages: int) -> bytes:
    reader = pypdf.PdfReader(io.BytesIO(SAMPLE_PDF.read_bytes()))
    writer = pypdf.PdfWriter()
    for i in range(pages):
        writer.add_page(reader.pages[i % len(reader.pages)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.browser
async def test_a_long_document_loads_its_pages_as_they_are_scrolled_to(srv):
    await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}],
                         lambda ids: [signature_field(ids[0], page_number=40)], pdf=long_pdf(40))
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        images = []
        page.on("request", lambda r: images.append(r.url) if "/pages/" in r.url else None)
        await page.goto(link)
        await consent(page)
        # the first page drawn (however long a loaded machine takes), then a moment for any eager loading
        await page.locator("#page-1 img").evaluate("img => img.complete || new Promise(r => img.onload = r)")
        await page.wait_for_timeout(1000)
        assert 1 <= len(images) <= 8, images  # the first pages, not all 40
        await page.locator(".field.signature button").scroll_into_view_if_needed()
        # page 40 drawn (on a loaded machine its rendering may take seconds; it may have been asked for already)
        await page.wait_for_function("() => { const i = document.querySelector('#page-40 img');"
                                     " return i && i.complete && i.currentSrc.includes('/pages/40/'); }", timeout=60_000)
        assert any(re.search(r"/pages/40/[0-9a-f]{24}-\d+\.webp$", u) for u in images), images
        assert len(images) < 40


@pytest.mark.browser
async def test_closing_the_adopt_dialog_then_adopting_from_a_field_does_not_sign(srv):
    """"Sign the document" opens the adopt dialog to adopt and sign; closed with Escape, a later
    adoption from a signature field only adopts."""
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}],
                                   lambda ids: [signature_field(ids[0])])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await consent(page)
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        assert await page.text_content("#adopt-ok") == "Adopt and sign"
        await page.keyboard.press("Escape")
        await page.locator("#adopt").wait_for(state="hidden")
        await page.click(".field.signature button")
        await page.locator("#adopt").wait_for(state="visible")
        assert await page.text_content("#adopt-ok") == "Adopt"
        await page.click("#adopt-ok")
        await page.locator(".field.signature .hand").wait_for()
        await page.wait_for_timeout(500)
        assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]["status"] != "signed"
        await page.click("#finish")  # now it signs
        await page.locator("#status.done").wait_for()
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "completed"


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [{"width": 640, "height": 450}, {"width": 195, "height": 422}],
                         ids=["desktop-200pct", "phone-200pct"])
async def test_the_action_bar_does_not_cover_a_zoomed_page(srv, viewport):
    """Zoomed to 200 % (half the CSS pixels) the actions scroll with the page instead of sticking
    over half of it; the page still fits the width."""
    await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [
        signature_field(ids[0]), {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 10}])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser, viewport=viewport, device_scale_factor=2)
        await page.goto(link)
        await consent(page)
        assert await page.evaluate("getComputedStyle(document.getElementById('actions')).position") == "static"
        assert await page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        await screenshot(page, f"signing-zoomed-{viewport['width']}")
        # a normal screen keeps the actions in reach
        await page.set_viewport_size({"width": 1280, "height": 900})
        assert await page.evaluate("getComputedStyle(document.getElementById('actions')).position") == "sticky"


@pytest.mark.browser
async def test_without_javascript_the_page_says_so_and_nothing_else(srv):
    await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [signature_field(ids[0])])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser, java_script_enabled=False)
        await page.goto(link)
        assert "needs JavaScript" in await page.inner_text("#app")
        assert await page.locator("#loading").is_hidden()


@pytest.mark.browser
async def test_a_pasted_value_with_a_slow_pattern_does_not_freeze_the_page(srv):
    """(a+)+b against 40 "a" pasted at once backtracks 2^40 times: the check runs in a Web Worker that
    the page ends after a time bound, so the tab stays responsive and the server's answer is shown.
    A pattern that answers in time is still checked by the page, with no call to the server."""
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [
        {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 10, "width_percent": 40,
         "height_percent": 3, "placeholder": "Code", "validation_type": "regex", "validation_pattern": "(a+)+b"},
        {"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 20, "width_percent": 40,
         "height_percent": 3, "placeholder": "Employee", "validation_type": "regex", "validation_pattern": "E-[0-9]{4}"}])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    ids = await field_ids(srv, request["id"])
    code, employee = f"#field-{ids[('text', 'Code')]}", f"#field-{ids[('text', 'Employee')]}"
    async with chromium() as browser:
        page = await new_page(browser)
        sign_calls = []
        page.on("request", lambda r: sign_calls.append(r.url) if r.url.endswith("/api/sign") else None)
        await page.goto(link)
        await consent(page)
        await asyncio.wait_for(page.fill(f"{code} input", "a" * 40), 10)
        # the main thread answers at once while the worker is stuck
        assert await asyncio.wait_for(page.evaluate("1 + 1"), 5) == 2
        await page.fill(f"{employee} input", "E-12")
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")
        await page.locator(f"{employee} .field-tip").wait_for()
        assert sign_calls == []  # the page's own check refused E-12
        await page.fill(f"{employee} input", "E-1234")
        await page.click("#finish")
        tip = page.locator(f"{code} .field-tip")
        await tip.wait_for()
        assert sign_calls  # the slow field was left to the server, which refused it
        assert "format" in await tip.text_content()
        assert await page.locator(f"{employee} .field-tip").count() == 0
        assert not [m for m in page.console_messages if m.startswith("pageerror")], page.console_messages
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "pending"


@pytest.mark.browser
async def test_signing_in_a_second_tab_after_the_first_shows_the_signed_state(srv):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"},
                                         {"name": "Bob Ray", "email": "bob@example.test"}],
                                   lambda ids: [signature_field(i, y_percent=10 + 20 * n) for n, i in enumerate(ids)])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        first = await new_page(browser)
        await first.goto(link)
        await consent(first)
        second = await first.context.new_page()
        await second.goto(link)
        await second.locator("#finish").wait_for(state="visible")
        await first.click("#finish")
        await first.click("#adopt-ok")
        await first.locator("#status.done").wait_for()
        await second.click("#finish")
        await second.click("#adopt-ok")
        await second.locator("#status.done").wait_for()  # the page caught up instead of offering to sign again
        assert "already signed" in await second.text_content("#finish-error")
        assert await second.locator("#finish").is_hidden() and await second.locator("#withdraw").is_visible()
    events = [e["event_type"] for e in (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json]
    assert events.count("signer.signed") == 1


async def slow_network(page, pattern: str, seconds: float = 1.5):
    async def delayed(route):
        await asyncio.sleep(seconds)
        await route.continue_()
    await page.route(pattern, delayed)


@pytest.mark.browser
async def test_a_double_click_on_a_slow_network_spends_one_try(tmp_path):
    """Enter pressed twice on the phone code, or "Verify" clicked twice, while the first call is
    still on its way: one wrong try of the code and one identity check, not two."""

    async with running_server(tmp_path, overrides={"identity": {"provider": "basic"}}) as srv:
        request = await create_request(
            srv, [{"name": "Dana Kowalska", "email": "dana@example.test", "phone": "+48 601 234 567"}],
            lambda ids: [signature_field(ids[0])], phone_verification_required=True, identity_verification_required=True)
        stored = await srv.services.store.signing_requests.by_id(request["id"])
        async with chromium() as browser:
            page = await new_page(browser)
            await slow_network(page, "**/api/otp/verify")
            await slow_network(page, "**/api/identity")
            await page.goto(links.signing_url(srv.services, stored, stored["signers"][0]))
            await page.click("#otp-send")
            await page.locator("#otp-code:enabled").wait_for()
            code = next(w for w in srv.services.sms.sent[-1][1].replace(".", " ").split() if w.isdigit())
            await page.fill("#otp-code", "000000" if code != "000000" else "111111")
            await page.press("#otp-code", "Enter")
            await page.press("#otp-code", "Enter")
            await page.locator("#otp-error", has_text="wrong code; 2 tries left").wait_for()
            await page.fill("#otp-code", code)
            await page.press("#otp-code", "Enter")

            await page.locator("#identity-step").wait_for(state="visible")
            await page.fill("#id-full_name", "John Smith")  # rejected
            await page.fill("#id-date_of_birth", "1990-05-17")
            await page.fill("#id-document_number", "ABC123456")
            await page.fill("#id-document_expiry", "2031-01-31")
            await page.fill("#id-issued_country", "pl")
            await page.dblclick("#identity-form button[type=submit]")
            await page.locator("#identity-error", has_text="could not verify").wait_for()
            await page.wait_for_timeout(2000)  # a second call, if any, has arrived by now
        events = [e["event_type"] for e in (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json]
        assert events.count("signing_event.otp_failed") == 1
        assert events.count("identity.rejected") == 1


@pytest.mark.browser
async def test_the_page_reports_what_it_showed_as_a_beacon_that_keeps_nothing_open(srv):
    """Issue 39 item 9: the report of what the page showed (POST .../api/viewed) goes as a beacon (the
    browser drops the answer), so the page's network falls idle once the document is shown."""
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}],
                                   lambda ids: [signature_field(ids[0])])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        reports = []
        page.on("requestfinished", lambda r: reports.append(r) if r.url.endswith("/api/viewed") else None)
        await page.goto(link)
        await consent(page)
        await until(lambda: reports)
        await page.wait_for_load_state("networkidle")
        assert [(r.method, r.resource_type) for r in reports] == [("POST", "ping")]
        assert (await reports[0].response()).status == 200
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["signers"][0]["viewed_at"] is not None
    types = [e["event_type"] for e in (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json]
    assert types.count("signer.viewed") == 1

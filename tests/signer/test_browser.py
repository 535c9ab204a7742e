"""The signing page in headless Chromium: a signer opens the link from a real invitation email, gives
consent, fills every field type, draws a signature and signs; another declines; keyboard-only
signing; phone-sized screens. Screenshots are saved for review (tests/signer/browser.py)."""
import asyncio
import hashlib
import io
import time

import pytest
from PIL import Image

from esign.domain.requests import links
from esign.hookspecs import hookimpl
from esign.plugins import make_plugin_manager
from esign.providers.base import CodeCheckingSmsProvider
from tests.support import running_server
from tests.support.browser import (
    PHONE,
    chromium,
    consent,
    create_request,
    field_ids,
    finish_with_drawn_signature_and_initials,
    new_page,
    screenshot,
    tab_to,
)
from tests.support.mail import link_of

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out

ALL_FIELDS = [
    {"field_type": "signature", "page_number": 1, "x_percent": 55, "y_percent": 80, "width_percent": 30, "height_percent": 6},
    {"field_type": "initials", "page_number": 1, "x_percent": 10, "y_percent": 80, "width_percent": 8, "height_percent": 4},
    {"field_type": "date", "page_number": 1, "x_percent": 10, "y_percent": 88, "width_percent": 20, "height_percent": 3},
    {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 10, "width_percent": 40, "height_percent": 3,
     "placeholder": "Work email", "validation_type": "email"},
    {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 15, "width_percent": 40, "height_percent": 3,
     "placeholder": "Your email", "auto_source": "signer_email"},
    {"field_type": "checkbox", "page_number": 2, "x_percent": 10, "y_percent": 20, "width_percent": 3, "height_percent": 2},
    {"field_type": "select", "page_number": 2, "x_percent": 10, "y_percent": 30, "width_percent": 30, "height_percent": 3,
     "options": ["Monthly", "Yearly"], "placeholder": "Billing"},
    {"field_type": "text", "page_number": 2, "x_percent": 10, "y_percent": 40, "width_percent": 30, "height_percent": 3,
     "placeholder": "Employee number", "validation_type": "regex", "validation_pattern": "E-[0-9]{4}"},
]


@pytest.fixture
def srv(smtp_server):
    return smtp_server


async def sign_typed(browser, link):
    """Open the link, consent, and sign with the typed name the page suggests."""
    page = await new_page(browser)
    await page.goto(link)
    await sign_after_consent(page)
    return page


async def sign_after_consent(page):
    await consent(page)
    await page.click("#finish")
    await page.locator("#adopt").wait_for(state="visible")
    await page.click("#adopt-ok")  # adopts the typed name, then the page signs
    await page.locator("#status.done").wait_for()


async def test_signer_fills_every_field_type_draws_and_signs(srv):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}],
                                   lambda ids: [dict(f, signer_id=ids[0]) for f in ALL_FIELDS],
                                   message="Please sign the annual contract.")
    link = link_of(srv.inbox.to("ann@example.test")[0])
    ids = await field_ids(srv, request["id"])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await page.locator("#consent-step").wait_for(state="visible")
        assert "Please sign the annual contract." in await page.text_content("#message")
        await screenshot(page, "signing-desktop-consent")
        await consent(page)
        # the auto_source field is prefilled, the date filled by the page
        assert await page.input_value(f"#field-{ids[('text', 'Your email')]} input") == "ann@example.test"
        assert await page.text_content(f"#field-{ids[('date', None)]} .date") == srv.clock.now().date().isoformat()

        # the page refuses an empty form with the reasons next to the fields
        # the initials field needs initials of their own (an adopted signature does not stand in for them)
        await finish_with_drawn_signature_and_initials(page)
        await page.locator(f"#field-{ids[('text', 'Work email')]}.invalid").wait_for()
        assert await page.locator(".field.invalid").count() == 4  # work email, checkbox, select, employee number
        assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "pending"

        await page.fill(f"#field-{ids[('text', 'Work email')]} input", "not-an-email")
        await page.check(f"#field-{ids[('checkbox', None)]} input")
        await page.select_option(f"#field-{ids[('select', 'Billing')]} select", "Yearly")
        await page.fill(f"#field-{ids[('text', 'Employee number')]} input", "E-12")
        await page.click("#finish")
        tip = page.locator(f"#field-{ids[('text', 'Work email')]} .field-tip")
        assert "email" in (await tip.text_content())
        assert await page.locator(f"#field-{ids[('text', 'Employee number')]}.invalid").count() == 1

        await page.fill(f"#field-{ids[('text', 'Work email')]} input", "ann@work.example.test")
        await page.fill(f"#field-{ids[('text', 'Employee number')]} input", "E-1234")
        # the drawn signature shows in the signature field
        assert await page.locator(f"#field-{ids[('signature', None)]} img").count() == 1
        await screenshot(page, "signing-desktop-filled")
        await page.click("#finish")
        await page.locator("#status.done").wait_for()
        assert "You have signed" in await page.text_content("#status")
        await screenshot(page, "signing-desktop-signed")
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages

    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["status"] == "completed"
    values = {v["field_id"]: v["value"] for v in record["field_values"]}
    assert values[ids[("text", "Work email")]] == "ann@work.example.test"
    assert values[ids[("text", "Your email")]] == "ann@example.test"
    assert values[ids[("checkbox", None)]] == "true"
    assert values[ids[("select", "Billing")]] == "Yearly"
    assert values[ids[("text", "Employee number")]] == "E-1234"
    assert values[ids[("signature", None)]] == "(drawn signature)"
    assert values[ids[("date", None)]] == srv.clock.now().date().isoformat()
    stored = await srv.services.store.signing_requests.by_id(request["id"])
    drawn = stored["signers"][0]["signature"]
    assert drawn["kind"] == "drawn" and set(drawn) == {"kind", "blob_key", "sha256"}  # the image is in blob storage
    png = await srv.services.storage.get_bytes(drawn["blob_key"])
    assert hashlib.sha256(png).hexdigest() == drawn["sha256"]
    image = Image.open(io.BytesIO(png))
    assert image.getchannel("A").getbbox() is not None  # real ink from the mouse strokes
    types = [e["event_type"] for e in (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json]
    assert {"signer.viewed", "signing_event.consent_given", "signer.signed", "signing_request.completed"} <= set(types)


async def test_signer_declines_with_a_reason(srv):
    request = await create_request(srv, [{"name": "Bob Ray", "email": "bob@example.test"}],
                                   lambda ids: [{"signer_id": ids[0], "field_type": "signature", "x_percent": 10, "y_percent": 10}])
    link = link_of(srv.inbox.to("bob@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await page.locator("#decline-open").wait_for(state="visible")
        await page.click("#decline-open")
        await page.click("#decline-ok")
        assert "why" in (await page.text_content("#decline-error")).lower()  # a reason is needed
        await page.fill("#decline-reason", "The start date is wrong.")
        await page.click("#decline-ok")
        await page.locator("#status.done").wait_for()
        assert "declined" in await page.text_content("#status")
        assert "the sender can see your reason" in await page.text_content("#status")  # not "has been told"
        await page.reload()  # the link's page now says what happened: the signer declined
        assert await page.text_content("h1") == "You declined to sign"
        assert "can no longer be signed" in await page.text_content("#error-message")
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["status"] == "cancelled"
    assert record["signers"][0]["status"] == "declined"
    assert record["signers"][0]["decline_reason"] == "The start date is wrong."


async def test_keyboard_only_signing_on_a_phone(srv):
    request = await create_request(
        srv, [{"name": "Cleo Diaz", "email": "cleo@example.test"}],
        lambda ids: [{"signer_id": ids[0], "field_type": "text", "x_percent": 10, "y_percent": 10, "placeholder": "City"},
                     {"signer_id": ids[0], "field_type": "checkbox", "x_percent": 10, "y_percent": 20,
                      "width_percent": 4, "height_percent": 3},
                     {"signer_id": ids[0], "field_type": "signature", "x_percent": 10, "y_percent": 30}])
    link = link_of(srv.inbox.to("cleo@example.test")[0])
    async with chromium() as browser:
        page = await new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
        await page.goto(link)
        await page.locator("#consent-step").wait_for(state="visible")
        await screenshot(page, "signing-phone-consent")
        await tab_to(page, "#consent-box")
        await page.keyboard.press("Space")
        await tab_to(page, "#consent-continue")
        await page.keyboard.press("Enter")
        await page.locator("#finish").wait_for(state="visible")
        # nothing overflows the phone's width
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await tab_to(page, ".field.text input")
        await page.keyboard.type("Lisbon")
        await tab_to(page, ".field.checkbox input")
        await page.keyboard.press("Space")
        await tab_to(page, ".field.signature button")
        await page.keyboard.press("Enter")
        await page.locator("#adopt").wait_for(state="visible")
        assert await page.input_value("#typed-name") == "Cleo Diaz"
        await page.keyboard.press("Enter")  # adopts the typed name
        await page.locator(".field.signature .hand").wait_for()
        await screenshot(page, "signing-phone-filled")
        await tab_to(page, "#finish")
        await page.keyboard.press("Enter")
        await page.locator("#status.done").wait_for()
        await screenshot(page, "signing-phone-signed")
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["status"] == "completed"
    stored = await srv.services.store.signing_requests.by_id(request["id"])
    assert stored["signers"][0]["signature"] == {"kind": "typed", "text": "Cleo Diaz"}


async def test_sequential_second_signer_waits_then_withdraws_and_signs_again(srv):
    request = await create_request(
        srv, [{"name": "Ann Lee", "email": "ann@example.test", "order": 1},
              {"name": "Bob Ray", "email": "bob@example.test", "order": 2}],
        lambda ids: [{"signer_id": i, "field_type": "signature", "x_percent": 10, "y_percent": 10 + 20 * n}
                     for n, i in enumerate(ids)], signing_order="sequential")
    async with chromium() as browser:
        page = await sign_typed(browser, link_of(srv.inbox.to("ann@example.test")[0]))
        # nobody later has signed yet: Ann may take her signature back, and sign again
        await page.locator("#withdraw").wait_for(state="visible")
        await page.click("#withdraw")
        await page.locator("#finish").wait_for(state="visible")
        stored = await srv.services.store.signing_requests.by_id(request["id"])
        assert stored["signers"][0]["status"] == "withdrawn"
        await page.click("#finish")  # the signature adopted before is used again
        await page.locator("#status.done").wait_for()
    await srv.run_jobs()
    async with chromium() as browser:
        await sign_typed(browser, link_of(srv.inbox.to("bob@example.test")[-1]))
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "completed"


async def test_phone_code_and_identity_check_in_the_page(tmp_path):

    async with running_server(tmp_path, overrides={"identity": {"provider": "basic"}}) as srv:
        request = await create_request(
            srv, [{"name": "Dana Kowalska", "email": "dana@example.test", "phone": "+48 601 234 567"}],
            lambda ids: [{"signer_id": ids[0], "field_type": "signature", "x_percent": 10, "y_percent": 10}],
            phone_verification_required=True, identity_verification_required=True)
        stored = await srv.services.store.signing_requests.by_id(request["id"])
        link = links.signing_url(srv.services, stored, stored["signers"][0])
        async with chromium() as browser:
            page = await new_page(browser)
            await page.goto(link)
            await page.locator("#phone-step").wait_for(state="visible")
            assert await page.locator("#consent-step").is_hidden() and await page.locator("#finish").is_hidden()
            assert "67" in await page.text_content("#phone-note")
            await page.click("#otp-send")
            await page.locator("#otp-code:enabled").wait_for()
            phone, text = srv.services.sms.sent[-1]
            assert phone == "+48601234567"
            code = next(w for w in text.replace(".", " ").split() if w.isdigit() and len(w) == 6)
            wrong = "000000" if code != "000000" else "111111"
            await page.fill("#otp-code", wrong)
            await page.click("#otp-form button[type=submit]")
            await page.locator("#otp-error", has_text="wrong code").wait_for()
            await page.fill("#otp-code", code)
            await page.click("#otp-form button[type=submit]")

            await page.locator("#identity-step").wait_for(state="visible")
            assert await page.input_value("#id-full_name") == "Dana Kowalska"
            await page.fill("#id-full_name", "John Smith")  # not the signer: rejected
            await page.fill("#id-date_of_birth", "1990-05-17")
            await page.select_option("#id-document_type", "id_card")
            await page.fill("#id-document_number", "ABC123456")
            await page.fill("#id-document_expiry", "2031-01-31")
            await page.fill("#id-issued_country", "pl")
            await screenshot(page, "signing-identity-step")
            await page.click("#identity-form button[type=submit]")
            await page.locator("#identity-error", has_text="could not verify").wait_for()
            await page.fill("#id-full_name", "Dana Kowalska")
            await page.click("#identity-form button[type=submit]")
            await sign_after_consent(page)
        record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
        assert record["status"] == "completed"
        signer = record["signers"][0]
        assert signer["identity_verified"] is True and signer["identity_document_number"].endswith("3456")
        assert record["identity_payment_status"] == "charged"
        events = [e["event_type"] for e in (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json]
        assert {"signing_event.otp_sent", "signing_event.otp_failed", "signing_event.otp_verified",
                "identity.rejected", "identity.approved"} <= set(events)


class EightDigitSms(CodeCheckingSmsProvider):
    """A verification service (as Twilio Verify can be set up) that makes 8-digit codes itself."""
    identifier = "eight-digit"
    contract_version = 2
    CODE = "40718253"

    async def send_code(self, phone, ttl_seconds):
        pass

    async def check_code(self, phone, code):
        return code == self.CODE


class EightDigitPlugin:
    @hookimpl
    def esign_sms_providers(self):
        return [EightDigitSms]


async def test_a_code_made_by_the_sms_provider_may_be_longer_than_six_digits(tmp_path):

    pm = make_plugin_manager()
    pm.register(EightDigitPlugin())
    async with running_server(tmp_path, overrides={"sms": {"provider": "eight-digit"}}, pm=pm) as srv:
        request = await create_request(
            srv, [{"name": "Dana Kowalska", "email": "dana@example.test", "phone": "+48 601 234 567"}],
            lambda ids: [{"signer_id": ids[0], "field_type": "signature", "x_percent": 10, "y_percent": 10}],
            phone_verification_required=True)
        stored = await srv.services.store.signing_requests.by_id(request["id"])
        async with chromium() as browser:
            page = await new_page(browser)
            await page.goto(links.signing_url(srv.services, stored, stored["signers"][0]))
            await page.click("#otp-send")
            await page.locator("#otp-code:enabled").wait_for()
            await page.fill("#otp-code", EightDigitSms.CODE)
            await page.click("#otp-form button[type=submit]")
            await sign_after_consent(page)
        assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "completed"


async def test_a_slow_pattern_does_not_freeze_the_page_as_it_is_typed(srv):
    """With (a+)+b each "a" typed doubles the JavaScript check's backtracking: the page leaves the field
    to the server once a check took too long, and shows the server's answer."""
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], lambda ids: [
        {"signer_id": ids[0], "field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 10,
         "width_percent": 40, "height_percent": 3, "placeholder": "Code", "validation_type": "regex",
         "validation_pattern": "(a+)+b"}])
    link = link_of(srv.inbox.to("ann@example.test")[0])
    box = f"#field-{(await field_ids(srv, request['id']))[('text', 'Code')]}"
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await consent(page)
        started = time.monotonic()
        await asyncio.wait_for(page.type(f"{box} input", "a" * 40), 60)
        assert time.monotonic() - started < 20
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")
        tip = page.locator(f"{box} .field-tip")
        await tip.wait_for()
        assert "expected format" in await tip.text_content()  # the server's refusal
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "pending"

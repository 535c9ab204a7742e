"""axe-core (pinned by scripts/node-deps) over the signing page's states at phone and desktop
size, in English and Arabic (right to left), with zero violations; and the page in German and
Arabic: translated strings, <html lang> and dir. Screenshots go to test-artifacts/screenshots."""

import pytest

from esign.domain.requests import links
from tests.support import running_server
from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, consent, create_request, draw_signature, screenshot
from tests.support.mail import link_of

pytestmark = pytest.mark.browser

FIELDS = [
    {"field_type": "signature", "x_percent": 55, "y_percent": 80, "width_percent": 30, "height_percent": 6},
    {"field_type": "initials", "x_percent": 10, "y_percent": 80, "width_percent": 8, "height_percent": 4},
    {"field_type": "text", "x_percent": 10, "y_percent": 10, "width_percent": 40, "height_percent": 3,
     "placeholder": "Work email", "validation_type": "email"},
    {"field_type": "checkbox", "x_percent": 10, "y_percent": 20, "width_percent": 3, "height_percent": 2},
    {"field_type": "select", "x_percent": 60, "y_percent": 30, "width_percent": 30, "height_percent": 3,
     "options": ["Monthly", "Yearly"], "placeholder": "Billing", "is_required": False},
]


@pytest.fixture
def srv(smtp_server):
    return smtp_server


async def test_every_state_has_no_axe_violations_on_a_phone_and_a_desktop(srv):
    signers = [{"name": "Ann Lee", "email": "ann@example.test"}, {"name": "Bo Ray", "email": "bo@example.test"}]
    request = await create_request(srv, signers, lambda ids: [dict(f, signer_id=i) for i in ids for f in FIELDS])
    ann, bo = (link_of(srv.inbox.to(s["email"])[0]) for s in signers)
    async with chromium() as browser:
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page = await open_page(browser, ann, viewport)
            if size == "desktop":  # Ann has signed on her phone: her reopened link
                await page.locator("#status.done").wait_for()
                await axe(page, "reopened after signing, desktop")
            else:
                await page.locator("#consent-step").wait_for(state="visible")
                await axe(page, f"consent {size}")
                await consent(page)
                await axe(page, f"fields {size}")
                await page.click("#finish")  # the adopt dialog, typed
                await page.locator("#adopt").wait_for(state="visible")
                await axe(page, f"adopt typed {size}")
                await page.click("#tab-draw")
                await draw_signature(page)
                await axe(page, f"adopt drawn {size}")
                await page.click("#adopt-ok")  # then the initials
                await page.locator("#adopt-title", has_text="initials").wait_for()
                await page.click("#adopt-ok")
                await page.locator("#adopt").wait_for(state="hidden")
                await page.locator(".field.invalid").first.wait_for()  # email and checkbox are missing
                await axe(page, f"field errors {size}")
                await page.fill(".field.text input", "ann@example.test")
                await page.check(".field.checkbox input")
                await page.click("#finish")
                await page.locator("#status.done").wait_for()
                await axe(page, f"signed {size}")
            await page.context.close()
        page = await open_page(browser, bo, PHONE)
        await consent(page)
        await page.click("#decline-open")
        await page.fill("#decline-reason", "Wrong dates")
        await page.click("#decline-ok")
        await page.locator("#status.done").wait_for()
        await axe(page, "declined phone")
        await page.goto(bo)  # the request is cancelled: the error page
        await axe(page, "error page phone")
        await page.goto(ann.rsplit("/", 1)[0] + "/not-a-token?lang=ar")
        assert await page.get_attribute("html", "dir") == "rtl"
        await axe(page, "error page 404 arabic")
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "cancelled"


async def test_the_page_in_german_and_arabic(srv):
    signers = [{"name": "Jana Vogel", "email": "jana@example.test", "locale": "de-AT"},
               {"name": "Layla Haddad", "email": "layla@example.test"}]
    request = await create_request(srv, signers, lambda ids: [dict(f, signer_id=i) for i in ids for f in FIELDS])
    assert [s["locale"] for s in request["signers"]] == ["de", None]
    jana, layla = (link_of(srv.inbox.to(s["email"])[0]) for s in signers)
    async with chromium() as browser:
        page = await open_page(browser, jana, PHONE, locale="en-US")  # the signer's locale wins over the browser's
        await page.locator("#consent-step").wait_for(state="visible")
        assert await page.get_attribute("html", "lang") == "de" and await page.get_attribute("html", "dir") == "ltr"
        assert await page.text_content("#consent-title") == "Elektronisch unterschreiben"
        assert (await page.text_content("#consent-text")).startswith("Wenn Sie fortfahren")
        await consent(page)
        assert await page.text_content(".field.signature button") == (
            "Hier unterschreiben – \u2068Unterschrift\u2069 (Pflichtfeld)")  # the label isolated (FSI…PDI)
        assert (await page.text_content("#progress")).startswith("Noch auszufüllende Felder: 4 von 5")
        await screenshot(page, "i18n-de-phone")
        await page.context.close()
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page = await open_page(browser, layla, viewport, locale="ar-EG")  # no locale: the browser's language
            assert await page.get_attribute("html", "lang") == "ar" and await page.get_attribute("html", "dir") == "rtl"
            assert await page.text_content("#consent-title") == "التوقيع الإلكتروني"
            if size == "phone":
                await consent(page)
            await page.locator("#finish").wait_for(state="visible")
            # right to left: the notice's rule is on the right; the document itself is not mirrored
            assert await page.evaluate("getComputedStyle(document.querySelector('#actions .row')).direction") == "rtl"
            assert await page.evaluate("getComputedStyle(document.querySelector('.page')).direction") == "ltr"
            await axe(page, f"arabic fields {size}")
            await screenshot(page, f"i18n-ar-rtl-{size}")
            # the language switcher: a link per language, the current one marked
            await page.click("nav.languages a[lang=fr]")
            await page.locator("#finish").wait_for(state="visible")  # consent was given in Arabic
            assert await page.get_attribute("html", "lang") == "fr"
            assert await page.text_content("#finish") == "Signer le document"
            await page.context.close()


async def test_an_unsupported_locale_is_refused_naming_the_supported_ones(srv):
    doc = (await srv.client.upload(b"%PDF-1.4\n", "x.pdf"))
    body = {"document_id": doc.json.get("id", "00000000-0000-0000-0000-000000000000"),
            "signers": [{"name": "Ann Lee", "email": "ann@example.test", "locale": "tlh"}]}
    resp = await srv.client.post("/v1/signing-requests", body)
    assert resp.status == 422, resp
    detail = resp.json["error"]["details"][0]
    assert detail["field"] == "signers.0.locale" and "de" in detail["message"] and "ar" in detail["message"]


async def test_the_code_and_identity_steps_have_no_axe_violations(tmp_path):
    """The phone-code step (before and after a wrong code) and the identity step (before and after a
    refusal), on a phone and a desktop."""
    async with running_server(tmp_path, overrides={"identity": {"provider": "basic"}}) as srv:
        async with chromium() as browser:
            for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
                request = await create_request(
                    srv, [{"name": "Dana Kowalska", "email": f"dana-{size}@example.test", "phone": "+48 601 234 567"}],
                    lambda ids: [dict(FIELDS[0], signer_id=ids[0])], phone_verification_required=True,
                    identity_verification_required=True)
                stored = await srv.services.store.signing_requests.by_id(request["id"])
                page = await open_page(browser, links.signing_url(srv.services, stored, stored["signers"][0]), viewport)
                await page.locator("#phone-step").wait_for(state="visible")
                await axe(page, f"code step {size}")
                await page.click("#otp-send")
                await page.locator("#otp-code:enabled").wait_for()
                code = next(w for w in srv.services.sms.sent[-1][1].replace(".", " ").split() if w.isdigit())
                await page.fill("#otp-code", "000000" if code != "000000" else "111111")
                await page.press("#otp-code", "Enter")
                await page.locator("#otp-error:not(:empty)").wait_for()
                await axe(page, f"code step, wrong code {size}")
                await page.fill("#otp-code", code)
                await page.press("#otp-code", "Enter")
                await page.locator("#identity-step").wait_for(state="visible")
                await axe(page, f"identity step {size}")
                await page.fill("#id-full_name", "John Smith")  # not the signer: refused
                await page.fill("#id-date_of_birth", "1990-05-17")
                await page.fill("#id-document_number", "ABC123456")
                await page.fill("#id-document_expiry", "2031-01-31")
                await page.fill("#id-issued_country", "pl")
                await page.click("#identity-form button[type=submit]")
                await page.locator("#identity-error:not(:empty)").wait_for()
                await axe(page, f"identity step, refused {size}")
                await page.close()

"""The signing page shows each role its own actions (docs/roles.md), in headless Chromium from the real
invitation emails: an approver approves, another rejects with a reason, a viewer confirms having
reviewed the document; none of them is offered signing; every state axe-clean, in English and in Arabic
(right to left) and German."""
import pytest

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, create_request
from tests.support.mail import link_of

pytestmark = pytest.mark.browser

APPROVER = {"name": "Lee Legal", "email": "legal@example.test", "type": "approver"}
SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
VIEWER = {"name": "Val Viewer", "email": "val@example.test", "type": "viewer"}


@pytest.fixture
def srv(smtp_server):
    return smtp_server


def link_to(srv, person) -> str:
    return link_of(srv.inbox.to(person["email"])[-1])


async def test_an_approver_approves_then_a_viewer_acknowledges(srv):
    request = await create_request(srv, [APPROVER, SIGNER, VIEWER], signing_order="parallel")
    async with chromium() as browser:
        page = await open_page(browser, link_to(srv, APPROVER), PHONE)
        await page.locator("#approve").wait_for(state="visible")
        assert await page.is_visible("#reject-open") and not await page.is_visible("#acknowledge")
        assert not await page.is_visible("#actions") and not await page.is_visible("#consent-step")
        assert "approve this document" in await page.text_content("#role-note")
        await axe(page, "approver, phone")
        await page.click("#approve")
        await page.locator("#approve").wait_for(state="hidden")
        assert await page.text_content("#role-note") == "You approved this document."
        await axe(page, "approved, phone")

        await srv.run_jobs()  # everyone else is invited now
        page = await open_page(browser, link_to(srv, VIEWER), DESKTOP, locale="de")
        await page.locator("#acknowledge").wait_for(state="visible")
        assert await page.text_content("#acknowledge") == "Ich habe es geprüft"
        assert not await page.is_visible("#approve") and not await page.is_visible("#finish")
        await axe(page, "viewer, desktop, German")
        await page.click("#acknowledge")
        await page.locator("#acknowledge").wait_for(state="hidden")
        assert "geprüft" in await page.text_content("#role-note")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [s["status"] for s in got["signers"]] == ["approved", "sent", "acknowledged"]
    assert got["status"] == "pending"  # the signer has not signed


async def test_an_approver_rejects_with_a_reason_in_arabic(srv):
    request = await create_request(srv, [APPROVER, SIGNER], signing_order="parallel")
    async with chromium() as browser:
        page = await open_page(browser, link_to(srv, APPROVER), PHONE, locale="ar")
        await page.locator("#reject-open").wait_for(state="visible")
        assert await page.get_attribute("html", "dir") == "rtl"
        await page.click("#reject-open")
        await page.locator("#reject").wait_for(state="visible")
        await axe(page, "reject dialog, phone, Arabic")
        await page.click("#reject-ok")
        assert await page.text_content("#reject-error") == "اذكر سبب رفضك."  # a reason is needed
        await page.fill("#reject-reason", "The budget is not approved")
        await page.click("#reject-ok")
        await page.locator("#reject-open").wait_for(state="hidden")
        assert "أُلغي طلب التوقيع" in await page.text_content("#role-note")
        await axe(page, "rejected, phone, Arabic")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["status"] == "cancelled"
    assert [s["status"] for s in got["signers"]] == ["rejected", "pending"]
    assert got["signers"][0]["decline_reason"] == "The budget is not approved"


async def test_an_approver_fills_its_own_fields_and_approves_with_them(srv):
    def fields_for(ids):
        at = {"signer_id": ids[0], "page_number": 1, "x_percent": 10, "width_percent": 40, "height_percent": 5}
        return [{**at, "field_type": "text", "placeholder": "Cost centre", "y_percent": 10, "is_required": True},
                {**at, "field_type": "select", "options": ["Legal", "Finance"], "y_percent": 20, "is_required": True},
                {**at, "field_type": "checkbox", "y_percent": 30, "width_percent": 5, "is_required": False}]

    request = await create_request(srv, [APPROVER, SIGNER], fields_for, signing_order="parallel")
    ids = {f["field_type"]: f["id"] for f in (await srv.client.get(
        f"/v1/signing-requests/{request['id']}/fields")).json}
    async with chromium() as browser:
        page = await open_page(browser, link_to(srv, APPROVER), DESKTOP)
        await page.locator("#approve").wait_for(state="visible")
        text = page.locator(f"#input-{ids['text']}")
        assert await text.is_editable() and not await page.is_visible("#consent-step")
        await axe(page, "approver with fields, desktop")
        await page.click("#approve")  # the required text and select left empty: said at each, nothing sent
        assert await page.text_content("#role-error") == "Fields that need your attention: 2."
        assert await text.get_attribute("aria-invalid") == "true"
        await axe(page, "approver's fields to fix, desktop")
        await page.fill(f"#input-{ids['text']}", "CC-42")
        await page.select_option(f"#input-{ids['select']}", "Finance")
        await page.check(f"#input-{ids['checkbox']}")
        await page.click("#approve")
        await page.locator("#approve").wait_for(state="hidden")
        assert await page.text_content("#role-note") == "You approved this document."
        await axe(page, "approved with fields, desktop")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["signers"][0]["status"] == "approved"
    assert {v["field_type"]: v["value"] for v in got["field_values"]} == {
        "text": "CC-42", "select": "Finance", "checkbox": "true"}


async def test_an_approver_who_signs_is_offered_signing_and_rejecting(srv):
    request = await create_request(srv, [{**APPROVER, "approver_signs": True}, SIGNER], lambda ids: [
        {"signer_id": ids[0], "page_number": 1, "x_percent": 10, "y_percent": 10, "width_percent": 30,
         "height_percent": 6}], signing_order="parallel")
    async with chromium() as browser:
        page = await open_page(browser, link_to(srv, APPROVER), PHONE, locale="fr")
        await page.locator("#consent-step").wait_for(state="visible")
        assert await page.is_visible("#reject-open") and not await page.is_visible("#approve")
        assert "en le signant" in await page.text_content("#role-note")
        await axe(page, "approver who signs, phone, French")
    assert request["signers"][0]["approver_signs"] is True


async def test_an_assistant_prefills_and_the_signer_sees_it(srv):
    assistant = {"name": "Pat Assistant", "email": "pat@example.test", "type": "assistant", "assists": [SIGNER["email"]]}

    def fields_for(ids):
        at = {"signer_id": ids[1], "page_number": 1, "x_percent": 10, "width_percent": 40, "height_percent": 5}
        return [{**at, "field_type": "text", "placeholder": "Company", "y_percent": 10},
                {**at, "field_type": "text", "placeholder": "Reference", "y_percent": 20, "locked": True},
                {**at, "field_type": "text", "placeholder": "Email", "validation_type": "email", "y_percent": 30,
                 "is_required": False},
                {**at, "y_percent": 50}]

    request = await create_request(srv, [assistant, SIGNER], fields_for, signing_order="parallel")
    ids = {f.get("placeholder"): f["id"] for f in (await srv.client.get(
        f"/v1/signing-requests/{request['id']}/fields")).json}
    async with chromium() as browser:
        page = await open_page(browser, link_to(srv, assistant), DESKTOP)
        await page.locator("#prepare").wait_for(state="visible")
        assert "then choose Done" in await page.text_content("#role-note")
        assert not await page.is_visible("#approve") and not await page.is_visible("#consent-step")
        await axe(page, "assistant, desktop")
        await page.fill(f"#input-{ids['Company']}", "Acme Ltd")
        await page.fill(f"#input-{ids['Reference']}", "PO-7")
        await page.fill(f"#input-{ids['Email']}", "not an address")
        await page.click("#prepare")  # a malformed value is said at its field; empty ones are the signer's
        assert await page.text_content("#role-error") == "Enter an email address."
        await page.fill(f"#input-{ids['Email']}", "")
        await page.click("#prepare")
        await page.locator("#prepare").wait_for(state="hidden")
        assert "The people who sign it see what you entered" in await page.text_content("#role-note")
        await axe(page, "assistant done, desktop")

        await srv.run_jobs()
        page = await open_page(browser, link_to(srv, SIGNER), PHONE)
        await page.locator("#consent-step").wait_for(state="visible")
        await page.check("#consent-box")
        await page.click("#consent-continue")
        await page.locator("#finish").wait_for(state="visible")
        assert "Pat Assistant prefilled some of your fields" in await page.text_content("#prefilled-note")
        company, reference = page.locator(f"#input-{ids['Company']}"), page.locator(f"#input-{ids['Reference']}")
        assert await company.input_value() == "Acme Ltd" and await company.is_editable()
        assert await reference.input_value() == "PO-7" and not await reference.is_editable()
        assert await company.get_attribute("title") == "Prefilled by Pat Assistant"
        await axe(page, "signer with prefilled fields, phone")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["signers"][0]["status"] == "prepared"

"""axe-core over the console's pages in headless Chromium, on a phone and a desktop, in English,
German and Arabic (right to left): sign-in, its error, "check your email", the confirm page, a link
that no longer works, the requests list (signed in through the page's own button), the error page, a
request's page in each state, the page of a link to copy, the new request's form, the templates and a
template's "use" form."""
from __future__ import annotations

import pytest

from esign.domain.console import members as console_members
from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium
from tests.support.console import linked_storage_server, new_link
from tests.support.signing import ANN, BOB, complete_request, make_request, upload
from tests.support.templates import make_template

pytestmark = pytest.mark.browser


async def test_every_console_page_has_no_axe_violations_in_english_german_and_arabic(server):
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, "ada@a.example.test", "Ada Admin", "sender")
    await make_request(server, [ANN])
    await make_request(server, [ANN], send=False)
    async with chromium() as browser:
        for lang, viewport in (("en", PHONE), ("de", DESKTOP), ("ar", PHONE), ("ar", DESKTOP)):
            server.clock.advance(minutes=1)  # two links a round: within [console] sign_in_per_address_minute
            page = await open_page(browser, f"{server.url}/console/sign-in?lang={lang}", viewport)
            assert await page.get_attribute("html", "lang") == lang
            assert await page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
            await axe(page, f"sign-in {lang}")
            await page.fill("#email", "not-an-address@")
            await page.evaluate("document.querySelector('#email').type = 'text'")  # past the browser's own check
            await page.click("button[type=submit]")
            await page.locator("#email-error").wait_for()
            await axe(page, f"sign-in error {lang}")
            await page.fill("#email", "ada@a.example.test")
            await page.click("button[type=submit]")
            await page.locator("h1").wait_for()
            await axe(page, f"check your email {lang}")
            link = await new_link(server, "ada@a.example.test")
            await page.goto(f"{link}?lang={lang}")
            await axe(page, f"confirm {lang}")
            await page.click("button[type=submit]")
            await page.locator("table, .card p").first.wait_for()
            assert page.url.endswith("/console/requests")
            await page.goto(f"{server.url}/console/requests?lang={lang}")
            assert await page.locator("tbody tr").count() == 2
            await axe(page, f"requests {lang}")
            await page.goto(f"{server.url}/console/sessions?lang={lang}&done=ended")
            assert await page.locator("tr[data-current]").count() == 1
            await axe(page, f"sessions {lang}")
            await page.goto(f"{server.url}/console/requests?lang={lang}&status=completed")
            await axe(page, f"no requests {lang}")
            await page.goto(f"{server.url}/console/requests?lang={lang}&status=nonsense")
            await axe(page, f"error page {lang}")
            await page.goto(f"{server.url}/console/requests/00000000-0000-4000-8000-000000000000?lang={lang}")
            await page.locator("span[lang=en]").wait_for()  # a domain refusal: its code's sentence, English detail
            await axe(page, f"error page with detail {lang}")
            await page.goto(f"{link}?lang={lang}")  # used
            await axe(page, f"link gone {lang}")
            await page.close()


async def test_a_requests_page_and_its_link_page_have_no_axe_violations_in_english_german_and_arabic(server):
    """A pending request (a `link` signer, the reminder, the replace forms; after an action, its notice),
    a completed one (downloads, the full timeline) and a draft; and the page with a link to copy."""
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, "ada@a.example.test", "Ada Admin", "admin")
    pending = await make_request(server, [{**ANN, "delivery": "link"}, BOB])
    draft = await make_request(server, [ANN], send=False)
    completed = await complete_request(server, server.client, await upload(server), separate_stamp_page=True)
    await server.run_jobs()
    template = await make_template(server.client, await upload(server))
    async with chromium() as browser:
        for lang, viewport in (("en", PHONE), ("de", DESKTOP), ("ar", PHONE)):
            server.clock.advance(minutes=1)
            link = await new_link(server, "ada@a.example.test")
            page = await open_page(browser, f"{link}?lang={lang}", viewport)
            await page.click("button[type=submit]")
            await page.locator("h1").wait_for()
            for request_id, state in ((pending.id, "pending"), (completed["id"], "completed"), (draft.id, "draft")):
                await page.goto(f"{server.url}/console/requests/{request_id}?lang={lang}")
                assert await page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")
                await axe(page, f"request {state} {lang}")
            await page.goto(f"{server.url}/console/requests/new?lang={lang}")
            await axe(page, f"new request {lang}")
            await page.goto(f"{server.url}/console/templates?lang={lang}")
            assert await page.locator("tbody tr").count() == 1
            await axe(page, f"templates {lang}")
            await page.goto(f"{server.url}/console/templates/{template['id']}?lang={lang}")
            await axe(page, f"use a template {lang}")
            await page.goto(f"{server.url}/console/requests/{pending.id}?lang={lang}&done=reminded")
            await page.locator("[role=status]").wait_for()
            await axe(page, f"request notice {lang}")
            await page.click(f"form[action*='/signers/{pending.signer_ids[0]}/link'] button")
            await page.locator("#link").wait_for()
            await axe(page, f"link to copy {lang}")
            await page.close()


async def test_the_download_page_has_no_axe_violations(tmp_path):
    """The page a download on the storage's own origin shows (a link to follow), in English and Arabic."""
    async with linked_storage_server(tmp_path) as server:
        org = await server.services.store.organizations.by_name("Org A")
        await console_members.add_member(server.services, org, "ada@a.example.test", "Ada Admin", "admin")
        completed = await complete_request(server, server.client, await upload(server))
        await server.run_jobs()
        async with chromium() as browser:
            for lang, viewport in (("en", DESKTOP), ("ar", PHONE)):
                server.clock.advance(minutes=1)
                page = await open_page(browser, f"{await new_link(server, 'ada@a.example.test')}?lang={lang}", viewport)
                await page.click("button[type=submit]")
                await page.locator("h1").wait_for()
                await page.goto(f"{server.url}/console/requests/{completed['id']}?lang={lang}")
                await page.click("form[action*='/download'] button")
                await page.locator("a.button").wait_for()
                assert (await page.get_attribute("a.button", "href")).startswith("https://files.example.test/")
                await axe(page, f"download {lang}")
                await page.close()

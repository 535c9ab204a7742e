"""The sender's `redirect_url` in headless Chromium (issue 37): after signing, and after declining, the
signing page says so, offers a link (no axe-core violation, in English and Arabic), and then loads the
URL with `event=signed` or `event=declined` added to its query. The sender's app is a real local
server on a registered embed origin (plain http on localhost, which only a registered origin may use);
a signer's own redirect_url wins."""
import asyncio

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web

from esign.domain.requests import links
from tests.support import running_server
from tests.support.a11y import axe
from tests.support.browser import chromium, consent, create_request, new_page, screenshot

pytestmark = pytest.mark.browser


class Landing(tornado.web.RequestHandler):
    def get(self, path):
        self.application.settings["seen"].append((path, self.request.query))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish("<!doctype html><html lang=en><title>Back at the app</title><h1>Back at the app</h1></html>")


@pytest.fixture
async def app():
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    application = tornado.web.Application([(r"/(.*)", Landing)], seen=[])
    server = tornado.httpserver.HTTPServer(application)
    server.add_sockets(sockets)
    application.origin = f"http://localhost:{sockets[0].getsockname()[1]}"
    yield application
    server.stop()


@pytest.fixture
async def srv(tmp_path, app):
    async with running_server(tmp_path) as server:
        org = await server.services.store.api_keys.by_key("esk_live_org_a_read_write_000000000000")
        await server.services.store.organizations.col.update_one(
            {"_id": org["org_id"]}, {"$push": {"embed_origins": app.origin}})
        yield server


async def link(srv, request: dict, i: int) -> str:
    stored = await srv.services.store.signing_requests.by_id(request["id"])
    return links.signing_url(srv.services, stored, stored["signers"][i])


def one_field(ids):
    return [{"signer_id": i, "field_type": "signature", "x_percent": 10, "y_percent": 10 + 20 * n}
            for n, i in enumerate(ids)]


async def test_after_signing_and_after_declining_the_page_goes_to_the_redirect_url(srv, app):
    request = await create_request(
        srv, [{"name": "Ann Lee", "email": "ann@example.test"},
              {"name": "Bob Ray", "email": "bob@example.test", "redirect_url": f"{app.origin}/bob?lang=de#done"}],
        one_field, redirect_url=f"{app.origin}/thanks?order=9001")
    async with chromium() as browser:
        page = await new_page(browser, bypass_csp=True)  # axe-core is injected
        checked = asyncio.Event()  # the app's answer waits until axe has checked the note

        async def hold(route):
            await checked.wait()
            await route.continue_()

        await page.route(f"{app.origin}/**", hold)
        await page.goto(await link(srv, request, 0) + "?lang=ar")
        await consent(page)
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")
        await page.locator("#status.done").wait_for()
        note = page.locator("#redirect-note")
        await note.wait_for(state="visible")
        assert await page.get_attribute("#redirect-link", "href") == f"{app.origin}/thanks?order=9001&event=signed"
        assert await note.text_content() == "ستتم إعادتك بعد لحظات. متابعة"
        await axe(page, "redirect note arabic")
        await screenshot(page, "signing-redirect-note")
        checked.set()
        await page.wait_for_url(f"{app.origin}/thanks?order=9001&event=signed", timeout=20000)
        assert await page.text_content("h1") == "Back at the app"
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages

        page = await new_page(browser)  # Bob declines: his own redirect_url, its query and fragment kept
        await page.goto(await link(srv, request, 1))
        await page.locator("#decline-open").wait_for(state="visible")
        await page.click("#decline-open")
        await page.fill("#decline-reason", "Not my seat.")
        await page.click("#decline-ok")
        await page.locator("#status.done").wait_for()
        await page.wait_for_url(f"{app.origin}/bob?lang=de&event=declined#done", timeout=20000)
    pages = [seen for seen in app.settings["seen"] if seen[0] != "favicon.ico"]
    assert pages == [("thanks", "order=9001&event=signed"), ("bob", "lang=de&event=declined")]
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [s["status"] for s in record["signers"]] == ["signed", "declined"]


async def test_without_a_redirect_url_the_page_stays(srv, app):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], one_field)
    async with chromium() as browser:
        page = await new_page(browser)
        target = await link(srv, request, 0)
        await page.goto(target)
        await consent(page)
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")
        await page.locator("#status.done").wait_for()
        await page.wait_for_timeout(2500)  # longer than the page waits before it goes
        assert page.url == target and await page.locator("#redirect-note").is_hidden()
    assert app.settings["seen"] == []

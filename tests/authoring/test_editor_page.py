"""The editor page `/author/{token}` (issue 38 item 3, its first part): server-rendered with the signing
page's CSP, framed only by the session's `allowed_origin`, in the session's language; in Chromium, framed
by a page of that origin, it swaps the token, shows the draft's documents and posts
`esign.authoring.ready`; a URL that no longer works still shows a page that posts `expired` or `error`."""
from __future__ import annotations

import json

import pytest
import tornado.escape
import tornado.httpserver
import tornado.netutil
import tornado.web

from tests.support import KEYS, SAMPLE_PDF, running_server
from tests.support.a11y import axe, open_page
from tests.support.authoring import ORIGIN, create_session, editor, opened, token_of
from tests.support.browser import DESKTOP, PHONE, chromium, new_page

PARENT = """<!doctype html><html><head><title>Host app</title></head><body>
<iframe id="editor" src="%s" width="900" height="700" title="Editor"></iframe>
<script>
window.messages = [];
window.addEventListener("message", function (e) { window.messages.push({origin: e.origin, data: e.data}); });
</script></body></html>"""


async def page_of(client, session: dict, lang: str | None = None):
    query = f"?lang={lang}" if lang else ""
    return await client.get(f"/author/{token_of(session)}{query}", key=None)


async def test_the_page_is_framed_only_by_the_sessions_origin_in_its_language(client, document_id):
    made = await create_session(client, document_id, locale="de")
    resp = await page_of(client, made)
    assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/html")
    assert resp.headers["Content-Language"] == "de"
    html = resp.body.decode()
    assert "Dokument vorbereiten" in html and 'data-state="ready"' in html and f'data-origin="{ORIGIN}"' in html
    csp = resp.headers["Content-Security-Policy"]
    assert f"frame-ancestors {ORIGIN}" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "X-Frame-Options" not in resp.headers and resp.headers["Referrer-Policy"] == "no-referrer"
    assert token_of(made) not in html  # the page reads the token from its own address only
    assert "Prepare the document" in (await page_of(client, made, "en")).body.decode()
    # the page does not open the session: that is the script's token swap
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "created"
    unframed = await create_session(client, document_id, allowed_origin=None)
    resp = await page_of(client, unframed)
    assert "frame-ancestors 'none'" in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Frame-Options"] == "DENY"


async def test_a_url_that_no_longer_works_answers_a_page_that_tells_the_origin(server, client, document_id):
    made = await create_session(client, document_id, open_within_seconds=60, external_id="crm-7")
    server.clock.advance(seconds=61)
    resp = await page_of(client, made, "ar")
    html = resp.body.decode()
    assert resp.status == 410 and 'data-state="expired"' in html and f'data-origin="{ORIGIN}"' in html
    assert 'data-external="crm-7"' in html and "رابط التحرير هذا لم يعد يعمل" in html and 'dir="rtl"' in html
    assert f"frame-ancestors {ORIGIN}" in resp.headers["Content-Security-Policy"]
    assert "author.js" in html
    revoked = await create_session(client, document_id)
    await client.delete(f"/v1/authoring-sessions/{revoked['id']}")
    html = (await page_of(client, revoked)).body.decode()
    assert 'data-state="error"' in html and f'data-origin="{ORIGIN}"' in html
    unknown = await client.get("/author/ea_no-such-token", key=None)
    assert unknown.status == 404 and 'data-state="error"' in unknown.body.decode()
    assert "frame-ancestors 'none'" in unknown.headers["Content-Security-Policy"]


class ParentPage(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(PARENT % tornado.escape.xhtml_escape(self.get_query_argument("src")))


@pytest.fixture
async def parent_port():
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/", ParentPage)]))
    server.add_sockets(sockets)
    yield sockets[0].getsockname()[1]
    server.stop()


@pytest.fixture
async def srv(tmp_path, parent_port):
    async with running_server(tmp_path) as server:
        key = await server.services.store.api_keys.by_key(KEYS["a"])
        # the host page's origin as a browser sees it: `localhost`, another origin than 127.0.0.1
        server.allowed_origin = f"http://localhost:{parent_port}"
        await server.services.store.organizations.col.update_one(
            {"_id": key["org_id"]}, {"$push": {"embed_origins": server.allowed_origin}})
        yield server


async def wait_for_message(page, kind: str) -> dict:
    await page.wait_for_function(f"window.messages.some(m => m.data && m.data.type === {json.dumps(kind)})")
    return next(m for m in await page.evaluate("window.messages") if m["data"]["type"] == kind)


@pytest.mark.browser
async def test_framed_by_its_origin_the_page_opens_the_session_and_tells_the_host(srv, parent_port):
    document_id = (await srv.client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    made = await create_session(srv.client, document_id, allowed_origin=srv.allowed_origin, external_id="crm-9")
    src = f"{srv.url}/author/{token_of(made)}"
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(src)}")
        ready = await wait_for_message(page, "esign.authoring.ready")
        assert ready["origin"] == srv.url
        assert ready["data"] == {"type": "esign.authoring.ready", "request_id": made["request_id"],
                                 "external_id": "crm-9"}
        item = page.frame_locator("#editor").locator("#documents li")
        assert "contract.pdf" in await item.first.inner_text()
        assert (await srv.client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "open"

        # another tab opened it too: the first page's secret is retired
        second = await opened(srv.client, made)
        assert (await editor(srv.client, second, "GET", "/session")).status == 200

        await srv.client.delete(f"/v1/authoring-sessions/{made['id']}")
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(src)}")
        error = await wait_for_message(page, "esign.authoring.error")
        assert error["data"]["request_id"] == made["request_id"] and error["data"]["external_id"] == "crm-9"

        late = await create_session(srv.client, document_id, allowed_origin=srv.allowed_origin, open_within_seconds=60)
        srv.clock.advance(seconds=61)
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(srv.url + '/author/' + token_of(late))}")
        expired = await wait_for_message(page, "esign.authoring.expired")
        assert expired["data"]["request_id"] == late["request_id"] and expired["data"]["message"]


@pytest.mark.browser
async def test_the_pages_states_have_no_axe_violations(server, client, document_id):
    ready = await create_session(client, document_id, allowed_origin=None)
    closed = await create_session(client, document_id, allowed_origin=None)
    await client.delete(f"/v1/authoring-sessions/{closed['id']}")
    async with chromium() as browser:
        for lang in ("en", "de", "ar"):
            for viewport in (PHONE, DESKTOP):
                # the page's script opens the session again each time: a new secret retires the last one
                page = await open_page(browser, f"{server.url}/author/{token_of(ready)}?lang={lang}", viewport)
                await page.locator("#documents li").first.wait_for()
                await axe(page, f"ready, {lang}, {viewport['width']} px")
                page = await open_page(browser, f"{server.url}/author/{token_of(closed)}?lang={lang}", viewport)
                await axe(page, f"revoked, {lang}, {viewport['width']} px")

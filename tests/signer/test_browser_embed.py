"""Embedded signing in an iframe: a parent page on the registered origin receives esign.signed /
esign.declined by postMessage; a parent on another origin is refused by the browser
(Content-Security-Policy frame-ancestors); the embedded URL stops working after 60 minutes."""
import json

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web

from tests.support import running_server
from tests.support.browser import chromium, create_request, new_page, screenshot

PARENT = """<!doctype html><html><head><title>Parent app</title></head><body>
<h1>Our app</h1>
<iframe id="signing" src="%s" width="900" height="700" title="Sign"></iframe>
<script>
window.messages = [];
window.addEventListener("message", function (e) { window.messages.push({origin: e.origin, data: e.data}); });
</script></body></html>"""


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
        org = await server.services.store.api_keys.by_key("esk_live_org_a_read_write_000000000000")
        # the parent page's origin as a browser sees it: `localhost`, a different origin from 127.0.0.1
        server.allowed_origin = f"http://localhost:{parent_port}"
        await server.services.store.organizations.col.update_one(
            {"_id": org["org_id"]}, {"$push": {"embed_origins": server.allowed_origin}})
        yield server


async def embedded_urls(srv, request_id) -> list[dict]:
    resp = await srv.client.post(f"/v1/signing-requests/{request_id}/embedded-url",
                                 {"allowed_origin": srv.allowed_origin})
    assert resp.status == 201, resp
    return resp.json["signers"]


def two_signers(ids):
    return [{"signer_id": i, "field_type": "signature", "x_percent": 10, "y_percent": 10 + 20 * n}
            for n, i in enumerate(ids)]


async def messages(page) -> list[dict]:
    return await page.evaluate("window.messages")


async def wait_for_message(page, kind: str) -> dict:
    await page.wait_for_function(f"window.messages.some(m => m.data && m.data.type === {json.dumps(kind)})")
    return next(m for m in await messages(page) if m["data"]["type"] == kind)


@pytest.mark.browser
async def test_embedded_signing_posts_messages_to_the_allowed_origin(srv, parent_port):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"},
                                         {"name": "Bob Ray", "email": "bob@example.test"}], two_signers)
    urls = {u["email"]: u["embedded_url"] for u in await embedded_urls(srv, request["id"])}
    head = await srv.client.get(urls["ann@example.test"].split(str(srv.port), 1)[1], key=None)
    assert f"frame-ancestors {srv.allowed_origin}" in head.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in head.headers

    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(urls['ann@example.test'])}")
        frame = page.frame_locator("#signing")
        await frame.locator("#consent-step").wait_for(state="visible")
        await frame.locator("#consent-box").check()
        await frame.locator("#consent-continue").click()
        await frame.locator("#finish").click()
        await frame.locator("#adopt-ok").click()  # adopts the typed name, then signs
        signed = await wait_for_message(page, "esign.signed")
        await screenshot(page, "embedded-signed")
        signer_ids = {s["email"]: s["id"] for s in request["signers"]}
        assert signed["origin"] == f"http://127.0.0.1:{srv.port}"
        assert signed["data"] == {"type": "esign.signed", "signing_request_id": request["id"],
                                  "signer_id": signer_ids["ann@example.test"]}

        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(urls['bob@example.test'])}")
        frame = page.frame_locator("#signing")
        await frame.locator("#decline-open").click()
        await frame.locator("#decline-reason").fill("Wrong company name")
        await frame.locator("#decline-ok").click()
        declined = await wait_for_message(page, "esign.declined")
        assert declined["data"] == {"type": "esign.declined", "signing_request_id": request["id"],
                                    "signer_id": signer_ids["bob@example.test"], "reason": "Wrong company name"}

        # the embedded link of a request that is over still shows in the frame and tells the parent
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(urls['bob@example.test'])}")
        error = await wait_for_message(page, "esign.error")
        assert error["data"]["code"] == "invalid_state" and "cancelled" in error["data"]["message"]
        assert error["data"]["signing_request_id"] == request["id"]
    record = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert record["status"] == "cancelled"


@pytest.mark.browser
async def test_embedding_from_another_origin_is_refused_by_the_browser(srv, parent_port):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], two_signers)
    url = (await embedded_urls(srv, request["id"]))[0]["embedded_url"]
    async with chromium() as browser:
        page = await new_page(browser)
        # same page, but served from http://127.0.0.1:<port>: not the registered origin
        await page.goto(f"http://127.0.0.1:{parent_port}/?src={tornado.escape.url_escape(url)}")
        await page.wait_for_timeout(1500)
        child = next(f for f in page.frames if f != page.main_frame)
        assert await child.locator("#app").count() == 0  # the signing page never rendered in the frame
        assert await messages(page) == []

        # the invitation link (not an embedded one) may not be framed by anyone
        stored = await srv.services.store.signing_requests.by_id(request["id"])
        from esign.domain.requests import links

        link = links.signing_url(srv.services, stored, stored["signers"][0])
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(link)}")
        await page.wait_for_timeout(1500)
        child = next(f for f in page.frames if f != page.main_frame)
        assert await child.locator("#app").count() == 0
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]["status"] == "sent"


async def test_embedded_url_stops_working_after_60_minutes(srv):
    request = await create_request(srv, [{"name": "Ann Lee", "email": "ann@example.test"}], two_signers)
    path = (await embedded_urls(srv, request["id"]))[0]["embedded_url"].split(str(srv.port), 1)[1]
    srv.clock.advance(minutes=59)
    assert (await srv.client.get(path.replace("?embed=1", "/api"), key=None)).status == 200
    srv.clock.advance(minutes=2)
    page = await srv.client.get(path, key=None)
    assert page.status == 404 and b"expired" in page.body
    assert page.headers["Content-Type"].startswith("text/html")
    api = await srv.client.get(path.replace("?embed=1", "/api"), key=None)
    assert api.status == 404 and api.json["error"]["code"] == "not_found"

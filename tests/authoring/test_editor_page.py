"""The editor page `/author/{token}` (issue 38 item 3): server-rendered with the signing page's CSP, framed
only by the session's `allowed_origin`, in the session's language. In Chromium: framed by a page of that
origin, it swaps the token, shows the draft's pages (the signing page's images, read with the secret) and
posts `esign.authoring.ready`, `saved` after an autosave and `sent` once the server committed the send; a
field is placed, moved and resized with the mouse and with the keyboard on a 390 px phone and a desktop,
and the draft (read through the API) holds it where it was put; the API's 422 shows next to the field; a
URL that no longer works still shows a page that posts `expired` or `error`; axe-core finds nothing."""
from __future__ import annotations

import asyncio
import json

import pytest
import tornado.escape
import tornado.httpserver
import tornado.netutil
import tornado.web

from esign import i18n
from tests.support import KEYS, SAMPLE_PDF, running_server
from tests.support.a11y import axe, open_page
from tests.support.authoring import ORIGIN, create_session, editor, opened, token_of
from tests.support.browser import DESKTOP, PHONE, chromium, new_page, screenshot
from tests.support.editor_page import centre, drag, loaded, saved

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
        frame = page.frame_locator("#editor")
        assert "contract.pdf" in await frame.locator(".document h2").first.inner_text()
        assert await frame.locator(".sheet").count() == 4  # every page of the sample
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


async def draft_fields(client, request_id: str) -> dict:
    """The draft's fields as the API reads them, by type."""
    return {f["field_type"]: f for f in (await client.get(f"/v1/signing-requests/{request_id}/fields")).json}


def near(field: dict, **where: float) -> bool:
    return all(abs(field[f"{k}_percent"] - v) <= 1 for k, v in where.items())


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_place_move_and_resize_a_field_with_the_mouse_and_the_keyboard(server, client, document_id, viewport):
    made = await create_session(client, document_id, allowed_origin=None)
    async with chromium() as browser:
        page = await new_page(browser, viewport)  # the page's own CSP: images from blob: URLs
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        sheet = page.locator(".sheet").first
        await sheet.scroll_into_view_if_needed()
        await page.evaluate("window.scrollTo(0, 0)")
        box = await sheet.bounding_box()

        # the mouse: a signature dragged from the palette onto page 1, then moved, then resized by its handle
        tool = await page.locator("#palette .tool[data-type=signature]").bounding_box()
        await drag(page, centre(tool), (box["x"] + box["width"] * .5, box["y"] + box["height"] * .2))
        field = page.locator(".efield").first
        await saved(page)
        assert near((await draft_fields(client, made["request_id"]))["signature"], x=37.5, y=17, width=25, height=6)
        await field.scroll_into_view_if_needed()
        box = await sheet.bounding_box()
        start = centre(await field.bounding_box())
        await drag(page, start, (start[0] + box["width"] * .1, start[1] + box["height"] * .1))
        await saved(page)
        assert near((await draft_fields(client, made["request_id"]))["signature"], x=47.5, y=27, width=25, height=6)
        await field.locator(".handle").scroll_into_view_if_needed()  # (a phone: below the toolbar's rows)
        handle = centre(await field.locator(".handle").bounding_box())
        await drag(page, handle, (handle[0] + box["width"] * .05, handle[1] + box["height"] * .02))
        await saved(page)
        assert near((await draft_fields(client, made["request_id"]))["signature"], x=47.5, y=27, width=30, height=8)

        # the keyboard: a text field added from the palette, moved by 0.5 % a key, resized with Shift
        await page.focus("#palette .tool[data-type=text]")
        await page.keyboard.press("Enter")
        text = page.locator(".efield:focus")
        assert "Text for Ann Example" in await text.get_attribute("aria-label")
        for key in ("ArrowRight",) * 4 + ("ArrowUp",) * 2 + ("Shift+ArrowRight",) * 2 + ("Shift+ArrowDown",) * 2:
            await page.keyboard.press(key)
        await page.locator("#announce", has_text="37 % from the left, 47 % from the top, 31 % wide, 5 % high").wait_for()
        await saved(page)
        placed = await draft_fields(client, made["request_id"])
        assert near(placed["text"], x=37, y=47, width=31, height=5) and placed["text"]["x_percent"] == 37
        assert near(placed["signature"], x=47.5, y=27, width=30, height=8)
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        # zoomed to 400 %, the page scrolls inside its box, never the page
        for _ in range(5):
            await page.click("#zoom-in")
        assert await page.inner_text("#zoom-level") == "400 %"
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.console_messages == []


@pytest.mark.browser
async def test_on_a_phone_a_person_changes_the_signers_moves_a_field_and_sends(server, client, document_id):
    made = await create_session(client, document_id, allowed_origin=None, external_id="crm-12")
    secret = await opened(client, made)
    request = (await editor(client, secret, "GET", "/session")).json["request"]
    ann = request["signers"][0]["id"]
    field = {"signer_id": ann, "field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 80,
             "width_percent": 25, "height_percent": 6}
    assert (await editor(client, secret, "POST", f"/requests/{made['request_id']}/fields", {"fields": [field]})).status == 201
    async with chromium() as browser:
        page = await new_page(browser, PHONE)
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        assert "Signature for Ann Example" in await page.locator(".efield").first.get_attribute("aria-label")
        # a second participant, then the field given to them, then moved up with the keyboard
        await page.click("#add-person")
        await page.fill("#p1-name", "Bob Stone")
        await page.fill("#p1-email", "bob@example.test")
        await page.select_option("#p1-delivery", "link")
        await page.locator("#new-signer option", has_text="Bob Stone").wait_for(state="attached")
        await page.locator(".efield").first.focus()
        await page.select_option("#field-signer", label="Bob Stone")
        await page.locator(".efield").first.focus()
        for _ in range(4):
            await page.keyboard.press("ArrowUp")
        await saved(page)
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        await page.click("#send-open")
        assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        await page.select_option("#send-order", "sequential")
        await page.click("#send-go")
        await page.locator("#status", has_text="The request was sent.").wait_for()
        assert page.console_messages == []
    sent = (await client.get(f"/v1/signing-requests/{made['request_id']}")).json
    assert sent["status"] != "draft" and sent["signing_order"] == "sequential"
    bob = next(s for s in sent["signers"] if s["email"] == "bob@example.test")
    assert bob["name"] == "Bob Stone" and bob.get("delivery") == "link"
    placed = (await client.get(f"/v1/signing-requests/{made['request_id']}/fields")).json
    assert len(placed) == 1 and placed[0]["signer_id"] == bob["id"] and placed[0]["y_percent"] == 78


@pytest.mark.browser
async def test_closing_the_tab_right_after_a_change_loses_nothing(server, client, document_id):
    made = await create_session(client, document_id, allowed_origin=None)
    async with chromium() as browser:
        page = await new_page(browser, DESKTOP)
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        await page.focus("#palette .tool[data-type=date]")
        await page.keyboard.press("Enter")
        await saved(page)
        for _ in range(6):
            await page.keyboard.press("ArrowDown")  # then gone before the autosave's 0.7 s
        await page.close(run_before_unload=True)
    for _ in range(100):
        placed = await draft_fields(client, made["request_id"])
        if placed["date"]["y_percent"] == 51:
            break
        await asyncio.sleep(0.1)
    assert placed["date"]["y_percent"] == 51  # (100 - 4) / 2 + 6 × 0.5


@pytest.mark.browser
async def test_the_apis_refusal_shows_next_to_the_field_in_words(server, client, document_id):
    made = await create_session(client, document_id, allowed_origin=None,
                                capabilities={"field_types": ["select", "date"], "send": False})
    async with chromium() as browser:
        page = await new_page(browser, PHONE)
        await page.goto(f"{server.url}/author/{token_of(made)}")
        await loaded(page)
        assert sorted(await page.locator("#palette .tool").all_inner_texts()) == ["Date", "Select"]
        assert await page.locator("#send-open").is_hidden()
        await page.click("#palette .tool[data-type=select]")
        await saved(page)
        await page.fill("#field-options", "")  # a select field without options
        tip = page.locator(".efield.invalid .field-tip")
        await tip.wait_for()
        assert "option" in (await tip.inner_text()).lower()
        assert await page.inner_text("#field-error") == await tip.inner_text()
        await page.fill("#field-options", "Monthly\nYearly")
        await saved(page)
        assert await page.locator(".efield.invalid").count() == 0
        assert (await draft_fields(client, made["request_id"]))["select"]["options"] == ["Monthly", "Yearly"]


@pytest.mark.browser
async def test_the_host_page_hears_saved_and_sent_after_the_server_committed(srv, parent_port):
    document_id = (await srv.client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    made = await create_session(srv.client, document_id, allowed_origin=srv.allowed_origin, external_id="crm-11")
    src = f"{srv.url}/author/{token_of(made)}"
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(src)}")
        await wait_for_message(page, "esign.authoring.ready")
        frame = page.frame_locator("#editor")
        await frame.locator("#palette .tool[data-type=signature]").focus()
        await page.keyboard.press("Enter")
        saved_message = await wait_for_message(page, "esign.authoring.saved")
        assert saved_message["origin"] == srv.url
        assert saved_message["data"] == {"type": "esign.authoring.saved", "request_id": made["request_id"],
                                         "external_id": "crm-11"}
        assert not any(m["data"]["type"] == "esign.authoring.sent" for m in await page.evaluate("window.messages"))
        await frame.locator("#send-open").click()
        await frame.locator("#send-message").fill("Please sign by Friday")
        await frame.locator("#send-go").click()
        sent = await wait_for_message(page, "esign.authoring.sent")
        assert sent["data"] == {"type": "esign.authoring.sent", "request_id": made["request_id"], "external_id": "crm-11"}
        request = (await srv.client.get(f"/v1/signing-requests/{made['request_id']}")).json
        assert request["status"] != "draft" and request["message"] == "Please sign by Friday"
        assert (await srv.client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "sent"
        await frame.locator("#status", has_text="The request was sent.").wait_for()
        await page.evaluate("document.getElementById('editor').src = 'about:blank'")  # the editor closed
        await wait_for_message(page, "esign.authoring.closed")


@pytest.mark.browser
async def test_the_pages_states_have_no_axe_violations(server, client, document_id):
    ready = await create_session(client, document_id, allowed_origin=None)
    closed = await create_session(client, document_id, allowed_origin=None)
    await client.delete(f"/v1/authoring-sessions/{closed['id']}")
    async with chromium() as browser:
        for lang in ("en", "de", "ar"):
            for viewport in (PHONE, DESKTOP):
                where = f"{lang}, {viewport['width']} px"
                # the page's script opens the session again each time: a new secret retires the last one
                page = await open_page(browser, f"{server.url}/author/{token_of(ready)}?lang={lang}", viewport)
                await loaded(page)
                await axe(page, f"ready, {where}")
                await page.click("#palette .tool[data-type=select]")
                await page.locator("#save-state", has_text=i18n.translations(lang).gettext("All changes saved")).wait_for()
                await axe(page, f"a field selected, {where}")
                await page.click("#send-open")
                await axe(page, f"send dialog, {where}")
                assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), where
                await screenshot(page, f"editor-send-{lang}-{viewport['width']}")
                page = await open_page(browser, f"{server.url}/author/{token_of(closed)}?lang={lang}", viewport)
                await axe(page, f"revoked, {where}")


@pytest.mark.browser
async def test_a_template_session_tells_the_host_its_template(srv, parent_port):
    document_id = (await srv.client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    template = (await srv.client.post("/v1/templates", {"name": "Offer", "document_id": document_id,
                                                         "roles": [{"name": "Buyer"}]})).json
    made = await create_session(srv.client, None, mode="template", template_id=template["id"], document_ids=None,
                                defaults=None, allowed_origin=srv.allowed_origin, external_id="crm-13")
    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(f"{srv.allowed_origin}/?src={tornado.escape.url_escape(srv.url + '/author/' + token_of(made))}")
        ready = await wait_for_message(page, "esign.authoring.ready")
        assert ready["data"] == {"type": "esign.authoring.ready", "request_id": None, "template_id": template["id"],
                                 "external_id": "crm-13"}
        frame = page.frame_locator("#editor")
        await frame.locator("#send-open").click()
        await frame.locator("#send-message").fill("Please sign")
        await frame.locator("#send-go").click()
        saved_message = await wait_for_message(page, "esign.authoring.saved")
        assert saved_message["data"]["template_id"] == template["id"] and saved_message["origin"] == srv.url
        assert (await srv.client.get(f"/v1/templates/{template['id']}")).json["default_message"] == "Please sign"
        assert not any(m["data"]["type"] == "esign.authoring.sent" for m in await page.evaluate("window.messages"))

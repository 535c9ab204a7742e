"""The signing page with what the signer API gained (issues 25 and 26), in headless Chromium on a 390 px
phone and a desktop window: page images from `image_srcset` carrying the earlier signers' values, a
reopened link shown "all done" with the stored values and marks, the "signed before you" note,
attachments, initials on every page, delegation, keyboard-only signing with the accessibility tree
checked, and axe-core over the new states. One browser for the module, a context per page."""
import hashlib
import io

import pytest
import pytest_asyncio
from PIL import Image, ImageChops

from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, consent, create_request, field_ids, screenshot, tab_to
from tests.support.mail import link_of, mail_server

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]
SIZES = pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
ANN = {"name": "Ann Lee", "email": "ann@example.test"}
BOB = {"name": "Bob Stone", "email": "bob@example.test"}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    async with chromium() as b:
        yield b


@pytest_asyncio.fixture(loop_scope="module")
async def srv(tmp_path):
    async with mail_server(tmp_path, limits={"attachment_mb": 1}) as s:
        yield s


def png(color=(200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (120, 80), color).save(out, "PNG")
    return out.getvalue()


async def image_of(page, url) -> Image.Image:
    resp = await page.request.get(await page.evaluate("(u) => new URL(u, location.href).href", url))
    assert resp.ok, url
    return Image.open(io.BytesIO(await resp.body())).convert("L")


async def test_a_later_signer_sees_earlier_values_and_a_reopened_link_is_all_done(srv, browser):
    request = await create_request(srv, [dict(ANN, order=1), dict(BOB, order=2)], lambda ids: [
        {"signer_id": ids[0], "field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 12,
         "width_percent": 40, "height_percent": 4, "placeholder": "Company"},
        {"signer_id": ids[0], "field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 20,
         "width_percent": 30, "height_percent": 6},
        {"signer_id": ids[1], "field_type": "signature", "page_number": 1, "x_percent": 55, "y_percent": 20,
         "width_percent": 30, "height_percent": 6}], signing_order="sequential")
    ann = link_of(srv.inbox.to(ANN["email"])[0])
    page = await open_page(browser, ann, PHONE)
    await consent(page)
    before = await page.evaluate("document.querySelector('#page-1 img').srcset.split(', ')[0].split(' ')[0]")
    assert before.endswith("-480.webp")
    then = await image_of(page, before)  # the page before Ann gave anything (a later fetch redirects to now)
    await page.fill(".field.text input", "Acme Widgets")
    await page.click("#finish")
    await page.locator("#adopt").wait_for(state="visible")
    await page.click("#adopt-ok")
    await page.locator("#status.done").wait_for()
    await page.context.close()

    # Ann reopens her link on a desktop: all done, what she gave read only, never "Sign here"
    page = await open_page(browser, ann, DESKTOP)
    await page.locator("#status.done").wait_for()
    await page.locator(".field.done").first.wait_for()
    assert await page.text_content("#progress") == "All done: 2 of 2 fields complete."
    assert await page.get_by_text("Sign here").count() == 0 and await page.get_by_text("Initial here").count() == 0
    assert await page.input_value(".field.done.text input") == "Acme Widgets"
    assert await page.get_attribute(".field.done.text input", "readonly") is not None
    assert await page.text_content(".field.done.signature .hand") == "Ann Lee"
    assert not await page.is_visible("#finish") and not await page.is_visible("#signed-before")
    await axe(page, "all done, desktop")
    await screenshot(page, "routing-all-done-desktop")
    await page.context.close()

    # Bob, next in order: the note, and the page image at the width his screen needs, with Ann's values
    await srv.run_jobs()
    bob = link_of(srv.inbox.to(BOB["email"])[0])
    for viewport, width in ((PHONE, 480), (DESKTOP, 960)):
        page = await open_page(browser, bob, viewport)
        if viewport is PHONE:
            await consent(page)
        await page.locator("#finish").wait_for(state="visible")  # consent given on the phone before
        note = await page.text_content("#signed-before")
        assert note.startswith("Signed before you: Ann Lee (") and note.endswith(").")
        img = page.locator("#page-1 img")
        await page.wait_for_function("document.querySelector('#page-1 img').complete")
        assert await img.evaluate("i => i.naturalWidth") > 0
        current = await img.evaluate("i => i.currentSrc")
        assert current.endswith(f"-{width}.webp") and current.split("/")[-1] in await img.get_attribute("srcset")
        if width == 480:  # the company name Ann typed is drawn where her field was
            now = await image_of(page, current)
            assert current.split("/")[-1] != before.split("/")[-1]
            w, h = now.size
            box = (int(w * .10), int(h * .12), int(w * .50), int(h * .16))
            assert ImageChops.difference(now.crop(box), then.crop(box)).getbbox() is not None
        await page.context.close()
    assert (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["status"] == "pending"


@SIZES
async def test_uploading_an_attachment(srv, browser, viewport):
    request = await create_request(srv, [ANN], lambda ids: [
        {"signer_id": ids[0], "field_type": "attachment", "page_number": 1, "x_percent": 10, "y_percent": 30,
         "width_percent": 30, "height_percent": 5, "placeholder": "ID copy"},
        {"signer_id": ids[0], "field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 12,
         "width_percent": 40, "height_percent": 4, "placeholder": "City"},
        {"signer_id": ids[0], "field_type": "signature", "page_number": 1, "x_percent": 55, "y_percent": 60}])
    ids = await field_ids(srv, request["id"])
    page = await open_page(browser, link_of(srv.inbox.to(ANN["email"])[0]), viewport)
    await consent(page)
    button = page.locator(".field.attachment button")
    assert (await button.text_content()).startswith("Attach a file")
    assert await page.get_attribute(".field.attachment input[type=file]", "accept") == "application/pdf,image/png,image/jpeg"
    await page.fill(".field.text input", "Lisbon")  # typed, not sent: survives the re-render after an upload

    async def choose(name, mime, data):
        async with page.expect_file_chooser() as chooser:
            await button.click()
        await (await chooser.value).set_files([{"name": name, "mimeType": mime, "buffer": data}])

    await choose("notes.txt", "text/plain", b"just some text, not a PDF or an image")
    await page.locator("#finish-error", has_text="This file cannot be attached").wait_for()
    assert await page.text_content(".field.attachment .field-tip") == "This file cannot be attached: choose a PDF, PNG or JPEG."
    assert await page.get_attribute(".field.attachment button", "aria-invalid") == "true"
    await axe(page, f"attachment refused {viewport['width']}")
    await choose("big.png", "image/png", b"\x89PNG" + b"\0" * (1024 * 1024 + 10))
    await page.locator("#finish-error", has_text="This file is too large.").wait_for()

    photo = png()
    await choose("id copy.png", "image/png", photo)
    await page.locator(".field.attachment button", has_text="id copy.png").wait_for()
    assert "attached" in await page.text_content("#progress")
    assert await page.input_value(".field.text input") == "Lisbon"
    record = await srv.services.store.signing_requests.by_id(request["id"])
    stored = {f["id"]: f for f in record["fields"]}[ids[("attachment", "ID copy")]]["attachment"]
    assert stored["sha256"] == hashlib.sha256(photo).hexdigest()
    await axe(page, f"attachment given {viewport['width']}")
    await screenshot(page, f"routing-attachment-{viewport['width']}")

    await page.click("#finish")
    await page.locator("#adopt").wait_for(state="visible")
    await page.click("#adopt-ok")
    await page.locator("#status.done").wait_for()
    assert (await page.text_content(".field.done.attachment")).startswith("id copy.png (")
    await page.context.close()


@SIZES
async def test_initials_adopted_once_cover_every_page(srv, browser, viewport):
    request = await create_request(srv, [ANN], lambda ids: [
        {"signer_id": ids[0], "field_type": "initials", "every_page": True, "page_number": 1, "x_percent": 85,
         "y_percent": 92, "width_percent": 10, "height_percent": 4},
        {"signer_id": ids[0], "field_type": "signature", "page_number": 4, "x_percent": 10, "y_percent": 60}])
    page = await open_page(browser, link_of(srv.inbox.to(ANN["email"])[0]), viewport)
    await consent(page)
    marks = page.locator(".field.initials button")
    assert await marks.count() == 4
    assert await page.text_content("#progress") == "Fields still to complete: 5 of 5."
    await marks.nth(2).click()
    await page.locator("#adopt-title", has_text="initials").wait_for()
    await page.fill("#typed-name", "QZ")
    await page.click("#adopt-ok")
    await page.locator("#adopt").wait_for(state="hidden")
    assert [await marks.nth(i).locator(".hand").text_content() for i in range(4)] == ["QZ"] * 4
    assert await page.text_content("#progress") == "Fields still to complete: 1 of 5."
    await page.click("#finish")
    await page.locator("#adopt-title", has_text="signature").wait_for()
    await page.click("#adopt-ok")
    await page.locator("#status.done").wait_for()
    assert [await page.locator(".field.done.initials .hand").nth(i).text_content() for i in range(4)] == ["QZ"] * 4
    record = await srv.services.store.signing_requests.by_id(request["id"])
    assert record["signers"][0]["initials"]["text"] == "QZ"
    await page.context.close()


@SIZES
async def test_passing_the_document_to_someone_else(srv, browser, viewport):
    request = await create_request(srv, [ANN, BOB], lambda ids: [
        {"signer_id": i, "field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 20 + 20 * n}
        for n, i in enumerate(ids)], allow_delegation=True)
    page = await open_page(browser, link_of(srv.inbox.to(ANN["email"])[0]), viewport)
    await page.locator("#delegate-step").wait_for(state="visible")
    # reachable from the top: the card (closed) stands before the document's pages, its heading opens it
    above = "document.getElementById('delegate-step').getBoundingClientRect().bottom <= " \
            "document.getElementById('document').getBoundingClientRect().top"
    assert await page.evaluate(above) and not await page.is_visible("#delegate-form")
    await page.click("#delegate-title")
    await page.click("#delegate-ok")
    assert await page.text_content("#delegate-error") == "Enter their name."
    assert await page.evaluate("document.activeElement.id") == "delegate-name"
    await axe(page, f"delegate form with an error {viewport['width']}")
    await page.fill("#delegate-name", "Bob Again")
    await page.fill("#delegate-email", BOB["email"])
    await page.fill("#delegate-reason", "Bob signs for us")
    await page.click("#delegate-ok")
    await page.locator("#delegate-error", has_text="already part of this request").wait_for()
    await page.fill("#delegate-name", "Dan Deputy")
    await page.fill("#delegate-email", "dan@example.test")
    await page.click("#delegate-ok")
    await page.locator("#status", has_text="You handed this document to Dan Deputy (dan@example.test).").wait_for()
    assert not await page.is_visible("#document") and not await page.is_visible("#actions")
    assert not await page.is_visible("#delegate-step") and await page.is_disabled("#delegate-ok")
    await axe(page, f"delegated {viewport['width']}")
    await screenshot(page, f"routing-delegated-{viewport['width']}")
    got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [(s["name"], s["status"]) for s in got["signers"]][0] == ("Ann Lee", "delegated")
    assert "Dan Deputy" in [s["name"] for s in got["signers"]]
    await page.context.close()
    # the delegate's page says who passed it on, and why
    await srv.run_jobs()
    page = await open_page(browser, link_of(srv.inbox.to("dan@example.test")[0]), viewport)
    await page.locator("#passed-on").wait_for(state="visible")
    assert await page.text_content("#passed-on-title") == "Ann Lee passed this request on to you."
    assert " ".join((await page.text_content("#passed-on p")).split()) == "Their reason: Bob signs for us"
    await axe(page, f"delegate's page {viewport['width']}")
    await page.context.close()


async def test_keyboard_only_signing_with_the_accessibility_tree(srv, browser):
    request = await create_request(srv, [ANN], lambda ids: [
        {"signer_id": ids[0], "field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 10,
         "width_percent": 40, "height_percent": 4, "placeholder": "City"},
        {"signer_id": ids[0], "field_type": "checkbox", "page_number": 1, "x_percent": 10, "y_percent": 20,
         "width_percent": 4, "height_percent": 3},
        {"signer_id": ids[0], "field_type": "initials", "every_page": True, "page_number": 1, "x_percent": 85,
         "y_percent": 92, "width_percent": 10, "height_percent": 4},
        {"signer_id": ids[0], "field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 30}])
    link = link_of(srv.inbox.to(ANN["email"])[0])
    page = await open_page(browser, link, PHONE)
    await page.locator("#consent-step").wait_for(state="visible")
    await tab_to(page, "#consent-box")
    await page.keyboard.press("Space")
    await tab_to(page, "#consent-continue")
    await page.keyboard.press("Enter")
    await page.locator("#finish").wait_for(state="visible")
    tree = await page.locator("#app").aria_snapshot()
    # each label's name isolated (FSI…PDI: an attribute has no <bdi>)
    assert '- textbox "\u2068City\u2069 (required)"' in tree and '- checkbox "\u2068Checkbox\u2069 (required)"' in tree
    assert '- button "Sign here – \u2068Signature\u2069 (required)"' in tree
    assert tree.count('- button "Initial here – \u2068Initials\u2069 (required)"') == 4
    assert '- status: "Fields still to complete: 7 of 7."' in tree

    # an error is announced (role alert) and the field says what is wrong
    await tab_to(page, "#finish")
    await page.keyboard.press("Enter")  # the signature first, then the initials
    await page.locator("#adopt").wait_for(state="visible")
    await page.keyboard.press("Enter")
    await page.locator("#adopt-title", has_text="initials").wait_for()
    await page.keyboard.press("Enter")
    await page.locator(".field.invalid").first.wait_for()
    tree = await page.locator("#app").aria_snapshot()
    assert '- alert: "Fields that need your attention: 2."' in tree, tree
    assert '- status: "Fields still to complete: 2 of 7."' in tree
    assert await page.evaluate("document.activeElement.getAttribute('aria-label')") == "\u2068City\u2069 (required)"
    assert await page.locator(".field.text input").get_attribute("aria-invalid") == "true"
    await page.keyboard.type("Lisbon")
    await tab_to(page, ".field.checkbox input")
    await page.keyboard.press("Space")
    await tab_to(page, "#finish")
    await page.keyboard.press("Enter")
    await page.locator("#status.done").wait_for()
    tree = await page.locator("#app").aria_snapshot()
    assert '- status: "All done: 7 of 7 fields complete."' in tree and "Sign here" not in tree
    assert "You have signed this document." in tree
    await page.context.close()
    record = await srv.services.store.signing_requests.by_id(request["id"])
    assert record["signers"][0]["status"] == "signed"

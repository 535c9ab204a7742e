"""Envelopes on the signer's side (issue 28, item 2): one visit shows every document of the request.
The signer API lists the pages of every document in envelope order (each naming its document), the
documents with this signer's progress on each, and page images of any document, as it stands (an
earlier signer's values drawn on it); in Chromium, a three-document request with two signers is
signed on a phone and on a desktop, with no axe-core violation on the multi-document page."""
from __future__ import annotations

import hashlib
import re

import pytest

from esign.domain.requests import links
from tests.support.a11y import axe, open_page
from tests.support.browser import DESKTOP, PHONE, chromium, consent, finish_with_drawn_signature_and_initials, screenshot
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.envelopes import assert_passes, download, flat_text
from tests.support.page_images import dark, fetch_image, raw_get
from tests.support.placement import pdf, upload
from tests.support.signing import drawn, sget, spost

ANN = {"name": "Ann Buyer", "email": "ann@example.test", "order": 1}
SAM = {"name": "Sam Seller", "email": "sam@example.test", "order": 2}
# Ann: a signature in document 1, a text field in document 2; Sam: a signature in document 3
ANN_SIG = {"field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 86, "width_percent": 35,
           "height_percent": 8}
ANN_TEXT = {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 4, "width_percent": 45,
            "height_percent": 5}
SAM_SIG = {"field_type": "signature", "page_number": 1, "x_percent": 50, "y_percent": 80, "width_percent": 35,
           "height_percent": 8}


async def three_documents(client) -> list[dict]:
    first = (await client.upload(SAMPLE_PDF.read_bytes(), "offer.pdf")).json          # 4 pages
    second = await upload(client, "reportlab.pdf")                                     # 2 pages
    third = (await client.upload(ONE_PAGE_PDF.read_bytes(), "benefits.pdf")).json      # 1 page
    return [first, second, third]


async def envelope(srv, fields, **extra) -> tuple[dict, list[dict]]:
    """A sent sequential request of the three documents for Ann then Sam; `fields(doc ids)`."""
    docs = await three_documents(srv.client)
    ids = [d["id"] for d in docs]
    resp = await srv.client.post("/v1/signing-requests", {
        "document_ids": ids, "signers": [ANN, SAM], "signing_order": "sequential", "auto_send": True,
        "fields": fields(ids), **extra})
    assert resp.status == 201, resp
    return resp.json, docs


async def token_of(srv, request_id: str, email: str) -> str:
    request = await srv.services.store.signing_requests.by_id(request_id)
    signer = next(s for s in request["signers"] if s["email"] == email)
    return links.signing_url(srv.services, request, signer).rsplit("/", 1)[1]


def api_fields(ids):
    return [{**ANN_SIG, "signer_email": ANN["email"], "document_id": ids[0]},
            {**ANN_TEXT, "signer_email": ANN["email"], "document_id": ids[1], "placeholder": "Company"},
            {**SAM_SIG, "signer_email": SAM["email"], "document_id": ids[2]}]


def page_of(view: dict, order: int, number: int) -> dict:
    return next(p for p in view["pages"] if p["document_order"] == order and p["number"] == number)


async def test_the_view_lists_every_document_its_pages_images_and_progress(server):
    request, docs = await envelope(server, api_fields)
    ids = [d["id"] for d in docs]
    ann = await token_of(server, request["id"], ANN["email"])
    view = (await sget(server, ann)).json
    assert [(p["document_id"], p["document_order"], p["number"]) for p in view["pages"]] == [
        (ids[0], 1, 1), (ids[0], 1, 2), (ids[0], 1, 3), (ids[0], 1, 4), (ids[1], 2, 1), (ids[1], 2, 2),
        (ids[2], 3, 1)]
    assert [{k: d[k] for k in ("id", "name", "page_count", "order")} for d in view["documents"]] == [
        {"id": ids[0], "name": "offer.pdf", "page_count": 4, "order": 1},
        {"id": ids[1], "name": "reportlab.pdf", "page_count": 2, "order": 2},
        {"id": ids[2], "name": "benefits.pdf", "page_count": 1, "order": 3}]
    assert [d["progress"] for d in view["documents"]] == [
        {"total": 1, "remaining": 1, "done": False}, {"total": 1, "remaining": 1, "done": False},
        {"total": 0, "remaining": 0, "done": False}]
    assert sorted((f["document_id"], f["field_type"]) for f in view["fields"]) == sorted(
        [(ids[0], "signature"), (ids[1], "text")])
    # a page of document 1 keeps its address; the others' pages are addressed under their document
    assert re.fullmatch(rf"/sign/{ann}/pages/1/[0-9a-f]{{24}}-960\.webp", page_of(view, 1, 1)["image_url"])
    for order in (2, 3):
        p = page_of(view, order, 1)
        assert re.fullmatch(rf"/sign/{ann}/documents/{order}/pages/1/[0-9a-f]{{24}}-960\.webp", p["image_url"]), p
        resp = await server.client.get(p["image_url"], key=None)
        assert resp.status == 200 and resp.headers["Content-Type"] == "image/webp", resp
    # each image is its own document's page (same-sized pages of different documents differ)
    images = {o: await fetch_image(server, page_of(view, o, 1)["image_url"]) for o in (1, 2, 3)}
    for o in (1, 2, 3):
        p = page_of(view, o, 1)
        assert abs(images[o].size[0] / images[o].size[1] - p["width"] / p["height"]) < 0.01
    assert images[1].tobytes() != images[2].tobytes() != images[3].tobytes()
    png = await sget(server, ann, "/documents/3/pages/1.png")
    assert png.status == 200 and png.headers["Content-Type"] == "image/png", png
    for bad in ("/documents/4/pages/1.png", "/documents/0/pages/1.png", "/documents/3/pages/2.png",
                "/documents/x/pages/1.png", "/documents/99999999999999999999/pages/1.png"):
        assert (await sget(server, ann, bad)).status == 404, bad

    signed = await spost(server, ann, "sign", {"values": {f["id"]: "ACME WIDGETS INTERNATIONAL"
                                                          for f in view["fields"] if f["field_type"] == "text"},
                                               "signature": drawn(), "consent": True})
    assert signed.status == 200, signed
    assert [d["progress"] for d in signed.json["documents"]] == [
        {"total": 1, "remaining": 0, "done": True}, {"total": 1, "remaining": 0, "done": True},
        {"total": 0, "remaining": 0, "done": True}]

    sam = await token_of(server, request["id"], SAM["email"])
    later = (await sget(server, sam)).json
    assert [d["progress"] for d in later["documents"]] == [
        {"total": 0, "remaining": 0, "done": False}, {"total": 0, "remaining": 0, "done": False},
        {"total": 1, "remaining": 1, "done": False}]
    assert [f["document_id"] for f in later["fields"]] == [ids[2]]
    # Ann's company name is on document 2 as Sam sees it, her signature on document 1; document 3 unchanged
    now = {o: page_of(later, o, 1)["image_url"] for o in (1, 2, 3)}
    assert now[2] != page_of(view, 2, 1)["image_url"].replace(ann, sam) and now[2].startswith(f"/sign/{sam}/documents/2/")
    assert now[3] == page_of(view, 3, 1)["image_url"].replace(ann, sam)
    page1, page2 = await fetch_image(server, now[1]), await fetch_image(server, now[2])
    assert dark(page2, ANN_TEXT) > dark(images[2], ANN_TEXT) + 150
    assert dark(page1, ANN_SIG) > dark(images[1], ANN_SIG) + 150
    assert dark(page2, ANN_SIG) < dark(images[2], ANN_SIG) + 20  # her signature is not on document 2
    # an address of document 2 that is no longer current leads to the current one of document 2
    stale = page_of(view, 2, 1)["image_url"].replace(ann, sam)
    moved = await raw_get(server, stale)
    assert moved.code == 302 and moved.headers["Location"] == now[2], moved.headers


# --- in Chromium ------------------------------------------------------------------------------------

def browser_fields(ids):
    """Fields in documents 1 and 3 only (none in document 2), for both signers."""
    return [{**ANN_SIG, "signer_email": ANN["email"], "document_id": ids[0]},
            {"field_type": "initials", "page_number": 1, "x_percent": 70, "y_percent": 10, "width_percent": 10,
             "height_percent": 5, "signer_email": ANN["email"], "document_id": ids[2]},
            {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 60, "width_percent": 40,
             "height_percent": 5, "signer_email": ANN["email"], "document_id": ids[2], "placeholder": "Company"},
            {**SAM_SIG, "signer_email": SAM["email"], "document_id": ids[2]},
            {"field_type": "checkbox", "page_number": 2, "x_percent": 10, "y_percent": 20, "width_percent": 4,
             "height_percent": 3, "signer_email": SAM["email"], "document_id": ids[0]},
            # placed by anchor: the text is only in document 2 (reportlab.pdf), which is searched with the others
            {"field_type": "date", "anchor": {"text": "Seller Signature:", "y_offset": -4}, "width_percent": 20,
             "height_percent": 3, "signer_email": SAM["email"]}]


async def overlay_on(page, field_selector: str, page_selector: str) -> None:
    """The field's overlay lies on (inside the box of) the page `page_selector`."""
    f = await page.locator(field_selector).bounding_box()
    p = await page.locator(page_selector).bounding_box()
    assert p["x"] <= f["x"] and f["x"] + f["width"] <= p["x"] + p["width"] + 1, (f, p)
    assert p["y"] <= f["y"] and f["y"] + f["height"] <= p["y"] + p["height"] + 1, (f, p)


@pytest.mark.browser
async def test_three_documents_signed_on_a_phone_and_a_desktop(server, tmp_path):
    request, docs = await envelope(server, browser_fields)
    uploads = [SAMPLE_PDF.read_bytes(), pdf("reportlab.pdf"), ONE_PAGE_PDF.read_bytes()]  # as three_documents
    record = await server.services.store.signing_requests.by_id(request["id"])
    email_of = {s["id"]: s["email"] for s in record["signers"]}
    field = {(email_of[f["signer_id"]], f["field_type"]): f["id"] for f in record["fields"]}
    link = f"{server.client.base_url}/sign/{{}}"
    async with chromium() as browser:
        page = await open_page(browser, link.format(await token_of(server, request["id"], ANN["email"])), PHONE)
        await consent(page)
        assert await page.locator("#contents li").count() == 3
        assert [await h.text_content() for h in await page.locator(".doc-title").all()] == [
            "offer.pdf", "reportlab.pdf", "benefits.pdf"]
        assert await page.locator("#doc-progress-1").text_content() == "0 of 1 fields done"
        assert await page.locator("#doc-progress-2").text_content() == "Nothing to fill in"
        assert await page.locator("#doc-progress-3").text_content() == "0 of 2 fields done"
        # every page of every document, each field over its own document's page
        assert await page.locator("#document .page").count() == 7
        assert await page.locator("#finish").text_content() == "Sign the documents"
        await overlay_on(page, f"#field-{field[ANN['email'], 'signature']}", "#doc-1 #page-1")
        await overlay_on(page, f"#field-{field[ANN['email'], 'text']}", "#doc-3 #doc3-page-1")
        await overlay_on(page, f"#field-{field[ANN['email'], 'initials']}", "#doc-3 #doc3-page-1")
        await axe(page, "three documents, phone")
        await page.click("#contents a[href='#doc-3']")
        await page.fill(f"#field-{field[ANN['email'], 'text']} input", "ACME")
        assert await page.locator("#doc-progress-3").text_content() == "1 of 2 fields done"
        # one adoption for every document: the signature (document 1), then the initials (document 3)
        await finish_with_drawn_signature_and_initials(page)
        await page.locator("#status.done").wait_for()
        assert await page.locator("#doc-progress-1").text_content() == "1 of 1 fields done"
        assert await page.locator("#doc-progress-3").text_content() == "2 of 2 fields done"
        assert (await page.locator("#status").text_content()).startswith("You have signed these documents.")
        await screenshot(page, "envelope-phone-signed")
        assert not [m for m in page.console_messages if m.startswith(("error", "pageerror"))], page.console_messages
        await page.context.close()

        await server.run_jobs()  # Sam's turn
        page = await open_page(browser, link.format(await token_of(server, request["id"], SAM["email"])), DESKTOP)
        await consent(page)
        await overlay_on(page, f"#field-{field[SAM['email'], 'checkbox']}", "#doc-1 #page-2")
        await overlay_on(page, f"#field-{field[SAM['email'], 'signature']}", "#doc-3 #doc3-page-1")
        assert await page.locator("#doc-progress-3").text_content() == "0 of 1 fields done"
        # document 3 as Ann left it, drawn by the server: its own image, loaded
        await page.locator("#doc3-page-1").scroll_into_view_if_needed()
        img = page.locator("#doc3-page-1 img")
        await page.wait_for_function("document.querySelector('#doc3-page-1 img').naturalWidth > 0")
        assert "/documents/3/pages/1/" in await img.evaluate("img => img.currentSrc")
        await axe(page, "three documents, desktop")
        await page.check(f"#field-{field[SAM['email'], 'checkbox']} input")
        await page.click("#finish")
        await page.locator("#adopt").wait_for(state="visible")
        await page.click("#adopt-ok")  # the typed name
        await page.locator("#status.done").wait_for()
        await axe(page, "three documents signed, desktop")
        await screenshot(page, "envelope-desktop-signed")
        await page.context.close()
    await server.run_jobs()
    done = (await server.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert done["status"] == "completed", done["status"]
    assert all(s["status"] == "signed" for s in done["signers"])
    date = next(f for f in record["fields"] if f["field_type"] == "date")
    assert date["document_id"] == docs[1]["id"] and date["page_number"] == 1
    # what was signed in the browser: each document and the combined PDF sealed, verified by pdfsig, pyHanko
    # and `esign verify`, each certificate listing the three uploads by name and SHA-256
    signed = [(await download(server, request["id"], f"?document_id={doc['id']}"))[1] for doc in docs]
    combined = (await download(server, request["id"], "?combined=true"))[1]
    for body in [*signed, combined]:
        await assert_passes(server, body, tmp_path, 1)
        text = flat_text(body)
        assert all(doc["name"] in text and hashlib.sha256(data).hexdigest() in text for doc, data in zip(docs, uploads))

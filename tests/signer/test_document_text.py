"""The document readable without sight (issue 39 item 4), over real HTTP: the "read as text" view gives each
page's text layer in reading order (not the order the file draws it in), the signer's own fields announced
where they stand, a scanned page said to be one in the signer's language, the text tags left out where the
page images cover them; and the original PDF can be downloaded through the link before anyone signs."""
from __future__ import annotations

import html
import re

from tests.support.documents import out_of_order_pdf
from tests.support.placement import SIGNERS, upload
from tests.support.signing import ANN, BOB, Made, make_request, sget


def paragraphs(page: str) -> list[str]:
    """The text of each <p> of the page, tags removed, entities read, white space as one space."""
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", p)).split()) for p in re.findall(r"<p[^>]*>(.*?)</p>", page, re.S)]


async def test_the_text_view_reads_each_page_in_order_with_the_signers_fields_and_says_which_page_is_scanned(server):
    doc = (await server.client.upload(out_of_order_pdf(), "Vertrag.pdf")).json["id"]
    sig = {"field_type": "signature", "page_number": 1, "x_percent": 12, "y_percent": 32, "width_percent": 30,
           "height_percent": 4}  # between the second line (its top at 27 %) and the third (at 39 %)
    bobs = {**sig, "signer": 1, "x_percent": 60, "placeholder": "Bob's box"}
    made = await make_request(server, [{**ANN, "locale": "de"}, BOB], fields={"sig": sig, "bob": bobs},
                              document_id=doc)
    ann = await made.token(0)
    resp = await sget(server, ann, "/text")
    assert resp.status == 200, resp
    assert resp.headers["Content-Language"] == "de"
    page = resp.body.decode()
    said = paragraphs(page)
    lines = [p for p in said if "line" in p or "half" in p or "Ihr Feld" in p]
    assert lines == ["First line of the contract.", "Left half and right half.", "Second line: sign below.",
                     "[Ihr Feld: Unterschrift (Pflichtfeld)]", "Third line of the contract."]
    assert "Seite 2 ist ein eingescanntes Bild; ihr Text kann nicht vorgelesen werden." in said
    assert "Bob's box" not in html.unescape(page)  # another signer's field is not this signer's to fill
    assert re.findall(r"<h3[^>]*>(.*?)</h3>", page) == ["Seite <bdi>1</bdi> von <bdi>2</bdi>",
                                                          "Seite <bdi>2</bdi> von <bdi>2</bdi>"]
    # each original is linked from the view; the link's own page in another language: ?lang=
    assert f'href="/sign/{ann}/documents/1/original.pdf"' in page
    assert "Read as text" in (await sget(server, ann, "/text?lang=en")).body.decode()


async def test_the_original_pdf_is_downloaded_through_the_link_before_anyone_signs(server):
    made = await make_request(server, [ANN])
    ann = await made.token(0)
    got = await sget(server, ann, "/documents/1/original.pdf")
    assert got.status == 200, got
    request = await server.services.store.signing_requests.by_id(made.body["id"])
    record = await server.services.store.documents.settled(request["org_id"], request["document_id"])
    assert got.body == await server.services.storage.get_bytes(record["blob_key"])
    assert got.headers["Content-Type"] == "application/pdf"
    assert got.headers["Content-Disposition"].startswith('attachment; filename="contract.pdf"')
    missing = await sget(server, ann, "/documents/2/original.pdf")
    assert missing.status == 404 and "text/html" in missing.headers["Content-Type"]
    assert (await sget(server, "not-a-token", "/documents/1/original.pdf")).status == 404
    assert (await sget(server, "not-a-token", "/text")).status == 404


async def test_the_text_tags_the_pages_cover_are_not_read_out(server):
    client = server.client
    doc = await upload(client, "reportlab.pdf")
    signers = [{**s, "order": i} for i, s in enumerate(SIGNERS, start=1)]
    resp = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": signers,
                                                      "signing_order": "parallel", "fields_from_text_tags": True})
    assert resp.status == 201, resp
    sent = await client.post(f"/v1/signing-requests/{resp.json['id']}/send")
    made = Made(server, sent.json, "a", {})
    page = (await sget(server, await made.token(0), "/text")).body.decode()
    assert "{{" not in page and "}}" not in page
    said = paragraphs(page)
    # Ann's fields where their tags stand, in the tags' place; Sam's date and initials are not hers
    assert "Buyer, sign here: [Your field: Buyer signature (required)]" in said
    assert sum("Your field:" in p for p in said) == 2, said

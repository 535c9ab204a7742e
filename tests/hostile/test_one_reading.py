"""One reading of every PDF (issue 35, part 1): what the signer sees is what is sealed.

Before: the upload was stored as uploaded; its page images were drawn from it by pdfium, and it was
stamped and sealed by pypdf. A page that defines /Contents twice showed the signer "EUR 100" (pdfium
reads the last value) and sealed "EUR 1,000,000" (pypdf keeps the first); the page boxes split the
same way; an annotation set to print but not to display (/F 36) was hidden from the signer and printed
from the sealed copy; a page with no area was accepted.

Now an upload is rewritten once by pypdf in the checking child (esign.pdf.normalise) and that copy is
what is stored, drawn, stamped and sealed; a file parsers would read differently is refused (422,
naming the reason). For each accepted file built below, the page image the signer was served is
compared, as pixels, with the sealed page drawn at the same scale, on screen and for print."""
from __future__ import annotations

import hashlib
import io
import logging
import re

import pypdfium2
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from esign.pdf.render import image_scale, render_page
from tests.support import assert_error, raw_db
from tests.support.documents import build_pdf, stream
from tests.support.page_images import fetch_image
from tests.support.routing import attach, sign_with, signed_pdf
from tests.support.signing import ANN, make_request

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
FIELD = {"x_percent": 10, "y_percent": 88, "width_percent": 30, "height_percent": 6}  # below what is compared
COMPARED = 0.8  # the top of the page (the signature field is stamped below it)


def text_stream(line: bytes, y: int = 600) -> bytes:
    return stream(b"BT /F1 36 Tf 72 %d Td (%s) Tj ET" % (y, line))


def one_page(page: bytes, pages: bytes = b"", extra=()) -> bytes:
    """A one-page PDF: object 4 draws "Amount due: EUR 100", object 6 "Amount due: EUR 1,000,000";
    `page` and `pages` are entries of the page and of the page tree's root; `extra` objects 7, 8, ..."""
    return build_pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                      b"<< /Type /Pages /Kids [3 0 R] /Count 1 %s >>" % pages,
                      b"<< /Type /Page /Parent 2 0 R %s /Resources << /Font << /F1 5 0 R >> >> >>" % page,
                      text_stream(b"Amount due: EUR 100"), FONT, text_stream(b"Amount due: EUR 1,000,000"), *extra])


def appearance(line: bytes) -> bytes:
    return stream(b"BT /F1 36 Tf 0 15 Td (%s) Tj ET" % line,
                  b"/Type /XObject /Subtype /Form /BBox [0 0 500 60] /Resources << /Font << /F1 5 0 R >> >> ")


def broken_xref() -> bytes:
    """Object 4 given again after the table (an update without its own table) and startxref pointing
    past the end: the table has to be rebuilt by scanning the file, which each reader does its way."""
    pdf = one_page(b"/MediaBox [0 0 612 792] /Contents 4 0 R")
    at = pdf.index(b"xref\n")
    later = b"4 0 obj\n" + text_stream(b"Amount due: EUR 1,000,000") + b"\nendobj\n"
    return re.sub(rb"startxref\n\d+", b"startxref\n999999", pdf[:at] + later + pdf[at:])


REFUSED = {
    "duplicate /Contents": (one_page(b"/MediaBox [0 0 612 792] /Contents 4 0 R /Contents 6 0 R"),
                            ["defines a dictionary key twice", "/Contents"]),
    "duplicate /MediaBox": (one_page(b"/MediaBox [0 0 100 100] /MediaBox [0 0 1000 1000] /Contents 4 0 R"),
                            ["defines a dictionary key twice", "/MediaBox"]),
    "CropBox outside the MediaBox": (one_page(b"/MediaBox [0 0 612 792] /CropBox [700 800 900 900] /Contents 4 0 R"),
                                     ["page 1's CropBox lies outside its MediaBox"]),
    "MediaBox of three numbers": (one_page(b"/MediaBox [0 0 612] /Contents 4 0 R"),
                                  ["page 1's MediaBox is not four numbers"]),
    "rotation of 45 degrees": (one_page(b"/MediaBox [0 0 612 792] /Rotate 45 /Contents 4 0 R"),
                               ["page 1's rotation (/Rotate 45) is not a multiple of 90"]),
    "zero height": (one_page(b"/MediaBox [0 0 612 0] /Contents 4 0 R"),
                    ["page 1 is 612.00 x 0.00 pt", "at least 3 pt"]),
    "zero size": (one_page(b"/MediaBox [0 0 0 0] /Contents 4 0 R"), ["page 1 is 0.00 x 0.00 pt"]),
    "broken cross-reference table": (broken_xref(), ["cross-reference table is broken"]),
}

ACCEPTED = {
    # hidden on screen but printed ("EUR 1,000,000"), and shown on screen but not printed ("PAID")
    "print and view flags differ": one_page(
        b"/MediaBox [0 0 612 792] /Contents 4 0 R /Annots [7 0 R 8 0 R]", extra=[
            b"<< /Type /Annot /Subtype /Square /Rect [72 420 572 480] /F 36 /AP << /N 9 0 R >> >>",
            b"<< /Type /Annot /Subtype /Square /Rect [72 300 572 360] /F 0 /AP << /N 10 0 R >> >>",
            appearance(b"Amount due: EUR 1,000,000"), appearance(b"PAID IN FULL")]),
    # reversed corners, inherited from the page tree with its rotation; a CropBox reaching past the MediaBox
    "boxes inherited, reversed and clipped": one_page(b"/CropBox [-100 100 560 900] /Contents 4 0 R",
                                    pages=b"/MediaBox [612 792 0 0] /Rotate 90"),
}


def pdfium_page(pdf: bytes, printing: bool) -> Image.Image:
    """Page 1 drawn as esign.pdf.render draws a page image, on screen or for print."""
    doc = pypdfium2.PdfDocument(pdf)
    try:
        page = doc[0]
        scale = image_scale(*page.get_size())
        flags = pypdfium2.raw.FPDF_PRINTING if printing else 0
        return page.render(scale=scale, extra_flags=flags).to_pil().convert("L")
    finally:
        doc.close()


def differing(shown: Image.Image, sealed: Image.Image) -> float:
    """The share of the compared pixels (the top of the page) that differ by more than a shade."""
    assert shown.size == sealed.size, (shown.size, sealed.size)
    box = (0, 0, shown.width, int(shown.height * COMPARED))
    diff = ImageChops.difference(shown.crop(box), sealed.crop(box)).point(lambda v: 255 if v > 48 else 0)
    return diff.histogram()[255] / (diff.width * diff.height)


def inked(image: Image.Image) -> int:
    """How many of the compared pixels are dark (ink)."""
    return sum(image.crop((0, 0, image.width, int(image.height * COMPARED))).histogram()[:128])


async def stored(server, document_id: str) -> tuple[dict, bytes]:
    """The document's record and the bytes stored for it."""
    record = await raw_db(server.services)["documents"].find_one({"_id": document_id})
    return record, await server.services.storage.get_bytes(record["blob_key"])


@pytest.mark.parametrize("case", sorted(REFUSED))
async def test_a_file_parsers_would_read_differently_is_refused_naming_why(server, case, caplog):
    caplog.set_level(logging.INFO, "esign.documents")
    pdf, reasons = REFUSED[case]
    error = assert_error(await server.client.upload(pdf, "hostile.pdf"), 422, "validation_error")
    message = error["details"][0]["message"]
    assert error["details"][0]["field"] == "file"
    for reason in reasons:
        assert reason in message, message
    assert await raw_db(server.services)["documents"].count_documents({}) == 0
    assert [r.getMessage() for r in caplog.records if r.name == "esign.documents"] == [
        f"upload refused: PDF readers would read it differently: {message}"]  # for the operator


@pytest.mark.parametrize("case", sorted(ACCEPTED))
async def test_the_sealed_page_is_the_page_the_signer_was_shown(server, tmp_path, case):
    upload = ACCEPTED[case]
    resp = await server.client.upload(upload, "invoice.pdf")
    assert resp.status == 201, resp
    made = await make_request(server, [ANN], fields={"sig": FIELD}, document_id=resp.json["id"])
    token = await made.token(0)
    shown = (await fetch_image(server, f"/sign/{token}/pages/1.png")).convert("L")
    assert inked(shown) > 500  # the page's text is there to compare
    await sign_with(server, token, ANN["name"])
    _, sealed, _ = await signed_pdf(server, made.id, tmp_path)

    on_screen = Image.open(io.BytesIO(render_page(sealed, 1))).convert("L")  # as the page images are drawn
    assert differing(shown, on_screen) < 0.001
    assert differing(shown, pdfium_page(sealed, printing=True)) < 0.001
    assert differing(shown, pdfium_page(sealed, printing=False)) < 0.001

    # stored: the normalised copy, and the certificate prints its hash and the upload's
    record, data = await stored(server, resp.json["id"])
    assert record["received_sha256"] == hashlib.sha256(upload).hexdigest()
    assert record["sha256"] == hashlib.sha256(data).hexdigest() != record["received_sha256"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(sealed)).pages)
    flat = re.sub(r"\s", "", text)
    assert "UploadedfileSHA-256" + record["received_sha256"] in flat
    assert "OriginaldocumentSHA-256" + record["sha256"] in flat


async def test_annotation_flags_are_normalised_in_the_stored_copy(server):
    resp = await server.client.upload(ACCEPTED["print and view flags differ"], "invoice.pdf")
    assert resp.status == 201, resp
    _, data = await stored(server, resp.json["id"])
    flags = [int(a.get_object()["/F"]) for a in PdfReader(io.BytesIO(data)).pages[0]["/Annots"]]
    assert flags == [32, 4]  # hidden: not printed; shown: printed


async def test_a_signer_attachment_is_normalised_or_refused_the_same_way(server):
    made = await make_request(server, [ANN], fields={"sig": {}, "file": {"field_type": "attachment"}})
    token = await made.token(0)
    pdf, reasons = REFUSED["duplicate /Contents"]
    error = assert_error(await attach(server, token, made.fields["file"], pdf, "proof.pdf"), 422)
    assert all(reason in error["details"][0]["message"] for reason in reasons), error

    upload = ACCEPTED["print and view flags differ"]
    resp = await attach(server, token, made.fields["file"], upload, "proof.pdf")
    assert resp.status == 200, resp
    shown = {f["id"]: f for f in resp.json["fields"]}[made.fields["file"]]["attachment"]
    got = await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['file']}/attachment")
    assert got.status == 200
    assert shown["sha256"] == hashlib.sha256(got.body).hexdigest() != hashlib.sha256(upload).hexdigest()
    flags = [int(a.get_object()["/F"]) for a in PdfReader(io.BytesIO(got.body)).pages[0]["/Annots"]]
    assert flags == [32, 4]

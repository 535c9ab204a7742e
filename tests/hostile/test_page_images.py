"""Huge pages (issue 24, item 3): a few hundred bytes of PDF whose pages are 14,000 pt square must not
take the server's memory when a signer asks for their images (they are drawn at a bounded number of
pixels in the bounded checking children, one render per page at a time), and a page larger than any
viewer can show (over 14,400 pt on a side) is refused at upload with a 422 naming the page."""
from __future__ import annotations

import asyncio
import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject

from esign.pdf.render import MAX_PAGE_POINTS, MAX_PIXELS
from tests.support import Client, assert_error
from tests.support.documents import build_pdf, stream
from tests.support.processes import ServeProcess
from tests.support.signing import make_request, sget

MB = 1024 * 1024
ORIGIN = "https://app.example.test"


def huge_pages_pdf(side: float, pages: int = 3, first: tuple[float, float] | None = None) -> bytes:
    """`pages` pages of `side` x `side` pt (the first `first` instead, when given), each with a filled
    rectangle at a place of its own: a few hundred bytes."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (3 + 2 * i) for i in range(pages)),
                                                            pages)]
    for i in range(pages):
        width, height = first if first and i == 0 else (side, side)
        objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Contents %d 0 R /Resources << >> >>"
                    % (width, height, 4 + 2 * i),
                    stream(b"0 0 1 rg %g %g %g %g re f" % (width / (4 + i), height / 4, width / 2, height / 2))]
    return build_pdf(objects)


async def signer_token(client: Client, pdf: bytes) -> str:
    """Upload `pdf`, send it to one signer and give back an embedded link's token."""
    up = await client.upload(pdf, "huge.pdf")
    assert up.status == 201, up
    made = await client.post("/v1/signing-requests", {
        "document_id": up.json["id"], "auto_send": True,
        "signers": [{"name": "Ann Example", "email": "ann@example.test"}]})
    assert made.status == 201, made
    link = await client.post(f"/v1/signing-requests/{made.json['id']}/embedded-url", {"allowed_origin": ORIGIN})
    assert link.status == 201, link
    return re.search(r"/sign/([^/?]+)", link.json["signers"][0]["embedded_url"]).group(1)


@pytest.mark.slow
async def test_three_huge_pages_at_once_keep_the_server_memory_flat(tmp_path):
    side = 14_000  # just under the upload bound, so the image path is what is exercised
    assert side <= MAX_PAGE_POINTS
    pdf = huge_pages_pdf(side)
    assert len(pdf) < 1000
    srv = ServeProcess(tmp_path)
    client = Client(srv.url)
    try:
        token = await signer_token(client, pdf)
        view = await client.get(f"/sign/{token}/api", key=None)
        assert view.status == 200, view
        assert [(p["width"], p["height"]) for p in view.json["pages"]] == [(side, side)] * 3
        srv.reset_peak_memory()
        before = srv.status("VmRSS")
        # three pages at once, each asked for twice (the second waits for and shares the first's render)
        # (the PNG at the default scale: the one bounded by MAX_PIXELS rather than by a width)
        paths = [f"/sign/{token}/pages/{p['number']}.png" for p in view.json["pages"]] * 2
        answers = await asyncio.gather(*(client.get(path, key=None, timeout=120) for path in paths))
        growth = srv.status("VmHWM") - before
        assert [a.status for a in answers] == [200] * 6, answers
        assert growth < 100 * MB, f"the server grew by {growth / MB:.0f} MB"
        for answer in answers:
            with Image.open(io.BytesIO(answer.body)) as image:
                width, height = image.size
            assert width * height <= MAX_PIXELS and width == height and width > 1000
        for first, again in zip(answers[:3], answers[3:]):
            assert first.body == again.body
        assert srv.stop() == 0
        assert "Traceback" not in srv.log()
    finally:
        client.close()
        srv.kill()


@pytest.mark.parametrize("size, page", [((14_401, 14_401), 1), ((200, 100_000), 1), ((14_400, 14_400), None)])
async def test_a_page_larger_than_viewers_show_is_refused_at_upload(server, size, page):
    pdf = huge_pages_pdf(600, pages=2, first=size)
    if page is None:  # the bound itself is accepted
        resp = await server.client.upload(pdf)
        assert resp.status == 201, resp
        return
    err = assert_error(await server.client.upload(pdf), 422, "validation_error")
    assert f"page {page}" in err["message"] and "14,400" in err["message"], err
    assert err["details"][0]["field"] == "file"
    listed = await server.client.get("/v1/documents")
    assert listed.json["total"] == 0


async def test_the_second_page_is_named(server):
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(huge_pages_pdf(600, pages=3))))
    writer.pages[1].mediabox = RectangleObject([0, 0, 600, 20000])  # written again: the table stays right
    out = io.BytesIO()
    writer.write(out)
    pdf = out.getvalue()
    err = assert_error(await server.client.upload(pdf), 422, "validation_error")
    assert "page 2 " in err["message"], err


async def test_concurrent_requests_for_one_page_share_one_render(server):
    """Three requests for each of three pages at once: each page is drawn once, by a drawing child
    (the drawing children answered three renders, not nine; the checking ones only the upload);
    later requests are served from the cache in blob storage."""
    up = await server.client.upload(huge_pages_pdf(600), "pages.pdf")
    assert up.status == 201, up
    made = await make_request(server, document_id=up.json["id"])
    token = await made.token(0)

    def asked(checker) -> int:
        return sum(child.checked for child in checker._idle + list(checker._busy))

    checks, renders = server.services.pdf_checker, server.services.page_renderer
    assert asked(checks) == 2  # the upload's check and its reading of the text layer (text tags)
    assert asked(renders) == 0
    paths = [f"/sign/{token}/pages/{n}.png" for n in (1, 2, 3)] * 3
    answers = await asyncio.gather(*(sget(server, token, path.split(token, 1)[1]) for path in paths))
    assert [a.status for a in answers] == [200] * 9, answers
    assert len({a.body for a in answers}) == 3
    with Image.open(io.BytesIO(answers[0].body)) as image:
        assert image.size == (900, 900)  # a page of ordinary size is drawn at 1.5 pixels a point, as before
    assert (asked(checks), asked(renders)) == (2, 3)
    again = await sget(server, token, "/pages/2.png")
    assert again.status == 200 and again.body == answers[1].body
    assert (asked(checks), asked(renders)) == (2, 3)

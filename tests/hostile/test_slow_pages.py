"""Pages slow to draw (issue 35, part 3): a few KB of PDF whose pages are 40 transparent full-page fills
with a blend mode pass a check drawn at 1/20 scale in milliseconds but take tens of seconds for each
page image. The upload check refuses such a page (422 naming it); page images are drawn by children
of their own, apart from the upload checks, organisations taking turns; a page image that cannot be
drawn in time is remembered and answered at once."""
from __future__ import annotations

import asyncio
import time

import pytest

from esign.domain.signer.page_images import FAILURE_MEMO_SECONDS
from esign.pdf.probe import PdfChecker
from tests.support import SAMPLE_PDF, Client, assert_error, running_server
from tests.support.documents import build_pdf, stream
from tests.support.signing import make_request, sget
from tests.support.waiting import until

FILLS = 40


def blended_fills_pdf(pages: int = 3, fills: int = FILLS) -> bytes:
    """`pages` Letter pages sharing one content stream: `fills` full-page fills at 50 % opacity with
    the Multiply blend mode (pdfium composites each over the page: the time to draw grows with the
    pixels and the square of the fills; 40 fills, about 17 s at 720 px on the 2-core machine)."""
    content = b"/G gs " + b"".join(b"%d %d 1 rg 0 0 612 792 re f " % (i % 2, i // 2 % 2) for i in range(fills))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (5 + i) for i in range(pages)),
                                                            pages),
               stream(content),
               b"<< /Type /ExtGState /ca 0.5 /CA 0.5 /BM /Multiply >>"]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
                b"/Resources << /ExtGState << /G 4 0 R >> >> >>"] * pages
    return build_pdf(objects)


async def test_a_page_image_over_its_time_budget_is_stopped_and_the_child_replaced(tmp_path):
    """The hostile page really is slow to draw at 720 px: a drawing child with a 2 s budget runs out."""
    path, out = tmp_path / "slow.pdf", tmp_path / "page.webp"
    path.write_bytes(blended_fills_pdf(pages=1))
    renderer = PdfChecker(60, 512, workers=1)
    try:
        assert await renderer.render(str(SAMPLE_PDF), 1, str(out), 720, "webp") == {"ok": True}  # the child is up
        renderer.timeout = 2
        answer = await renderer.render(str(path), 1, str(out), 720, "webp")
        assert answer == {"ok": False, "too_slow": True, "error": "it takes more than 2 s to draw"}
        renderer.timeout = 60
        assert await renderer.render(str(SAMPLE_PDF), 1, str(out), 720, "webp") == {"ok": True}  # a new child
    finally:
        await renderer.close()


async def test_a_page_too_slow_to_draw_is_refused_at_upload(server):
    pdf = blended_fills_pdf()
    assert len(pdf) < 4000
    err = assert_error(await server.client.upload(pdf), 422, "validation_error")
    assert "page 1 takes too long to draw" in err["message"] and "at most 5 s" in err["message"], err
    assert err["details"][0]["field"] == "file"
    assert (await server.client.get("/v1/documents")).json["total"] == 0
    # the same pages with two fills are drawn at once: accepted
    assert (await server.client.upload(blended_fills_pdf(fills=2))).status == 201


async def test_organisations_take_turns_for_the_drawing_children(tmp_path):
    """Four images of one organisation asked at once, then one of another: the other's is drawn as
    soon as the first organisation's drawing in progress is done, not after all of them."""
    renderer = PdfChecker(60, 512, workers=1)
    order = []

    async def draw(owner: str, i: int):
        answer = await renderer.render(str(SAMPLE_PDF), 1 + i % 4, str(tmp_path / f"{owner}{i}.webp"), 480, "webp",
                                       owner=owner)
        assert answer == {"ok": True}
        order.append(f"{owner}{i}")

    try:
        first = [asyncio.ensure_future(draw("org-a", i)) for i in range(4)]
        await until(lambda: len(renderer._slots.waiting.get("org-a", ())) == 3)  # one drawing, three waiting
        other = asyncio.ensure_future(draw("org-b", 0))
        await asyncio.gather(*first, other)
        assert order == ["org-a0", "org-b0", "org-a1", "org-a2", "org-a3"]
        # a waiter that gives up takes no turn
        held = [asyncio.ensure_future(draw("org-a", i)) for i in range(3)]
        await until(lambda: len(renderer._slots.waiting.get("org-a", ())) == 2)
        held[1].cancel()
        await asyncio.gather(held[0], held[2])
        assert held[1].cancelled() and renderer._slots.waiting == {} and renderer._slots.free == 1
    finally:
        await renderer.close()


async def signer_view(server, pdf: bytes, key: str = "a") -> tuple[str, dict]:
    up = await server.client.upload(pdf, "slow.pdf", key=key)
    assert up.status == 201, up
    made = await make_request(server, document_id=up.json["id"], key=key)
    token = await made.token(0)
    view = await sget(server, token)
    assert view.status == 200, view
    return token, view.json


@pytest.mark.slow
async def test_one_organisations_slow_pages_do_not_hold_up_another_organisations_upload(tmp_path):
    # a budget large enough for the upload check to accept the slow pages (as before the check measured them)
    async with running_server(tmp_path, overrides={"limits": {"page_image_timeout_seconds": 300}}) as server:
        _, view = await signer_view(server, blended_fills_pdf())
        urls = [u.split(" ")[0] for p in view["pages"] for u in p["image_srcset"].split(", ")]
        assert len(set(urls)) == 12
        browser = Client(server.url)  # (a client of its own: its 12 requests at once are not queued)
        browser.http.max_clients = len(urls)
        images = [asyncio.ensure_future(browser.get(u, key=None, timeout=600)) for u in urls]
        renderer = server.services.page_renderer
        await until(lambda: renderer._busy)  # drawing the first; the others wait
        started = time.monotonic()
        up = await server.client.upload(SAMPLE_PDF.read_bytes(), "ordinary.pdf", key="b")
        took = time.monotonic() - started
        assert up.status == 201, up
        assert renderer._busy and not any(i.done() for i in images)  # the slow pages were still being drawn
        assert took < 5, f"the other organisation's upload took {took:.1f} s"
    # the server stopped: the images still in line were answered (400, the service is stopping)
    answers = await asyncio.gather(*images)
    assert all("the service is stopping" in a.json["error"]["message"] for a in answers), answers
    browser.close()


@pytest.mark.slow
async def test_a_page_image_that_cannot_be_drawn_in_time_is_remembered(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"page_image_timeout_seconds": 300}}) as server:
        token, view = await signer_view(server, blended_fills_pdf(pages=1))
        # the budget lowered since the upload (as a restart with a lower page_image_timeout_seconds does)
        server.services.page_renderer.timeout = 1.5
        metrics = server.services.metrics.page_images

        def counted(outcome: str) -> float:
            return metrics.labels(outcome)._value.get()

        url = view["pages"][0]["image_url"]
        first = assert_error(await server.client.get(url, key=None), 400, "invalid_pdf")
        assert first["message"] == "page 1 cannot be shown: it takes more than 1.5 s to draw", first
        assert (counted("too_slow"), counted("remembered")) == (1, 0)
        for path in (url, url):  # answered at once, not drawn again
            again = assert_error(await server.client.get(path, key=None), 400, "invalid_pdf")
            assert again["message"] == first["message"]
        assert (counted("too_slow"), counted("remembered")) == (1, 2)
        other = assert_error(await server.client.get(url.replace("-960.", "-480."), key=None), 400, "invalid_pdf")
        assert other["message"] == first["message"] and counted("too_slow") == 2  # each variant is its own
        server.clock.advance(seconds=FAILURE_MEMO_SECONDS + 1)  # an hour later it is tried again
        assert_error(await server.client.get(url, key=None), 400, "invalid_pdf")
        assert (counted("too_slow"), counted("remembered")) == (3, 2)
        scraped = (await server.client.get("/metrics", key=None)).body.decode()
        assert 'esign_page_images_total{outcome="remembered"} 2.0' in scraped

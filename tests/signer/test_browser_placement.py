"""Field placement on awkward pages: a field at known percents on a page with /Rotate 90 and on a page
whose CropBox does not start at 0,0 sits on the same spot three times over: in the page image pdfium
renders, as the overlay the browser draws, and as the stamp poppler renders from the signed PDF."""
import io
import pathlib
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject
from reportlab.pdfgen import canvas

from tests.support import running_server
from tests.support.browser import chromium, consent, create_request, field_ids, new_page, screenshot

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out

# displayed position of a grey marker on each page, in percent: x, y, width, height
MARKERS = {1: (30.0, 40.0, 10.0, 5.0), 2: (20.0, 50.0, 10.0, 5.0)}


def awkward_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(600, 400))
    # page 1 is shown rotated 90° clockwise: 400 wide, 600 tall; displayed x = user y, displayed y = user x
    c.setFillGray(0.8)
    c.rect(240, 120, 30, 40, stroke=0, fill=1)
    c.showPage()
    # page 2: MediaBox 600x800, CropBox [50 100 550 700] shows 500x600; marker at displayed 100..150, 300..330
    c.setPageSize((600, 800))
    c.setFillGray(0.8)
    c.rect(150, 370, 50, 30, stroke=0, fill=1)
    c.setFillGray(0)
    c.rect(0, 0, 40, 40, stroke=0, fill=1)  # outside the CropBox: never shown
    c.showPage()
    c.save()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(buf.getvalue())))
    writer.pages[0].rotate(90)
    writer.pages[1].cropbox = RectangleObject([50, 100, 550, 700])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def marker_box(image: Image.Image) -> tuple[float, float, float, float]:
    """The grey marker's bounding box in percent of the image."""
    grey = Image.eval(image.convert("L"), lambda v: 255 if 190 <= v <= 215 else 0)
    left, top, right, bottom = grey.getbbox()
    w, h = image.size
    return left * 100 / w, top * 100 / h, (right - left) * 100 / w, (bottom - top) * 100 / h


def ink_box(image: Image.Image):
    dark = Image.eval(image.convert("L"), lambda v: 255 if v < 120 else 0)
    return dark.getbbox()


def close(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


@pytest.fixture
async def srv(tmp_path):
    async with running_server(tmp_path) as server:
        yield server


async def test_fields_on_rotated_and_cropped_pages_line_up(srv, tmp_path):
    request = await create_request(
        srv, [{"name": "Ann Lee", "email": "ann@example.test"}],
        lambda ids: [{"signer_id": ids[0], "field_type": "text", "page_number": n, "x_percent": x, "y_percent": y,
                      "width_percent": w, "height_percent": h, "placeholder": f"p{n}"}
                     for n, (x, y, w, h) in MARKERS.items()],
        pdf=awkward_pdf())
    ids = await field_ids(srv, request["id"])
    stored = await srv.services.store.signing_requests.by_id(request["id"])
    from esign.domain.requests import links

    link = links.signing_url(srv.services, stored, stored["signers"][0])
    path = link.split(str(srv.port), 1)[1]

    api = (await srv.client.get(path + "/api", key=None)).json
    assert [(p["width"], p["height"]) for p in api["pages"]] == [(400, 600), (500, 600)]
    for number, expected in MARKERS.items():
        png = await srv.client.get(f"{path}/pages/{number}.png", key=None)
        rendered = Image.open(io.BytesIO(png.body))
        assert close(marker_box(rendered), expected, 0.6), (number, marker_box(rendered))

    async with chromium() as browser:
        page = await new_page(browser)
        await page.goto(link)
        await consent(page)
        for number, expected in MARKERS.items():
            img = await page.locator(f"#page-{number} img").bounding_box()
            field = await page.locator(f"#field-{ids[('text', f'p{number}')]}").bounding_box()
            shown = ((field["x"] - img["x"]) * 100 / img["width"], (field["y"] - img["y"]) * 100 / img["height"],
                     field["width"] * 100 / img["width"], field["height"] * 100 / img["height"])
            assert close(shown, expected, 0.3), (number, shown)
            await page.fill(f"#field-{ids[('text', f'p{number}')]} input", "MMMMMM")
        await screenshot(page, "placement-rotated-and-cropped")
        await page.click("#finish")
        await page.click("#adopt-ok")  # no signature field: the typed name is adopted, then the page signs
        await page.locator("#status.done").wait_for()

    await srv.run_jobs()
    link = (await srv.client.get(f"/v1/signing-requests/{request['id']}/download")).json["download_url"]
    signed = await srv.client.get(link.split(str(srv.port), 1)[1], key=None)
    assert signed.status == 200
    # poppler, an independent renderer (showing the CropBox as viewers do): the marker where expected on the
    # original, the ink on it when signed
    original, stamped = render_with_poppler(awkward_pdf(), tmp_path / "original"), render_with_poppler(signed.body, tmp_path / "signed")
    for number in MARKERS:
        mx, my, mw, mh = marker_box(original[number])
        assert close((mx, my, mw, mh), MARKERS[number], 0.6), (number, (mx, my, mw, mh))
        assert ink_box(original[number]) is None
        ink = ink_box(stamped[number])
        assert ink is not None, f"nothing stamped on page {number}"
        w, h = stamped[number].size
        left, top, right, bottom = (v * 100 / s for v, s in zip(ink, (w, h, w, h)))
        # every stamped pixel lies on the marker (one pixel of slack for anti-aliasing)
        slack = 100 / min(w, h)
        assert mx - slack <= left and right <= mx + mw + slack, (number, left, right, mx, mw)
        assert my - slack <= top and bottom <= my + mh + slack, (number, top, bottom, my, mh)


def render_with_poppler(pdf: bytes, stem: pathlib.Path) -> dict[int, Image.Image]:
    stem.parent.mkdir(parents=True, exist_ok=True)
    source = stem.with_suffix(".pdf")
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-cropbox", "-r", "100", "-f", "1", "-l", "2", "-png", str(source), str(stem)], check=True, timeout=60)
    return {n: Image.open(next(stem.parent.glob(f"{stem.name}-{n}.png"))) for n in MARKERS}

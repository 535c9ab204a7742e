"""The signing page's WebP page images: a page of text lossless (exact, and a fifth of its lossy image),
a page of photographs lossy (a tenth of its lossless one); each the smaller of the two."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from esign.pdf.render import MAX_SIDE, WEBP_QUALITY, render_page
from tests.support.documents import CORPUS, build_pdf, stream


def _kind(webp: bytes) -> str:
    """The WebP's bitstream: `VP8L` lossless, `VP8 ` lossy (RIFF, size, WEBP, then the first chunk)."""
    assert webp[:4] == b"RIFF" and webp[8:12] == b"WEBP"
    return webp[12:16].decode()


def _lossy(pdf: str, width: int) -> bytes:
    with Image.open(io.BytesIO(render_page(pdf, 1, width=width))) as drawn:
        out = io.BytesIO()
        drawn.convert("RGB").save(out, format="WEBP", quality=WEBP_QUALITY, method=4)
    return out.getvalue()


@pytest.mark.parametrize("width", [720, 1600])
def test_a_page_of_text_is_lossless_exact_and_smaller_than_lossy(width):
    pdf = str(CORPUS / "pdflatex-4-pages.pdf")
    webp = render_page(pdf, 1, width=width, fmt="webp")
    assert _kind(webp) == "VP8L"
    assert len(webp) * 3 < len(_lossy(pdf, width))
    with Image.open(io.BytesIO(webp)) as shown, Image.open(io.BytesIO(render_page(pdf, 1, width=width))) as png:
        assert shown.size == png.size and shown.size[0] == width
        assert ImageChops.difference(shown.convert("RGB"), png.convert("RGB")).getbbox() is None  # exact


def test_a_page_of_photographs_is_lossy_and_smaller_than_lossless():
    pdf = str(CORPUS / "cmyk-image.pdf")
    webp = render_page(pdf, 1, width=720, fmt="webp")
    assert _kind(webp) == "VP8 "
    with Image.open(io.BytesIO(render_page(pdf, 1, width=720))) as png:
        lossless = io.BytesIO()
        png.convert("RGB").save(lossless, format="WEBP", lossless=True, quality=80, method=4)
    assert len(webp) * 5 < len(lossless.getvalue())


def test_a_long_strip_of_a_page_is_drawn_within_webps_side_limit():
    """A 200 x 14,400 pt page (the largest side an upload may have) at 4 megapixels would be 236 x
    16,970 pixels, past WebP's 16,383: it is drawn at most MAX_SIDE pixels long instead."""
    strip = build_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 14400] /Contents 4 0 R >>",
                       stream(b"0 0 1 rg 20 20 160 14360 re f")])
    for width in (480, 1600):
        with Image.open(io.BytesIO(render_page(strip, 1, width=width, fmt="webp"))) as drawn:
            assert drawn.size == (228, MAX_SIDE - 1)

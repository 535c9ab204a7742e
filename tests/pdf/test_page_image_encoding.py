"""The signing page's WebP page images: a page of text lossless (exact, and a fifth of its lossy image),
a page of photographs lossy (a tenth of its lossless one); each the smaller of the two."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from esign.pdf.render import WEBP_QUALITY, render_page
from tests.support.documents import CORPUS


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

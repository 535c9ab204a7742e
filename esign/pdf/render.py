"""Page sizes and page images, as a viewer displays them (CropBox, /Rotate applied).

Page images have a pixel bound: a page is drawn at SCALE (1.5 pixels a point: an A4 or Letter page is
about 1.1 megapixels) unless that would exceed MAX_PIXELS, when the scale is lowered so that it does
not (a 14,000 pt square page: 2,000 x 2,000 pixels, not 21,000 x 21,000). The signing page draws them
in the checking children (esign.pdf.probe), never in the API process.
"""
from __future__ import annotations

import io
import math
import threading

import pypdfium2
from pypdf import PageObject, PdfReader

SCALE = 1.5  # pixels a point
MAX_PIXELS = 4_000_000  # a page image has at most this many pixels (width x height)
MAX_SIDE = 16_383  # ... and at most this many on a side: WebP's limit (a 200 x 14,400 pt strip: 228 x 16,382)
# The PDF specification's largest page: 14,400 units (200 inches) on a side. An upload with a larger
# page (as displayed: CropBox, /Rotate) is refused (esign.pdf.probe); UserUnit is not applied, as pdfium
# and the browsers' viewers do not apply it.
MAX_PAGE_POINTS = 14_400

# pdfium is not thread-safe; callers render from worker threads.
_pdfium_lock = threading.Lock()


def visible_box(page: PageObject) -> tuple[float, float, float, float, int]:
    """(x0, y0, x1, y1, rotate): the CropBox clipped to the MediaBox, in user space, and the page's
    rotation normalised to 0/90/180/270."""
    media, crop = page.mediabox, page.cropbox
    x0, y0 = max(float(media.left), float(crop.left)), max(float(media.bottom), float(crop.bottom))
    x1, y1 = min(float(media.right), float(crop.right)), min(float(media.top), float(crop.top))
    if x1 <= x0 or y1 <= y0:  # a CropBox outside the MediaBox: viewers fall back to the MediaBox
        x0, y0, x1, y1 = (float(v) for v in (media.left, media.bottom, media.right, media.top))
    rotate = int(page.rotation) % 360
    return x0, y0, x1, y1, rotate - rotate % 90


def displayed_size(page: PageObject) -> tuple[float, float]:
    x0, y0, x1, y1, rotate = visible_box(page)
    width, height = x1 - x0, y1 - y0
    return (height, width) if rotate in (90, 270) else (width, height)


def page_geometry(pdf_bytes: bytes) -> list[dict]:
    reader = PdfReader(io.BytesIO(pdf_bytes))
    pages = []
    for number, page in enumerate(reader.pages, start=1):
        width, height = displayed_size(page)
        pages.append({"number": number, "width": round(width, 2), "height": round(height, 2)})
    return pages


def image_scale(width: float, height: float, scale: float = SCALE) -> float:
    """The scale a page of width x height points is drawn at: `scale`, or less so that the image has
    at most MAX_PIXELS and MAX_SIDE pixels on a side. pdfium rounds each side up, so the bound is kept
    for (w*s + 1) * (h*s + 1): the positive root of w*h*s^2 + (w+h)*s + 1 - MAX_PIXELS, and for
    max(w, h)*s + 1."""
    area = width * height
    if area <= 0:
        return scale
    root = (math.sqrt((width + height) ** 2 + 4 * area * (MAX_PIXELS - 1)) - (width + height)) / (2 * area)
    return min(scale, root, (MAX_SIDE - 1) / max(width, height))


WIDTHS = (480, 720, 960, 1600)  # the widths (pixels) the signing page may ask a page image at (`srcset`; 720: a
# 412 px phone at 1.75x shows a page about 388 CSS px wide, 679 pixels)
FORMATS = {"png": "image/png", "webp": "image/webp"}
WEBP_QUALITY = 80  # lossy: text stays sharp; an A4 page at 960 px is about a tenth of its PNG


def scale_for(points_wide: float, points_high: float, width: int | None) -> float:
    """The scale a page so displayed is drawn at `width` pixels wide (one of WIDTHS; None: SCALE),
    within MAX_PIXELS. pdfium rounds a page's pixel size up: a hair under width/points, so that 720 px
    is not 721."""
    wanted = (width - 0.001) / points_wide if width and points_wide > 0 else SCALE
    return image_scale(points_wide, points_high, wanted)


def largest_image_pixels(points_wide: float, points_high: float) -> float:
    """The pixels of the largest image the signing page may ask of a page so displayed (any of
    WIDTHS, or the default scale; at most MAX_PIXELS)."""
    return max((points_wide * s + 1) * (points_high * s + 1)
               for s in (scale_for(points_wide, points_high, w) for w in (None, *WIDTHS)))


def render_page(pdf: bytes | str, number: int, *, scale: float | None = None, width: int | None = None,
                fmt: str = "png") -> bytes:
    """Page `number` as an image in `fmt` (see FORMATS): `width` pixels wide (one of WIDTHS), else at
    `scale`, else at SCALE; never more than MAX_PIXELS."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown image format {fmt!r}")
    if width is not None and width not in WIDTHS:
        raise ValueError(f"width {width} is not one of {WIDTHS}")
    with _pdfium_lock:
        doc = pypdfium2.PdfDocument(pdf)
        try:
            if not 1 <= number <= len(doc):
                raise ValueError(f"page {number} does not exist (the document has {len(doc)})")
            page = doc[number - 1]
            # render() applies /Rotate and the CropBox; get_size() is the page so displayed
            points_wide, points_high = page.get_size()
            image = page.render(scale=scale or scale_for(points_wide, points_high, width)).to_pil()
            page.close()
        finally:
            doc.close()
    if fmt == "webp":
        return _webp(image)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _webp(image) -> bytes:
    """The smaller of the page as lossless and as lossy WebP: a page of text is a fifth of its lossy
    image lossless (and exact), a page of photographs or scans a tenth of its lossless one lossy."""
    encoded = []
    for options in ({"lossless": True, "quality": 80}, {"quality": WEBP_QUALITY}):  # lossless: quality is effort
        out = io.BytesIO()
        image.save(out, format="WEBP", method=4, **options)
        encoded.append(out.getvalue())
    return min(encoded, key=len)

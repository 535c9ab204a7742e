"""Page sizes and page images, as a viewer displays them (CropBox, /Rotate applied)."""
from __future__ import annotations

import io
import threading

import pypdfium2
from pypdf import PageObject, PdfReader

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


def render_page_png(pdf_bytes: bytes, number: int, scale: float = 1.5) -> bytes:
    with _pdfium_lock:
        doc = pypdfium2.PdfDocument(pdf_bytes)
        try:
            if not 1 <= number <= len(doc):
                raise ValueError(f"page {number} does not exist (the document has {len(doc)})")
            page = doc[number - 1]
            image = page.render(scale=scale).to_pil()  # render() applies /Rotate and the CropBox
            page.close()
        finally:
            doc.close()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()

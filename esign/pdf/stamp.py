"""Draws field values and signatures onto the pages of a PDF.

All overlays are drawn in one reportlab document (one page per stamped page), so each font and each
signature image is embedded once and shared by every page. Each overlay page becomes a form XObject
painted after the page's own content, which is left byte for byte as it was: pypdf's merge_page
rewrites it uncompressed and, where pages share /Contents or /Resources (habibi-rotated.pdf),
leaks one page's overlay onto the others.

Field boxes are percents of the page as displayed (origin top-left, y down); each box gets its own
coordinate system (origin at its displayed bottom-left, x right, y up as displayed) mapped onto the
page's user space through the CropBox and /Rotate.

A signature or initials is `{kind: "typed", text}` or `{kind: "drawn", image: PNG or JPEG bytes}`
(esign.domain.finalization reads drawings from blob storage).
"""
from __future__ import annotations

import io
from collections import defaultdict

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, RectangleObject
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from esign.pdf import fonts
from esign.pdf.render import displayed_size, visible_box

INK = (0.05, 0.1, 0.35)  # dark blue, like a pen
TEXT_INK = (0, 0, 0)
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")  # PNG, JPEG


def stamp(pdf_bytes: bytes, fields: list[dict], signers: dict[str, dict]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf_bytes)))
    by_page: dict[int, list[dict]] = defaultdict(list)
    for field in fields:
        number = int(field["page_number"])
        if not 1 <= number <= len(writer.pages):
            raise ValueError(f"field {field.get('id')} is on page {number}, which does not exist")
        by_page[number].append(field)
    numbers = sorted(by_page)
    if numbers:
        buf = io.BytesIO()
        canvas = Canvas(buf, pageCompression=1)
        for number in numbers:
            for field in by_page[number]:
                _draw_field(canvas, writer.pages[number - 1], field, signers)
            canvas.showPage()
        canvas.save()
        shared: dict[str, object] = {}  # small content streams, one object for every page
        for number, overlay in zip(numbers, PdfReader(buf).pages):
            _paint_over(writer, writer.pages[number - 1], overlay, shared)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _stream(data: bytes) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def _paint_over(writer: PdfWriter, page, overlay, shared: dict) -> None:
    """Contents become [q, original..., Q + paint overlay]; the q/Q pair stops the original content's
    graphics state (a leftover cm, colour, clip) from moving or hiding the overlay."""
    # re-encoded as plain Flate (reportlab adds ASCII85, a quarter larger)
    form = _stream(overlay.get_contents().get_data()).flate_encode(level=9)
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        # the overlay was drawn in the page's user space; the BBox clips it to the visible area
        NameObject("/BBox"): RectangleObject(visible_box(page)[:4]),
        NameObject("/Resources"): overlay["/Resources"].get_object().clone(writer),
    })
    form = writer._add_object(form)
    resources = DictionaryObject(page.get_inherited("/Resources", DictionaryObject()).get_object())
    xobjects = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object())
    name = next(f"/EsignStamp{i}" for i in range(len(xobjects) + 1) if f"/EsignStamp{i}" not in xobjects)
    xobjects[NameObject(name)] = form
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources  # a copy: other pages may share the original

    contents = page.get("/Contents")
    original = contents.get_object() if contents is not None else ArrayObject()
    original = list(original) if isinstance(original, ArrayObject) else [contents]
    paint = f"\nQ\nq {name} Do Q\n"
    for code in ("q\n", paint):
        if code not in shared:
            shared[code] = writer._add_object(_stream(code.encode()))
    page[NameObject("/Contents")] = ArrayObject([shared["q\n"], *original, shared[paint]])


def _box_matrix(page, field) -> tuple[tuple[float, ...], float, float]:
    """The matrix from the field's own coordinates to user space, and the box's width and height."""
    x0, y0, x1, y1, rotate = visible_box(page)
    page_w, page_h = displayed_size(page)
    dx, dy = float(field["x_percent"]) / 100 * page_w, float(field["y_percent"]) / 100 * page_h
    w, h = float(field["width_percent"]) / 100 * page_w, float(field["height_percent"]) / 100 * page_h
    bottom = dy + h  # displayed distance from the top to the box's bottom edge
    matrix = {
        0: (1, 0, 0, 1, x0 + dx, y1 - bottom),
        90: (0, 1, -1, 0, x0 + bottom, y0 + dx),
        180: (-1, 0, 0, -1, x1 - dx, y0 + bottom),
        270: (0, -1, 1, 0, x1 - bottom, y1 - dx),
    }[rotate]
    return matrix, w, h


def _draw_field(canvas: Canvas, page, field: dict, signers: dict[str, dict]) -> None:
    kind = field["field_type"]
    value = field.get("value")
    signature = field.get("signature")
    if kind == "initials" and not signature:
        name = (signers.get(field.get("signer_id")) or {}).get("name") or ""
        signature = {"kind": "typed", "text": initials_of(name)} if name.strip() else None
    if kind in ("signature", "initials"):
        if not signature:
            return
    elif value is None or value == "" or (kind == "checkbox" and str(value).lower() != "true"):
        return

    matrix, w, h = _box_matrix(page, field)
    if w <= 0 or h <= 0:
        return
    canvas.saveState()
    canvas.transform(*matrix)
    if kind in ("signature", "initials"):
        if signature.get("kind") == "drawn":
            _draw_image(canvas, signature.get("image") or b"", w, h)
        else:
            _draw_text(canvas, str(signature.get("text") or ""), w, h, fonts.HANDWRITING, INK,
                       fill=0.95, center=True, script=True)
    elif kind == "checkbox":
        _draw_check(canvas, w, h)
    else:
        _draw_text(canvas, str(value), w, h, fonts.TEXT, TEXT_INK, fill=0.7, center=False)
    canvas.restoreState()


def initials_of(name: str) -> str:
    return "".join(part[0].upper() for part in name.split() if part[:1].isalnum())


def _draw_text(canvas, text, w, h, chain, color, *, fill, center, script=False) -> None:
    """One line, as large as `fill` of the box height allows, shrunk until it fits the width.
    Script fonts draw far past their ascent, descent and advance widths: for them the font's
    bounding box sets the height, and a quarter em is kept free on each side."""
    text = " ".join(text.split())
    if not text:
        return
    runs = fonts.runs(chain, text)
    extents = [_extent(font, script) for font, _ in runs]  # per point of font size
    top, bottom = max(e[0] for e in extents), min(e[1] for e in extents)
    overhang = 0.25 if script else 0
    width_1pt = sum(pdfmetrics.stringWidth(part, font, 1) for font, part in runs)
    pad = min(w, h) * 0.06
    size = min(h * fill / (top - bottom), (w - 2 * pad) / (width_1pt + 2 * overhang))
    if size <= 0:
        return
    x = (w - width_1pt * size) / 2 if center else pad + overhang * size
    y = (h - (top - bottom) * size) / 2 - bottom * size
    canvas.setFillColorRGB(*color)
    for font, part in runs:
        canvas.setFont(font, size)
        canvas.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, font, size)


def _extent(font: str, script: bool) -> tuple[float, float]:
    """(top, bottom) of the font's glyphs above the baseline, per point of size."""
    bbox = getattr(pdfmetrics.getFont(font).face, "bbox", None)
    if script and bbox:
        return bbox[3] / 1000, bbox[1] / 1000
    return pdfmetrics.getAscentDescent(font, 1)


def _draw_image(canvas, raw: bytes, w, h) -> None:
    if not isinstance(raw, bytes) or not raw.startswith(_IMAGE_MAGIC):
        raise ValueError("a drawn signature must be a PNG or JPEG image")
    image = ImageReader(io.BytesIO(raw))
    iw, ih = image.getSize()
    scale = min(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    canvas.drawImage(image, (w - dw) / 2, (h - dh) / 2, dw, dh, mask="auto")


def _draw_check(canvas, w, h) -> None:
    side = min(w, h) * 0.8
    ox, oy = (w - side) / 2, (h - side) / 2
    canvas.setStrokeColorRGB(*TEXT_INK)
    canvas.setLineWidth(side * 0.12)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    path = canvas.beginPath()
    path.moveTo(ox + side * 0.12, oy + side * 0.5)
    path.lineTo(ox + side * 0.4, oy + side * 0.18)
    path.lineTo(ox + side * 0.88, oy + side * 0.85)
    canvas.drawPath(path, stroke=1, fill=0)

"""Draws field values and signatures onto the pages of a PDF, and the signatures page.

All overlays are drawn in one reportlab document (one page per stamped page, then the signatures
page), so each font and each signature image is embedded once and shared by every page. Each overlay
page becomes a form XObject painted after the page's own content, which is left byte for byte as it
was: pypdf's merge_page rewrites it uncompressed and, where pages share /Contents or /Resources
(habibi-rotated.pdf), leaks one page's overlay onto the others.

Field boxes are percents of the page as displayed (origin top-left, y down); each box gets its own
coordinate system (origin at its displayed bottom-left, x right, y up as displayed) mapped onto the
page's user space through the CropBox and /Rotate.

A field made from a text tag carries `cover_box` (the tag's box, same units): an opaque white box is
painted there before any field of the page is stamped, so the tag never shows. A field of type COVER
is that cover alone (the tag of a field whose signer has not signed yet): the signing page's images
(esign.pdf.stands) are stamped here too, so they hide every tag exactly as the sealed file does.

How stamps look: text, date and select values at body size (at most BODY_PT, smaller when the box
is too short or too narrow); signatures framed with "Signed by <name>" and the signer's reference id
(`reference_id`), as DocuSign does, in the language of the signer's stamps (`stamp_locale`: the
field's `locale`; the esign/i18n catalogs); drawings scaled to their box keep a stroke of at least
MIN_STROKE_PT (thickened when scaled down a lot).

A signature or initials is `{kind: "typed", text}` or `{kind: "drawn", image: PNG or JPEG bytes}`
(esign.domain.evidence.finalization reads drawings from blob storage).
"""
from __future__ import annotations

import datetime as dt
import functools
import hashlib
import io
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageFilter, ImageStat
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from esign import i18n
from esign.i18n import N_
from esign.pdf import fonts
from esign.pdf.merge import append_pages, paint_over
from esign.pdf.render import displayed_size, visible_box

INK = (0.05, 0.1, 0.35)  # dark blue, like a pen
TEXT_INK = (0, 0, 0)
FRAME_INK = (0.25, 0.3, 0.5)
BODY_PT = 11  # field values: the size of body text, never more (at most 12 pt)
MIN_STROKE_PT = 1.1  # the thinnest stroke a drawing keeps on the page
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")  # PNG, JPEG
_PX_PER_PT = 4  # drawings are kept at most at 288 dpi as placed
SIGNATURES_PAGE = N_("Signatures")  # the title of the page of signatures no field shows
SIGNED_BY = N_("Signed by {name}")  # above a framed signature
REFERENCE = N_("Ref. {reference}")  # below it: the signer's reference id
SIGNED_AT = N_("Signed {time}")  # on the signatures page, beside a signer's name and email
COVER_PAD_PT = 0.75  # a text tag's white cover reaches this far past the tag's box
COVER = "cover"  # the field type of a text tag's cover alone: nothing is drawn on it


def reference_id(request_id: str, signer_id: str) -> str:
    """A signer's short reference, printed under each of their signatures and on the certificate:
    stable (derived from the request and signer ids), 8 hex digits."""
    digest = hashlib.sha256(f"{request_id}/{signer_id}".encode()).hexdigest().upper()
    return f"{digest[:4]}-{digest[4:8]}"


def stamp_locale(signer: Mapping[str, Any], default: str | None) -> str:
    """The language of a signer's stamps (the labels of their signatures, the dates stamped for them):
    the signer's `locale`, else `default` (the organisation's `default_locale`), else English, as
    their emails choose it."""
    return i18n.negotiate(signer.get("locale"), default)


def stamp_into(writer: PdfWriter, fields: list[dict], signers: dict[str, dict], *, request_id: str,
               unplaced: list[dict] = (), embedded: dict | None = None, locale: str | None = None) -> dict[str, list[int]]:
    """Stamp `fields` onto the pages of `writer` (each field's labels in its `locale`) and append the
    signatures page of the signers in `unplaced` (signed, with an adopted signature that no signature
    field shows): its title in `locale` (the organisation's `default_locale`), each signer's lines in
    `stamp_locale(signer, locale)`. The handwriting font
    is primed with `handwritten(fields, signers)`; `embedded` collects the TrueType fonts the stamps
    embed (`append_pages` shares them). Returns the codes the stamps gave their TrueType characters
    (esign.pdf.fonts.codes): pages drawn after `fonts.replay` of them share the stamps' subsets."""
    by_page: dict[int, list[dict]] = defaultdict(list)
    for field in fields:
        number = int(field["page_number"])
        if not 1 <= number <= len(writer.pages):
            raise ValueError(f"field {field.get('id')} is on page {number}, which does not exist")
        by_page[number].append(field)
    numbers = sorted(by_page)
    if not numbers and not unplaced:
        return {}
    buf = io.BytesIO()
    canvas = Canvas(buf, pageCompression=1)
    fonts.prime(canvas._doc, fonts.HANDWRITING, handwritten(fields, signers.values()))
    embedded = {} if embedded is None else embedded
    for number in numbers:
        for field in by_page[number]:  # first, so that no cover hides another field's stamp
            if field.get("cover_box"):
                _cover(canvas, writer.pages[number - 1], field["cover_box"])
        for field in by_page[number]:
            _draw_field(canvas, writer.pages[number - 1], field, signers, request_id)
        canvas.showPage()
    if unplaced:
        _signatures_page(canvas, unplaced, request_id, locale)
    assigned = fonts.codes(canvas._doc)
    canvas.save()
    overlays = PdfReader(buf).pages
    shared: dict[str, object] = {}  # small content streams, one object for every page
    for number, overlay in zip(numbers, overlays):
        paint_over(writer, writer.pages[number - 1], overlay, shared, embedded)
    append_pages(writer, overlays[len(numbers):], embedded)
    return assigned


def handwritten(fields: list[dict], signers) -> list[str]:
    """Every text the stamps or the certificate may draw in the handwriting font: the typed
    signatures and initials (on fields and as adopted) and the initials of each signer's name."""
    marks = [f.get("signature") for f in fields] + [s.get(k) for s in signers for k in ("signature", "initials")]
    return ([str(m.get("text") or "") for m in marks if m and m.get("kind") != "drawn"]
            + [initials_of(s.get("name") or "") for s in signers])


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


def _cover(canvas: Canvas, page, box: list[float]) -> None:
    """An opaque white box over `box` ([x, y, width, height] percent of the displayed page; the text
    tag a field was made from), COVER_PAD_PT larger on each side."""
    x, y, w, h = box
    matrix, w, h = _box_matrix(page, {"x_percent": x, "y_percent": y, "width_percent": w, "height_percent": h})
    canvas.saveState()
    canvas.transform(*matrix)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(-COVER_PAD_PT, -COVER_PAD_PT, w + 2 * COVER_PAD_PT, h + 2 * COVER_PAD_PT, stroke=0, fill=1)
    canvas.restoreState()


def _draw_field(canvas: Canvas, page, field: dict, signers: dict[str, dict], request_id: str) -> None:
    kind = field["field_type"]
    if kind == COVER:
        return
    value = field.get("value")
    signature = field.get("signature")
    signer = signers.get(field.get("signer_id")) or {}
    if kind == "initials" and not signature:
        name = signer.get("name") or ""
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
    if kind == "signature":
        draw_signature(canvas, signature, w, h, signer.get("name") or "",
                       reference_id(request_id, field.get("signer_id") or ""), field.get("locale") or i18n.DEFAULT)
    elif kind == "initials":
        draw_mark(canvas, signature, w, h)
    elif kind == "checkbox":
        _draw_check(canvas, w, h)
    else:
        _draw_text(canvas, str(value), w, h, fonts.TEXT, TEXT_INK, fill=0.75, center=False, most=BODY_PT)
    canvas.restoreState()


def initials_of(name: str) -> str:
    return "".join(part[0].upper() for part in name.split() if part[:1].isalnum())


def draw_mark(canvas, mark: dict, w: float, h: float) -> None:
    """A signature or initials as adopted, as large as the box allows, centred in (0, 0, w, h)."""
    if mark.get("kind") == "drawn":
        _draw_image(canvas, mark.get("image") or b"", w, h)
    else:
        _draw_text(canvas, str(mark.get("text") or ""), w, h, fonts.HANDWRITING, INK, fill=0.95, center=True,
                   script=True)


def draw_signature(canvas, mark: dict, w: float, h: float, name: str, reference: str, locale: str) -> None:
    """The mark framed as DocuSign does: a bracket on the left, "Signed by <name>" above the mark and
    the signer's reference id below it (in `locale`), all inside (0, 0, w, h). A box too short for
    the labels gets the mark alone."""
    label = min(7.0, h * 0.15)
    if label < 3.5:
        draw_mark(canvas, mark, w, h)
        return
    lw = max(0.4, label / 10)
    pad = lw
    band = label * 1.25
    canvas.saveState()
    canvas.setStrokeColorRGB(*FRAME_INK)
    canvas.setLineWidth(lw)
    arm = min(w * 0.3, label * 4)
    path = canvas.beginPath()
    path.moveTo(pad + arm, h - pad)
    path.lineTo(pad, h - pad)
    path.lineTo(pad, pad)
    path.lineTo(pad + arm, pad)
    canvas.drawPath(path, stroke=1, fill=0)
    inset = pad + label * 0.6
    words = i18n.translations(locale)
    # the name and the reference isolated (esign.i18n.isolate): a Latin name keeps its place in Arabic words
    for text, y in ((words.gettext(SIGNED_BY).format(name=i18n.isolate(name, locale)).strip(), h - pad - band),
                    (words.gettext(REFERENCE).format(reference=i18n.isolate(reference, locale)), pad + lw)):
        canvas.saveState()
        canvas.translate(inset, y)
        _draw_text(canvas, text, w - inset - pad, band, fonts.TEXT, FRAME_INK, fill=0.8, center=False,
                   most=label, pad=0)
        canvas.restoreState()
    canvas.restoreState()
    canvas.saveState()
    canvas.translate(inset, pad + band)
    draw_mark(canvas, mark, w - inset - pad, h - 2 * (pad + band))
    canvas.restoreState()


def _draw_text(canvas, text, w, h, chain, color, *, fill, center, script=False, most=None, pad=None) -> None:
    """One line, as large as `fill` of the box height allows (and at most `most` points), shrunk
    until it fits the width. Script fonts draw far past their ascent, descent and advance widths:
    for them the font's bounding box sets the height, and a quarter em is kept free on each side."""
    text = " ".join(text.split())
    if not text or w <= 0 or h <= 0:
        return
    runs = fonts.runs(chain, text)
    extents = [_extent(font, script) for font, _ in runs]  # per point of font size
    top, bottom = max(e[0] for e in extents), min(e[1] for e in extents)
    overhang = 0.25 if script else 0
    width_1pt = sum(pdfmetrics.stringWidth(part, font, 1) for font, part in runs)
    if width_1pt <= 0:  # nothing a font on the machine can draw
        return
    pad = min(w, h) * 0.06 if pad is None else pad
    size = min(h * fill / (top - bottom), (w - 2 * pad) / (width_1pt + 2 * overhang), most or float("inf"))
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
    iw, ih = Image.open(io.BytesIO(raw)).size
    scale = min(w / iw, h / ih)  # points per pixel of the drawing
    dw, dh = iw * scale, ih * scale
    png = drawing(raw, round(scale, 4))
    canvas.drawImage(ImageReader(io.BytesIO(png)), (w - dw) / 2, (h - dh) / 2, dw, dh, mask="auto")


@functools.lru_cache(maxsize=64)
def drawing(raw: bytes, scale: float) -> bytes:
    """A drawing as stamped at `scale` points per pixel: at most 2 x _PX_PER_PT pixels per point, its
    ink one colour on a transparent background in 16 levels of opacity, strokes thickened to
    MIN_STROKE_PT. Cached: the same
    mark on many fields is prepared and embedded once (reportlab shares identical images)."""
    resize = _PX_PER_PT * scale
    resize = resize if resize < 0.5 else 1.0  # not resized unless that halves it at least
    with Image.open(io.BytesIO(raw)) as image:
        image.load()
        rgba = image.convert("RGBA")
        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            ink = rgba.getchannel("A")
        else:
            ink = image.convert("L").point(lambda v: 255 - v)
    solid = ink.point(lambda v: 255 if v > 127 else 0)
    colour = tuple(round(c) for c in ImageStat.Stat(rgba.convert("RGB"), mask=solid).mean) \
        if solid.getbbox() else (0, 0, 0)
    stroke = _stroke_width(solid)  # in the drawing's own pixels, before it is resized
    if resize < 1:
        ink = ink.resize((max(1, round(ink.width * resize)), max(1, round(ink.height * resize))), Image.LANCZOS)
    needed = MIN_STROKE_PT * resize / scale  # pixels once resized
    if stroke and stroke * resize < needed:
        grow = 2 * round((needed - stroke * resize) / 2) + 1  # an odd filter size
        if grow > 1:
            ink = ink.filter(ImageFilter.MaxFilter(grow))
        peak = ink.getextrema()[1]  # thin strokes lose their opacity when resized: restore it
        if 0 < peak < 255:
            ink = ink.point(lambda v: min(255, v * 255 // peak))
    out = Image.new("RGBA", ink.size, colour + (0,))
    out.putalpha(ink.point(lambda v: min(255, (v + 8) // 17 * 17)))  # 16 levels: invisible, a third the size
    buf = io.BytesIO()
    out.save(buf, "PNG")
    return buf.getvalue()


def _stroke_width(solid: Image.Image) -> float | None:
    """The mean stroke width of a black-and-white drawing in pixels: ink area over half its edge."""
    area = solid.histogram()[255]
    edge = area - solid.filter(ImageFilter.MinFilter(3)).histogram()[255]
    return 2 * area / edge if edge else None


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


def _signatures_page(canvas: Canvas, signers: list[dict], request_id: str, locale: str | None) -> None:
    """An A4 page (more when needed), titled in `locale`, with each signer's adopted signature, framed
    as on a field, and who signed when, in the language of their stamps."""
    width, height = A4
    margin, row, box_w, box_h = 56, 92, 230, 70
    title = i18n.translations(i18n.negotiate(locale)).gettext(SIGNATURES_PAGE)
    y = None
    for signer in signers:
        if y is None or y - row < margin:
            if y is not None:
                canvas.showPage()
            canvas.setPageSize(A4)
            y = height - margin
            canvas.saveState()
            canvas.translate(margin, y - 22)
            _draw_text(canvas, title, width - 2 * margin, 22, fonts.BOLD, TEXT_INK, fill=0.9, center=False, most=16, pad=0)
            canvas.restoreState()
            y -= 44
        canvas.saveState()
        canvas.translate(margin, y - box_h)
        language = stamp_locale(signer, locale)
        draw_signature(canvas, signer["signature"], box_w, box_h, signer.get("name") or "",
                       reference_id(request_id, signer["id"]), language)
        canvas.restoreState()
        signed_at = signer.get("signed_at")
        when = i18n.translations(language).gettext(SIGNED_AT).format(
            time=i18n.isolate(i18n.datetime_text(signed_at, language), language)) \
            if isinstance(signed_at, dt.datetime) else ""
        lines = [signer.get("name") or "", signer.get("email") or "", when]
        for index, text in enumerate(filter(None, lines)):
            canvas.saveState()
            canvas.translate(margin + box_w + 16, y - 16 - index * 14)
            _draw_text(canvas, text, width - 2 * margin - box_w - 16, 14, fonts.BOLD if index == 0 else fonts.TEXT,
                       TEXT_INK, fill=0.8, center=False, most=10, pad=0)
            canvas.restoreState()
        y -= row
    canvas.showPage()

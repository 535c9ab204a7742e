"""Pages joined and overlays painted without rewriting what was there: an overlay page becomes a form
XObject painted after the page's own content (left byte for byte as it was), and pages appended from
another document (the certificate's) share the fonts already embedded (esign.pdf.stamp draws the
overlays; esign.pdf.finalize joins the certificate)."""
from __future__ import annotations

import hashlib
import re

from pypdf import PdfWriter
from pypdf.filters import ASCII85Decode
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, IndirectObject, NameObject, RectangleObject

from esign.pdf.render import visible_box


def append_pages(writer: PdfWriter, pages, embedded: dict) -> None:
    """Add reportlab's pages at the end, their content re-encoded as plain Flate; fonts and images
    they share are cloned once, and a TrueType subset identical to one in `embedded` (program,
    widths, text mapping; see esign.pdf.fonts.prime) is replaced by it. A subset that begins as one
    in `embedded` does, code for code, and has more (its document replayed the stamps' codes:
    esign.pdf.fonts.replay), takes that one's place: the writer keeps one subset of the font."""
    for page in pages:
        resources = page["/Resources"].get_object()
        _tidy(resources)
        fonts_of = resources.get("/Font")
        if fonts_of is not None:
            fonts_of = fonts_of.get_object()
            for name, font in list(fonts_of.items()):
                known = embedded.get(_font_key(font)) or _extend(writer, font, embedded)
                if known is not None:
                    fonts_of[NameObject(name)] = known
        added = writer.add_page(page)
        _collect_fonts(added["/Resources"], embedded)
        content = added.get_contents()
        if content is not None:
            added.replace_contents(_flate(content.get_data()))


def _stream(data: bytes) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def _tidy(resources: DictionaryObject) -> None:
    """What reportlab's pages carry for nothing: its images are wrapped in ASCII85 too (a quarter
    larger; their Flate data is kept), and its /ProcSet has been ignored by readers since PDF 1.4
    (45 bytes a page)."""
    resources.pop("/ProcSet", None)
    for ref in resources.get("/XObject", DictionaryObject()).values():
        image = ref.get_object()
        for obj in (image, image.get("/SMask")):
            obj = obj.get_object() if obj is not None else None
            filters = obj.get("/Filter") if obj is not None else None
            if isinstance(filters, ArrayObject) and filters and filters[0] == "/ASCII85Decode":
                obj._data = ASCII85Decode.decode(obj._data)
                obj[NameObject("/Filter")] = ArrayObject(filters[1:])
                if isinstance(obj.get("/DecodeParms"), ArrayObject):
                    obj[NameObject("/DecodeParms")] = ArrayObject(obj["/DecodeParms"][1:])


def _flate(data: bytes):
    """Plain Flate (reportlab adds ASCII85, a quarter larger)."""
    return _stream(data).flate_encode(level=9)


def _font_key(font) -> bytes | None:
    """What makes two embedded TrueType subsets the same font (all but their /Name); None for a font
    that is not embedded TrueType."""
    font = font.get_object()
    descriptor = font.get("/FontDescriptor")
    program = descriptor.get_object().get("/FontFile2") if descriptor is not None else None
    if program is None:
        return None
    digest = hashlib.sha256()
    for part in (program, font.get("/ToUnicode")):
        digest.update(part.get_object().get_data() if part is not None else b"")
    plain = [font.get(k) for k in ("/Subtype", "/BaseFont", "/FirstChar", "/LastChar", "/Widths", "/Encoding")]
    digest.update(repr([v.get_object() if v is not None else None for v in plain]).encode())
    return digest.digest()


_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]+)>")


def _text_mapping(font) -> dict[bytes, bytes]:
    """A reportlab subset's codes and the characters they stand for (its ToUnicode bfchar map)."""
    mapping = font.get("/ToUnicode")
    return dict(_BFCHAR.findall(mapping.get_object().get_data())) if mapping is not None else {}


def _extend(writer: PdfWriter, font, embedded: dict):
    """The writer's font of `embedded` that `font` extends (the same font file, every code of it
    standing for the same character with the same width in `font`), made `font` in place: the old
    subset's objects are freed. None when there is none."""
    font = font.get_object()
    if _font_key(font) is None or font.get("/FirstChar") != 0:
        return None
    mapping, widths = _text_mapping(font), list(font.get("/Widths", ()))
    for key, known in list(embedded.items()):  # noqa: B007 - `key` is the match the loop breaks on
        old = known.get_object()
        if old.get("/BaseFont") != font.get("/BaseFont") or old.get("/FirstChar") != 0:
            continue
        # reportlab fills the codes below 32 it has not given yet with spaces (never drawn: a space is 32)
        used = {int(code, 16): char for code, char in _text_mapping(old).items()
                if char.lstrip(b"0") != b"20" or int(code, 16) == 32}
        old_widths = list(old.get("/Widths", ()))
        if used and all(code < len(old_widths) and code < len(widths) and old_widths[code] == widths[code]
                        and mapping.get(b"%02X" % code) == char for code, char in used.items()):
            break
    else:
        return None
    freed = [ref for ref in (old.raw_get("/ToUnicode"), old.raw_get("/FontDescriptor"),
                             old["/FontDescriptor"].get_object().raw_get("/FontFile2"), old.raw_get("/Widths"))
             if isinstance(ref, IndirectObject)]
    entries = {NameObject(name): value.clone(writer) for name, value in font.items()}
    old.clear()
    old.update(entries)
    for ref in freed:
        writer._objects[ref.idnum - 1] = None
    del embedded[key]
    embedded[_font_key(old)] = known
    return known


def _collect_fonts(resources, embedded: dict) -> None:
    """Record the writer's fonts of `resources` in `embedded` by `_font_key`."""
    for font in resources.get_object().get("/Font", DictionaryObject()).get_object().values():
        key = _font_key(font)
        if key is not None:
            embedded.setdefault(key, font)


def paint_over(writer: PdfWriter, page, overlay, shared: dict, embedded: dict) -> None:
    """Contents become [q, original..., Q + paint overlay]; the q/Q pair stops the original content's
    graphics state (a leftover cm, colour, clip) from moving or hiding the overlay."""
    form = _flate(overlay.get_contents().get_data())
    overlay_resources = overlay["/Resources"].get_object()
    _tidy(overlay_resources)
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        # the overlay was drawn in the page's user space; the BBox clips it to the visible area
        NameObject("/BBox"): RectangleObject(visible_box(page)[:4]),
        NameObject("/Resources"): overlay_resources.clone(writer),
    })
    _collect_fonts(form["/Resources"], embedded)
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

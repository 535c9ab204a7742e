"""One reading of every uploaded PDF (issue 35): an upload (a document, a signer's attachment) is
rewritten once, in the checking child (esign.pdf.probe), by the parser that later stamps and seals it
(pypdf), and that copy is the one stored: the page images (pdfium), the text tags and anchors, the
stamping and the seal all read the same bytes, so what a signer is shown is what is sealed.

A file that two parsers would read differently is refused instead (`Refused`, its message naming the
reason), as the sender's own viewer may show them something else than what they would send:
- a dictionary that defines a key twice (pypdf keeps the first value, pdfium, poppler and mupdf the
  last: a page's /Contents or /MediaBox given twice);
- a cross-reference table that pypdf has to rebuild by scanning the file (each reader recovers its
  own way, and may find other objects);
- page boxes that are not four numbers, a CropBox outside the MediaBox, a /Rotate that is not a
  multiple of 90, and any page pdfium measures otherwise than pypdf once rewritten;
- a page with no area (less than MIN_PAGE_POINTS on a side, the smallest page PDF allows).
The copy carries each page's boxes explicitly (MediaBox and CropBox with their corners in order, the
CropBox clipped to the MediaBox, /Rotate: nothing inherited or left to a reader's defaults), and
every annotation is printed exactly when it is displayed (its Print flag set or cleared to match
Hidden and NoView): an annotation hidden on screen but printed would be hidden from the signer and
printed from the sealed copy.
"""
from __future__ import annotations

import logging
import os
import re
from contextlib import contextmanager

import pypdfium2
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject, PdfObject

from esign.pdf import active

MIN_PAGE_POINTS = 3  # the smallest page PDF allows (ISO 32000-1, annex C)
SIZE_TOLERANCE = 0.01  # points: what pdfium and pypdf may round differently
HIDDEN, PRINT, NO_VIEW = 2, 4, 32  # annotation flags (ISO 32000-1, 12.5.3)
VERSION = re.compile(r"%PDF-[12]\.\d")
DUPLICATE_KEY = "Multiple definitions in dictionary at byte %(position)s for key %(key)s"  # pypdf's warning


class Refused(Exception):
    """The file is read differently by different parsers: the message says how."""


class Reader(PdfReader):
    """pypdf's reader (strict=False), which remembers whether it had to rebuild the cross-reference
    table by scanning the file."""

    rebuilt = False

    def _rebuild_xref_table(self, stream) -> None:
        self.rebuilt = True
        super()._rebuild_xref_table(stream)


class _Duplicates(logging.Handler):
    """The keys pypdf reports defined twice while it reads (it keeps the first value)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.keys: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg == DUPLICATE_KEY and isinstance(record.args, dict):
            self.keys.append(str(record.args.get("key")))


@contextmanager
def watching():
    """Within it, the keys pypdf reads defined twice are collected (the list yielded)."""
    source = logging.getLogger("pypdf.generic._data_structures")
    handler, level = _Duplicates(), source.level
    source.addHandler(handler)
    source.setLevel(logging.WARNING)
    try:
        yield handler.keys
    finally:
        source.removeHandler(handler)
        source.setLevel(level)


def _refuse_ambiguous(reader: Reader, duplicates: list[str]) -> None:
    """Raise `Refused` when what has been read so far was ambiguous (`duplicates`: from `watching`)."""
    if reader.rebuilt:
        raise Refused("the PDF's cross-reference table is broken and had to be rebuilt, which PDF readers do "
                      "differently (they may show different content): save or export it again as PDF and upload "
                      "that copy")
    if duplicates:
        keys = ", ".join(sorted(set(duplicates))[:5])
        raise Refused(f"the PDF defines a dictionary key twice ({keys}), which PDF readers read differently (one "
                      "shows the first value, another the last): save or export it again as PDF and upload that "
                      "copy")


def write(reader: Reader, path: str, duplicates: list[str], strip: bool = False) -> None:
    """Write `reader`'s document to `path` (a new file) as it is to be stored: every page's boxes and
    rotation explicit, every annotation printed as displayed, and with `strip` its active content
    removed (esign.pdf.active); `Refused` for an ambiguous read (`duplicates`: the list `watching`
    yielded around all of the reading; the whole file is read here) or an ambiguous or empty page."""
    if not strip:
        writer = PdfWriter(clone_from=reader)
        _refuse_ambiguous(reader, duplicates)
        _write(writer, path, reader.pdf_header)
        return
    stripped = path + ".active.pdf"
    try:
        active.write_without(reader, stripped)
        _refuse_ambiguous(reader, duplicates)
        with open(stripped, "rb") as fh:
            _write(PdfWriter(clone_from=PdfReader(fh)), path, reader.pdf_header)
    finally:
        if os.path.exists(stripped):
            os.unlink(stripped)


def _write(writer: PdfWriter, path: str, header: str) -> None:
    """Write `writer` to `path` with the upload's PDF version (`header`: pypdf writes 1.3 otherwise)."""
    if VERSION.fullmatch(header):
        writer.pdf_header = header
    sizes = [_explicit_geometry(page, number) for number, page in enumerate(writer.pages, start=1)]
    for page in writer.pages:
        _annotations_as_shown(page)
    with open(path, "wb") as fh:  # a copy left by an earlier check of the same path (killed) is replaced
        writer.write(fh)
    _same_for_pdfium(path, sizes)


def _resolved(value):
    return value.get_object() if isinstance(value, PdfObject) else value


def _numbers(value, what: str, number: int) -> list[float]:
    value = _resolved(value)
    if not isinstance(value, ArrayObject) or len(value) != 4 or not all(
            isinstance(_resolved(v), (NumberObject, FloatObject)) for v in value):
        raise Refused(f"page {number}'s {what} is not four numbers, which PDF readers replace each their own way")
    return [float(v.get_object()) for v in value]


def _ordered(box: list[float]) -> list[float]:
    return [min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])]


def _explicit_geometry(page: DictionaryObject, number: int) -> tuple[float, float]:
    """Write the page's MediaBox, CropBox and /Rotate on it as every reader reads them; its size as
    displayed (width, height in points)."""
    media = _ordered(_numbers(page.get("/MediaBox"), "MediaBox", number))
    crop = media
    if "/CropBox" in page:
        given = _ordered(_numbers(page["/CropBox"], "CropBox", number))
        crop = [max(media[0], given[0]), max(media[1], given[1]), min(media[2], given[2]), min(media[3], given[3])]
        if crop[2] <= crop[0] or crop[3] <= crop[1]:
            raise Refused(f"page {number}'s CropBox lies outside its MediaBox, which PDF readers show differently "
                          "(the whole page or nothing)")
    rotate = _resolved(page.get("/Rotate", NumberObject(0)))
    if not isinstance(rotate, (NumberObject, FloatObject)) or float(rotate) % 90:
        raise Refused(f"page {number}'s rotation (/Rotate {rotate}) is not a multiple of 90 degrees, which PDF "
                      "readers round differently")
    width, height = crop[2] - crop[0], crop[3] - crop[1]
    if min(width, height) < MIN_PAGE_POINTS:
        raise Refused(f"page {number} is {width:,.2f} x {height:,.2f} pt: a page must be at least {MIN_PAGE_POINTS} pt "
                      f"on a side")
    page[NameObject("/MediaBox")] = ArrayObject(FloatObject(v) for v in media)
    page[NameObject("/CropBox")] = ArrayObject(FloatObject(v) for v in crop)
    degrees = int(float(rotate)) % 360
    page[NameObject("/Rotate")] = NumberObject(degrees)
    return (height, width) if degrees in (90, 270) else (width, height)


def _annotations_as_shown(page: DictionaryObject) -> None:
    """Each annotation of the page printed exactly when it is displayed. Pop-up notes are left as they
    are: a reader draws one only while its note is opened, and prints it by a setting of its own."""
    annotations = _resolved(page.get("/Annots"))
    if not isinstance(annotations, ArrayObject):
        return
    for annotation in annotations:
        annotation = _resolved(annotation)
        if not isinstance(annotation, DictionaryObject) or annotation.get("/Subtype") == "/Popup":
            continue
        flags = _resolved(annotation.get("/F"))
        flags = int(flags) if isinstance(flags, (NumberObject, FloatObject)) else 0
        shown = not flags & (HIDDEN | NO_VIEW)
        printed = bool(flags & PRINT) and not flags & HIDDEN
        if shown != printed:
            annotation[NameObject("/F")] = NumberObject(flags | PRINT if shown else flags & ~PRINT)


def _same_for_pdfium(path: str, sizes: list[tuple[float, float]]) -> None:
    """`Refused` unless pdfium reads the written file's pages as pypdf wrote them (their number and size)."""
    doc = pypdfium2.PdfDocument(path)
    try:
        if len(doc) != len(sizes):
            raise Refused(f"the PDF has {len(sizes)} pages to one PDF reader and {len(doc)} to another")
        for number, (width, height) in enumerate(sizes, start=1):
            drawn = doc.get_page_size(number - 1)
            if abs(drawn[0] - width) > SIZE_TOLERANCE or abs(drawn[1] - height) > SIZE_TOLERANCE:
                raise Refused(f"page {number} is {width:,.2f} x {height:,.2f} pt to one PDF reader and "
                              f"{drawn[0]:,.2f} x {drawn[1]:,.2f} pt to another")
    finally:
        doc.close()

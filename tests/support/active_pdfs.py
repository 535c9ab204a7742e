"""Small PDFs and PDF objects the active-content tests build (tests/hostile), and a reader of every
object a file holds."""
from __future__ import annotations

import io

from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, TextStringObject
from reportlab.pdfgen.canvas import Canvas


def pdf_dict(**entries) -> DictionaryObject:
    return DictionaryObject({NameObject(f"/{k}"): v for k, v in entries.items()})


def js_action(code: str) -> DictionaryObject:
    return pdf_dict(Type=NameObject("/Action"), S=NameObject("/JavaScript"), JS=TextStringObject(f"EVILSCRIPT {code}"))


def rect(*box) -> ArrayObject:
    return ArrayObject(FloatObject(v) for v in box)


def plain_pdf(pages: int = 2) -> bytes:
    """Text on each page and a filled text field `name` on page 1 (reportlab)."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(595, 842))
    canvas.acroForm.textfield(name="name", value="Ada", x=100, y=400, width=200, height=20)
    for number in range(1, pages + 1):
        canvas.drawString(72, 760, f"Contract page {number}")
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def every_object(pdf: bytes):
    """Every object the file holds (reachable or not), stream data decoded where pypdf can."""
    reader = PdfReader(io.BytesIO(pdf))
    for generation in reader.xref.values():
        for idnum in generation:
            yield reader.get_object(idnum)
    for idnum in reader.xref_objStm:
        yield reader.get_object(idnum)

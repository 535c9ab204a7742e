"""Signatures the uploaded PDF already carries: removed before the rewrite, their visible marks kept on
the page, and the document then finalised with every signature valid (pdfsig, pyHanko, qpdf)."""
from __future__ import annotations

import hashlib
import io

import pypdfium2
import pytest
from PIL import ImageChops, ImageStat
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject, NumberObject, TextStringObject
from reportlab.pdfgen.canvas import Canvas

from esign.pdf.earlier import remove_earlier_signatures
from esign.pdf.finalize import finalize
from esign.pdf.verify import PdfFileReader
from tests.support.pdf_tools import FIELDS, REQUEST, SIGNERS, assert_verified, make_pdf, pyhanko_signed, qpdf_check, render_gray

BOX = (100, 600, 300, 680)  # the visible signature, in user space of an A4 page
SCALE = 1.0  # one pixel per point: BOX in pixels is (100, 162, 300, 242)
BOX_PIXELS = (BOX[0], 842 - BOX[3], BOX[2], 842 - BOX[1])


def esign_aes(seal, ca) -> bytes:
    """A document esign finalised at `aes`: two signers' signatures and the seal."""
    return finalize(make_pdf(3, text=True), request=REQUEST, fields=FIELDS, signers=SIGNERS, events=[],
                    level="aes", seal=seal, ca=ca)["signed_pdf"]


def with_text_field(pages: int = 1) -> bytes:
    """A PDF with a filled text field `name` on page 1."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(595, 842))
    canvas.acroForm.textfield(name="name", value="Ada", x=100, y=400, width=200, height=20)
    for _ in range(pages):
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def cleaned(pdf: bytes, edit=None) -> tuple[int, bytes]:
    """remove_earlier_signatures on a clone of `pdf` (changed first by `edit(writer)`), written."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    if edit is not None:
        edit(writer)
    count = remove_earlier_signatures(writer)
    return count, written(writer)


def _stream_of(data: bytes) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def signature_fields(pdf: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(pdf))
    return [name for name, f in (reader.get_fields() or {}).items() if f.get("/FT") == "/Sig"]


def widgets(pdf: bytes) -> list[str]:
    """The partial names of the widgets on the pages (/T of the widget or of its parent field)."""
    names = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for annot in page.get("/Annots") or ():
            annot = annot.get_object()
            if annot.get("/Subtype") == "/Widget":
                names.append(str(annot.get("/T") or annot["/Parent"].get_object().get("/T")))
    return names


def render_with_widgets(pdf: bytes, number: int = 1):
    """The page as a viewer shows it, form widgets included (render_gray shows page content and other
    annotations only: pdfium draws widgets only with a form environment)."""
    doc = pypdfium2.PdfDocument(pdf)
    try:
        doc.init_forms()
        page = doc[number - 1]
        image = page.render(scale=SCALE, may_draw_forms=True).to_pil().convert("L")
        page.close()
        return image
    finally:
        doc.close()


def mean_difference(a, b, box=None) -> float:
    if box is not None:
        a, b = a.crop(box), b.crop(box)
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def test_an_esign_output_loses_its_signatures_and_looks_the_same(tmp_path, seal, ca):
    signed = esign_aes(seal, ca)
    assert signature_fields(signed) == ["esign-signer-1", "esign-signer-2", "esign-seal"]
    count, out = cleaned(signed)
    assert count == 3
    assert signature_fields(out) == [] and widgets(out) == []
    reader = PdfReader(io.BytesIO(out))
    assert "/AcroForm" not in reader.trailer["/Root"]  # esign's output has no other field
    assert PdfFileReader(io.BytesIO(out), strict=False).embedded_signatures == []
    assert b"/ByteRange" not in out  # the signature values are not written either
    check = qpdf_check(out, tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr
    assert len(reader.pages) == len(PdfReader(io.BytesIO(signed)).pages)
    for number in range(1, len(reader.pages) + 1):
        before, after = render_gray(signed, number, 1.0), render_gray(out, number, 1.0)
        assert ImageChops.difference(before, after).getbbox() is None, f"page {number} changed"


@pytest.mark.parametrize("appearance", [
    {},
    {"/BBox": [-40, -30, 160, 50]},  # its lower-left corner is not the origin
    {"/Matrix": [0, 0.5, -0.5, 0, 10, 20]},  # turned a quarter and halved: its BBox maps onto another box
], ids=["as pyHanko made it", "offset box", "turned and scaled"])
def test_a_visible_signature_stays_painted_where_it_was(tmp_path, appearance):
    def change(writer):
        stamp = writer.pages[0]["/Annots"][0].get_object()["/AP"]["/N"].get_object()
        for key, values in appearance.items():
            stamp[NameObject(key)] = ArrayObject(FloatObject(v) for v in values)

    signed = pyhanko_signed(make_pdf(1), box=BOX)
    if appearance:  # its signature is broken then, which does not matter here
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(signed)))
        change(writer)
        signed = written(writer)
    assert widgets(signed) == ["Acrobat"]
    shown = render_with_widgets(signed)
    assert ImageStat.Stat(shown.crop(BOX_PIXELS)).mean[0] < 245  # pyHanko's stamp: text and a frame
    assert ImageStat.Stat(render_gray(signed, 1, SCALE).crop(BOX_PIXELS)).mean[0] == 255  # a widget, not content

    count, out = cleaned(signed)
    assert count == 1
    assert signature_fields(out) == [] and widgets(out) == []
    assert "/AcroForm" not in PdfReader(io.BytesIO(out)).trailer["/Root"]
    page = render_gray(out, 1, SCALE)  # page content only: the mark is part of it now
    assert ImageStat.Stat(page.crop(BOX_PIXELS)).mean[0] < 245
    assert mean_difference(shown, page, BOX_PIXELS) < 1.0  # anti-aliasing of the text differs a little
    changed = ImageChops.difference(shown, page).getbbox()
    assert changed is None or all(changed[i] >= BOX_PIXELS[i] for i in (0, 1)) and all(
        changed[i] <= BOX_PIXELS[i] for i in (2, 3)), changed  # nothing outside the box moved
    check = qpdf_check(out, tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_visible_signature_on_a_page_sharing_resources_paints_that_page_only():
    """Two pages share one /Resources dictionary: the appearance is added to a copy on page 1."""
    def share(writer):
        writer.pages[1][NameObject("/Resources")] = writer.pages[0].raw_get("/Resources")

    signed = pyhanko_signed(make_pdf(2), box=BOX)
    count, out = cleaned(signed, share)
    assert count == 1
    reader = PdfReader(io.BytesIO(out))
    assert len(reader.pages[0]["/Resources"]["/XObject"]) == 1
    assert "/XObject" not in reader.pages[1]["/Resources"]
    assert ImageStat.Stat(render_gray(out, 1, SCALE).crop(BOX_PIXELS)).mean[0] < 245
    assert ImageStat.Stat(render_gray(out, 2, SCALE)).mean[0] == 255


@pytest.mark.parametrize("flags", [2, 32])  # Hidden, NoView
def test_a_hidden_widget_is_not_painted(flags):
    def hide(writer):
        writer.pages[0]["/Annots"][0].get_object()[NameObject("/F")] = NumberObject(flags)

    count, out = cleaned(pyhanko_signed(make_pdf(1), box=BOX), hide)
    assert count == 1 and widgets(out) == []
    assert ImageStat.Stat(render_gray(out, 1, SCALE)).mean[0] == 255


@pytest.mark.parametrize("key, value", [
    ("/Rect", ArrayObject([NameObject("/Oops"), NumberObject(0), NumberObject(1), NumberObject(1)])),
    ("/Rect", NumberObject(7)),
    ("/AP", NumberObject(7)),
    ("/F", NameObject("/Print")),
])
def test_a_malformed_widget_is_removed_without_being_painted(key, value):
    """A signature widget with a broken /Rect, /AP or /F (viewers do not draw it either) goes like any
    other instead of failing the finalisation."""
    def break_it(writer):
        writer.pages[0]["/Annots"][0].get_object()[NameObject(key)] = value

    count, out = cleaned(pyhanko_signed(make_pdf(1), box=BOX), break_it)
    assert count == 1 and widgets(out) == [] and signature_fields(out) == []
    assert ImageStat.Stat(render_gray(out, 1, SCALE)).mean[0] == 255


def test_a_widget_with_appearance_states_paints_the_one_it_is_in():
    """/AP /N as a dictionary of states: /AS names the one shown; the other is not painted."""
    def states(writer):
        widget = writer.pages[0]["/Annots"][0].get_object()
        stamp = widget["/AP"].raw_get("/N")
        widget[NameObject("/AP")] = DictionaryObject({NameObject("/N"): DictionaryObject({
            NameObject("/On"): stamp, NameObject("/Off"): writer._add_object(DictionaryObject())})})
        widget[NameObject("/AS")] = NameObject(state)

    signed = pyhanko_signed(make_pdf(1), box=BOX)
    for state, inked in (("/On", True), ("/Off", False)):
        count, out = cleaned(signed, states)
        assert count == 1 and widgets(out) == []
        assert (ImageStat.Stat(render_gray(out, 1, SCALE).crop(BOX_PIXELS)).mean[0] < 245) == inked, state


def test_a_certification_its_permissions_and_validation_data_go(tmp_path):
    """/Perms (DocMDP) and /DSS go, and the certificates and revocation data only the DSS held."""
    def validation_data(writer):
        crl = _stream_of(b"a CRL of the earlier signature")
        writer.root_object[NameObject("/DSS")] = writer._add_object(DictionaryObject({
            NameObject("/CRLs"): ArrayObject([writer._add_object(crl)])}))

    certified = pyhanko_signed(make_pdf(1), "Author", certify=True)
    assert "/Perms" in PdfReader(io.BytesIO(certified)).trailer["/Root"]
    count, out = cleaned(certified, validation_data)
    assert count == 1
    root = PdfReader(io.BytesIO(out)).trailer["/Root"]
    assert "/Perms" not in root and "/AcroForm" not in root and "/DSS" not in root
    assert b"a CRL of the earlier signature" not in out
    assert qpdf_check(out, tmp_path).returncode == 0


def test_other_fields_stay_and_empty_signature_fields_go():
    """A text field, an empty signature field and a signed one: only the text field is left (with its
    value and widget); only the signed field counts."""
    pdf = with_text_field()
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    fields.append_signature_field(writer, fields.SigFieldSpec("Empty", on_page=0, box=(100, 100, 200, 150)))
    out = io.BytesIO()
    writer.write(out)
    signed = pyhanko_signed(out.getvalue(), box=BOX)
    assert sorted(signature_fields(signed)) == ["Acrobat", "Empty"]
    assert sorted(widgets(signed)) == ["Acrobat", "Empty", "name"]

    count, out = cleaned(signed)
    assert count == 1
    reader = PdfReader(io.BytesIO(out))
    assert reader.get_fields().keys() == {"name"} and reader.get_fields()["name"]["/V"] == "Ada"
    assert widgets(out) == ["name"]
    form = reader.trailer["/Root"]["/AcroForm"]
    assert len(form["/Fields"]) == 1 and "/SigFlags" not in form


def test_a_signature_field_below_a_parent_goes_with_the_parent():
    """/FT inherited from a parent field whose only kid is the signature: both leave the tree; a
    /Kids array that holds its own field (a cycle) ends the walk instead of looping."""
    def nest(writer, cycle=False):
        form = writer.root_object["/AcroForm"]
        ref = form["/Fields"][0]
        field = ref.get_object()
        parent = writer._add_object(DictionaryObject({
            NameObject("/T"): TextStringObject("group"), NameObject("/FT"): NameObject("/Sig"),
            NameObject("/Kids"): ArrayObject([ref])}))
        if cycle:
            parent.get_object()["/Kids"].append(parent)
        del field["/FT"]
        field[NameObject("/Parent")] = parent
        form[NameObject("/Fields")] = ArrayObject([parent])

    signed = pyhanko_signed(make_pdf(1), box=BOX)
    count, out = cleaned(signed, nest)
    assert count == 1 and widgets(out) == []
    assert "/AcroForm" not in PdfReader(io.BytesIO(out)).trailer["/Root"]
    assert ImageStat.Stat(render_gray(out, 1, SCALE).crop(BOX_PIXELS)).mean[0] < 245

    count, out = cleaned(signed, lambda writer: nest(writer, cycle=True))
    assert count == 1 and widgets(out) == []


@pytest.mark.parametrize("make", [lambda: make_pdf(2, text=True), with_text_field], ids=["plain", "text field"])
def test_a_document_without_signatures_is_not_touched(make):
    pdf = make()
    untouched = written(PdfWriter(clone_from=PdfReader(io.BytesIO(pdf))))
    assert cleaned(pdf) == (0, untouched)


@pytest.mark.parametrize("make, earlier", [
    (esign_aes, 3),
    (lambda seal, ca: pyhanko_signed(make_pdf(3, text=True), box=BOX), 1),
    (lambda seal, ca: pyhanko_signed(make_pdf(3, text=True), "Author", certify=True), 1),
], ids=["esign aes", "visible", "certified"])
def test_a_signed_upload_finalises_with_every_signature_valid(tmp_path, seal, ca, make, earlier):
    """The point of it all: finalising a signed upload failed (a field of esign's name already
    filled, or a certification forbidding changes) or left broken signatures in the output; the
    earlier signatures are now removed when it is finalised, each of esign's verifies, and the
    certificate says how many were removed."""
    upload = make(seal, ca)
    result = finalize(upload, request=REQUEST, fields=FIELDS, signers=SIGNERS, events=[], level="aes", seal=seal,
                      ca=ca)
    assert_verified(result["signed_pdf"], tmp_path, [ca.certificate, seal.certificate], 3)
    text = " ".join(PdfReader(io.BytesIO(result["signed_pdf"])).pages[-1].extract_text().split())
    assert f"The uploaded document carried {earlier} digital signature" in text
    assert result["original_sha256"] == hashlib.sha256(upload).hexdigest()

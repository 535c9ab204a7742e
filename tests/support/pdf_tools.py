"""For the signed-PDF tests: generated PDFs, ink checks on rendered pages, the independent verifiers
(poppler's pdfsig and pdftotext, qpdf, pyHanko's validator), a finalised request's inputs, and a PDF
signed by someone else (pyHanko)."""
from __future__ import annotations

import io
import pathlib
import shutil
import subprocess
import unicodedata
from datetime import datetime, timezone

from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives.serialization import Encoding
from PIL import Image, ImageChops, ImageDraw, ImageStat
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields as sig_fields
from pyhanko.sign import signers as sig_signers
from pyhanko.sign.validation import SignatureCoverageLevel, validate_pdf_signature
from pyhanko_certvalidator import ValidationContext
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, NumberObject, RectangleObject
from reportlab.pdfgen.canvas import Canvas

from esign.pdf import fonts
from esign.pdf.render import page_geometry, render_page
from esign.pdf.seal import SealMaterial
from esign.pdf.stamp import stamp_into

DARK = 60  # a pixel is ink when the stamp made it this much darker (0-255)


def make_pdf(pages: int = 1, *, media=(0, 0, 595, 842), crop=None, rotate: int = 0, text: bool = False) -> bytes:
    """A PDF whose pages have the given MediaBox, CropBox and /Rotate; with `text`, a page of text in
    an embedded font, like a word processor's export (a realistic size for growth checks)."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(media[2], media[3]))
    font = fonts.runs(["DejaVuSans.ttf"], "x")[0][0]
    for number in range(1, pages + 1):
        if text:
            canvas.setFont(font, 9)
            for line in range(60):
                canvas.drawString(50, 800 - line * 12.5, f"{number}.{line} The parties agree to the terms set "
                                  f"out in schedule {line % 7} to this agreement, clause {number * line}.")
        canvas.showPage()
    canvas.save()
    writer = PdfWriter(clone_from=PdfReader(buf))
    for page in writer.pages:
        page.mediabox = RectangleObject(media)
        if crop:
            page.cropbox = RectangleObject(crop)
        if rotate:
            page[NameObject("/Rotate")] = NumberObject(rotate)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def stamp(pdf: bytes, fields: list[dict], signers: dict[str, dict], request_id: str = "req_1",
          unplaced: list[dict] = ()) -> bytes:
    """The stamped document alone, as finalisation writes it before the certificate."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    stamp_into(writer, fields, signers, request_id=request_id, unplaced=unplaced)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def field(field_type="text", page=1, box=(10, 10, 30, 6), value=None, signature=None, signer="s1", id="f"):
    x, y, w, h = box
    return {"id": id, "signer_id": signer, "field_type": field_type, "page_number": page, "x_percent": x,
            "y_percent": y, "width_percent": w, "height_percent": h, "value": value, "signature": signature}


def drawn_signature(size=(300, 100)) -> dict:
    """A transparent PNG with a stroke from corner to corner, like a canvas drawing."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(4, size[1] - 4), (size[0] // 3, 4), (size[0] - 4, size[1] - 4)],
                               fill=(0, 0, 0, 255), width=6)
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return {"kind": "drawn", "image": buf.getvalue()}


def render_gray(pdf: bytes, number: int, scale: float) -> Image.Image:
    return Image.open(io.BytesIO(render_page(pdf, number, scale=scale))).convert("L")


def box_pixels(pdf: bytes, f: dict, scale: float, grow: float = 0) -> tuple[int, int, int, int]:
    geometry = page_geometry(pdf)[f["page_number"] - 1]
    w, h = geometry["width"] * scale, geometry["height"] * scale
    return (round(f["x_percent"] / 100 * w - grow), round(f["y_percent"] / 100 * h - grow),
            round((f["x_percent"] + f["width_percent"]) / 100 * w + grow),
            round((f["y_percent"] + f["height_percent"]) / 100 * h + grow))


def assert_ink_in_boxes(before: bytes, after: bytes, fields: list[dict], scale: float = 1.5,
                        blank: tuple[str, ...] = (), centred: tuple[str, ...] = (), dark_ok: bool = False) -> None:
    """Every field not in `blank` darkened pixels inside its box, and nothing was darkened anywhere
    outside the boxes (1.5 px of anti-aliasing allowed); the ink of `centred` fields is centred in
    its box within 2 px. With `dark_ok`, a box that is already dark in `before` (ink cannot darken
    it) need not show ink."""
    for number in sorted({f["page_number"] for f in fields}):
        on_page = [f for f in fields if f["page_number"] == number]
        old, new = render_gray(before, number, scale), render_gray(after, number, scale)
        assert old.size == new.size
        mask = ImageChops.subtract(old, new).point(lambda v: 255 if v > DARK else 0)
        for f in on_page:
            box = box_pixels(after, f, scale)
            if dark_ok and ImageStat.Stat(old.crop(box)).mean[0] < 128:
                continue
            inside = mask.crop(box).getbbox()
            assert (inside is None) == (f["id"] in blank), f"field {f['id']} on page {number}: ink {inside}"
            if f["id"] in centred:
                offset = [(inside[i] + inside[i + 2]) / 2 - (box[i + 2] - box[i]) / 2 for i in (0, 1)]
                assert max(map(abs, offset)) <= 2, f"field {f['id']} on page {number}: off centre by {offset}"
        outside = mask.copy()
        for f in on_page:
            ImageDraw.Draw(outside).rectangle(box_pixels(after, f, scale, grow=1.5), fill=0)
        assert outside.getbbox() is None, f"ink outside the boxes on page {number}: {outside.getbbox()}"


def tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is required for these tests (Debian: poppler-utils / qpdf)"
    return path


def pdfsig(pdf: bytes, tmp_path: pathlib.Path) -> list[str]:
    """pdfsig's report, one text block per signature."""
    path = tmp_path / "checked.pdf"
    path.write_bytes(pdf)
    result = subprocess.run([tool("pdfsig"), str(path)], capture_output=True, text=True, timeout=60)
    return result.stdout.split("Signature #")[1:]


def qpdf_check(pdf: bytes, tmp_path: pathlib.Path) -> subprocess.CompletedProcess:
    path = tmp_path / "qpdf-checked.pdf"
    path.write_bytes(pdf)
    return subprocess.run([tool("qpdf"), "--check", str(path)], capture_output=True, text=True, timeout=60)


def pyhanko_statuses(pdf: bytes, *roots) -> list:
    """pyHanko's validation status of each embedded signature, trusting only `roots`."""
    trust = [asn1_x509.Certificate.load(c.public_bytes(Encoding.DER)) for c in roots]
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    return [validate_pdf_signature(sig, ValidationContext(trust_roots=trust, allow_fetching=False))
            for sig in reader.embedded_signatures]


# --- a request finalised by esign.pdf.finalize: its signers, fields and record ---------------------

NOW = datetime(2025, 1, 31, 12, 0, tzinfo=timezone.utc)
SIGNERS = [
    {"id": "s1", "name": "Ada Lovelace", "email": "ada@example.test", "sent_at": NOW, "viewed_at": NOW,
     "signed_at": NOW, "ip_address": "203.0.113.7", "user_agent": "Firefox/128.0", "phone_verified": True},
    {"id": "s2", "name": "Zoë Müller", "email": "zoe@example.test", "sent_at": NOW, "viewed_at": NOW,
     "signed_at": NOW, "ip_address": "2001:db8::1", "user_agent": "Safari/17", "identity_verified": True},
]
FIELDS = [
    field("signature", 1, (10, 80, 35, 6), signature={"kind": "typed", "text": "Ada Lovelace"}, signer="s1", id="a"),
    field("signature", 2, (55, 80, 35, 8), signature=drawn_signature(), signer="s2", id="b"),
    field("date", 2, (55, 90, 20, 3), value="2025-01-31", signer="s2", id="c"),
]
REQUEST = {"id": "req_0001", "document_name": "Lease — Müller.pdf", "created_at": NOW, "completed_at": NOW}


def assert_verified(pdf, tmp_path, roots, count):
    """All `count` signatures valid for pdfsig and pyHanko; the last covers the whole file."""
    blocks = pdfsig(pdf, tmp_path)
    assert len(blocks) == count, blocks
    for block in blocks:
        assert "Signature Validation: Signature is Valid." in block, block
        assert "Signature Type: ETSI.CAdES.detached" in block, block
    assert "Total document signed" in blocks[-1] and "Not total document signed" not in blocks[-1]
    statuses = pyhanko_statuses(pdf, *roots)
    assert len(statuses) == count
    for status in statuses:
        assert status.intact and status.valid and status.trusted, status.pretty_print_details()
        assert status.bottom_line, status.pretty_print_details()  # incl. no disallowed later changes
    assert statuses[-1].coverage == SignatureCoverageLevel.ENTIRE_FILE
    check = qpdf_check(pdf, tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr
    return blocks, statuses


def pdftotext(pdf: bytes, tmp_path, *args) -> str:
    path = tmp_path / "certificate.pdf"
    path.write_bytes(pdf)
    return subprocess.run([tool("pdftotext"), *args, str(path), "-"], capture_output=True, text=True,
                          timeout=60, check=True).stdout


def readable_text(pdf: bytes, tmp_path) -> str:
    """pdftotext's text, Arabic presentation forms folded to their letters and bidi marks dropped."""
    text = unicodedata.normalize("NFKC", pdftotext(pdf, tmp_path))
    return " ".join("".join(c for c in text if unicodedata.category(c) != "Cf").split())


def pyhanko_signed(pdf: bytes, name: str = "Acrobat", *, box=None, certify=False) -> bytes:
    """`pdf` signed by pyHanko in a new field `name` (visible with `box`, in pyHanko's default stamp)."""
    meta = sig_signers.PdfSignatureMetadata(field_name=name, md_algorithm="sha256", certify=certify,
                                            docmdp_permissions=sig_fields.MDPPerm.NO_CHANGES)
    pdf_signer = sig_signers.PdfSigner(meta, signer=SealMaterial.generate("Someone Else").signer(),
                                       new_field_spec=sig_fields.SigFieldSpec(name, on_page=0, box=box))
    return pdf_signer.sign_pdf(IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False),
                               output=io.BytesIO()).getvalue()


def first_revision(pdf: bytes) -> bytes:
    """The file up to its first `%%EOF` (stamped, with its trail and the certificate, before the seal)."""
    end = pdf.index(b"%%EOF") + len(b"%%EOF")
    return pdf[:end] + b"\n"

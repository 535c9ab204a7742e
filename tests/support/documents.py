"""Documents for tests: the PDF corpus that ships with the tests (CC-BY-SA-4.0, see its README), PDFs
built by hand to the byte (sized, hostile, a decompression bomb), and multipart bodies."""
from __future__ import annotations

import io
import os
import pathlib
import struct
import zlib

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

CORPUS = pathlib.Path(__file__).resolve().parents[1] / "corpus"
SAMPLE_PDF = CORPUS / "pdflatex-4-pages.pdf"
ONE_PAGE_PDF = CORPUS / "minimal-document.pdf"
# Refused at upload (design: the encrypted file, and one whose page tree is missing).
REFUSED = {"libreoffice-writer-password.pdf", "unreadablemetadata.pdf"}
MB = 1024 * 1024


# --- PDFs built by hand ------------------------------------------------------------------------------

def build_pdf(objects: list[bytes]) -> bytes:
    """A PDF with a classic xref table; object 1 must be the catalog."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def simple_pdf(padding: int = 0) -> bytes:
    """One page of text; `padding` random bytes in a stream object make it bigger (referred to by the
    catalog, so that the copy the upload check writes, esign.pdf.normalise, keeps them)."""
    content = b"BT /F1 24 Tf 72 700 Td (Hello esign) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R%s >>" % (b" /EsignTestPadding 6 0 R" if padding else b""),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        stream(content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    if padding:
        objects.append(stream(os.urandom(padding)))
    return build_pdf(objects)


def sized_pdf(total: int) -> bytes:
    """A valid PDF of exactly `total` bytes."""
    base = len(simple_pdf(padding=1))
    pdf = simple_pdf(padding=total - base + 1)
    # the /Length number may have more digits than the 1-byte probe: trim the difference
    pdf = simple_pdf(padding=total - base + 1 - (len(pdf) - total))
    assert len(pdf) == total
    return pdf


def deflated_zeros(total: int, chunk: int = 64 * MB) -> bytes:
    """A zlib stream (level 9) of `total` zero bytes, made without ever holding them: the deflate
    output of one fully flushed chunk repeats, and the Adler-32 of n zeros is (n mod 65521) << 16 | 1."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH)
    assert compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH) == block
    tail = compressor.flush(zlib.Z_FINISH)
    count = total // chunk
    return b"\x78\xda" + block * count + tail + struct.pack(">I", (count * chunk % 65521) << 16 | 1)


def bomb_pdf(total: int = 2 * 1024 * MB) -> bytes:
    return build_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
        stream(deflated_zeros(total), b"/Filter /FlateDecode "),
    ])


def multipart(data: bytes, filename="doc.pdf", boundary="b0undaryXYZ", name="file", extra_parts=()) -> bytes:
    parts = [(name, filename, data), *extra_parts]
    body = b""
    for part_name, part_filename, part_data in parts:
        disposition = f'form-data; name="{part_name}"' + (f'; filename="{part_filename}"' if part_filename else "")
        body += f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + part_data + b"\r\n"
    return body + f"--{boundary}--\r\n".encode()


async def post_multipart(client, body: bytes, boundary="b0undaryXYZ", key="a", headers=None):
    return await client.request("POST", "/v1/documents/upload", body=body, key=key,
                                headers={"Content-Type": f"multipart/form-data; boundary={boundary}", **(headers or {})})


def out_of_order_pdf() -> bytes:
    """Two A4 pages for reading a document as text (issue 39 item 4). Page 1: four lines whose content
    stream runs bottom first, one of them drawn right half first ("First line of the contract.", "Left
    half and right half.", "Second line: sign below.", "Third line of the contract." from the top; the
    second's top at 27 % of the page, the third's at 39 %); page 2: a scanned page (an image, no text)."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(595, 842))
    c.setFont("Helvetica", 14)
    for x, y, text in ((72, 500, "Third line of the contract."), (300, 700, "right half."), (72, 700, "Left half and"),
                       (72, 760, "First line of the contract."), (72, 600, "Second line: sign below.")):
        c.drawString(x, y, text)
    c.showPage()
    scan = Image.new("L", (400, 560), 255)
    scan.paste(0, (40, 40, 360, 60))  # a line of print, as pixels
    c.drawImage(ImageReader(scan), 0, 0, 595, 842)
    c.showPage()
    c.save()
    return out.getvalue()

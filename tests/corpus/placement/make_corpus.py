"""Makes the placement test corpus (README.md): run once from the repository root with the test venv,
LibreOffice (`soffice`) and Chromium installed; the PDFs are committed, so the tests need neither.

    .venv/bin/python tests/corpus/placement/make_corpus.py
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import tempfile

from pypdf import PdfReader, PdfWriter
from pypdf.generic import RectangleObject
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

HERE = pathlib.Path(__file__).resolve().parent
TAG_BUYER = "{{signature;signer=1;name=Buyer signature}}"
TAG_DATE = "{{date;signer=2;required=false}}"
TAG_SELECT = "{{select;signer=1;options=Red|Green|Blue;width=15;height=3}}"

PARAGRAPHS = [
    ("h", "Sales agreement"),
    ("p", "The buyer and the seller agree on the sale of one bicycle. The price is paid on delivery."),
    ("p", "Buyer Signature: ________________"),
    ("p", "Date: ____________"),
    ("p", "Seller Signature: ________________"),
    ("p", "Date: ____________"),
    ("p", f"Buyer, sign here: {TAG_BUYER}"),
    ("p", f"Seller, date: {TAG_DATE}"),
    ("p", f"Colour: {TAG_SELECT}"),
]


def reportlab() -> None:
    """Two A4 pages; on page 2 "Signature:" is drawn in two pieces ("Signa" then "ture:") and the
    anchor "Witness   name" with three spaces."""
    c = Canvas(str(HERE / "reportlab.pdf"), pagesize=A4)
    y = 780
    for kind, text in PARAGRAPHS:
        c.setFont("Helvetica-Bold" if kind == "h" else "Helvetica", 16 if kind == "h" else 11)
        c.drawString(72, y, text)
        y -= 36
    c.showPage()
    c.setFont("Times-Roman", 12)
    c.drawString(300, 700, "Signa")
    c.drawString(300 + c.stringWidth("Signa", "Times-Roman", 12), 700, "ture:")
    c.drawString(72, 600, "Witness   name")
    c.drawString(72, 500, "{{initials;signer=2}}")
    c.showPage()
    c.save()


def rotated_offset() -> None:
    """Page 1 of reportlab.pdf shown with /Rotate 90, and again with a MediaBox that starts at
    (40, 30) (its content moved with it) and /Rotate 270."""
    source = PdfReader(HERE / "reportlab.pdf")
    writer = PdfWriter()
    page = writer.add_page(source.pages[0])
    page.rotate(90)
    page = writer.add_page(source.pages[0])
    page.add_transformation((1, 0, 0, 1, 40, 30))
    width, height = A4
    page.mediabox = RectangleObject([40, 30, 40 + width, 30 + height])
    page.cropbox = RectangleObject([40, 30, 40 + width, 30 + height])
    page.rotate(270)
    with open(HERE / "reportlab-rotated-offset.pdf", "wb") as fh:
        writer.write(fh)


def roles_and_malformed() -> None:
    c = Canvas(str(HERE / "reportlab-roles.pdf"), pagesize=A4)
    c.setFont("Helvetica", 11)
    c.drawString(72, 700, "Tenant: {{signature;role=Tenant}}")
    c.drawString(72, 650, "Landlord: {{signature;role=Landlord;name=Owner}}")
    c.drawString(72, 600, "Move-in date: {{date;role=tenant;width=20;height=4}}")
    c.showPage()
    c.save()
    c = Canvas(str(HERE / "reportlab-malformed.pdf"), pagesize=A4)
    c.setFont("Helvetica", 11)
    c.drawString(72, 700, "Good: {{signature;signer=1}}")
    c.drawString(72, 650, "Bad type: {{stamp;signer=1}}")
    c.drawString(72, 600, "Bad key: {{text;signer=1;colour=red}}")
    c.showPage()
    c.save()


def libreoffice() -> None:
    """A DOCX written with python-docx, converted by LibreOffice (soffice --headless --convert-to pdf)."""
    import docx

    document = docx.Document()
    for kind, text in PARAGRAPHS:
        if kind == "h":
            document.add_heading(text, level=1)
        else:
            document.add_paragraph(text)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "libreoffice-docx.docx"
        document.save(path)
        subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp}/profile", "--headless", "--convert-to",
                        "pdf", "--outdir", tmp, str(path)], check=True, capture_output=True, timeout=180)
        shutil.copy(pathlib.Path(tmp) / "libreoffice-docx.pdf", HERE / "libreoffice-docx.pdf")


def chromium() -> None:
    """An HTML page printed by headless Chromium (--print-to-pdf)."""
    body = "".join(f"<h1>{t}</h1>" if k == "h" else f"<p>{t}</p>" for k, t in PARAGRAPHS)
    html = f"<!doctype html><html><head><meta charset='utf-8'><style>body{{font-family:sans-serif;" \
           f"font-size:12pt}}</style></head><body>{body}</body></html>"
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "page.html"
        path.write_text(html)
        out = HERE / "chromium.pdf"
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                        f"--user-data-dir={tmp}/profile", f"--print-to-pdf={out}", path.as_uri()],
                       check=True, capture_output=True, timeout=180)


def latex() -> None:
    """A pdflatex article: the tags written verbatim (typewriter, so the braces and bars are the characters
    themselves), ToUnicode maps for every font (glyphtounicode)."""
    def line(kind, text):
        if kind == "h":
            return f"\\section*{{{text}}}"
        if "{{" in text:
            before, tag = text.split("{{", 1)
            return f"{before}\\verb!{{{{{tag}!\\par"
        return text.replace("_", "\\_") + "\\par"
    body = "\n\n".join(line(k, t) for k, t in PARAGRAPHS)
    tex = ("\\pdfgentounicode=1\n\\input{glyphtounicode}\n\\documentclass[12pt]{article}\n"
           "\\usepackage[a4paper,margin=25mm]{geometry}\n\\begin{document}\n\\parskip=8pt\n" + body + "\n\\end{document}\n")
    with tempfile.TemporaryDirectory() as tmp:
        (pathlib.Path(tmp) / "doc.tex").write_text(tex)
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], cwd=tmp, check=True, capture_output=True,
                       timeout=120)
        shutil.copy(pathlib.Path(tmp) / "doc.pdf", HERE / "latex.pdf")


if __name__ == "__main__":
    reportlab()
    rotated_offset()
    roles_and_malformed()
    libreoffice()
    chromium()
    latex()

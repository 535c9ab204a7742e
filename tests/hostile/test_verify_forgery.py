"""`esign verify` against a forger (issue 24, item 5): without a trust anchor it never says VERIFIED
(exit 3, "signer not checked"); a document whose pages were changed and sealed again with a self-made
"CN=esign seal" certificate fails on the fingerprint the certificate of completion prints, and with
the real seal trusted; what an incremental update added after the seal is named."""
from __future__ import annotations

import asyncio
import io

import pytest
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.generic import pdf_name, pdf_string
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from esign.pdf.seal import SealMaterial, seal_pdf
from tests.support.pdf_tools import first_revision
from tests.support.processes import esign_verify
from tests.support.signing import signed_pdf

UNCHECKED_EXIT = 3


def overlay(text: str) -> bytes:
    buf = io.BytesIO()
    page = canvas.Canvas(buf, pagesize=(595, 842))
    page.setFont("Helvetica-Bold", 28)
    page.drawString(60, 700, text)
    page.save()
    return buf.getvalue()


def forge(pdf: bytes) -> bytes:
    """The forger's copy: the stamped document as it was before its signatures and seal (certificate
    of completion included), page 1 changed, sealed with their own certificate named "esign seal"."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(first_revision(pdf))))
    writer.pages[0].merge_page(PdfReader(io.BytesIO(overlay("PAY 1,000,000 EUR TO MALLORY"))).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return seal_pdf(out.getvalue(), SealMaterial.generate("esign seal"))


def run(tmp_path, pdf: bytes, *args):
    path = tmp_path / "file.pdf"
    path.write_bytes(pdf)
    proc = esign_verify(path, *args)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def verdict(proc) -> str:
    return proc.stdout.strip().splitlines()[-1]


async def trust_bundle(client, tmp_path):
    path = tmp_path / "trust.pem"
    path.write_bytes((await client.get("/v1/seal-certificate", key=None)).body)
    return path


@pytest.mark.slow
async def test_a_genuine_pdf_without_a_trust_anchor_is_intact_but_not_verified(server, client, document_id, tmp_path):
    pdf = await signed_pdf(server, client, document_id, "ses")
    proc = run(tmp_path, pdf)
    assert proc.returncode == UNCHECKED_EXIT, proc.stdout + proc.stderr
    assert "signer not checked" in proc.stdout and "VERIFIED: every check passed" not in proc.stdout
    assert verdict(proc).startswith("NOT VERIFIED: the file is intact, but signer not checked"), proc.stdout
    assert "ok    the seal's certificate is the one whose fingerprint the certificate of completion prints" \
        in proc.stdout, proc.stdout
    proc = run(tmp_path, pdf, "--trust", await trust_bundle(client, tmp_path))
    assert proc.returncode == 0 and verdict(proc) == "VERIFIED: every check passed.", proc.stdout
    assert "signer not checked" not in proc.stdout


@pytest.mark.slow
async def test_pages_changed_and_sealed_again_by_a_self_made_esign_seal_fail(server, client, document_id, tmp_path):
    pdf = await signed_pdf(server, client, document_id, "ses")
    forged = await asyncio.to_thread(forge, pdf)  # pyHanko's sync API runs its own event loop
    assert b"MALLORY" not in pdf and "MALLORY" in PdfReader(io.BytesIO(forged)).pages[0].extract_text()

    proc = run(tmp_path, forged)  # no trust anchor: the fingerprint on the certificate page gives it away
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "VERIFIED: every check passed" not in proc.stdout and verdict(proc).startswith("NOT VERIFIED: 1 check")
    assert "signer not checked" in proc.stdout
    assert "FAIL  the seal's certificate (SHA-256 " in proc.stdout
    assert "is NOT the one the certificate of completion prints on page 5" in proc.stdout, proc.stdout

    proc = run(tmp_path, forged, "--trust", await trust_bundle(client, tmp_path))  # the real seal trusted
    assert proc.returncode == 1 and verdict(proc).startswith("NOT VERIFIED"), proc.stdout
    assert "FAIL  the certificate of signature 'esign-seal' (Common Name: esign seal) is not issued by a trusted " \
           "certificate" in proc.stdout, proc.stdout

    proc = run(tmp_path, forged, "--config", tmp_path / "esign.toml")  # the server fixture's deployment
    assert proc.returncode == 1 and "not by this deployment's seal" in proc.stdout, proc.stdout


def _update(pdf: bytes, change) -> bytes:
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    change(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def add_annotation(writer):
    page_ref, _ = writer.find_page_for_modification(0)
    page = page_ref.get_object()
    note = writer.add_object(generic.DictionaryObject({
        pdf_name("/Type"): pdf_name("/Annot"), pdf_name("/Subtype"): pdf_name("/Square"),
        pdf_name("/Rect"): generic.ArrayObject(map(generic.NumberObject, (50, 50, 300, 120))),
        pdf_name("/Contents"): pdf_string("approved: 1,000,000 EUR")}))
    page[pdf_name("/Annots")] = generic.ArrayObject([*page.get("/Annots", []), note])
    writer.update_container(page)


def add_page(writer):
    contents = writer.add_object(generic.StreamObject(stream_data=b"BT /F1 24 Tf 72 700 Td (Addendum) Tj ET"))
    writer.insert_page(generic.DictionaryObject({
        pdf_name("/Type"): pdf_name("/Page"),
        pdf_name("/MediaBox"): generic.ArrayObject(map(generic.NumberObject, (0, 0, 595, 842))),
        pdf_name("/Resources"): generic.DictionaryObject(), pdf_name("/Contents"): contents}))


def fill_a_value(writer):
    form = writer.root["/AcroForm"]
    amount = writer.add_object(generic.DictionaryObject({
        pdf_name("/FT"): pdf_name("/Tx"), pdf_name("/T"): pdf_string("amount"),
        pdf_name("/V"): pdf_string("1,000,000 EUR")}))
    form[pdf_name("/Fields")] = generic.ArrayObject([*form["/Fields"], amount])
    writer.update_container(form)


def change_the_certificate(writer):
    writer.add_stream_to_page(-1, writer.add_object(generic.StreamObject(stream_data=b"0 0 0 rg 0 0 595 842 re f")))


@pytest.mark.parametrize("change, named", [
    (add_annotation, "added after signature 'esign-seal': page 1: an annotation added (Square)"),
    (add_page, "added after signature 'esign-seal': 1 page(s) added (pages 7-7, after the certificate of completion)"),
    (fill_a_value, "added after signature 'esign-seal': form field 'amount': value '1,000,000 EUR' filled in"),
    (change_the_certificate, ("added after signature 'esign-seal': page 6 (a certificate of completion page): its "
                              "content or resources were changed")),
])
@pytest.mark.slow
async def test_what_an_update_after_the_seal_adds_is_named(server, client, document_id, tmp_path, change, named):
    pdf = await signed_pdf(server, client, document_id, "ses")
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 6  # 4 pages, then 2 of the certificate of completion
    changed = _update(pdf, change)
    proc = run(tmp_path, changed, "--trust", await trust_bundle(client, tmp_path))
    assert proc.returncode == 1 and verdict(proc).startswith("NOT VERIFIED"), proc.stdout
    assert "was changed after its last signature 'esign-seal'" in proc.stdout
    assert named in proc.stdout, proc.stdout
    assert "added after signature 'esign-seal': pyHanko's difference analysis finds " in proc.stdout, proc.stdout

"""`esign verify` against a forger (issue 24, item 5): without a trust anchor it never says VERIFIED
(exit 3, "signer not checked"); a document whose pages were changed and sealed again with a self-made
"CN=esign seal" certificate fails on the fingerprint the certificate of completion prints, and with
the real seal trusted; what an incremental update added after the seal is named. A seal whose key was
compromised (issue 35, part 6) is retired by leaving it out of `[signing] previous_seal_certificates`
at the rotation (docs/signing.md): its forgeries, and what it sealed before, then fail with that reason."""
from __future__ import annotations

import asyncio
import io
import shutil

import pytest
from cryptography.hazmat.primitives import hashes
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.generic import pdf_name, pdf_string
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from esign.domain.orgs import keys
from esign.pdf.seal import SealMaterial, seal_pdf
from tests.support import start_server, stop_server
from tests.support.pdf_tools import first_revision
from tests.support.processes import esign_verify
from tests.support.server import write_config
from tests.support.signing import signed_pdf

UNCHECKED_EXIT = 3


def overlay(text: str) -> bytes:
    buf = io.BytesIO()
    page = canvas.Canvas(buf, pagesize=(595, 842))
    page.setFont("Helvetica-Bold", 28)
    page.drawString(60, 700, text)
    page.save()
    return buf.getvalue()


def forge(pdf: bytes, seal: SealMaterial | None = None) -> bytes:
    """The forger's copy: the stamped document as it was before its signatures and seal (certificate
    of completion included), page 1 changed, sealed with their own certificate named "esign seal" (or
    with `seal`, a key they got hold of)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(first_revision(pdf))))
    writer.pages[0].merge_page(PdfReader(io.BytesIO(overlay("PAY 1,000,000 EUR TO MALLORY"))).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return seal_pdf(out.getvalue(), seal or SealMaterial.generate("esign seal"))


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


@pytest.mark.slow
async def test_a_compromised_seal_left_out_of_the_history_fails_what_it_sealed(tmp_path, sample_pdf):
    """docs/signing.md, "Retiring a compromised seal": rotate the seal and do not list the compromised
    one in `[signing] previous_seal_certificates`."""
    first = await start_server(tmp_path)  # the embedded database: the seal is kept in tmp_path/keys
    try:
        genuine = await signed_pdf(first, first.client, (await first.client.upload(sample_pdf)).json["id"], "ses")
    finally:
        await stop_server(first)
    stored = tmp_path / "keys"
    compromised = SealMaterial.from_pem((stored / "seal.crt").read_bytes(), (stored / "seal.key").read_bytes())
    forged = await asyncio.to_thread(forge, genuine, compromised)  # what whoever holds the old key can make
    history = tmp_path / "previous-seals.pem"
    history.write_bytes(compromised.to_pem()[0])
    retired = tmp_path / "retired"
    retired.mkdir()
    for name in ("seal.crt", "seal.key"):  # the rotation: the next start makes a new seal
        shutil.move(stored / name, retired / name)
    second = await start_server(tmp_path)
    try:
        assert (await keys.seal_material(second.services)).certificate != compromised.certificate  # made now
    finally:
        await stop_server(second)
    config = tmp_path / "esign.toml"

    # listed as an earlier seal (the rotation of docs/operations.md), the forgery passes
    write_config(tmp_path, f'[signing]\nprevious_seal_certificates = "{history}"\n')
    proc = run(tmp_path, forged, "--config", config)
    assert proc.returncode == 0 and "sealed by an earlier seal of this deployment" in proc.stdout, proc.stdout

    # left out of the history, it is retired: its forgery, and what it sealed before, fail with the reason
    write_config(tmp_path)
    fingerprint = compromised.certificate.fingerprint(hashes.SHA256()).hex(":").upper()
    for pdf in (forged, genuine):
        proc = run(tmp_path, pdf, "--config", config)
        assert proc.returncode == 1 and verdict(proc) == "NOT VERIFIED: 1 check(s) failed.", proc.stdout
        [failed] = [line for line in proc.stdout.splitlines() if line.startswith("FAIL")]
        assert failed.startswith(f"FAIL  sealed by CN=esign seal (SHA-256 fingerprint {fingerprint}), not by this "
                                 "deployment's seal CN=esign seal (SHA-256 fingerprint "), failed
        assert failed.endswith("nor by an earlier seal it lists ([signing] previous_seal_certificates: 0); a seal "
                               "left out of that list is retired, and what it sealed fails"), failed

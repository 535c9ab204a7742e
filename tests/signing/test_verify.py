"""`esign verify` and the audit chain sealed in the PDF: a genuine signed PDF verifies; changed bytes,
an extra incremental update, an event changed in the database or in the embedded trail are reported."""
from __future__ import annotations

import asyncio
import io
import json

import pytest
from cryptography import x509
from pyhanko.pdf_utils import embed, generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter

from esign.audit_chain import TRAIL_FILE
from esign.domain.evidence.audit import compare_with_store
from esign.pdf.finalize import with_trail
from esign.pdf.seal import SealMaterial, seal_pdf
from esign.pdf.verify import PdfFileReader, check_pdf, embedded_trail
from tests.support import raw_db
from tests.support.pdf_tools import first_revision, make_pdf
from tests.support.processes import esign_verify
from tests.support.signing import signed_pdf


async def deployment(client):
    pem = (await client.get("/v1/seal-certificate", key=None)).body
    certs = x509.load_pem_x509_certificates(pem)
    return certs, certs[0]


async def check(pdf, trust, seal):
    return await asyncio.to_thread(check_pdf, pdf, trust, seal)


def failures(report) -> list[str]:
    return [text for ok, text in report.findings if ok is False]


@pytest.mark.slow
async def test_a_signed_pdf_verifies_and_its_trail_matches_the_database(server, client, document_id, tmp_path):
    pdf = await signed_pdf(server, client, document_id, "aes")
    trust, seal = await deployment(client)
    report = await check(pdf, trust, seal)
    assert report.ok, report.text()
    text = report.text()
    assert "sealed by this deployment's seal: CN=esign seal" in text and "covers the whole file" in text
    assert "esign-signer-1" in text and "esign-signer-2" in text and text.endswith("VERIFIED: every check passed.")
    trail = report.trail
    types = [e["event_type"] for e in trail["events"]]
    assert types[0] == "signing_request.created" and "signer.signed" in types
    assert [e["request_seq"] for e in trail["events"]] == list(range(1, len(types) + 1))
    assert trail["head"] == trail["events"][-1]["hash"]
    stored = await server.services.store.events.trail(trail["signing_request_id"])
    assert stored[len(types) - 1]["hash"] == trail["head"]  # the head at sealing time
    findings = await compare_with_store(server.services, trail)
    assert findings == [(True, f"the {len(types)} sealed events match the database's, which chain unchanged; "
                               f"{len(stored) - len(types)} more were recorded after sealing")]
    assert len(stored) > len(types)  # document.signed and later events follow the sealed ones

    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    proc = esign_verify(path, "--config", tmp_path / "esign.toml")  # the server fixture's, memory://: its key files
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "sealed by this deployment's seal" in proc.stdout and "not compared with the database" in proc.stdout
    proc = esign_verify(path)  # no deployment: says who sealed it, intact but not VERIFIED
    assert proc.returncode == 3 and "signer not checked: anyone can make a certificate" in proc.stdout, proc.stdout
    assert proc.stdout.strip().splitlines()[-1].startswith("NOT VERIFIED: the file is intact, but signer not checked")
    assert "Traceback" not in proc.stderr, proc.stderr  # pyHanko's path building is not told on stderr
    bundle = tmp_path / "trust.pem"
    bundle.write_bytes((await client.get("/v1/seal-certificate", key=None)).body)
    proc = esign_verify(path, "--trust", bundle)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "give --config or --trust" not in proc.stdout and "(give --config for that)" in proc.stdout
    assert "Traceback" not in proc.stderr, proc.stderr
    proc = esign_verify(path, "--trust", "/dev/null")
    assert proc.returncode == 2 and "--trust /dev/null: not a PEM file" in proc.stderr, proc.stderr


@pytest.mark.slow
def test_verify_with_another_deployments_config_makes_no_seal(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "esign.toml").write_text(f'[storage]\npath = "{elsewhere}/blobs"\n[email]\npath = "{elsewhere}/mail"\n')
    (tmp_path / "x.pdf").write_bytes(make_pdf())
    proc = esign_verify(tmp_path / "x.pdf", "--config", elsewhere / "esign.toml")
    assert proc.returncode == 2 and f"no seal found in {elsewhere}/keys" in proc.stderr, proc.stderr
    assert "--config" in proc.stderr and "Traceback" not in proc.stderr
    assert not (elsewhere / "keys").exists()


@pytest.mark.slow
async def test_changed_bytes_and_an_extra_update_are_reported(server, client, document_id, tmp_path):
    pdf = await signed_pdf(server, client, document_id, "ses")
    trust, seal = await deployment(client)
    at = pdf.index(b"/Producer") if b"/Producer" in pdf else len(pdf) // 3
    changed = pdf[:at] + bytes([pdf[at] ^ 0x01]) + pdf[at + 1:]
    report = await check(changed, trust, seal)
    assert not report.ok and any("BROKEN" in f for f in failures(report)), report.text()

    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    writer.root["/Lang"] = generic.TextStringObject("fr")
    writer.update_root()
    out = io.BytesIO()
    writer.write(out)
    report = await check(out.getvalue(), trust, seal)
    assert any("was changed after its last signature 'esign-seal'" in f for f in failures(report)), report.text()
    # pyHanko's writer also updates the XMP /Metadata (its modification time, when another second has begun)
    assert any(f.startswith("added after signature 'esign-seal': document-level entries changed: /Lang")
               for f in failures(report)), report.text()

    path = tmp_path / "changed.pdf"
    path.write_bytes(changed)
    proc = esign_verify(path, "--config", tmp_path / "esign.toml")
    assert proc.returncode == 1 and "NOT VERIFIED" in proc.stdout and "BROKEN" in proc.stdout, proc.stdout


async def test_an_event_changed_in_the_database_is_reported(server, client, document_id):
    pdf = await signed_pdf(server, client, document_id, "ses")
    trust, seal = await deployment(client)
    trail = (await check(pdf, trust, seal)).trail
    await raw_db(server.services)["events"].update_one(
        {"signing_request_id": trail["signing_request_id"], "request_seq": 2}, {"$set": {"ip_address": "198.51.100.9"}})
    findings = await compare_with_store(server.services, trail)
    second = trail["events"][1]
    where = f"event 2 ({second['event_type']}, {second['created_at']})"
    assert (False, f"database: {where}: its content does not match its hash (it was changed)") in findings
    assert (False, f"database: {where} differs from the event sealed in the PDF") in findings


async def test_a_trail_changed_and_sealed_again_by_someone_else_is_reported(server, client, document_id):
    pdf = await signed_pdf(server, client, document_id, "ses")
    trust, seal = await deployment(client)
    trail = json.loads(embedded_trail(PdfFileReader(io.BytesIO(pdf), strict=False)))
    trail["events"][0]["signer_email"] = "someone.else@example.test"
    forger = SealMaterial.generate("esign seal")
    # the forger starts from the unsigned document: the same pages, a changed trail, their own seal
    forged = await asyncio.to_thread(lambda: seal_pdf(with_trail(first_revision(pdf), json.dumps(trail).encode()),
                                                      forger))
    report = await check(forged, trust, seal)
    problems = failures(report)
    assert any(p.startswith("audit trail: event 1 (signing_request.created") and "does not match its hash" in p
               for p in problems), report.text()
    assert any("not by this deployment's seal" in p for p in problems)
    assert any("is not issued by a trusted certificate" in p for p in problems)
    assert any("is NOT the one the certificate of completion prints" in p for p in problems)
    assert TRAIL_FILE == "audit-trail.json"


def test_the_trail_joins_attachments_kept_in_a_nested_name_tree():
    """A document whose own attachments sit in a name tree with /Kids, two levels deep, keeps them and
    gets the trail beside them (in name order); its own `audit-trail.json` is replaced by esign's."""
    writer = IncrementalPdfFileWriter(io.BytesIO(make_pdf(1)), strict=False)

    def leaf(*files):
        entries = generic.ArrayObject()
        for name, data in files:
            stream = embed.EmbeddedFileObject.from_file_data(writer, data=data, mime_type="text/plain")
            spec = embed.FileSpec(file_spec_string=name, embedded_data=stream).as_pdf_object()
            entries += [generic.pdf_string(name), writer.add_object(spec)]
        return writer.add_object(generic.DictionaryObject({
            generic.pdf_name("/Names"): entries,
            generic.pdf_name("/Limits"): generic.ArrayObject([generic.pdf_string(files[0][0]),
                                                              generic.pdf_string(files[-1][0])])}))

    middle = writer.add_object(generic.DictionaryObject({generic.pdf_name("/Kids"): generic.ArrayObject([
        leaf(("a-notes.txt", b"notes"), (TRAIL_FILE, b"a trail of the uploader's")), leaf(("terms.txt", b"terms"))])}))
    tree = writer.add_object(generic.DictionaryObject({generic.pdf_name("/Kids"): generic.ArrayObject([middle])}))
    writer.root["/Names"] = writer.add_object(generic.DictionaryObject({generic.pdf_name("/EmbeddedFiles"): tree}))
    writer.update_root()
    out = io.BytesIO()
    writer.write(out)
    sealed = seal_pdf(with_trail(out.getvalue(), b'{"trail": true}'), SealMaterial.generate())
    reader = PdfFileReader(io.BytesIO(sealed), strict=False)
    assert embedded_trail(reader) == b'{"trail": true}'
    names = reader.root["/Names"]["/EmbeddedFiles"]["/Names"]
    assert [str(names[i]) for i in range(0, len(names), 2)] == ["a-notes.txt", TRAIL_FILE, "terms.txt"]
    assert [names[i]["/EF"]["/F"].data for i in range(1, len(names), 2)] == [b"notes", b'{"trail": true}', b"terms"]

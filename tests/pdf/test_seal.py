"""Signed output, checked by independent verifiers: poppler's pdfsig, pyHanko's validator, qpdf."""
from __future__ import annotations

import hashlib
import io
import re
from datetime import datetime, timedelta, timezone

import pytest
from asn1crypto import cms
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.x509.oid import NameOID
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, RectangleObject

from esign.pdf.finalize import finalize, prepare
from esign.pdf.seal import InternalCA, SealMaterial, seal_pdf
from esign.pdf.verify import PdfFileReader, embedded_trail
from tests.support.pdf_tools import FIELDS, REQUEST, SIGNERS, assert_verified, drawn_signature, field, make_pdf, pdfsig, pyhanko_statuses

TRAIL = b'{"format": "esign-audit-trail/1", "signing_request_id": "req_0001", "head": "%s", "events": []}' % (b"1" * 64)


def run(level, seal, ca=None, **kwargs):
    original = make_pdf(3, text=True)
    result = finalize(original, request=REQUEST, fields=FIELDS, signers=SIGNERS, events=[], level=level,
                      seal=seal, ca=ca, **kwargs)
    return original, result


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_ses_seal_only(tmp_path, seal):
    original, result = run("ses", seal)
    blocks, _ = assert_verified(result["signed_pdf"], tmp_path, [seal.certificate], 1)
    assert "esign-seal" in blocks[0]
    assert result["certificate_pdf"] is None
    assert result["original_sha256"] == hashlib.sha256(original).hexdigest()
    reader = PdfReader(io.BytesIO(result["signed_pdf"]))
    assert len(reader.pages) > 3  # the certificate pages follow the document's
    certificate = text_of(result["signed_pdf"]).split("Certificate of completion", 1)[1]
    assert result["original_sha256"] in certificate and result["stamped_sha256"] in certificate
    fingerprint = hashlib.sha256(seal.certificate.public_bytes(serialization.Encoding.DER)).hexdigest()
    assert f"Seal certificate SHA-256 {fingerprint}" in " ".join(certificate.split())


def test_stamped_hash_is_the_stamped_document(seal):
    """The stamped SHA-256 printed with the certificate appended (hashed while writing, never read back)
    is the SHA-256 of the stamped document with its audit trail attached, as written on its own (the
    separate-certificate mode), which is the first revision of that mode's signed file."""
    original = make_pdf(3, text=True)
    common = dict(request=REQUEST, fields=FIELDS, signers=SIGNERS, events=[], seal=seal, audit_trail=TRAIL)
    appended = prepare(original, **common)
    alone = prepare(original, separate_certificate=True, **common)
    assert appended["stamped_sha256"] == alone["stamped_sha256"] == hashlib.sha256(alone["document"]).hexdigest()
    assert embedded_trail(PdfFileReader(io.BytesIO(alone["document"]))) == TRAIL  # the hash covers the trail
    assert appended["document"] != alone["document"]
    assert len(PdfReader(io.BytesIO(appended["document"])).pages) > len(PdfReader(io.BytesIO(alone["document"])).pages)
    # another trail, another stamped document
    other = prepare(original, **{**common, "audit_trail": TRAIL.replace(b"1" * 64, b"2" * 64)})
    assert other["stamped_sha256"] != appended["stamped_sha256"]
    certificate = " ".join(text_of(appended["document"]).split("Certificate of completion", 1)[1].split())
    assert "The audit trail is attached to it (audit-trail.json). This is the file before this certificate" in certificate


@pytest.mark.parametrize("level", ["ses", "aes"])
def test_signatures_page_for_a_signer_without_a_signature_field(tmp_path, seal, ca, level):
    """Ada has a signature field; Zoë only a date: her adopted drawing goes on a Signatures page
    between the document and the certificate, and every signature still verifies."""
    signers = [{**SIGNERS[0], "signature": {"kind": "typed", "text": "Ada Lovelace"}},
               {**SIGNERS[1], "signature": drawn_signature()}]
    fields = [FIELDS[0], FIELDS[2]]
    original = make_pdf(3, text=True)
    result = finalize(original, request=REQUEST, fields=fields, signers=signers, events=[], level=level, seal=seal,
                      ca=ca)
    roots = [seal.certificate] if level == "ses" else [ca.certificate, seal.certificate]
    assert_verified(result["signed_pdf"], tmp_path, roots, 1 if level == "ses" else 3)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(result["signed_pdf"])).pages]
    assert pages[3].startswith("Signatures") and "Signed by Zoë Müller" in pages[3]
    assert "Signed by Ada Lovelace" not in pages[3]  # hers is on its field
    assert pages[4].startswith("Certificate of completion")
    assert "3, followed by a signatures page" in pages[4]


@pytest.mark.slow
def test_output_of_a_real_document_grows_at_most_a_fifth(tmp_path, seal, corpus):
    """117 pages of a real document (object streams, images, fonts): stamped on three pages, with its
    signatures page and certificate, sealed: at most 1.2 times the input, and still valid."""
    original = (corpus / "GeoTopo-komprimiert.pdf").read_bytes()
    signers = [{**SIGNERS[0], "signature": drawn_signature()}, {**SIGNERS[1], "signature": drawn_signature((400, 120))}]
    fields = [field("signature", n, (10, 80, 35, 6), signature=drawn_signature(), signer="s1", id=f"a{n}")
              for n in (1, 50, 117)]
    result = finalize(original, request=REQUEST, fields=fields, signers=signers, events=[], level="ses", seal=seal)
    assert len(result["signed_pdf"]) <= 1.2 * len(original), (len(original), len(result["signed_pdf"]))
    assert_verified(result["signed_pdf"], tmp_path, [seal.certificate], 1)


def test_the_handwriting_font_is_embedded_once_for_stamps_and_certificate(tmp_path, seal):
    """A typed signature shows on its field and on the certificate: both draw it from one subset of the
    handwriting font (the two reportlab documents are primed alike and the certificate's identical
    subset is replaced by the stamps'), and the text still extracts."""
    signers = [{**SIGNERS[0], "signature": {"kind": "typed", "text": "Ada Lovelace"},
                "initials": {"kind": "typed", "text": "AL"}},
               {**SIGNERS[1], "signature": {"kind": "typed", "text": "Zoë Müller"}}]
    fields = [FIELDS[0], field("signature", 2, (55, 80, 35, 8), signature={"kind": "typed", "text": "Zoë Müller"},
                              signer="s2", id="b"), field("initials", 3, (10, 10, 10, 4), signer="s1", id="i")]
    result = finalize(make_pdf(3, text=True), request=REQUEST, fields=fields, signers=signers, events=[],
                      level="ses", seal=seal)
    reader = PdfReader(io.BytesIO(result["signed_pdf"]))
    programs: dict[str, set] = {}  # font name -> the font programs embedded under it

    def collect(resources):
        for font in resources.get("/Font", {}).values():
            descriptor = font.get_object().get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor:
                programs.setdefault(str(descriptor["/FontName"]), set()).add(
                    descriptor.raw_get("/FontFile2").idnum)
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get_object().get("/Subtype") == "/Form":
                collect(xobject.get_object().get("/Resources", {}))

    for page in reader.pages:
        collect(page.get("/Resources", {}))
    assert programs and all(len(ids) == 1 for ids in programs.values()), programs
    pages = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "Zoë Müller" in pages[1] and "AL" in pages[2]
    assert "Ada Lovelace" in pages[3] and "Zoë Müller" in " ".join(pages[3:])
    assert_verified(result["signed_pdf"], tmp_path, [seal.certificate], 1)


def test_aes_one_signature_per_signer_then_the_seal(tmp_path, seal, ca):
    _, result = run("aes", seal, ca)
    blocks, statuses = assert_verified(result["signed_pdf"], tmp_path, [ca.certificate, seal.certificate], 3)
    assert "Signer Certificate Common Name: Ada Lovelace" in blocks[0]
    assert "Signer Certificate Common Name: Zoë Müller" in blocks[1]
    assert "Signer Certificate Common Name: esign seal" in blocks[2]
    issuers = [s.signing_cert.issuer.native["common_name"] for s in statuses]
    assert issuers == ["esign internal CA", "esign internal CA", "esign seal"]


def test_separate_certificate_is_sealed_on_its_own(tmp_path, seal, ca):
    original, result = run("aes", seal, ca, separate_certificate=True)
    assert len(PdfReader(io.BytesIO(result["signed_pdf"])).pages) == 3
    assert "Certificate of completion" not in text_of(result["signed_pdf"])
    assert_verified(result["signed_pdf"], tmp_path, [ca.certificate, seal.certificate], 3)
    assert_verified(result["certificate_pdf"], tmp_path, [seal.certificate], 1)
    assert result["stamped_sha256"] in text_of(result["certificate_pdf"])


def test_untrusted_seal_is_valid_but_not_trusted(seal):
    _, result = run("ses", seal)
    [status] = pyhanko_statuses(result["signed_pdf"], SealMaterial.generate().certificate)
    assert status.intact and status.valid and not status.trusted


def test_tampered_file_is_invalid(tmp_path, seal, ca):
    _, result = run("aes", seal, ca)
    signed = bytearray(result["signed_pdf"])
    position = signed.index(b"stream\n") + 20  # inside the first page's content, signed by all three
    signed[position] ^= 0xFF
    blocks = pdfsig(bytes(signed), tmp_path)
    assert len(blocks) == 3
    for block in blocks:
        assert "Signature is Valid" not in block, block
    for status in pyhanko_statuses(bytes(signed), ca.certificate, seal.certificate):
        assert not status.intact and not status.bottom_line


@pytest.mark.parametrize("level", ["qes", "simple", ""])
def test_other_levels_are_refused(seal, level):
    with pytest.raises(ValueError):
        run(level, seal)


def test_aes_needs_the_ca(seal):
    with pytest.raises(ValueError):
        run("aes", seal)


def test_pem_round_trip(seal, ca):
    again = SealMaterial.from_pem(*seal.to_pem())
    assert again.certificate == seal.certificate and again.to_pem() == seal.to_pem()
    assert InternalCA.from_pem(*ca.to_pem()).certificate == ca.certificate
    with pytest.raises(ValueError):
        SealMaterial.from_pem(seal.to_pem()[0], SealMaterial.generate().to_pem()[1])


def test_issued_certificate(ca):
    material = ca.issue("Zoë Müller", "zoe@example.test")
    leaf = material.certificate
    assert material.chain[1] == ca.certificate
    leaf.verify_directly_issued_by(ca.certificate)
    assert leaf.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == "Zoë Müller"
    san = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.RFC822Name) == ["zoe@example.test"]
    assert not leaf.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    # an issued chain round-trips through PEM too
    assert SealMaterial.from_pem(*material.to_pem()).chain == material.chain


def test_timestamped_seal(tmp_path, seal, tsa):
    url, tsa_cert, requests = tsa
    _, result = run("ses", seal, timestamp_url=url)
    assert requests and set(requests) == {"application/timestamp-query"}  # pyHanko asks twice: size, then sign
    _, [status] = assert_verified(result["signed_pdf"], tmp_path, [seal.certificate, tsa_cert], 1)
    timestamp = status.timestamp_validity
    assert timestamp is not None, "no signature timestamp token"
    assert timestamp.intact and timestamp.valid and timestamp.trusted
    assert abs(timestamp.timestamp - datetime.now(timezone.utc)) < timedelta(minutes=5)


def test_timestamp_server_down_fails_loudly(seal):
    with pytest.raises(Exception):  # noqa: B017 - whatever pyHanko raises for an unreachable TSA: not a sealed PDF
        seal_pdf(make_pdf(), seal, timestamp_url="http://127.0.0.1:9/tsa")


def test_each_signature_fills_the_space_reserved_for_it_and_embeds_its_chain_once(seal, ca):
    """pyHanko would reserve half as much again as a trial signature (kilobytes of zeros in every
    signature) and was given the signing certificate twice; an ECDSA value's length varies by a few
    bytes from one signing to the next, so the reservation must fit the longest."""
    pdf = make_pdf(1)
    for material in [seal] * 20 + [ca.issue("Ada Lovelace", "ada@example.test")] * 10:
        out = seal_pdf(pdf, material)
        reserved = bytes.fromhex(re.search(rb"/Contents <([0-9A-Fa-f]+)>", out).group(1).decode())
        signed = cms.ContentInfo.load(reserved)
        assert len(reserved) - len(signed.dump()) <= 8
        certs = [c.chosen.dump() for c in signed["content"]["certificates"]]
        assert sorted(certs) == sorted(c.public_bytes(serialization.Encoding.DER) for c in material.chain)


def test_each_signature_update_writes_only_its_field_and_signature(seal, ca):
    """The empty signature fields are made in the stamping pass, and a signer's update leaves the
    document's metadata to the seal's: a signer's update writes its field (now filled) and its
    signature, not the first page, the form, the catalogue, the Info dictionary or the XMP metadata
    again (1.7 KB a signature); the seal's update, the last, writes the metadata once."""
    _, result = run("aes", seal, ca)
    reader = PdfFileReader(io.BytesIO(result["signed_pdf"]), strict=False)
    xrefs = reader.xrefs
    assert xrefs.total_revisions == 4  # the stamped document, two signers, the seal
    first = reader.root["/Pages"]["/Kids"][0]
    names = [str(widget.get_object()["/T"]) for widget in first["/Annots"]]
    assert names == ["esign-signer-1", "esign-signer-2", "esign-seal"]

    def kinds(revision):
        out = []
        for ref in xrefs.explicit_refs_in_revision(revision):
            obj = reader.get_object(ref, revision=revision)
            out.append(str(obj.get("/Type") or obj.get("/FT")) if hasattr(obj, "get") else type(obj).__name__)
        return sorted(out)

    assert kinds(1) == ["/Annot", "/Catalog", "/Sig"]  # the first ECDSA signature declares ISO 32002
    assert kinds(2) == ["/Annot", "/Sig"]
    assert kinds(3) == ["/Annot", "/Catalog", "/Metadata", "/Sig", "None"]  # None: the Info dictionary
    pages = PdfReader(io.BytesIO(result["signed_pdf"])).pages
    stamps = [xobject.get_object() for page in pages for name, xobject in
              page["/Resources"].get("/XObject", {}).items() if name.startswith("/EsignStamp")]
    assert len(stamps) == 2 and len(pages) == 4  # three pages, the certificate
    for resources in [stamp["/Resources"] for stamp in stamps] + [page["/Resources"] for page in pages[3:]]:
        assert "/ProcSet" not in resources  # reportlab's, ignored by readers since PDF 1.4


def test_signature_fields_go_on_the_first_page_only_when_pages_share_their_annotations(tmp_path, seal, ca):
    """Pages may share one /Annots array: the signature fields are added to a copy on the first page,
    not to the array every page shows."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf(3, text=True))))
    link = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Square"),
        NameObject("/Rect"): RectangleObject((10, 10, 50, 50))}))
    shared = writer._add_object(ArrayObject([link]))
    for page in writer.pages:
        page[NameObject("/Annots")] = shared
    buf = io.BytesIO()
    writer.write(buf)
    result = finalize(buf.getvalue(), request=REQUEST, fields=FIELDS, signers=SIGNERS, events=[], level="aes",
                      seal=seal, ca=ca)
    assert_verified(result["signed_pdf"], tmp_path, [ca.certificate, seal.certificate], 3)
    pages = PdfReader(io.BytesIO(result["signed_pdf"])).pages
    assert [len(page["/Annots"]) for page in pages[:3]] == [4, 1, 1]

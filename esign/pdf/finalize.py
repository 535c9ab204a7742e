"""Turns a completed request into its signed PDF in one pypdf pass: the original is read once; the
stamps, the signatures page and the certificate of completion are added to the same writer, which
is written once; then one pyHanko signing step per signature (the seal last).

The stamped document's SHA-256 (printed on the certificate) is that of the writer's output before
the certificate pages are added: it is computed by serialising the writer into a hash, not by
writing and reading back a file. With `separate_certificate` the stamped document is the document
that is signed, and the certificate is a PDF of its own, sealed.
"""
from __future__ import annotations

import hashlib
import io
import json

from cryptography.hazmat.primitives.serialization import Encoding
from pypdf import PdfReader, PdfWriter

from esign.pdf.certificate import Integrity, audit_certificate
from esign.pdf.seal import (InternalCA, LongTerm, SealMaterial, embed_trail, seal_pdf, sign_pdf_for_signer,
                            signer_field)
from esign.pdf.stamp import append_pages, stamp_into

LEVELS = ("ses", "aes")


def prepare(original: bytes, *, request: dict, fields: list, signers: list, events: list, seal: SealMaterial,
            separate_certificate: bool = False, timestamp_url: str | None = None,
            audit_trail: bytes | None = None, long_term: LongTerm | None = None) -> dict:
    """Stamp the values, add the signatures page for signers whose signature no field shows, and
    make the certificate: `document` (with the certificate's pages unless `separate_certificate`)
    awaits its signatures and seal; `certificate_pdf` is the separately sealed certificate or None.
    `audit_trail` is embedded in both before any signature (esign.pdf.seal.embed_trail)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original)))
    page_count = len(writer.pages)
    placed = {f.get("signer_id") for f in fields if f["field_type"] == "signature" and f.get("signature")}
    unplaced = [s for s in signers if s.get("signature") and s.get("status", "signed") == "signed"
                and s["id"] not in placed]
    stamp_into(writer, fields, {s["id"]: s for s in signers}, request_id=request.get("id") or "",
               unplaced=unplaced)
    if separate_certificate:
        stamped = _write(writer)
        stamped_sha256 = hashlib.sha256(stamped).hexdigest()
    else:
        sink = _HashSink()
        writer.write_stream(sink)
        stamped_sha256 = sink.hash.hexdigest()
    integrity = Integrity(original_sha256=hashlib.sha256(original).hexdigest(), stamped_sha256=stamped_sha256,
                          seal_fingerprint=fingerprint(seal), page_count=page_count, signatures_page=bool(unplaced),
                          chain_head=json.loads(audit_trail)["head"] if audit_trail else None)
    certificate = audit_certificate(request, signers, events, integrity)
    if separate_certificate:
        document = stamped
        certificate_pdf = seal_pdf(_with_trail(certificate, audit_trail), seal, timestamp_url=timestamp_url,
                                   long_term=long_term)
    else:
        append_pages(writer, PdfReader(io.BytesIO(certificate)).pages)
        document, certificate_pdf = _write(writer), None
    document = _with_trail(document, audit_trail)
    return {"document": document, "certificate_pdf": certificate_pdf,
            "original_sha256": integrity.original_sha256, "stamped_sha256": stamped_sha256}


def finalize(original: bytes, *, request: dict, fields: list, signers: list, events: list, level: str,
             seal: SealMaterial, ca: InternalCA | None = None, separate_certificate: bool = False,
             timestamp_url: str | None = None, audit_trail: bytes | None = None,
             long_term: LongTerm | None = None) -> dict:
    """`ses`: the service seal only. `aes`: one signature per signer, with a certificate issued by
    `ca`, then the seal. The seal comes last so that it covers the whole file. `qes` goes through a
    remote-signing provider (esign.domain.finalization: `prepare`, the provider, `seal_pdf`)."""
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not handled here (expected one of {', '.join(LEVELS)})")
    if level == "aes" and ca is None:
        raise ValueError("aes needs the internal CA to issue the signers' certificates")

    prepared = prepare(original, request=request, fields=fields, signers=signers, events=events, seal=seal,
                       separate_certificate=separate_certificate, timestamp_url=timestamp_url,
                       audit_trail=audit_trail, long_term=long_term)
    document = prepared.pop("document")
    if level == "aes":
        for index, signer in enumerate(signers, start=1):
            material = ca.issue(signer["name"], signer["email"])
            document = sign_pdf_for_signer(document, material, signer["name"], signer_field(index),
                                           timestamp_url=timestamp_url, long_term=long_term)
    return {**prepared, "signed_pdf": seal_pdf(document, seal, timestamp_url=timestamp_url, long_term=long_term)}


def _with_trail(pdf: bytes, audit_trail: bytes | None) -> bytes:
    return pdf if audit_trail is None else embed_trail(pdf, audit_trail)


def fingerprint(seal: SealMaterial) -> str:
    """The SHA-256 of the seal certificate (DER), as `openssl x509 -fingerprint -sha256` computes it."""
    return hashlib.sha256(seal.certificate.public_bytes(Encoding.DER)).hexdigest()


def _write(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class _HashSink:
    """A write-only stream that keeps the SHA-256 of what is written, and the position pypdf needs
    for its cross-reference table."""

    def __init__(self):
        self.hash, self.position = hashlib.sha256(), 0

    def write(self, data: bytes) -> int:
        self.hash.update(data)
        self.position += len(data)
        return len(data)

    def tell(self) -> int:
        return self.position

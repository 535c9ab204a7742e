"""Turns a completed request into its signed PDF: stamp, audit certificate, PAdES signatures."""
from __future__ import annotations

import hashlib
import io

from pypdf import PdfReader, PdfWriter

from esign.pdf.certificate import audit_certificate
from esign.pdf.seal import (InternalCA, LongTerm, SealMaterial, embed_trail, seal_pdf, sign_pdf_for_signer,
                             signer_field)
from esign.pdf.stamp import stamp

LEVELS = ("ses", "aes")


def prepare(original: bytes, *, request: dict, fields: list, signers: list, events: list, seal: SealMaterial,
            separate_certificate: bool = False, timestamp_url: str | None = None,
            audit_trail: bytes | None = None, long_term: LongTerm | None = None) -> dict:
    """Stamp the values and make the audit certificate: `document` (the stamped pages, with the
    certificate appended unless `separate_certificate`) awaits its signatures and seal;
    `certificate_pdf` is the separately sealed certificate or None. `audit_trail` is embedded in both
    before any signature (esign.pdf.seal.embed_trail)."""
    stamped = stamp(original, fields, {s["id"]: s for s in signers})
    original_sha256 = hashlib.sha256(original).hexdigest()
    stamped_sha256 = hashlib.sha256(stamped).hexdigest()
    certificate = audit_certificate(request, signers, events, original_sha256, stamped_sha256)
    if separate_certificate:
        document = stamped
        certificate_pdf = seal_pdf(_with_trail(certificate, audit_trail), seal, timestamp_url=timestamp_url,
                                   long_term=long_term)
    else:
        document = _append(stamped, certificate)
        certificate_pdf = None
    document = _with_trail(document, audit_trail)
    return {"document": document, "certificate_pdf": certificate_pdf, "original_sha256": original_sha256,
            "stamped_sha256": stamped_sha256}


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


def _append(pdf: bytes, extra: bytes) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for page in PdfReader(io.BytesIO(extra)).pages:
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

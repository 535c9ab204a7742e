"""What a signed PDF proves about itself, in words (`esign verify`): its PAdES signatures (intact,
valid, what each covers, trusted when certificates to trust are given), who sealed it, and its
embedded audit trail (esign.audit_chain), every hash recomputed.

pyHanko's sync API runs its own event loop: call `check_pdf` from a worker thread in async code.
"""
from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.serialization import Encoding
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.validation import SignatureCoverageLevel, validate_pdf_signature, validate_pdf_timestamp
from pyhanko.sign.validation.errors import SignatureValidationError
from pyhanko_certvalidator import ValidationContext

from esign.audit_chain import TRAIL_FILE, check_trail
from esign.clock import readable
from esign.pdf.seal import SEAL_FIELD

@dataclass
class Report:
    """Findings in order, each `(ok, sentence)`; the audit trail found, if any."""

    findings: list[tuple[bool, str]] = field(default_factory=list)
    trail: dict | None = None

    def add(self, ok: bool, text: str) -> None:
        self.findings.append((ok, text))

    @property
    def ok(self) -> bool:
        return bool(self.findings) and all(ok for ok, _ in self.findings)

    def text(self) -> str:
        lines = [f"{'ok  ' if ok else 'FAIL'}  {text}" for ok, text in self.findings]
        lines.append("VERIFIED: every check passed." if self.ok else
                     f"NOT VERIFIED: {sum(not ok for ok, _ in self.findings)} check(s) failed.")
        return "\n".join(lines)


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def describe(cert: x509.Certificate) -> str:
    return f"{cert.subject.rfc4514_string()} (SHA-256 fingerprint {fingerprint(cert)})"


def check_pdf(pdf: bytes, trust: list[x509.Certificate] | None = None,
              seal: x509.Certificate | None = None) -> Report:
    """Check `pdf`. With `trust`, every signature must chain to one of those certificates; with `seal`
    (the deployment's seal certificate), the seal must be made with exactly that certificate."""
    report = Report()
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        signatures = reader.embedded_regular_signatures
        stamps = reader.embedded_timestamp_signatures
    except Exception as exc:  # noqa: BLE001 - any unreadable file is a finding, said in words
        report.add(False, f"the file cannot be read as a PDF ({exc})")
        return report
    if not signatures:
        report.add(False, "the PDF carries no signature")
        return report
    roots = [asn1_x509.Certificate.load(c.public_bytes(Encoding.DER)) for c in trust or []]
    for number, signature in enumerate(signatures, start=1):
        _check_signature(report, signature, roots, trust is not None, last=number == len(signatures))
    for stamp in stamps:
        _check_document_timestamp(report, stamp, roots, trust is not None)
    last = signatures[-1]
    if last.field_name != SEAL_FIELD:
        report.add(False, f"the last signature is {last.field_name!r}, not the esign seal ({SEAL_FIELD!r})")
    else:
        sealer = x509.load_der_x509_certificate(last.signer_cert.dump())
        if seal is None and trust is None:
            report.add(True, f"sealed by {describe(sealer)}; not compared with a deployment's seal "
                             "(give --config or --trust to check it)")
        elif seal is None:
            report.add(True, f"sealed by {describe(sealer)}, trusted as the certificates given say above; "
                             "not compared with one deployment's seal certificate (give --config for that)")
        elif sealer == seal:
            report.add(True, f"sealed by this deployment's seal: {describe(sealer)}")
        else:
            report.add(False, f"sealed by {describe(sealer)}, not by this deployment's seal {describe(seal)}")
    _check_trail(report, reader)
    return report


def _check_signature(report: Report, signature, roots: list, trusting: bool, *, last: bool) -> None:
    name = signature.field_name
    try:
        status = validate_pdf_signature(signature, ValidationContext(trust_roots=roots, allow_fetching=False))
    except (SignatureValidationError, ValueError) as exc:
        report.add(False, f"signature {name!r} cannot be validated ({exc})")
        return
    who = status.signing_cert.subject.human_friendly
    if status.intact and status.valid:
        report.add(True, f"signature {name!r} by {who} is intact and valid: the bytes it signs are unchanged")
    else:
        report.add(False, f"signature {name!r} by {who} is BROKEN: the bytes it signs were changed after signing")
    if last:
        if status.coverage == SignatureCoverageLevel.ENTIRE_FILE:
            report.add(True, f"signature {name!r} covers the whole file: nothing was added after it")
        elif status.docmdp_ok and status.modification_level == ModificationLevel.LTA_UPDATES:
            report.add(True, f"after signature {name!r} only validation data and document timestamps were added "
                             "(PAdES B-LT / B-LTA)")
        else:
            report.add(False, f"the file was changed after its last signature {name!r}: it does not cover the "
                              "whole file (bytes or an incremental update were added after it)")
    elif status.docmdp_ok is False or status.diff_result is None or isinstance(status.diff_result, Exception):
        report.add(False, f"the changes made after signature {name!r} are not only later signatures and form "
                          "filling: the document was modified after it was signed")
    else:
        report.add(True, f"after signature {name!r} only signatures were added")
    if trusting:
        if status.trusted:
            report.add(True, f"the certificate of signature {name!r} chains to a trusted certificate")
        else:
            report.add(False, f"the certificate of signature {name!r} ({who}) is not issued by a trusted certificate")
    stamp = status.timestamp_validity
    if stamp is not None:
        good = stamp.intact and stamp.valid and (stamp.trusted or not trusting)
        report.add(good, f"signature {name!r} has a timestamp of {readable(stamp.timestamp)} by "
                         f"{stamp.signing_cert.subject.human_friendly}" + ("" if good else " that does not verify"))


def _check_document_timestamp(report: Report, stamp, roots: list, trusting: bool) -> None:
    try:
        status = validate_pdf_timestamp(stamp, ValidationContext(trust_roots=roots, allow_fetching=False))
    except (SignatureValidationError, ValueError) as exc:
        report.add(False, f"document timestamp {stamp.field_name!r} cannot be validated ({exc})")
        return
    good = status.intact and status.valid and (status.trusted or not trusting)
    report.add(good, f"document timestamp {stamp.field_name!r} of {readable(status.timestamp)} by "
                     f"{status.signing_cert.subject.human_friendly} "
                     + ("verifies" if good else "does NOT verify") + " (PAdES B-LTA)")


def embedded_trail(reader: PdfFileReader) -> bytes | None:
    try:
        names = reader.root["/Names"]["/EmbeddedFiles"]["/Names"]
    except KeyError:
        return None
    items = [names[i] for i in range(len(names))]
    for key, spec in zip(items[::2], items[1::2]):
        if str(key) == TRAIL_FILE:
            return spec["/EF"]["/F"].data
    return None


def _check_trail(report: Report, reader: PdfFileReader) -> None:
    raw = embedded_trail(reader)
    if raw is None:
        report.add(False, f"the PDF carries no audit trail ({TRAIL_FILE})")
        return
    try:
        trail = json.loads(raw)
    except ValueError:
        report.add(False, f"the embedded {TRAIL_FILE} is not JSON")
        return
    report.trail = trail
    problems = check_trail(trail)
    for problem in problems:
        report.add(False, f"audit trail: {problem}")
    if not problems:
        report.add(True, f"the embedded audit trail of request {trail['signing_request_id']} holds "
                         f"{len(trail['events'])} events whose hashes all recompute and chain, head {trail['head']}")

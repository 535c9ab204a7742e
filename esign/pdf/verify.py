"""What a signed PDF proves about itself, in words (`esign verify`): its PAdES signatures (intact,
valid, what each covers, trusted when certificates to trust are given), who sealed it and whether
that is the seal whose fingerprint the certificate of completion prints, what was added after the
seal (pyHanko's difference analysis, and the pages, annotations and form values that differ from the
sealed revision: esign.pdf.revisions), and its embedded audit trail (esign.audit_chain), every hash recomputed.

Without certificates to trust or a deployment's seal, nothing shows who made the seal (anyone can
make a certificate named "esign seal"): such a report is never `verified`, at best intact with its
signer not checked.

A signature dictionary that cannot be checked at all (no /ByteRange, or one that is not 4 integers
fitting the file in order and leaving out exactly the signature value; no /Contents string; a value
that is no CMS signature) is not a finding but `MalformedSignature`, said in one line (`esign verify`
exits 2).

pyHanko's sync API runs its own event loop: call `check_pdf` from a worker thread in async code.
"""
from __future__ import annotations

import io
import json
import re
import unicodedata
from dataclasses import dataclass, field

from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.serialization import Encoding
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import DiffResult, ModificationLevel, SuspiciousModification
from pyhanko.sign.fields import enumerate_sig_fields
from pyhanko.sign.validation import SignatureCoverageLevel, validate_pdf_signature, validate_pdf_timestamp
from pyhanko.sign.validation.errors import SignatureValidationError
from pyhanko_certvalidator import ValidationContext
from pypdf import PdfReader

from esign import i18n
from esign.audit_chain import TRAIL_FILE, check_trail
from esign.clock import readable
from esign.pdf.certificate import FOOTER, SEAL_LABEL, TITLE
from esign.pdf.revisions import revision_changes
from esign.pdf.seal import SEAL_FIELD

UNCHECKED = "signer not checked"


def _fold(text: str) -> str:
    """Page text compared as characters, not glyphs (Arabic presentation forms are its letters)."""
    return unicodedata.normalize("NFKC", text)


def _footer(locale: str) -> tuple[str, ...]:
    """What every page of a certificate in `locale` prints (its footer without the request id), folded;
    for a right-to-left language its parts, each read back alone (the runs are drawn in visual order)."""
    gettext = i18n.translations(locale).gettext
    footer = _fold(gettext(FOOTER).split("{id}")[0].format(title=gettext(TITLE)))
    if i18n.direction(locale) == "rtl":
        return ("·", *(part.strip() for part in footer.split("·") if part.strip()))
    return (footer,)


def _seal_label(locale: str) -> tuple[str, bool]:
    """(the label of the seal's fingerprint in `locale`, folded; whether the language is right to left).
    Right to left, its table has the value before the label in the text, and the label is its
    right-to-left words only: a Latin run (SHA-256) comes back on either side of them."""
    label = _fold(i18n.translations(locale).gettext(SEAL_LABEL))
    if i18n.direction(locale) != "rtl":
        return label, False
    return " ".join(w for w in label.split() if any(unicodedata.bidirectional(c) in ("R", "AL") for c in w)), True


# how esign.pdf.certificate prints the seal's fingerprint (its "Integrity" table) and each page's footer,
# in each of its languages
SEAL_LABELS = tuple(dict.fromkeys(_seal_label(locale) for locale in i18n.LOCALES))
FOOTERS = tuple(dict.fromkeys(_footer(locale) for locale in i18n.LOCALES))
# the public verification page's URL the certificate prints (esign.pdf.certificate `_verification`)
VERIFICATION_URL = re.compile(r"https?://[^\s/]+(?:/[^\s]*)?/v/[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}")
MOST_CHANGES = 20  # changes named one by one after the seal; the rest are counted
LEVELS = {
    ModificationLevel.NONE: "no change",
    ModificationLevel.LTA_UPDATES: "only validation data and document timestamps",
    ModificationLevel.FORM_FILLING: "form filling and signatures",
    ModificationLevel.ANNOTATIONS: "annotations",
    ModificationLevel.OTHER: "changes outside what may follow a signature",
}


class MalformedSignature(ValueError):
    """A signature dictionary of the file cannot be checked at all; the message says which and why, in
    one line."""

    def __init__(self, message: str):
        message = " ".join(message.split())
        super().__init__(message if len(message) <= 300 else message[:299] + "…")


@dataclass
class Report:
    """Findings in order, each `(ok, sentence)`, ok None for a note that neither passes nor fails;
    the audit trail found, if any; whether who sealed it was checked (certificates to trust or the
    deployment's seal were given)."""

    findings: list[tuple[bool | None, str]] = field(default_factory=list)
    trail: dict | None = None
    signer_checked: bool = False
    verification_url: str | None = None  # printed on the sealed certificate of completion

    def add(self, ok: bool | None, text: str) -> None:
        self.findings.append((ok, text))

    @property
    def ok(self) -> bool:
        """Nothing failed (the file is intact); says nothing of who sealed it unless `signer_checked`."""
        return any(ok for ok, _ in self.findings) and all(ok is not False for ok, _ in self.findings)

    @property
    def verified(self) -> bool:
        return self.ok and self.signer_checked

    @property
    def verdict(self) -> str:
        """`esign verify`'s three verdicts (exit status 0, 1, 3): VERIFIED, NOT_VERIFIED (a check
        failed), SIGNER_NOT_CHECKED (intact, but nothing to check who sealed it against)."""
        return "VERIFIED" if self.verified else "SIGNER_NOT_CHECKED" if self.ok else "NOT_VERIFIED"

    def text(self) -> str:
        mark = {True: "ok  ", False: "FAIL", None: "note"}
        lines = [f"{mark[ok]}  {text}" for ok, text in self.findings]
        if not self.ok:
            lines.append(f"NOT VERIFIED: {sum(ok is False for ok, _ in self.findings)} check(s) failed.")
        elif not self.signer_checked:
            lines.append(f"NOT VERIFIED: the file is intact, but {UNCHECKED}: give --trust with the certificates "
                         "of the deployment that sealed it (`esign seal export`), or its --config.")
        else:
            lines.append("VERIFIED: every check passed.")
        return "\n".join(lines)


def fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def describe(cert: x509.Certificate) -> str:
    return f"{cert.subject.rfc4514_string()} (SHA-256 fingerprint {fingerprint(cert)})"


def check_pdf(pdf: bytes, trust: list[x509.Certificate] | None = None,
              seal: x509.Certificate | list[x509.Certificate] | None = None) -> Report:
    """Check `pdf`. With `trust`, every signature must chain to one of those certificates; with `seal`
    (the deployment's seal certificate, or its seal certificates current first, then those of earlier
    seals), the seal must be made with exactly one of them. Without either the report can be `ok`
    (intact) but not `verified`: the signer is not checked."""
    seals = [seal] if isinstance(seal, x509.Certificate) else seal or None
    report = Report(signer_checked=trust is not None or seals is not None)
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    except Exception as exc:  # noqa: BLE001 - any unreadable file is a finding, said in words
        report.add(False, f"the file cannot be read as a PDF ({exc})")
        return report
    _signature_dictionaries(pdf, reader)
    try:
        signatures = reader.embedded_regular_signatures
        stamps = reader.embedded_timestamp_signatures
    except Exception as exc:  # noqa: BLE001 - e.g. a /Contents that holds no CMS signature
        raise MalformedSignature(f"a signature cannot be read: {exc}") from exc
    if not signatures:
        report.add(False, "the PDF carries no signature")
        return report
    roots = [asn1_x509.Certificate.load(c.public_bytes(Encoding.DER)) for c in trust or []]
    for number, signature in enumerate(signatures, start=1):
        _check_signature(report, pdf, signature, roots, trust is not None, last=number == len(signatures))
    for stamp in stamps:
        _check_document_timestamp(report, stamp, roots, trust is not None)
    last = signatures[-1]
    if last.field_name != SEAL_FIELD:
        report.add(False, f"the last signature is {last.field_name!r}, not the esign seal ({SEAL_FIELD!r})")
    else:
        sealer = x509.load_der_x509_certificate(last.signer_cert.dump())
        if seals is None and trust is None:
            report.add(None, f"sealed by {describe(sealer)}; {UNCHECKED}: anyone can make a certificate of that name "
                             "(give --trust or --config to check it)")
        elif seals is None:
            report.add(True, f"sealed by {describe(sealer)}, trusted as the certificates given say above; "
                             "not compared with one deployment's seal certificate (give --config for that)")
        elif sealer == seals[0]:
            report.add(True, f"sealed by this deployment's seal: {describe(sealer)}")
        elif sealer in seals:
            report.add(True, f"sealed by an earlier seal of this deployment (before a seal rotation): {describe(sealer)}")
        else:
            report.add(False, f"sealed by {describe(sealer)}, not by this deployment's seal {describe(seals[0])}, nor by "
                              f"an earlier seal it lists ([signing] previous_seal_certificates: "
                              f"{len(seals) - 1}); a seal left out of that list is retired, and what it sealed fails")
        _check_printed_fingerprint(report, pdf, last, sealer)
    _check_trail(report, reader)
    return report


def _signature_dictionaries(pdf: bytes, reader: PdfFileReader) -> None:
    """Raise MalformedSignature for the first filled signature field whose value cannot be checked."""
    try:
        for name, value, _ in enumerate_sig_fields(reader, filled_status=True):
            problem = _malformed(pdf, value.get_object())
            if problem:
                raise MalformedSignature(f"the signature dictionary of {name!r} is malformed: {problem}")
    except MalformedSignature:
        raise
    except Exception as exc:  # noqa: BLE001 - a field tree pyHanko cannot walk
        raise MalformedSignature(f"the signature fields cannot be read: {exc}") from exc


def _shown(value) -> str:
    return "null" if isinstance(value, generic.NullObject) else f"{type(value).__name__} {str(value)[:40]!r}"


def _entry(node: generic.DictionaryObject, key: str):
    """`node[key]` resolved, null included (pyHanko's `node[key]` takes a null for no entry)."""
    value = node.raw_get(key)
    return value.get_object() if isinstance(value, generic.IndirectObject) else value


def _malformed(pdf: bytes, sig) -> str | None:
    """What makes the signature dictionary `sig` of `pdf` impossible to check, or None."""
    if not isinstance(sig, generic.DictionaryObject):
        return f"the field's value is {_shown(sig)}, not a dictionary"
    if "/ByteRange" not in sig:
        return "it has no /ByteRange"
    ranges = _entry(sig, "/ByteRange")
    if not isinstance(ranges, generic.ArrayObject) or len(ranges) != 4 or \
            not all(isinstance(n, int) and not isinstance(n, bool) for n in ranges):
        return f"/ByteRange is {_shown(ranges)}, not an array of 4 integers"
    start, first, second, length = (int(n) for n in ranges)
    if min(start, first, second, length) < 0 or start + first > second or second + length > len(pdf):
        return f"/ByteRange [{start} {first} {second} {length}] does not lie, in order, within the file's {len(pdf)} bytes"
    if "/Contents" not in sig:
        return "it has no /Contents"
    contents = _entry(sig, "/Contents")
    if not isinstance(contents, (generic.ByteStringObject, generic.TextStringObject)):
        return f"/Contents is {_shown(contents)}, not a string"
    if pdf[start + first:start + first + 1] != b"<" or pdf[second - 1:second] != b">":
        return "/ByteRange does not leave out exactly the signature value (/Contents)"
    return None


def _check_signature(report: Report, pdf: bytes, signature, roots: list, trusting: bool, *, last: bool) -> None:
    name = signature.field_name
    try:
        status = validate_pdf_signature(signature, ValidationContext(trust_roots=roots, allow_fetching=False))
    except (SignatureValidationError, ValueError) as exc:
        report.add(False, f"signature {name!r} cannot be validated ({exc})")
        return
    except Exception as exc:  # noqa: BLE001 - what pyHanko cannot read in it
        raise MalformedSignature(f"signature {name!r} cannot be read: {exc}") from exc
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
            for change in changes_after(pdf, signature, status.diff_result):
                report.add(False, f"added after signature {name!r}: {change}")
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


def _sealed_revision(pdf: bytes, signature) -> bytes:
    """The bytes `signature` signs, up to the end of its revision (its /ByteRange ends there)."""
    _, _, start, length = (int(n) for n in signature.byte_range)
    return pdf[:start + length]


def certificate_pages(pdf: bytes) -> list[tuple[int, str]]:
    """The certificate of completion's pages that end `pdf`, as (0-based page index, text) in order:
    the last pages whose text carries the certificate's footer (esign.pdf.certificate)."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = []
    for index in range(len(reader.pages) - 1, -1, -1):
        text = _fold(reader.pages[index].extract_text())
        if not any(all(part in text for part in footer) for footer in FOOTERS):
            break
        pages.insert(0, (index, text))
    return pages


def printed_fingerprint(text: str) -> str | None:
    """The seal's SHA-256 fingerprint (64 upper-case hex digits) printed beside its label (SEAL_LABELS, in
    any of the certificate's languages) in `text`: right after it, or in a right-to-left certificate,
    whose table's columns run from the right, the last one before it (its cell's explanation between)."""
    for label, right_to_left in SEAL_LABELS:
        at = text.find(label)
        if at < 0:
            continue
        if right_to_left:  # the last run before it (its last 64 digits: it may run on from the row before's "SHA-256")
            runs = re.findall(r"(?:[0-9A-Fa-f][\s:]*){64,}", text[:at])
            found = runs[-1] if runs else None
        else:
            after = re.match(r"[\s:]*((?:[0-9A-Fa-f][\s:]*){64})", text[at + len(label):])
            found = after.group(1) if after else None
        if found:
            return re.sub(r"[^0-9A-Fa-f]", "", found)[-64:].upper()
    return None


def _check_printed_fingerprint(report: Report, pdf: bytes, seal, sealer: x509.Certificate) -> None:
    try:
        pages = certificate_pages(_sealed_revision(pdf, seal))
    except Exception as exc:  # noqa: BLE001 - an unreadable page is a finding, said in words
        report.add(False, f"the pages of the sealed file cannot be read to find its certificate of completion ({exc})")
        return
    if not pages:
        report.add(None, "the sealed file has no certificate of completion pages (delivered separately?): the "
                         "seal's fingerprint was compared with none printed")
        return
    for index, text in pages:
        found = VERIFICATION_URL.search(text)
        if found:
            report.verification_url = found.group(0)
            report.add(None, f"the certificate of completion (page {index + 1}) gives its public verification page: "
                             f"{found.group(0)}")
            break
    mine = fingerprint(sealer).replace(":", "")
    for index, text in pages:
        printed = printed_fingerprint(text)
        if printed is None:
            continue
        if printed == mine:
            report.add(True, f"the seal's certificate is the one whose fingerprint the certificate of completion "
                             f"prints (page {index + 1})")
        else:
            report.add(False, f"the seal's certificate (SHA-256 {mine}) is NOT the one the certificate of completion "
                              f"prints on page {index + 1} ({printed}): the file was sealed again by someone else")
        return
    report.add(False, f"the certificate of completion (pages {pages[0][0] + 1}-{pages[-1][0] + 1}) prints no seal "
                      "fingerprint to compare the seal with")


def changes_after(pdf: bytes, signature, diff) -> list[str]:
    """What was added after `signature` (the seal), in words: pyHanko's difference analysis (`diff`, the
    validation status's `diff_result`), then the pages, annotations, form values and document-level
    entries of the file that differ from those of the revision it signs."""
    said = []
    if isinstance(diff, SuspiciousModification):
        reason = str(diff).splitlines()[0] if str(diff) else type(diff).__name__
        said.append(f"pyHanko's difference analysis finds changes that may not follow a signature ({reason[:300]})")
    elif isinstance(diff, DiffResult):
        said.append(f"pyHanko's difference analysis finds {LEVELS[diff.modification_level]}"
                    + (f" (form fields changed: {', '.join(sorted(diff.changed_form_fields))})"
                       if diff.changed_form_fields else ""))
    try:
        sealed = _sealed_revision(pdf, signature)
        found = revision_changes(sealed, pdf, {index for index, _ in certificate_pages(sealed)})
    except Exception as exc:  # noqa: BLE001 - a revision that cannot be read is said in words
        return [*said, f"the revisions before and after it cannot be compared ({exc})"]
    if not found:
        found = ["bytes that change no page, annotation, form value or document-level entry"]
    if len(found) > MOST_CHANGES:
        found = [*found[:MOST_CHANGES], f"and {len(found) - MOST_CHANGES} more changes"]
    return said + found


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

"""Turns a completed request into its signed PDF in one pypdf pass: the original is read once; the
stamps, the signatures page and the certificate of completion are added to the same writer, which
is written once; then one pyHanko signing step per signature (the seal last).

The audit trail (`audit-trail.json`) is attached in the same writer, right after the stamps, so that
every signature covers it. The stamped document's SHA-256 (printed on the certificate) is that of the
writer's output at that point (stamped, trail attached), before the certificate pages are added: it is
computed by serialising the writer into a hash, not by writing and reading back a file. With
`separate_certificate` the stamped document is the document that is signed, and the certificate is a
PDF of its own, with the trail attached too, sealed.
"""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence

from cryptography.hazmat.primitives.serialization import Encoding
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    RectangleObject,
    TextStringObject,
    create_string_object,
)

from esign.audit_chain import TRAIL_FILE
from esign.pdf.certificate import Integrity, audit_certificate
from esign.pdf.earlier import remove_earlier_signatures
from esign.pdf.merge import append_pages
from esign.pdf.seal import SEAL_FIELD, InternalCA, LongTerm, SealMaterial, seal_pdf, sign_pdf_for_signer, signer_field
from esign.pdf.stamp import handwritten, stamp_into

LEVELS = ("ses", "aes")

DISCLOSURE_FILE = "consent-disclosure.txt"  # the consent disclosure the signers agreed to


def prepare(original: bytes, *, request: dict, fields: list, signers: list, events: list, seal: SealMaterial,
            separate_certificate: bool = False, timestamp_url: str | None = None,
            audit_trail: bytes | None = None, long_term: LongTerm | None = None,
            signature_fields: Sequence[str] = (), active_content_removed: Sequence[str] = (),
            attachments: Sequence[dict] = ()) -> dict:
    """Stamp the values, add the signatures page for signers whose signature no field shows, and
    make the certificate: `document` (with the certificate's pages unless `separate_certificate`)
    awaits its signatures and seal, in the empty `signature_fields` made here (`add_signature_fields`;
    none for a remote QES provider, which makes its own); `certificate_pdf` is the separately sealed
    certificate or None. `audit_trail` is attached to both (`attach_trail`), so that every signature
    covers it. `active_content_removed`: what the upload check removed from `original` (the
    document's record), which the certificate names."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original)))
    earlier = remove_earlier_signatures(writer)
    page_count = len(writer.pages)
    placed = {f.get("signer_id") for f in fields if f["field_type"] == "signature" and f.get("signature")}
    unplaced = [s for s in signers if s.get("signature") and s.get("status", "signed") == "signed"
                and s["id"] not in placed]
    embedded: dict = {}  # TrueType subsets of the stamps, which the certificate's pages share when identical
    codes = stamp_into(writer, fields, {s["id"]: s for s in signers}, request_id=request.get("id") or "",
                       unplaced=unplaced, embedded=embedded)
    if audit_trail is not None:
        attach_trail(writer, audit_trail)
    disclosure = request.get("disclosure")  # the consent disclosure the signers agreed to: {version, text}
    attach_files(writer, [(attachment_name(i, a["name"]), a["data"], a["content_type"],
                           f"attached by {a['signer_name']} <{a['signer_email']}>, SHA-256 {a['sha256']}")
                          for i, a in enumerate(attachments, start=1)]
                 + ([(DISCLOSURE_FILE, disclosure["text"].encode(), "text/plain",
                      f"the consent disclosure the signers agreed to, version {disclosure['version']}")]
                    if disclosure else []))
    add_signature_fields(writer, signature_fields)
    if separate_certificate:
        stamped = _write(writer)
        stamped_sha256 = hashlib.sha256(stamped).hexdigest()
    else:
        sink = _HashSink()
        writer.write_stream(sink)
        stamped_sha256 = sink.hash.hexdigest()
    integrity = Integrity(original_sha256=hashlib.sha256(original).hexdigest(), stamped_sha256=stamped_sha256,
                          seal_fingerprint=fingerprint(seal), page_count=page_count, signatures_page=bool(unplaced),
                          chain_head=json.loads(audit_trail)["head"] if audit_trail else None,
                          earlier_signatures=earlier, active_content_removed=tuple(active_content_removed),
                          attachments=tuple({**{k: a[k] for k in ("name", "size", "sha256", "signer_name",
                                                                  "signer_email")},
                                             "embedded_as": attachment_name(i, a["name"])}
                                            for i, a in enumerate(attachments, start=1)),
                          disclosure_version=disclosure["version"] if disclosure else None,
                          disclosure_sha256=hashlib.sha256(disclosure["text"].encode()).hexdigest() if disclosure
                          else None)
    # the certificate's pages join the stamps' in one PDF: its subsets begin as theirs (one of each font)
    certificate = audit_certificate(request, signers, events, integrity, handwriting=handwritten(fields, signers),
                                    codes=None if separate_certificate else codes)
    if separate_certificate:
        document = stamped
        certificate_pdf = seal_pdf(with_trail(certificate, audit_trail), seal, timestamp_url=timestamp_url,
                                   long_term=long_term)
    else:
        append_pages(writer, PdfReader(io.BytesIO(certificate)).pages, embedded)
        document, certificate_pdf = _write(writer), None
    return {"document": document, "certificate_pdf": certificate_pdf,
            "original_sha256": integrity.original_sha256, "stamped_sha256": stamped_sha256}


def finalize(original: bytes, *, request: dict, fields: list, signers: list, events: list, level: str,
             seal: SealMaterial, ca: InternalCA | None = None, separate_certificate: bool = False,
             timestamp_url: str | None = None, audit_trail: bytes | None = None,
             long_term: LongTerm | None = None, active_content_removed: Sequence[str] = (),
             attachments: Sequence[dict] = ()) -> dict:
    """`ses`: the service seal only. `aes`: one signature per signer, with a certificate issued by
    `ca`, then the seal. The seal comes last so that it covers the whole file. `qes` goes through a
    remote-signing provider (esign.domain.finalization: `prepare`, the provider, `seal_pdf`)."""
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not handled here (expected one of {', '.join(LEVELS)})")
    if level == "aes" and ca is None:
        raise ValueError("aes needs the internal CA to issue the signers' certificates")

    signed = [s for s in signers if s.get("status", "signed") == "signed"]  # not who delegated their place
    names = [signer_field(index) for index in range(1, len(signed) + 1)] if level == "aes" else []
    prepared = prepare(original, request=request, fields=fields, signers=signers, events=events, seal=seal,
                       separate_certificate=separate_certificate, timestamp_url=timestamp_url,
                       audit_trail=audit_trail, long_term=long_term, signature_fields=[*names, SEAL_FIELD],
                       active_content_removed=active_content_removed, attachments=attachments)
    document = prepared.pop("document")
    if level == "aes":
        for index, signer in enumerate(signed, start=1):
            material = ca.issue(signer["name"], signer["email"])
            document = sign_pdf_for_signer(document, material, signer["name"], names[index - 1],
                                           timestamp_url=timestamp_url, long_term=long_term)
    return {**prepared, "signed_pdf": seal_pdf(document, seal, timestamp_url=timestamp_url, long_term=long_term)}


def add_signature_fields(writer: PdfWriter, names: Sequence[str]) -> None:
    """Empty, invisible signature fields named `names` on the first page (as pyHanko makes them), so
    that each signature's incremental update fills its field instead of rewriting the first page and
    the form to add it (about 0.4 KB a signature). The form is made append-only (/SigFlags 3), and
    its /NeedAppearances dropped, as pyHanko's first signature would."""
    if not names:
        return
    page = writer.pages[0]
    form = writer.root_object.get("/AcroForm")
    if form is None:
        form = writer.root_object[NameObject("/AcroForm")] = writer._add_object(DictionaryObject())
    form = form.get_object()
    form.pop("/NeedAppearances", None)
    form[NameObject("/SigFlags")] = NumberObject(3)
    if "/Fields" not in form:
        form[NameObject("/Fields")] = ArrayObject()
    annots = page.get("/Annots")
    annots = ArrayObject(annots.get_object() if annots is not None else ())  # a copy: pages may share one
    for name in names:
        widget = writer._add_object(DictionaryObject({
            NameObject("/FT"): NameObject("/Sig"), NameObject("/T"): create_string_object(name),
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Widget"),
            NameObject("/F"): NumberObject(132), NameObject("/Rect"): RectangleObject((0, 0, 0, 0)),
            NameObject("/P"): page.indirect_reference}))
        form["/Fields"].get_object().append(widget)
        annots.append(widget)
    page[NameObject("/Annots")] = annots


def attach_trail(writer: PdfWriter, trail: bytes) -> None:
    """Attach the audit trail (esign.audit_chain.trail_json) as the embedded file `audit-trail.json`
    (Flate-compressed). An attachment of the original already named `audit-trail.json` is replaced:
    only esign's trail may carry that name (`esign verify` reads the file of that name)."""
    attach_files(writer, [(TRAIL_FILE, trail, "application/json",
                           "esign audit trail: the signing request's events, hash-chained (check with `esign verify`)")])


def attachment_name(index: int, name: str) -> str:
    """The embedded-file name of a signer's attachment: numbered, so that two files named alike and
    esign's own `audit-trail.json` never collide."""
    return f"attachment-{index}-{name}"


def attach_files(writer: PdfWriter, files: Sequence[tuple[str, bytes, str, str]]) -> None:
    """Embed `files` ((name, data, content type, description), each Flate-compressed). The document's
    own attachments stay beside them (uploads strip them, but a document stored before may hold
    some), except any of the same name: its name tree of embedded files, nested (/Kids) or flat,
    becomes one flat node holding every entry sorted by name."""
    if not files:
        return
    names_given = {name for name, *_ in files}
    entries = [(key, value) for key, value in _name_tree_entries(writer) if str(key) not in names_given]
    for file_name, payload, content_type, description in files:
        data = DecodedStreamObject()
        data.set_data(payload)
        data[NameObject("/Type")] = NameObject("/EmbeddedFile")
        data[NameObject("/Subtype")] = NameObject("/" + content_type.replace("/", "#2F"))
        data[NameObject("/Params")] = DictionaryObject({NameObject("/Size"): NumberObject(len(payload))})
        name = create_string_object(file_name)
        spec = writer._add_object(DictionaryObject({
            NameObject("/Type"): NameObject("/Filespec"), NameObject("/F"): name, NameObject("/UF"): name,
            NameObject("/EF"): DictionaryObject({NameObject("/F"): writer._add_object(data.flate_encode())}),
            NameObject("/Desc"): create_string_object(description)}))
        entries.append((name, spec))
    entries.sort(key=lambda entry: _key_bytes(entry[0]))
    if "/Names" not in writer.root_object:
        writer.root_object[NameObject("/Names")] = writer._add_object(DictionaryObject())
    names = writer.root_object["/Names"].get_object()
    names[NameObject("/EmbeddedFiles")] = writer._add_object(DictionaryObject({
        NameObject("/Names"): ArrayObject(item for entry in entries for item in entry)}))


def _name_tree_entries(writer: PdfWriter) -> list[tuple]:
    """The (key, value) pairs of the document's name tree of embedded files, in tree order."""
    entries: list[tuple] = []

    def walk(node, depth=0):
        node = node.get_object()
        flat = node.get("/Names")
        if flat is not None:
            flat = flat.get_object()
            entries.extend((flat[i].get_object(), flat[i + 1]) for i in range(0, len(flat) - 1, 2))
        kids = node.get("/Kids")
        for kid in kids.get_object() if kids is not None and depth < 32 else ():
            walk(kid, depth + 1)

    names = writer.root_object.get("/Names")
    if names is not None and "/EmbeddedFiles" in names.get_object():
        walk(names.get_object()["/EmbeddedFiles"])
    return entries


def _key_bytes(key) -> bytes:
    """A name-tree key as the bytes the PDF sorts by (PDFDocEncoding or UTF-16BE with its mark)."""
    if isinstance(key, TextStringObject):
        return key.original_bytes
    return bytes(key) if isinstance(key, bytes) else str(key).encode()  # a key that is no string sorts by its text


def with_trail(pdf: bytes, audit_trail: bytes | None) -> bytes:
    """`pdf` rewritten with the trail attached (`attach_trail`); unchanged without a trail."""
    if audit_trail is None:
        return pdf
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    attach_trail(writer, audit_trail)
    return _write(writer)


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

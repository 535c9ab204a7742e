"""Turns a completed request into its signed PDF in one pypdf pass: the original is read once; the
stamps, the signatures page and the certificate of completion are added to the same writer, which
is written once; then one pyHanko signing step per signature (the seal last).

The audit trail (`audit-trail.json`) is attached in the same writer, right after the stamps, so that
every signature covers it. The stamped document's SHA-256 (printed on the certificate) is that of the
writer's output at that point (stamped, trail attached), before the certificate pages are added: it is
computed by serialising the writer into a hash, not by writing and reading back a file. With
`separate_certificate` the stamped document is the document that is signed, and the certificate is a
PDF of its own, with the trail attached too, sealed.

An envelope of several documents (`prepare_envelope`, `finalize_envelope`): every document is stamped
first (`stamp`: its own fields, the trail attached, hashed as above), then each gets its certificate
(`certify`), which lists every document with its original and stamped SHA-256; the signatures page
goes on the first document only. `combine` joins the stamped documents (as written before their
signature fields) into one PDF, attaches the trail once and adds the certificate, whose "combined"
SHA-256 is that of this file before the certificate's pages. Each is then signed as one document is.
"""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass

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

DISCLOSURE_FILE = "consent-disclosure.txt"  # the consent disclosure the signers agreed to, in English


@dataclass
class Stamped:
    """A document stamped (`stamp`), awaiting its certificate (`certify`): the writer, and what the
    certificate says of it."""

    writer: PdfWriter
    embedded: dict  # TrueType subsets of the stamps, which the certificate's pages share when identical
    codes: dict  # the stamps' font codes (esign.pdf.fonts.replay)
    fields: list
    page_count: int
    signatures_page: bool
    earlier: int  # earlier signatures removed (esign.pdf.earlier)
    original_sha256: str
    stamped_sha256: str
    stamped: bytes | None = None  # the stamped file itself (separate_certificate)
    plain: bytes | None = None  # the stamped file without signature fields (to join the combined PDF)
    active_content_removed: tuple = ()
    received_sha256: str | None = None  # of the upload as received, before it was normalised (esign.pdf.normalise)


def stamp(original: bytes, *, request: dict, fields: list, signers: list, audit_trail: bytes | None = None,
          signature_fields: Sequence[str] = (), attachments: Sequence[dict] = (),
          active_content_removed: Sequence[str] = (), separate_certificate: bool = False,
          signatures_page: bool = True, placed_fields: list | None = None, plain: bool = False,
          received_sha256: str | None = None) -> Stamped:
    """Stamp the values, add the signatures page (when `signatures_page`) for signers whose signature
    no field of `placed_fields` (default `fields`: an envelope passes all its fields) shows, attach the
    trail, the signers' files and the disclosure, add the empty `signature_fields`; hash the result,
    which is the stamped document the certificate names. `plain`: also keep the stamped file as it
    was before its signature fields were added (for the combined PDF of an envelope). `received_sha256`:
    the SHA-256 of the upload `original` was normalised from (the document's record), which the
    certificate prints too."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original)))
    earlier = remove_earlier_signatures(writer)
    page_count = len(writer.pages)
    placed = {f.get("signer_id") for f in (fields if placed_fields is None else placed_fields)
              if f["field_type"] == "signature" and f.get("signature")}
    unplaced = [s for s in signers if s.get("signature") and s.get("status", "signed") == "signed"
                and s["id"] not in placed] if signatures_page else []
    embedded: dict = {}
    codes = stamp_into(writer, fields, {s["id"]: s for s in signers}, request_id=request.get("id") or "",
                       locale=request.get("organization_locale"),
                       unplaced=unplaced, embedded=embedded)
    _attach(writer, request, audit_trail, attachments)
    plain_pdf = _write(writer) if plain else None
    add_signature_fields(writer, signature_fields)
    stamped = None
    if separate_certificate:
        stamped = _write(writer)
        stamped_sha256 = hashlib.sha256(stamped).hexdigest()
    else:
        stamped_sha256 = _hash(writer)
    return Stamped(writer=writer, embedded=embedded, codes=codes, fields=fields, page_count=page_count,
                   signatures_page=bool(unplaced), earlier=earlier,
                   original_sha256=hashlib.sha256(original).hexdigest(), stamped_sha256=stamped_sha256,
                   stamped=stamped, plain=plain_pdf, active_content_removed=tuple(active_content_removed),
                   received_sha256=received_sha256)


def _attach(writer: PdfWriter, request: dict, audit_trail: bytes | None, attachments: Sequence[dict]) -> None:
    """The trail, the signers' files and the consent disclosure in each language the signers read it
    in (`request["disclosure"]`: {version, texts: {locale: text}}), embedded."""
    if audit_trail is not None:
        attach_trail(writer, audit_trail)
    disclosure = request.get("disclosure")
    attach_files(writer, [(attachment_name(i, a["name"]), a["data"], a["content_type"],
                           f"attached by {a['signer_name']} <{a['signer_email']}>, SHA-256 {a['sha256']}")
                          for i, a in enumerate(attachments, start=1)]
                 + [(disclosure_file(locale), text.encode(), "text/plain",
                     f"the consent disclosure the signers agreed to, version {disclosure['version']}, "
                     f"in the language {locale}")
                    for locale, text in (disclosure["texts"].items() if disclosure else ())])


def disclosure_file(locale: str) -> str:
    """The embedded-file name of the consent disclosure in `locale`: `consent-disclosure.txt` in
    English, `consent-disclosure.de.txt` in German."""
    return DISCLOSURE_FILE if locale == "en" else DISCLOSURE_FILE.replace(".txt", f".{locale}.txt")


def _integrity(request: dict, seal: SealMaterial, audit_trail: bytes | None, attachments: Sequence[dict], *,
               original_sha256: str | None, stamped_sha256: str, page_count: int, signatures_page: bool,
               earlier: int, active_content_removed: Sequence[str], documents: Sequence[dict],
               received_sha256: str | None = None) -> Integrity:
    disclosure = request.get("disclosure")
    return Integrity(original_sha256=original_sha256, received_sha256=received_sha256, stamped_sha256=stamped_sha256,
                     seal_fingerprint=fingerprint(seal), page_count=page_count, signatures_page=signatures_page,
                     chain_head=json.loads(audit_trail)["head"] if audit_trail else None,
                     earlier_signatures=earlier, active_content_removed=tuple(active_content_removed),
                     attachments=tuple({**{k: a[k] for k in ("name", "size", "sha256", "signer_name",
                                                             "signer_email")},
                                        "embedded_as": attachment_name(i, a["name"])}
                                       for i, a in enumerate(attachments, start=1)),
                     disclosure_version=disclosure["version"] if disclosure else None,
                     disclosures=tuple({"locale": locale, "file": disclosure_file(locale),
                                        "sha256": hashlib.sha256(text.encode()).hexdigest()}
                                       for locale, text in (disclosure["texts"].items() if disclosure else ())),
                     documents=tuple(documents))


def certify(stamped: Stamped, *, request: dict, signers: list, events: list, seal: SealMaterial,
            separate_certificate: bool = False, timestamp_url: str | None = None,
            audit_trail: bytes | None = None, long_term: LongTerm | None = None,
            attachments: Sequence[dict] = (), documents: Sequence[dict] = ()) -> dict:
    """Make the certificate of a `stamp`ed document: `document` (with the certificate's pages unless
    `separate_certificate`) awaits its signatures and seal; `certificate_pdf` is the separately sealed
    certificate or None. `documents`: every document of an envelope of several (name, pages,
    original_sha256, stamped_sha256), which the certificate lists."""
    integrity = _integrity(request, seal, audit_trail, attachments, original_sha256=stamped.original_sha256,
                           stamped_sha256=stamped.stamped_sha256, page_count=stamped.page_count,
                           signatures_page=stamped.signatures_page, earlier=stamped.earlier,
                           active_content_removed=stamped.active_content_removed, documents=documents,
                           received_sha256=stamped.received_sha256)
    # the certificate's pages join the stamps' in one PDF: its subsets begin as theirs (one of each font)
    certificate = audit_certificate(request, signers, events, integrity,
                                    handwriting=handwritten(stamped.fields, signers),
                                    codes=None if separate_certificate else stamped.codes)
    if separate_certificate:
        document = stamped.stamped
        certificate_pdf = seal_pdf(with_trail(certificate, audit_trail), seal, timestamp_url=timestamp_url,
                                   long_term=long_term)
    else:
        append_pages(stamped.writer, PdfReader(io.BytesIO(certificate)).pages, stamped.embedded)
        document, certificate_pdf = _write(stamped.writer), None
    return {"document": document, "certificate_pdf": certificate_pdf,
            "original_sha256": stamped.original_sha256, "stamped_sha256": stamped.stamped_sha256}


def prepare(original: bytes, *, request: dict, fields: list, signers: list, events: list, seal: SealMaterial,
            separate_certificate: bool = False, timestamp_url: str | None = None,
            audit_trail: bytes | None = None, long_term: LongTerm | None = None,
            signature_fields: Sequence[str] = (), active_content_removed: Sequence[str] = (),
            attachments: Sequence[dict] = ()) -> dict:
    """One document: `stamp` it, then `certify` it. `document` awaits its signatures and seal, in the
    empty `signature_fields` made here (`add_signature_fields`; none for a remote QES provider, which
    makes its own); `certificate_pdf` is the separately sealed certificate or None. `audit_trail` is
    attached to both (`attach_trail`), so that every signature covers it. `active_content_removed`:
    what the upload check removed from `original` (the document's record), which the certificate
    names."""
    stamped = stamp(original, request=request, fields=fields, signers=signers, audit_trail=audit_trail,
                    signature_fields=signature_fields, attachments=attachments,
                    active_content_removed=active_content_removed, separate_certificate=separate_certificate)
    return certify(stamped, request=request, signers=signers, events=events, seal=seal,
                   separate_certificate=separate_certificate, timestamp_url=timestamp_url, audit_trail=audit_trail,
                   long_term=long_term, attachments=attachments)


def prepare_envelope(parts: Sequence[dict], *, request: dict, signers: list, events: list, seal: SealMaterial,
                     separate_certificate: bool = False, timestamp_url: str | None = None,
                     audit_trail: bytes | None = None, long_term: LongTerm | None = None,
                     signature_fields: Sequence[str] = (), attachments: Sequence[dict] = ()) -> dict:
    """Every document of an envelope, each stamped with its own fields (`parts`: each `{document:
    {id, name, received_sha256}, original, fields, active_content_removed}`, in order), then each certified with a
    certificate listing every document (all are stamped first: the certificate prints every stamped
    SHA-256). The signatures page (for signers whose signature no field of any document shows) goes
    on the first document only. Returns `documents` (each `{id, document, original_sha256,
    stamped_sha256}`), `certificate_pdf` (separate_certificate: one, listing every document) and
    `combined` (several documents: one PDF of every stamped document in order, with the certificate,
    awaiting its signatures and seal; None for one document)."""
    several = len(parts) > 1
    every_field = [f for part in parts for f in part["fields"]]
    stamped = [stamp(part["original"], request=request, fields=part["fields"], signers=signers,
                     audit_trail=audit_trail, signature_fields=signature_fields, attachments=attachments,
                     active_content_removed=part.get("active_content_removed", ()),
                     separate_certificate=separate_certificate, signatures_page=index == 0,
                     placed_fields=every_field if several else None, plain=several,
                     received_sha256=part["document"].get("received_sha256"))
               for index, part in enumerate(parts)]
    listing = [{"name": part["document"]["name"], "page_count": s.page_count, "signatures_page": s.signatures_page,
                "received_sha256": s.received_sha256, "original_sha256": s.original_sha256,
                "stamped_sha256": s.stamped_sha256}
               for part, s in zip(parts, stamped)] if several else []
    out, certificate_pdf = [], None
    for index, (part, s) in enumerate(zip(parts, stamped)):
        if separate_certificate and index:  # the one separate certificate is made with the first document
            document = s.stamped
        else:
            made = certify(s, request={**request, "document_name": part["document"]["name"]}, signers=signers,
                           events=events, seal=seal, separate_certificate=separate_certificate,
                           timestamp_url=timestamp_url, audit_trail=audit_trail, long_term=long_term,
                           attachments=attachments, documents=listing)
            document, certificate_pdf = made["document"], certificate_pdf or made["certificate_pdf"]
        out.append({"id": part["document"]["id"], "document": document,
                    "original_sha256": s.original_sha256, "stamped_sha256": s.stamped_sha256})
    combined = combine(stamped, request=request, signers=signers, events=events, seal=seal, audit_trail=audit_trail,
                       attachments=attachments, signature_fields=signature_fields,
                       documents=listing) if several else None
    return {"documents": out, "certificate_pdf": certificate_pdf, "combined": combined}


def combine(stamped: Sequence[Stamped], *, request: dict, signers: list, events: list, seal: SealMaterial,
            audit_trail: bytes | None = None, attachments: Sequence[dict] = (), signature_fields: Sequence[str] = (),
            documents: Sequence[dict] = ()) -> bytes:
    """One PDF of the stamped documents (their `plain` files) in order, the trail, the signers' files
    and the disclosure attached, then the certificate listing every document (its stamped SHA-256
    that of this file before the certificate's pages); it awaits its signatures and seal in the empty
    `signature_fields`."""
    writer = PdfWriter()
    for s in stamped:
        writer.append(PdfReader(io.BytesIO(s.plain)), import_outline=False)
    _attach(writer, request, audit_trail, attachments)
    add_signature_fields(writer, signature_fields)
    integrity = _integrity(request, seal, audit_trail, attachments, original_sha256=None,
                           stamped_sha256=_hash(writer), page_count=len(writer.pages), signatures_page=False,
                           earlier=sum(s.earlier for s in stamped), active_content_removed=sorted(
                               {kind for s in stamped for kind in s.active_content_removed}), documents=documents)
    certificate = audit_certificate(request, signers, events, integrity,  # it names every document (`documents`)
                                    handwriting=handwritten([f for s in stamped for f in s.fields], signers))
    append_pages(writer, PdfReader(io.BytesIO(certificate)).pages, {})
    return _write(writer)


def apply_signatures(document: bytes, *, level: str, signers: list, seal: SealMaterial,
                     materials: Sequence[SealMaterial] = (), timestamp_url: str | None = None,
                     long_term: LongTerm | None = None) -> bytes:
    """`aes`: one signature per signed signer (`signers`, with `materials` their certificates, in the
    fields `signer_field(1..)`), then the seal; `ses`: the seal only. The seal comes last so that it
    covers the whole file."""
    if level == "aes":
        for index, (signer, material) in enumerate(zip(signers, materials), start=1):
            document = sign_pdf_for_signer(document, material, signer["name"], signer_field(index),
                                           timestamp_url=timestamp_url, long_term=long_term)
    return seal_pdf(document, seal, timestamp_url=timestamp_url, long_term=long_term)


def finalize_envelope(parts: Sequence[dict], *, request: dict, signers: list, events: list, level: str,
                      seal: SealMaterial, ca: InternalCA | None = None, separate_certificate: bool = False,
                      timestamp_url: str | None = None, audit_trail: bytes | None = None,
                      long_term: LongTerm | None = None, attachments: Sequence[dict] = ()) -> dict:
    """`prepare_envelope`, then each document (and the combined PDF) signed as `finalize` signs one:
    `documents` (each `{id, signed_pdf, original_sha256, stamped_sha256}`), `certificate_pdf`,
    `combined_pdf` (None for one document). Each AES signer's certificate is issued once and signs
    every document."""
    _check_level(level, ca)
    signed = [s for s in signers if s.get("status", "signed") == "signed"]  # not who delegated their place
    names = [signer_field(index) for index in range(1, len(signed) + 1)] if level == "aes" else []
    prepared = prepare_envelope(parts, request=request, signers=signers, events=events, seal=seal,
                                separate_certificate=separate_certificate, timestamp_url=timestamp_url,
                                audit_trail=audit_trail, long_term=long_term, signature_fields=[*names, SEAL_FIELD],
                                attachments=attachments)
    materials = [ca.issue(s["name"], s["email"]) for s in signed] if level == "aes" else []

    def sign(document: bytes) -> bytes:
        return apply_signatures(document, level=level, signers=signed, seal=seal, materials=materials,
                                timestamp_url=timestamp_url, long_term=long_term)

    return {"documents": [{"id": d["id"], "signed_pdf": sign(d["document"]), "original_sha256": d["original_sha256"],
                           "stamped_sha256": d["stamped_sha256"]} for d in prepared["documents"]],
            "certificate_pdf": prepared["certificate_pdf"],
            "combined_pdf": sign(prepared["combined"]) if prepared["combined"] else None}


def finalize(original: bytes, *, request: dict, fields: list, signers: list, events: list, level: str,
             seal: SealMaterial, ca: InternalCA | None = None, separate_certificate: bool = False,
             timestamp_url: str | None = None, audit_trail: bytes | None = None,
             long_term: LongTerm | None = None, active_content_removed: Sequence[str] = (),
             attachments: Sequence[dict] = ()) -> dict:
    """`ses`: the service seal only. `aes`: one signature per signer, with a certificate issued by
    `ca`, then the seal. The seal comes last so that it covers the whole file. `qes` goes through a
    remote-signing provider (esign.domain.evidence.finalization: `prepare`, the provider, `seal_pdf`)."""
    _check_level(level, ca)
    signed = [s for s in signers if s.get("status", "signed") == "signed"]  # not who delegated their place
    names = [signer_field(index) for index in range(1, len(signed) + 1)] if level == "aes" else []
    prepared = prepare(original, request=request, fields=fields, signers=signers, events=events, seal=seal,
                       separate_certificate=separate_certificate, timestamp_url=timestamp_url,
                       audit_trail=audit_trail, long_term=long_term, signature_fields=[*names, SEAL_FIELD],
                       active_content_removed=active_content_removed, attachments=attachments)
    document = prepared.pop("document")
    materials = [ca.issue(s["name"], s["email"]) for s in signed] if level == "aes" else []
    return {**prepared, "signed_pdf": apply_signatures(document, level=level, signers=signed, seal=seal,
                                                       materials=materials, timestamp_url=timestamp_url,
                                                       long_term=long_term)}


def _check_level(level: str, ca: InternalCA | None) -> None:
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not handled here (expected one of {', '.join(LEVELS)})")
    if level == "aes" and ca is None:
        raise ValueError("aes needs the internal CA to issue the signers' certificates")


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


def _hash(writer: PdfWriter) -> str:
    """The SHA-256 of what the writer would write now, without keeping the file."""
    sink = _HashSink()
    writer.write_stream(sink)
    return sink.hash.hexdigest()


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

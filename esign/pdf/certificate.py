"""The certificate of completion: who sent what, who signed it, how each signer was verified and
adopted their signature, when and from where, the full audit trail oldest first, and what makes the
file checkable (the hashes of the original and of the stamped document, the seal certificate's
fingerprint, the audit chain head).

Written in the organisation's locale (`organization_locale`: its `default_locale`, else English;
the catalogs of esign/i18n), times formatted for it with Babel and naming their zone (UTC); every
event type reads as words (LABELS); emails and codes are sent by the service, not by their recipient,
and what the API triggered is the API key owner's (`actor`): these words are
esign.pdf.certificate_words, this module lays them out. Initials are listed only for a signer who had
an initials field; the consent disclosure's version is printed, and for each language the signers read
it in, the file its text is embedded as (`consent-disclosure.txt` for English,
`consent-disclosure.<lang>.txt` else, esign.pdf.finalize) and the SHA-256 of that text. Every sentence
comes from the catalogs (counts with ngettext), lists are joined as the locale joins them. Tables keep
at least WIDOW rows together at the top of a page, and each signer's block stays on one page.
"""
from __future__ import annotations

import datetime as dt
import io
import unicodedata
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Image, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from esign import i18n, qr
from esign.audit_chain import TRAIL_FILE
from esign.i18n import N_
from esign.pdf import active, fonts
from esign.pdf.certificate_words import (
    LOCALE,
    _,
    actor,
    event_text,
    ip_address_text,
    isolate,
    join_list,
    language_name,
    mailbox,
    ngettext,
    number_text,
    pgettext,
    role_line,
    say,
    sentences,
    signing_methods,
    time_text,
)
from esign.pdf.stamp import draw_mark, draw_signature, reference_id

TITLE = N_("Certificate of completion")
SEAL_LABEL = N_("Seal certificate SHA-256")  # its row, which `esign verify` reads (esign.pdf.verify)
VERIFICATION_LABEL = N_("Verification page")  # its row, whose URL `esign verify` prints (esign.pdf.verify)
FOOTER = N_("{title} · request {id}")  # on every page, which `esign verify` looks for (esign.pdf.verify)
OPENSSL_FINGERPRINT = "openssl x509 -noout -fingerprint -sha256"  # the command the seal's row names
WIDOW = 3  # the fewest rows of a table that may stand at the top or bottom of a page
MARGIN = 18 * mm
_PAGE_HEIGHT = A4[1] - 2 * MARGIN - 12  # what a page's frame holds (reportlab pads it by 6 pt)
# the direction of each line of a right-to-left paragraph, as `dir="rtl"` makes a page's: an Arabic
# sentence (or a line of one) may begin with Latin ("SHA-256 …:"), which would otherwise make it left to
# right, its colon last (esign.pdf.fonts.visual drops the mark once the line is ordered)
RLM = "\u200f"
_GRID = TableStyle([
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.lightgrey),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
])


@dataclass
class Integrity:
    """What the certificate prints to make the file checkable (hex SHA-256 values)."""

    original_sha256: str | None  # None for the combined PDF of an envelope (its documents list theirs)
    stamped_sha256: str
    # of the upload as received, which original_sha256's file was normalised from (esign.pdf.normalise);
    # None for a document uploaded before uploads were normalised (its original is the upload)
    received_sha256: str | None = None
    seal_fingerprint: str | None = None
    page_count: int | None = None
    signatures_page: bool = False
    chain_head: str | None = None  # the head of the embedded audit trail (esign.audit_chain)
    earlier_signatures: int = 0  # of the upload, removed from the signed file (esign.pdf.earlier)
    active_content_removed: tuple = ()  # kinds removed at upload (esign.pdf.active.KINDS)
    attachments: tuple = ()  # the signers' files embedded: name, size, sha256, signer_name, signer_email, embedded_as
    disclosure_version: str | None = None  # of the consent disclosure embedded
    # each language of the disclosure the signers read, in order: locale, file (its embedded name),
    # sha256 (of its text, UTF-8)
    disclosures: tuple = ()
    # every document of an envelope of several, in order: name, page_count, signatures_page,
    # received_sha256 (or None), original_sha256, stamped_sha256 (none for a one-document request)
    documents: tuple = ()


def audit_certificate(request: dict, signers: list[dict], events: list[dict], integrity: Integrity,
                      handwriting=(), codes: dict | None = None) -> bytes:
    """`request` carries `owner_name`, `owner_email` and `organization_name` (its display name, as emails
    name it); times are datetimes;
    each signer's `signature` and `initials` are marks as esign.pdf.stamp draws them; `events` in
    any order (printed oldest first). The handwriting font is primed with the texts `handwriting`
    (esign.pdf.fonts.prime), as the stamps' is, after the stamps' `codes` (esign.pdf.fonts.replay), so
    that one subset of each font serves both."""
    token = LOCALE.set(i18n.negotiate(request.get("organization_locale")))
    try:
        return _certificate(request, signers, events, integrity, handwriting, codes)
    finally:
        LOCALE.reset(token)  # the language of this certificate only


def _certificate(request: dict, signers: list[dict], events: list[dict], integrity: Integrity, handwriting,
                 codes: dict | None) -> bytes:
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, title=_(TITLE), author="esign", leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN)
    width = doc.width
    events = sorted(events, key=lambda e: (e.get("created_at") or dt.datetime.min, e.get("seq") or 0))
    story = [_p(_(TITLE), 18, fonts.BOLD), Spacer(1, 6 * mm)]
    story.append(_table(_summary(request, integrity), width))
    if integrity.documents:
        story += [_heading(_("Documents of this envelope")), _table(_documents(integrity.documents), width)]
    story += [_heading(_("Integrity")), _table(_integrity(integrity, events), width)]
    story += _verification(request, width)
    for index, signer in enumerate(signers, start=1):
        story.append(KeepTogether([_heading(say(_("Signer {number}: {name}"), number=number_text(index),
                                                                            name=signer.get("name") or "")),
                                   _table(_signer_rows(request, signer, width), width)]))
    if integrity.attachments:
        story.append(_heading(_("Attachments (embedded in this PDF)")))
        story.append(_table([(a["embedded_as"], [
            _p(say(_("Attached by {name} <{email}>: {file}, {size} bytes"),
                name=a["signer_name"], email=a["signer_email"], file=a["name"], size=number_text(a["size"])), 8),
            _p(f"SHA-256 {a['sha256']}", 8, fonts.MONO)]) for a in integrity.attachments], width))
    if events:
        story.append(_heading(_("Audit trail (oldest first, times in UTC)")))
        rows = [[_p(_(h), 8, fonts.BOLD) for h in (N_("Time"), N_("Event"), N_("By"), N_("IP address"))]]
        rows += [[_p(time_text(e.get("created_at")), 8), _p(event_text(e), 8), _p(actor(request, e), 8),
                  _p(ip_address_text(e), 8)] for e in events]
        story.append(_grid(rows, [0.27 * width, 0.35 * width, 0.22 * width, 0.16 * width], repeat=1))

    footer = say(_(FOOTER), title=_(TITLE), id=request.get("id") or "")

    def on_page(canvas, document):
        if document.page == 1:  # before anything is drawn
            fonts.replay(canvas._doc, codes or {})
            fonts.prime(canvas._doc, fonts.HANDWRITING, handwriting)
        line = _p(say(_("{footer} · page {number}"), footer=footer, number=number_text(document.page)), 7)
        line.wrap(width, 10 * mm)
        line.drawOn(canvas, doc.leftMargin, 10 * mm)

    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buf.getvalue()


def _summary(request: dict, integrity: Integrity) -> list:
    owner = request.get("owner_name") or ""
    if request.get("owner_email"):
        owner = mailbox(owner, request["owner_email"])
    pages = integrity.page_count
    if pages is not None and integrity.signatures_page:
        pages = say(_("{count}, followed by a signatures page"), count=number_text(pages))
    elif pages is not None:
        pages = number_text(pages)
    document = request.get("document_name")
    if integrity.original_sha256 is None and integrity.documents:  # the combined PDF of an envelope
        count = len(integrity.documents)
        document = say(ngettext("{count} document: {names}", "{count} documents: {names}", count),
                       count=number_text(count), names=join_list([isolate(d["name"]) for d in integrity.documents]))
    return [
        (pgettext("certificate", "Document"), document),  # the document, not an identity document
        (_("Pages"), pages),
        (_("Request ID"), request.get("id")),
        (_("Sender"), owner or None),
        (_("Organisation"), request.get("organization_name")),
        (_("Created"), time_text(request.get("created_at")) or "—"),
        (_("Completed"), time_text(request.get("completed_at")) or "—"),
        (_("Signature level"), (request.get("signing_level") or "").upper() or None),
        (_("Consent disclosure"), _disclosure(integrity)),
        (_("Started from"), _public_link(request)),
    ]


def _public_link(request: dict) -> str | None:
    """How a request made for a public link's visitor began (docs/public-links.md), in plain words:
    the link, and whether the visitor proved their email address with a code. None otherwise."""
    link = request.get("public_link")
    if request.get("source") != "public_link" or not link:
        return None
    proof = (_("The signer proved their email address with a code sent to it before the request was made.")
             if link.get("email_proven") else
             _("The signer proved a phone number with a code sent to it by text message before the request was "
               "made; their email address was not proven.") if link.get("phone_proven") else
             _("The signer's email address was not proven with a code: the link did not ask for one."))
    return say(_("The signer opened the public link {name} and made this request themselves."),
               name=link.get("name") or "") + " " + proof


def _disclosure(integrity: Integrity) -> list | None:
    """The version of the consent disclosure the signers agreed to and, for each language they read it
    in, the file it is attached as and the SHA-256 of its text."""
    if not integrity.disclosure_version:
        return None
    out = [_p(say(_("Version {version}. Its text is attached in each language the signers read it in:"),
        version=integrity.disclosure_version), 8)]
    for d in integrity.disclosures:
        out += [_p(say(_("{language}: {file}"), language=language_name(d["locale"]), file=d["file"]), 8),
                _p(f"SHA-256 {d['sha256']}", 8, fonts.MONO)]
    return out


def _documents(documents) -> list:
    """Each document of the envelope, in order: its pages and the SHA-256 of the upload as received (when
    it was normalised), of its original and of its stamped file (each signed as a PDF of its own, with
    this certificate)."""
    rows = []
    for number, d in enumerate(documents, start=1):
        count = d["page_count"]
        if d.get("signatures_page"):
            pages = ngettext("{count} page, followed by a signatures page",
                             "{count} pages, followed by a signatures page", count)
        else:
            pages = ngettext("{count} page", "{count} pages", count)
        received = [_p(_("Uploaded file SHA-256 (as the sender uploaded it, byte for byte):"), 7),
                    _p(d["received_sha256"], 8, fonts.MONO)] if d.get("received_sha256") else []
        rows.append((say(_("{number}. {name}"), number=number_text(number), name=d["name"]), [
            _p(say(pages, count=number_text(count)), 8), *received,
            _p(_("Original document SHA-256 (as the sender's upload was accepted):"), 7),
            _p(d["original_sha256"], 8, fonts.MONO),
            _p(_("Stamped document SHA-256 (before the certificate, the signatures and the seal):"), 7),
            _p(d["stamped_sha256"], 8, fonts.MONO)]))
    return rows


def _integrity(integrity: Integrity, events: list[dict]) -> list:
    removed = [_(active.LABELS.get(kind, kind)) for kind in integrity.active_content_removed]
    before = _("This is the file before this certificate, the digital signatures and the seal were added to it.")
    trail = [say(_("The audit trail is attached to it ({file})."), file=TRAIL_FILE)] if integrity.chain_head else []
    if integrity.original_sha256 is not None:
        stamped = [_("Of the PDF file written with every value and signature drawn on its pages.")]
        if integrity.signatures_page:
            stamped.append(_("The signatures page is appended to it."))
        as_uploaded = _("Of the PDF file as uploaded by the sender, byte for byte.")
        if integrity.received_sha256 is None:  # uploaded before uploads were normalised: the original is the upload
            rows = [(_("Original document SHA-256"), _hash(integrity.original_sha256, as_uploaded if not removed else _(
                "Of the PDF file as accepted: the sender's upload with its active content removed.")))]
        else:
            rows = [(_("Uploaded file SHA-256"), _hash(integrity.received_sha256, as_uploaded)),
                    (_("Original document SHA-256"), _hash(integrity.original_sha256, _(
                        "Of the PDF file as accepted: the sender's upload read and written again once, the file "
                        "its pages were shown to the signers from.") if not removed else _(
                        "Of the PDF file as accepted: the sender's upload read and written again once, without "
                        "its active content, the file its pages were shown to the signers from.")))]
        rows.append((_("Stamped document SHA-256"), _hash(integrity.stamped_sha256,
                                                           sentences([*stamped, *trail, before]))))
    else:
        rows = [(_("Combined document SHA-256"), _hash(integrity.stamped_sha256, sentences([
            _("Of this PDF file as written with every stamped document of the envelope in order."), *trail,
            before])))]
    if removed:
        rows.append((_("Active content removed"), _p(sentences([
            say(_("Removed from the document when it was uploaded, before anyone signed it: {kinds}."),
                kinds=join_list(removed)),
            _("It could run code, open files or programs, send data or carry files beside the pages; what was "
              "signed is the document without it.")]), 7)))
    if integrity.earlier_signatures:
        count = integrity.earlier_signatures
        kept = (ngettext("The original as uploaded, byte for byte, still carries it.",
                         "The original as uploaded, byte for byte, still carries them.", count) if not removed else
                ngettext("The sender's own copy of the upload still carries it.",
                         "The sender's own copy of the upload still carries them.", count))
        rows.append((_("Earlier signatures"), _p(sentences([say(ngettext(
            "The uploaded document carried {count} digital signature, not preserved: it was removed from this "
            "file, since the stamps change the file, which would make it invalid. What it showed on the pages "
            "is kept.",
            "The uploaded document carried {count} digital signatures, not preserved: they were removed from this "
            "file, since the stamps change the file, which would make them invalid. What they showed on the pages "
            "is kept.", count), count=number_text(count)), kept]), 7)))
    if integrity.seal_fingerprint:
        rows.append((_(SEAL_LABEL), _hash(integrity.seal_fingerprint, say(_(
            "Fingerprint of the service's seal certificate (DER), which signs this file last; {command} shows it "
            "with colons."), command=OPENSSL_FINGERPRINT))))
    if integrity.chain_head:
        rows.append((_("Audit chain head"), _hash(integrity.chain_head, say(_(
            "Hash of the request's last audit event when it was sealed (the head of the {file} file embedded in "
            "this PDF); each event carries the hash of the one before."), file=TRAIL_FILE))))
    return rows


def _verification(request: dict, width: float) -> list:
    """The public verification page of a completed request (`request["verification_id"]` and
    `verification_url`, esign.domain.evidence.verification): its id, its URL and a QR code of the URL,
    drawn with the rest of the certificate, so the seal covers them."""
    url, verification_id = request.get("verification_url"), request.get("verification_id")
    if not url or not verification_id:
        return []
    size = 32 * mm
    code = Image(io.BytesIO(qr.png(url)), width=size, height=size)
    return [KeepTogether([_heading(_("Verification")), _table([
        (_("Verification ID"), _p(verification_id, 9, fonts.MONO)),
        (_(VERIFICATION_LABEL), [_p(url, 8, fonts.MONO), _p(_(
            "Anyone holding this ID can check there that this document was completed and sealed, and whether "
            "a copy is unchanged (its SHA-256), without seeing names, email addresses or content."), 7)]),
        (_("QR code of the verification page"), code)], width)])]


def _hash(value: str, what: str) -> list:
    return [_p(value, 8, fonts.MONO), _p(what, 7)]


def _signer_rows(request: dict, signer: dict, width: float) -> list:
    rows = [
        (_("Email"), signer.get("email")),
        (_("Reference"), reference_id(request.get("id") or "", signer.get("id") or "")),
        (_("Verification"), ", ".join(signing_methods(signer))),
        (_("Sent"), time_text(signer.get("sent_at")) or "—"),
        (_("Viewed"), time_text(signer.get("viewed_at")) or "—"),
        (_("Signed"), time_text(signer.get("signed_at")) or "—"),
        (_("IP address"), signer.get("ip_address") or "—"),
        (_("User agent"), signer.get("user_agent") or "—"),
    ]
    if role := role_line(signer, request):  # a participant who does not sign (docs/roles.md)
        rows.append((_("Role"), role))
    by_id = {s.get("id"): s for s in request.get("signers") or ()}
    if signer.get("delegated_from") in by_id:
        earlier = by_id[signer["delegated_from"]]
        rows.append((_("Delegated by"), mailbox(earlier.get("name"), earlier.get("email"))))
    if signer.get("status") == "delegated":
        later = by_id.get(signer.get("delegated_to")) or {}
        rows[5] = (_("Signed"), _("— (delegated)"))
        rows.append((_("Delegated to"), say(_("{name} <{email}> on {time}; reason: {reason}"),
            name=later.get("name"), email=later.get("email"), time=time_text(signer.get("delegated_at")),
            reason=signer.get("delegation_reason"))))
    # initials only for a signer who had an initials field: without one, nothing was adopted as initials
    had_initials = any(f.get("field_type") == "initials" and f.get("signer_id") == signer.get("id")
                       for f in request.get("fields") or ())
    for label, key in ((N_("Signature"), "signature"), (N_("Initials"), "initials")):
        mark = signer.get(key)
        if mark and (key == "signature" or had_initials):
            framed = (signer.get("name") or "", rows[1][1]) if key == "signature" else None
            size = (min(70 * mm, 0.6 * width), 22 * mm) if framed else (30 * mm, 12 * mm)
            how = _("drawn by hand") if mark.get("kind") == "drawn" else _("typed, shown in a handwriting font")
            rows.append((_(label), [_Mark(mark, *size, framed), _p(say(_("Adopted: {how}"), how=how), 8)]))
    return rows


def _p(text, size: float, chain: list[str] | None = None) -> Flowable:
    """A paragraph whose characters each use a font that has them (Unicode names, CJK); in a certificate
    in a right-to-left language, one with right-to-left text is `_RightToLeft`."""
    text, chain = str(text), chain or fonts.TEXT
    return _RightToLeft(text, size, chain) if _right_to_left(text) else _paragraph([text], size, chain, _start())


def _rtl() -> bool:
    """A certificate in a right-to-left language (Arabic): laid out from the right."""
    return i18n.direction(LOCALE.get()) == "rtl"


def _start() -> int:
    """Where a line begins: the right in a right-to-left certificate, Latin lines too."""
    return TA_RIGHT if _rtl() else TA_LEFT


def _right_to_left(text: str) -> bool:
    """Right-to-left text in a certificate in a right-to-left language (Arabic)."""
    return _rtl() and any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def _paragraph(lines: list[str], size: float, chain: list[str], alignment: int = TA_LEFT) -> Paragraph:
    """`lines` (in logical order) as one paragraph, each put in visual order by esign.pdf.fonts."""
    runs = [fonts.runs(chain, line) for line in lines]
    markup = "<br/>".join("".join(f'<font name="{font}">{escape(part)}</font>' for font, part in line)
                          for line in runs)
    style = ParagraphStyle("p", fontName=runs[0][0][0], fontSize=size, leading=size * 1.3, alignment=alignment)
    return Paragraph(markup, style)


class _RightToLeft(Flowable):
    """A right-to-left paragraph, aligned right, broken into lines in logical order (its first words on
    its first line) before each line is put in visual order: reportlab, given the whole paragraph in
    visual order, would break it from the left, so that its last words came first."""

    def __init__(self, text: str, size: float, chain: list[str]):
        super().__init__()
        self.text, self.size, self.chain, self.paragraph = text, size, chain, None

    def _width(self, line: str) -> float:
        return sum(stringWidth(part, font, self.size) for font, part in fonts.runs(self.chain, RLM + line))

    def wrap(self, availWidth, availHeight):
        lines: list[str] = []
        for word in self.text.split():
            if lines and self._width(f"{lines[-1]} {word}") <= availWidth - 1:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        self.paragraph = _paragraph([RLM + line for line in _isolated(lines or [""])], self.size, self.chain, TA_RIGHT)
        return self.paragraph.wrap(availWidth, availHeight)

    def draw(self):
        self.paragraph.drawOn(self.canv, 0, 0)


def _isolated(lines: list[str]) -> list[str]:
    """The lines of a paragraph, each ordered on its own: an isolated value (esign.i18n.isolate) broken
    over two lines is closed at the end of the first and opened again at the start of the next, so that
    `-sha256` of an `openssl` command at the start of a line stays `-sha256`."""
    out, depth = [], 0
    for line in lines:
        opened = depth
        depth = max(0, depth + line.count(i18n.FSI) - line.count(i18n.PDI))
        out.append(i18n.FSI * opened + line + i18n.PDI * depth)
    return out


def _heading(text: str) -> Paragraph:
    heading = _paragraph([text], 12, fonts.BOLD, _start())
    heading.style.spaceBefore, heading.style.spaceAfter, heading.keepWithNext = 6 * mm, 2 * mm, True
    return heading


def _table(rows, width) -> Table:
    cells = [[_p(label, 9, fonts.BOLD), value if isinstance(value, (Flowable, list)) else _p(value, 9)]
             for label, value in rows if value is not None]
    return _grid(cells, [0.3 * width, 0.7 * width])


def _grid(rows: list[list], widths: list[float], repeat: int = 0) -> Table:
    """A table of `rows` (cells in reading order) whose columns are `widths` wide; in a right-to-left
    certificate its first column is on the right and its cells are aligned right."""
    if _rtl():
        rows, widths = [row[::-1] for row in rows], widths[::-1]
    table = _Trail(rows, colWidths=widths, repeatRows=repeat)
    table.setStyle(_GRID)
    if _rtl():
        table.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "RIGHT")]))
    return table


class _Trail(Table):
    """A table that never leaves fewer than WIDOW of its rows alone at the bottom or the top of a
    page: it moves whole or splits earlier."""

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        if len(parts) != 2:
            return parts
        body = len(self._cellvalues) - self.repeatRows
        first = len(parts[0]._cellvalues) - self.repeatRows
        if (body < 2 * WIDOW or first < WIDOW) and availHeight < 0.95 * _PAGE_HEIGHT:
            return []  # the whole table to the next page (unless it already has a page of its own)
        if body - first >= WIDOW or body < 2 * WIDOW:
            return parts
        keep = self.repeatRows + body - WIDOW
        return super().split(availWidth, sum(self._rowHeights[:keep]) + 0.01)


class _Mark(Flowable):
    """An adopted signature (framed as stamped) or initials, as they appear on the document."""

    def __init__(self, mark: dict, width: float, height: float, framed: tuple[str, str] | None):
        super().__init__()
        self.mark, self.width, self.height, self.framed = mark, width, height, framed

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def draw(self):
        if self.framed:
            draw_signature(self.canv, self.mark, self.width, self.height, *self.framed, LOCALE.get())
        else:
            draw_mark(self.canv, self.mark, self.width, self.height)

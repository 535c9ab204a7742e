"""The certificate of completion: who sent what, who signed it, how each signer was verified and
adopted their signature, when and from where, the full audit trail oldest first, and what makes the
file checkable (the hashes of the original and of the stamped document, the seal certificate's
fingerprint, the audit chain head).

Written in the organisation's locale (`organization_locale`: its `default_locale`, else English;
the catalogs of esign/i18n), times formatted for it with Babel and naming their zone (UTC); every
event type reads as words (LABELS); emails and codes are sent by the service, not by their recipient,
and what the API triggered is the API key owner's (`actor`). Initials are listed only for a signer
who had an initials field; the consent disclosure's version and the SHA-256 of its text are printed
(the text is embedded as `consent-disclosure.txt`, esign.pdf.finalize). Tables keep at least WIDOW rows together
at the top of a page, and each signer's block stays on one page.
"""
from __future__ import annotations

import contextvars
import datetime as dt
import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from esign import i18n
from esign.i18n import N_
from esign.pdf import active, fonts
from esign.pdf.stamp import draw_mark, draw_signature, reference_id

TITLE = N_("Certificate of completion")
SYSTEM = N_("esign (the service)")
WIDOW = 3  # the fewest rows of a table that may stand at the top or bottom of a page
MARGIN = 18 * mm
_PAGE_HEIGHT = A4[1] - 2 * MARGIN - 12  # what a page's frame holds (reportlab pads it by 6 pt)
LABELS = {
    "signing_request.created": N_("Request created"),
    "signing_request.sent": N_("Request sent for signing"),
    "signing_request.reminded": N_("Reminder sent"),
    "signing_request.cancelled": N_("Request cancelled"),
    "signing_request.expired": N_("Request expired"),
    "signing_request.completed": N_("Request completed: every signer signed"),
    "signing_event.reactivated": N_("Request reactivated"),
    "signing_event.email_failed": N_("Email could not be delivered"),
    "signing_event.email_bounced": N_("Email bounced"),
    "signing_event.sms_sent": N_("Text message with the signing link sent"),
    "signing_event.sms_failed": N_("Text message could not be delivered"),
    "signing_event.otp_sent": N_("Phone verification code sent"),
    "signing_event.otp_verified": N_("Phone number verified with the code"),
    "signing_event.otp_failed": N_("Wrong phone verification code entered"),
    "signing_event.consent_given": N_("Agreed to sign electronically"),
    "signing_event.downloaded": N_("Signed document downloaded"),
    "signer.viewed": N_("Document viewed"),
    "signer.signed": N_("Document signed"),
    "signer.declined": N_("Signing declined"),
    "signer.withdrawn": N_("Signer withdrawn"),
    "signer.reviewed": N_("Identity check reviewed"),
    "signer.delegated": N_("Signing delegated"),
    "signing_request.signer_replaced": N_("Signer replaced"),
    "signing_event.attachment_added": N_("File attached"),
    "document.signed": N_("Signed PDF produced"),
}
EMAIL_LABELS = {"invitation": N_("Invitation email sent"), "reminder": N_("Reminder email sent"),
                "completed": N_("Completion email sent"), "cancellation": N_("Cancellation email sent")}
# who acts: the service sends emails and codes and moves the request on; the sender (the request's
# owner) creates, sends, cancels and manages signers; every other event is the signer's own action
SYSTEM_EVENTS = {"signing_event.email_sent", "signing_event.email_failed", "signing_event.email_bounced",
                 "signing_event.sms_sent", "signing_event.sms_failed",
                 "signing_event.otp_sent", "signing_request.reminded", "signing_request.expired",
                 "signing_request.completed", "document.signed"}
SENDER_EVENTS = {"signing_request.created", "signing_request.sent", "signing_request.cancelled",
                 "signing_event.reactivated", "signer.withdrawn", "signer.reviewed",
                 "signing_request.signer_replaced"}
_LOCALE = contextvars.ContextVar("certificate_locale", default=i18n.DEFAULT)  # set by audit_certificate
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
    seal_fingerprint: str | None = None
    page_count: int | None = None
    signatures_page: bool = False
    chain_head: str | None = None  # the head of the embedded audit trail (esign.audit_chain)
    earlier_signatures: int = 0  # of the upload, removed from the signed file (esign.pdf.earlier)
    active_content_removed: tuple = ()  # kinds removed at upload (esign.pdf.active.KINDS)
    attachments: tuple = ()  # the signers' files embedded: name, size, sha256, signer_name, signer_email, embedded_as
    disclosure_version: str | None = None  # of the consent disclosure embedded (consent-disclosure.txt)
    disclosure_sha256: str | None = None  # of its text, UTF-8
    # every document of an envelope of several, in order: name, page_count, signatures_page,
    # original_sha256, stamped_sha256 (none for a one-document request)
    documents: tuple = ()


def audit_certificate(request: dict, signers: list[dict], events: list[dict], integrity: Integrity,
                      handwriting=(), codes: dict | None = None) -> bytes:
    """`request` carries `owner_name`, `owner_email` and `organization_name`; times are datetimes;
    each signer's `signature` and `initials` are marks as esign.pdf.stamp draws them; `events` in
    any order (printed oldest first). The handwriting font is primed with the texts `handwriting`
    (esign.pdf.fonts.prime), as the stamps' is, after the stamps' `codes` (esign.pdf.fonts.replay), so
    that one subset of each font serves both."""
    token = _LOCALE.set(i18n.negotiate(request.get("organization_locale")))
    try:
        return _certificate(request, signers, events, integrity, handwriting, codes)
    finally:
        _LOCALE.reset(token)  # the language of this certificate only


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
        story += [_heading("Documents of this envelope"), _table(_documents(integrity.documents), width)]
    story += [_heading(_("Integrity")), _table(_integrity(integrity, events), width)]
    for index, signer in enumerate(signers, start=1):
        story.append(KeepTogether([_heading(_("Signer {number}: {name}").format(number=_number(index),
                                                                                name=signer.get("name") or "")),
                                   _table(_signer_rows(request, signer, width), width)]))
    if integrity.attachments:
        story.append(_heading(_("Attachments (embedded in this PDF)")))
        story.append(_table([(a["embedded_as"], [
            _p(_("Attached by {name} <{email}>: {file}, {size} bytes").format(
                name=a["signer_name"], email=a["signer_email"], file=a["name"], size=_number(a["size"])), 8),
            _p(f"SHA-256 {a['sha256']}", 8, fonts.MONO)]) for a in integrity.attachments], width))
    if events:
        story.append(_heading(_("Audit trail (oldest first, times in UTC)")))
        rows = [[_p(_(h), 8, fonts.BOLD) for h in (N_("Time"), N_("Event"), N_("By"), N_("IP address"))]]
        rows += [[_p(_when(e.get("created_at")), 8), _p(_event_text(e), 8), _p(actor(request, e), 8),
                  _p(_address(e), 8)] for e in events]
        table = _Trail(rows, colWidths=[0.27 * width, 0.35 * width, 0.22 * width, 0.16 * width], repeatRows=1)
        table.setStyle(_GRID)
        story.append(table)

    footer = _("{title} · request {id}").format(title=_(TITLE), id=request.get("id") or "")

    def on_page(canvas, document):
        if document.page == 1:  # before anything is drawn
            fonts.replay(canvas._doc, codes or {})
            fonts.prime(canvas._doc, fonts.HANDWRITING, handwriting)
        line = _p(_("{footer} · page {number}").format(footer=footer, number=_number(document.page)), 7)
        line.wrap(width, 10 * mm)
        line.drawOn(canvas, doc.leftMargin, 10 * mm)

    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buf.getvalue()


def _summary(request: dict, integrity: Integrity) -> list:
    owner = request.get("owner_name") or ""
    if request.get("owner_email"):
        owner = f"{owner} <{request['owner_email']}>".strip()
    pages = integrity.page_count
    if pages is not None and integrity.signatures_page:
        pages = _("{count}, followed by a signatures page").format(count=_number(pages))
    elif pages is not None:
        pages = _number(pages)
    return [
        (_("Document"), request.get("document_name")),
        (_("Pages"), pages),
        (_("Request ID"), request.get("id")),
        (_("Sender"), owner or None),
        (_("Organisation"), request.get("organization_name")),
        (_("Created"), _when(request.get("created_at")) or "—"),
        (_("Completed"), _when(request.get("completed_at")) or "—"),
        (_("Signature level"), (request.get("signing_level") or "").upper() or None),
        (_("Consent disclosure"), _disclosure(integrity)),
    ]


def _disclosure(integrity: Integrity) -> list | None:
    """The version of the consent disclosure the signers agreed to and the SHA-256 of its text (the
    text is embedded as consent-disclosure.txt)."""
    if not integrity.disclosure_version:
        return None
    return [_p(_("Version {version}, attached as consent-disclosure.txt").format(
        version=integrity.disclosure_version), 8), _p(f"SHA-256 {integrity.disclosure_sha256}", 8, fonts.MONO)]


def _documents(documents) -> list:
    """Each document of the envelope, in order: its pages and the SHA-256 of its original and of its
    stamped file (each signed as a PDF of its own, with this certificate)."""
    rows = []
    for number, d in enumerate(documents, start=1):
        pages = f"{_number(d['page_count'])} page{'' if d['page_count'] == 1 else 's'}"
        if d.get("signatures_page"):
            pages += ", followed by a signatures page"
        rows.append((f"{number}. {d['name']}", [
            _p(pages, 8), _p("Original document SHA-256 (as the sender's upload was accepted):", 7),
            _p(d["original_sha256"], 8, fonts.MONO),
            _p("Stamped document SHA-256 (before the certificate, the signatures and the seal):", 7),
            _p(d["stamped_sha256"], 8, fonts.MONO)]))
    return rows


def _integrity(integrity: Integrity, events: list[dict]) -> list:
    removed = [active.LABELS.get(kind, kind) for kind in integrity.active_content_removed]
    rows = [
        ("Original document SHA-256", _hash(
            integrity.original_sha256, "Of the PDF file as uploaded by the sender, byte for byte." if not removed
            else "Of the PDF file as accepted: the sender's upload with its active content removed.")),
        ("Stamped document SHA-256", _hash(
            integrity.stamped_sha256, "Of the PDF file written with every value and signature drawn on its "
            "pages" + (", the signatures page appended" if integrity.signatures_page else "")
            + (" and the audit trail attached (audit-trail.json)" if integrity.chain_head else "")
            + ", before this certificate, the digital signatures and the seal were added.")),
    ] if integrity.original_sha256 is not None else [
        ("Combined document SHA-256", _hash(
            integrity.stamped_sha256, "Of this PDF file as written with every stamped document of the envelope in "
            "order" + (" and the audit trail attached (audit-trail.json)" if integrity.chain_head else "")
            + ", before this certificate, the digital signatures and the seal were added.")),
    ]
    if removed:
        rows.append(("Active content removed", _p(
            f"Removed from the document when it was uploaded, before anyone signed it: {', '.join(removed)}. It "
            "could run code, open files or programs, send data or carry files beside the pages; what was "
            "signed is the document without it.", 7)))
    if integrity.earlier_signatures:
        count = integrity.earlier_signatures
        rows.append(("Earlier signatures", _p(
            f"The uploaded document carried {count} digital signature{'s' if count > 1 else ''}, not preserved: "
            "removed from this file, since the stamps change the file, which would make them invalid. What they "
            "showed on the pages is kept; " + ("the original as uploaded, byte for byte, still carries them." if
                                               not removed else "the sender's own copy of the upload still carries "
                                               "them."), 7)))
    if integrity.seal_fingerprint:
        rows.append(("Seal certificate SHA-256", _hash(
            integrity.seal_fingerprint, "Fingerprint of the service's seal certificate (DER), which signs this "
            "file last; `openssl x509 -noout -fingerprint -sha256` shows it with colons.")))
    if integrity.chain_head:
        rows.append(("Audit chain head", _hash(
            integrity.chain_head, "Hash of the request's last audit event when it was sealed (the head of the "
            "audit-trail.json file embedded in this PDF); each event carries the hash of the one before.")))
    return rows


def _hash(value: str, what: str) -> list:
    return [_p(value, 8, fonts.MONO), _p(what, 7)]


def _signer_rows(request: dict, signer: dict, width: float) -> list:
    rows = [
        (_("Email"), signer.get("email")),
        (_("Reference"), reference_id(request.get("id") or "", signer.get("id") or "")),
        (_("Verification"), ", ".join(_methods(signer))),
        (_("Sent"), _when(signer.get("sent_at")) or "—"),
        (_("Viewed"), _when(signer.get("viewed_at")) or "—"),
        (_("Signed"), _when(signer.get("signed_at")) or "—"),
        (_("IP address"), signer.get("ip_address") or "—"),
        (_("User agent"), signer.get("user_agent") or "—"),
    ]
    by_id = {s.get("id"): s for s in request.get("signers") or ()}
    if signer.get("delegated_from") in by_id:
        earlier = by_id[signer["delegated_from"]]
        rows.append((_("Delegated by"), f"{earlier.get('name')} <{earlier.get('email')}>"))
    if signer.get("status") == "delegated":
        later = by_id.get(signer.get("delegated_to")) or {}
        rows[5] = (_("Signed"), _("— (delegated)"))
        rows.append((_("Delegated to"), _("{name} <{email}> on {time}; reason: {reason}").format(
            name=later.get("name"), email=later.get("email"), time=_when(signer.get("delegated_at")),
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
            rows.append((_(label), [_Mark(mark, *size, framed), _p(_("Adopted: {how}").format(how=how), 8)]))
    return rows


def _methods(signer: dict) -> list[str]:
    methods = [_("email link")]
    if signer.get("phone_verified"):
        methods.append(_("phone code (SMS)"))
    if signer.get("identity_verified"):
        methods.append(_("identity check"))
    elif signer.get("identity_review_pending"):
        methods.append(_("identity check (needs review)"))
    return methods


def label(event: dict) -> str:
    kind = event.get("event_type") or ""
    if kind == "signing_event.email_sent":
        return _(EMAIL_LABELS.get((event.get("metadata") or {}).get("template"), N_("Email sent")))
    return _(LABELS[kind]) if kind in LABELS else kind.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def actor(request: dict, event: dict) -> str:
    """Who did it: the API key's owner for what the API triggered (`by` in the event's metadata, e.g. a
    reminder sent through the API), the service for what it did on its own, the request's owner for
    the sender's other actions, else the signer."""
    kind = event.get("event_type")
    by = (event.get("metadata") or {}).get("by")
    if by:
        return _("{name} (sender, API key {key})").format(name=by.get("name") or _("The sender"),
                                                          key=by.get("api_key_id") or "")
    if kind in SYSTEM_EVENTS:
        return _(SYSTEM)
    if kind in SENDER_EVENTS:
        return _("{name} (sender)").format(name=request.get("owner_name") or _("The sender"))
    return event.get("signer_name") or event.get("signer_email") or "—"


def _event_text(event: dict) -> str:
    """The label, and whom the service wrote to."""
    kind = event.get("event_type") or ""
    if kind.startswith("signing_event.email_") and event.get("signer_email"):
        return _("{event} to {whom}").format(event=label(event), whom=event["signer_email"])
    if kind == "signing_event.otp_sent" and event.get("signer_name"):
        return _("{event} to {whom}").format(event=label(event), whom=event["signer_name"])
    meta = event.get("metadata") or {}
    if kind == "signing_request.signer_replaced" and meta.get("email"):
        return _("{event}: {before} replaced by {after}").format(
            event=label(event), before=f"{meta.get('previous_name')} <{meta.get('previous_email')}>",
            after=f"{meta.get('name')} <{meta['email']}>")
    if kind == "signer.delegated" and meta.get("delegate_email"):
        return _("{event} to {whom}").format(
            event=label(event), whom=f"{meta.get('delegate_name')} <{meta['delegate_email']}>: {meta.get('reason')}")
    return label(event)


def _(message: str) -> str:
    """`message` in the certificate's language (esign/i18n catalogs)."""
    return i18n.translations(_LOCALE.get()).gettext(message)


def _when(value) -> str:
    """A time as the certificate's readers read it, naming its zone (UTC); empty for None."""
    return i18n.datetime_text(value, _LOCALE.get())


def _number(value) -> str:
    return i18n.number_text(value, _LOCALE.get())


def _p(text, size: float, chain: list[str] | None = None) -> Paragraph:
    """A paragraph whose characters each use a font that has them (Unicode names, CJK)."""
    chain = chain or fonts.TEXT
    runs = fonts.runs(chain, str(text))
    markup = "".join(f'<font name="{font}">{escape(part)}</font>' for font, part in runs)
    style = ParagraphStyle("p", fontName=runs[0][0], fontSize=size, leading=size * 1.3)
    return Paragraph(markup, style)


def _heading(text: str) -> Paragraph:
    heading = _p(text, 12, fonts.BOLD)
    heading.style.spaceBefore, heading.style.spaceAfter, heading.keepWithNext = 6 * mm, 2 * mm, True
    return heading


def _table(rows, width) -> Table:
    cells = [[_p(label, 9, fonts.BOLD), value if isinstance(value, (Paragraph, list)) else _p(value, 9)]
             for label, value in rows if value is not None]
    table = _Trail(cells, colWidths=[0.3 * width, 0.7 * width])
    table.setStyle(_GRID)
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
            draw_signature(self.canv, self.mark, self.width, self.height, *self.framed)
        else:
            draw_mark(self.canv, self.mark, self.width, self.height)


def _address(event: dict) -> str:
    """The IP address with its place when the GeoIP provider knew it: `203.0.113.7 (Munich, Bavaria, DE)`."""
    place = ", ".join(p for p in (event.get("city"), event.get("region"), event.get("country")) if p)
    return f"{event.get('ip_address') or ''} ({place})" if place and event.get("ip_address") else event.get("ip_address") or ""

"""The audit certificate ("Certificate of completion"): who signed, when, from where, how they were
verified, and the SHA-256 of the original and of the stamped document."""
from __future__ import annotations

import datetime as dt
import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from esign.pdf import fonts

TITLE = "Certificate of completion"
_GRID = TableStyle([
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.lightgrey),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
])


def audit_certificate(request: dict, signers: list[dict], events: list[dict], original_sha256: str,
                      stamped_sha256: str) -> bytes:
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, title=TITLE, author="esign", leftMargin=18 * mm,
                            rightMargin=18 * mm, topMargin=18 * mm, bottomMargin=18 * mm)
    width = doc.width
    story = [_p(TITLE, 18, fonts.BOLD), Spacer(1, 6 * mm)]
    story.append(_table([
        ("Request ID", request.get("id")),
        ("Document", request.get("document_name") or request.get("title") or request.get("name")),
        ("Created", _time(request.get("created_at"))),
        ("Completed", _time(request.get("completed_at"))),
        ("Original document SHA-256", _p(original_sha256, 8, ["DejaVuSansMono.ttf", *fonts.TEXT])),
        ("Stamped document SHA-256", _p(stamped_sha256, 8, ["DejaVuSansMono.ttf", *fonts.TEXT])),
        ("Signature level", (request.get("signing_level") or "").upper() or None),
    ], width))
    story.append(Spacer(1, 4 * mm))
    story.append(_p("The stamped document is the original with every field value and signature drawn on "
                    "it, before this certificate and the digital signatures were added.", 8))
    for index, signer in enumerate(signers, start=1):
        rows = [
            ("Email", signer.get("email")),
            ("Verification", ", ".join(_methods(signer))),
            ("Sent", _time(signer.get("sent_at"))),
            ("Viewed", _time(signer.get("viewed_at"))),
            ("Signed", _time(signer.get("signed_at"))),
            ("IP address", signer.get("ip_address") or "—"),
            ("User agent", signer.get("user_agent") or "—"),
        ]
        story.append(KeepTogether([Spacer(1, 6 * mm),
                                   _p(f"Signer {index}: {signer.get('name') or ''}", 12, fonts.BOLD),
                                   Spacer(1, 2 * mm), _table(rows, width)]))
    if events:
        story += [Spacer(1, 8 * mm), _p("Audit trail", 12, fonts.BOLD), Spacer(1, 2 * mm)]
        rows = [[_p(h, 8, fonts.BOLD) for h in ("Time (UTC)", "Event", "By", "IP address")]]
        rows += [[_p(_time(e.get("created_at")), 8), _p(e.get("event_type") or "", 8),
                  _p(e.get("signer_name") or e.get("signer_email") or "", 8), _p(_address(e), 8)]
                 for e in events]
        table = Table(rows, colWidths=[0.25 * width, 0.3 * width, 0.27 * width, 0.18 * width], repeatRows=1)
        table.setStyle(_GRID)
        story.append(table)

    footer = f"{TITLE} · request {request.get('id') or ''}"

    def on_page(canvas, document):
        line = _p(f"{footer} · page {document.page}", 7)
        line.wrap(width, 10 * mm)
        line.drawOn(canvas, doc.leftMargin, 10 * mm)

    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buf.getvalue()


def _methods(signer: dict) -> list[str]:
    methods = ["email link"]
    if signer.get("phone_verified"):
        methods.append("phone OTP")
    if signer.get("identity_verified"):
        methods.append("identity check")
    elif signer.get("identity_review_pending"):
        methods.append("identity check (needs review)")
    return methods


def _time(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc)
        return value.strftime("%Y-%m-%d %H:%M:%S UTC")
    return str(value)


def _p(text, size: float, chain: list[str] | None = None) -> Paragraph:
    """A paragraph whose characters each use a font that has them (Unicode names, CJK)."""
    chain = chain or fonts.TEXT
    runs = fonts.runs(chain, str(text))
    markup = "".join(f'<font name="{font}">{escape(part)}</font>' for font, part in runs)
    style = ParagraphStyle("p", fontName=runs[0][0], fontSize=size, leading=size * 1.3)
    return Paragraph(markup, style)


def _table(rows, width) -> Table:
    cells = [[_p(label, 9, fonts.BOLD), value if isinstance(value, Paragraph) else _p(value, 9)]
             for label, value in rows if value is not None]
    table = Table(cells, colWidths=[0.3 * width, 0.7 * width])
    table.setStyle(_GRID)
    return table


def _address(event: dict) -> str:
    """The IP address with its place when the GeoIP provider knew it: `203.0.113.7 (Munich, Bavaria, DE)`."""
    place = ", ".join(p for p in (event.get("city"), event.get("region"), event.get("country")) if p)
    return f"{event.get('ip_address') or ''} ({place})" if place and event.get("ip_address") else event.get("ip_address") or ""

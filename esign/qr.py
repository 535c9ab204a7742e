"""QR codes of links (segno): a public link's poster and the certificate's verification link.

One place draws them, so every QR code the service makes has the same error correction and quiet zone
(the four modules ISO/IEC 18004 asks for) and decodes to exactly the text given.
"""

from __future__ import annotations

import io

import segno

# "M" recovers 15 % of the symbol: enough for a printed poster or a certificate that was folded or
# scanned, and still small for a link of about 80 characters.
ERROR_CORRECTION = "m"
QUIET_ZONE = 4


def _code(text: str) -> segno.QRCode:
    return segno.make_qr(text, error=ERROR_CORRECTION, boost_error=False)


def svg(text: str, *, scale: int = 4, title: str | None = None) -> bytes:
    """An SVG image of ``text``'s QR code (with ``title`` as its accessible name when given)."""
    out = io.BytesIO()
    _code(text).save(out, kind="svg", scale=scale, border=QUIET_ZONE, title=title, xmldecl=False)
    return out.getvalue()


def png(text: str, *, scale: int = 8) -> bytes:
    """A PNG image of ``text``'s QR code, ``scale`` pixels a module."""
    out = io.BytesIO()
    _code(text).save(out, kind="png", scale=scale, border=QUIET_ZONE)
    return out.getvalue()

"""An organisation's accent colour as its emails use it (esign.domain.mail.notifications): WCAG 2 contrast
decides where the accent may serve as text and which ink its button takes."""
from __future__ import annotations

from esign.store.records import Json

ACCENT = "#1f5fbf"  # the accent colour of an organisation that sets none
WHITE, INK = "#ffffff", "#111827"  # the email's background, and its text where an accent is too light
READABLE = 4.5  # WCAG 2 AA: the least contrast ratio for normal text


def _luminance(colour: str) -> float:
    """The WCAG 2 relative luminance of a #rrggbb colour."""
    def linear(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21."""
    light, dark = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def accent_colours(accent: str) -> Json:
    """An organisation's accent as an email uses it: as a background (the button, whose text is white or
    dark ink, whichever reads better on it), and as text on white (links, the name without a logo)
    only where it reads as text; a light accent (yellow, pastel) gives its place to dark ink there."""
    return {"accent": accent,
            "accent_ink": WHITE if contrast(accent, WHITE) >= contrast(accent, INK) else INK,
            "accent_text": accent if contrast(accent, WHITE) >= READABLE else INK}

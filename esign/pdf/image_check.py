"""Checks a PNG or JPEG a signer attaches (esign.domain.evidence.attachments): decoded by Pillow within
MAX_PIXELS. Run only in the bounded checking children (esign.pdf.probe, request kind "image"): a
7000 x 7000 single-colour PNG of 160 KB decodes to 147 MB, which the API process must not hold."""
from __future__ import annotations

import warnings

from PIL import Image

MAX_PIXELS = 50_000_000  # an attached image decodes to at most this many pixels (a 50 MP photo)
FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG"}


def check_image(path: str, content_type: str) -> dict:
    """{"ok": true} when the file at `path` is a whole image of `content_type` (image/png, image/jpeg)
    within MAX_PIXELS, else {"ok": false, "error": why not}. The size is read from the header before
    any pixel is decoded."""
    expected = FORMATS[content_type]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path, formats=[expected]) as img:
                width, height = img.size
                if width * height > MAX_PIXELS:
                    return {"ok": False, "error": f"the image is {width} x {height} pixels; at most "
                                                  f"{MAX_PIXELS // 1_000_000} megapixels"}
                if expected == "JPEG":  # decoded at 1/8 scale: every byte of it is still read and checked
                    img.draft(img.mode, (max(1, width // 8), max(1, height // 8)))
                img.load()
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        return {"ok": False, "error": f"the {expected} image cannot be read: {exc}"}
    return {"ok": True}

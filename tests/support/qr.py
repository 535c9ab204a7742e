"""Reads a QR code back from the image the service drew (zxing-cpp), as a phone's camera would."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image


def decode_png(data: bytes) -> list[str]:
    """The texts of every QR code found in a PNG (or any image Pillow opens)."""
    return [found.text for found in zxingcpp.read_barcodes(Image.open(io.BytesIO(data)))]

"""Signature images: PNG bytes, data URLs, a drawn stroke, and the largest drawing the signer API takes."""
from __future__ import annotations

import base64
import io
import random
import struct
import zlib

from PIL import Image


def png_bytes(img: Image.Image, fmt="PNG") -> bytes:
    out = io.BytesIO()
    img.save(out, format=fmt)
    return out.getvalue()


def data_url(raw: bytes, mime="image/png") -> str:
    return f"data:{mime};base64," + base64.b64encode(raw).decode()


def ink_png(size=(240, 80)) -> bytes:
    """A transparent PNG with a dark stroke: a drawn signature."""
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    for x in range(20, size[0] - 20):
        y = size[1] // 2 + (x % 17) - 8
        for dy in range(3):
            img.putpixel((x, y + dy), (10, 10, 40, 255))
    return png_bytes(img)


def largest_png(size: int = 256 * 1024, seed: int = 0) -> bytes:
    """A PNG of exactly `size` bytes with ink on it (the drawing cap is 256 KB): noise, which does not
    compress, padded to the byte with a private ancillary chunk; another `seed`, other pixels."""
    rnd = random.Random(seed)
    side = int((size * 0.9 / 4) ** 0.5)
    img = Image.frombytes("RGBA", (side, side), bytes(rnd.getrandbits(8) | (0xFF if i % 4 == 3 else 0)
                                                       for i in range(side * side * 4)))
    raw = png_bytes(img)
    pad = size - len(raw) - 12  # a chunk is length, type and CRC around its data
    assert pad >= 0, (size, len(raw))
    data = b"\0" * pad
    chunk = struct.pack(">I", pad) + b"prVt" + data + struct.pack(">I", zlib.crc32(b"prVt" + data) & 0xFFFFFFFF)
    end = raw.rindex(b"IEND") - 4
    return raw[:end] + chunk + raw[end:]

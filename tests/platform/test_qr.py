"""esign.qr: the codes it draws decode to exactly the link given, in both formats."""

from __future__ import annotations

import pytest

from esign import qr
from tests.support.qr import decode_png

LINKS = [
    "http://127.0.0.1:8080/p/Ab3-xY_9",
    "https://sign.example.org/v/0f8e2c6a-52b1-4c4e-9a57-2d64b1d0c1aa?lang=ar",
]


@pytest.mark.parametrize("link", LINKS)
def test_png_decodes_to_the_link(link: str) -> None:
    assert decode_png(qr.png(link)) == [link]


def test_svg_has_its_accessible_name_and_draws_the_same_code() -> None:
    link = LINKS[0]
    image = qr.svg(link, title="Scan to sign")
    assert image.startswith(b"<svg") and b"<title>Scan to sign</title>" in image
    # the same modules as the PNG: the path drawn in the SVG is the code's, not a placeholder
    assert qr.svg(link) != qr.svg(LINKS[1])

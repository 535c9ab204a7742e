"""Right-to-left text put in the order it is drawn (esign.pdf.fonts.visual): the Unicode bidirectional
algorithm, brackets paired (N0) and mirrored in right-to-left runs (L4), which python-bidi's own
get_display leaves out: "(ann@example.test)" after an Arabic word came out as ")ann@example.test(".
Arabic letters are compared in their joined forms (arabic-reshaper), as drawn."""
from __future__ import annotations

import random

import pytest
from arabic_reshaper import ArabicReshaper
from bidi import get_display

from esign.pdf.fonts import visual

SHAPE = ArabicReshaper({"ARABIC LIGATURE ALLAH": False}).reshape
MAIL, HELLO, WORLD, NUMBER = SHAPE("البريد"), SHAPE("مرحبا"), SHAPE("عالم"), SHAPE("رقم")


@pytest.mark.parametrize(("logical", "drawn"), [
    # brackets around Latin after Arabic take the paragraph's direction: mirrored, so they still enclose
    ("البريد (ann@example.test)", f"(ann@example.test) {MAIL[::-1]}"),
    ("(مرحبا) عالم", f"{WORLD[::-1]} ({HELLO[::-1]})"),
    ("مرحبا [1] ok", f"ok [1] {HELLO[::-1]}"),
    ("مرحبا «عالم»", f"«{WORLD[::-1]}» {HELLO[::-1]}"),
    # brackets around Latin after Latin stay left to right, in an Arabic line too
    ("الموقّع: Ann Lee (ann@example.test)", "Ann Lee (ann@example.test) :" + SHAPE("الموقع")[::-1]),
    ("Ann (مرحبا)", f"Ann ({HELLO[::-1]})"),
    ("Ann <ann@x.test> مرحبا", f"Ann <ann@x.test> {HELLO[::-1]}"),
    # numbers keep their order; white space at the end of the line takes its direction
    ("رقم 123 و 456 ", f" 456 {SHAPE('و')} 123 {NUMBER[::-1]}"),
])
def test_right_to_left_text_is_drawn_in_order_with_its_brackets_mirrored(logical, drawn):
    assert visual(logical) == drawn


def test_the_order_is_python_bidis_where_nothing_is_mirrored():
    """Without mirrored characters the reordering is exactly python-bidi's get_display."""
    rng = random.Random(26)
    letters = "ابتثجحخدذرزسشصשלום" + "abcdefXYZ" + "0123456789" + "   .,:-/+%#@"
    for _ in range(5000):
        text = "".join(rng.choice(letters) for _ in range(rng.randint(1, 30)))
        assert visual(text) == get_display(SHAPE(text)).replace("\u200f", "").replace("\u200e", ""), text

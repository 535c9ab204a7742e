"""Right-to-left text put in the order it is drawn (esign.pdf.fonts.visual): the Unicode bidirectional
algorithm, brackets paired (N0) and mirrored in right-to-left runs (L4), which python-bidi's own
get_display leaves out: "(ann@example.test)" after an Arabic word came out as ")ann@example.test(".
Arabic letters are compared in their joined forms (arabic-reshaper), as drawn."""
from __future__ import annotations

import dataclasses
import html
import random
import re
import unicodedata

import pytest
from arabic_reshaper import ArabicReshaper
from bidi import get_display

from esign.pdf.certificate import audit_certificate
from esign.pdf.fonts import visual
from tests.support.certificates import INTEGRITY, REQUEST, event, signer
from tests.support.pdf_tools import pdftotext

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


def drawn_lines(pdf: bytes, tmp_path) -> list[list[str]]:
    """The words of each line of a PDF in the order they are drawn, left to right (pdftotext -bbox),
    letters folded (Arabic presentation forms): what a reader sees, whatever order pdftotext would guess."""
    lines: list[tuple[float, list[tuple[float, str]]]] = []
    for x0, y0, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<',
                                   pdftotext(pdf, tmp_path, "-bbox")):
        line = next((words for top, words in lines if abs(top - float(y0)) <= 2), None)
        if line is None:
            lines.append((float(y0), line := []))
        line.append((float(x0), html.unescape(unicodedata.normalize("NFKC", word))))
    return [[word for _, word in sorted(words)] for _, words in lines]


def test_an_arabic_certificate_keeps_latin_names_addresses_and_the_openssl_command_in_order(tmp_path):
    """Each inserted value is an isolate (esign.i18n.isolate), also where a paragraph breaks inside one:
    read from the right, the attachment line gives the signer's name, their address, the file and its
    size, and the `openssl` command keeps `-sha256` (it came out `sha256-` at the start of a line, and the
    attachment line as "size, file, address, name")."""
    attached = dataclasses.replace(INTEGRITY, attachments=({
        "embedded_as": "attachment-1.pdf", "name": "id-card.pdf", "size": 12345, "sha256": "f" * 64,
        "signer_name": "Ann Lee", "signer_email": "ann@example.test"},))
    pdf = audit_certificate({**REQUEST, "organization_locale": "ar"}, [signer(1, name="Ann Lee")],
                            [event(0, "signing_request.created")], attached)
    lines = drawn_lines(pdf, tmp_path)
    command = [line for line in lines if any(w in line for w in ("openssl", "-sha256", "sha256-"))]
    words = [w for line in command for w in line]
    for part in ("openssl", "x509", "-noout", "-fingerprint", "-sha256"):
        assert part in words, command
    assert "sha256-" not in words and "-sha256" in words
    first = next(line for line in command if "openssl" in line)
    assert first.index("openssl") < first.index("x509") < first.index("-noout"), first  # left to right within it
    [attachment] = [line for line in lines if "id-card.pdf" in "".join(line)]
    at = {word: i for i, word in enumerate(attachment)}
    size, file = at["12,345"], next(i for w, i in at.items() if "id-card.pdf" in w)
    address = next(i for w, i in at.items() if "ann@example.test" in w)
    # drawn left to right: size, file, address, then the name (Latin, left to right) next to "أرفقه"
    assert size < file < address < at["Ann"] < at["Lee"], attachment
    [heading] = [line for line in lines if "Lee" in line and "Ann" in line and ":1" in line]
    assert heading.index("Ann") < heading.index("Lee") < heading.index(":1"), heading  # "Signer 1: Ann Lee"


def test_a_german_certificate_keeps_an_arabic_name_and_its_address_in_place(tmp_path):
    """In a left-to-right certificate, "ليلى منصور <layla@example.test>" standing alone in a cell (the
    delegation row) reads name first: its direction is the certificate's, not the first letter's (it came
    out "<layla@example.test> ليلى منصور"); in a sentence too."""
    layla = {"id": "s0", "name": "ليلى منصور", "email": "layla@example.test", "status": "delegated"}
    attached = dataclasses.replace(INTEGRITY, attachments=({
        "embedded_as": "attachment-1.pdf", "name": "id-card.pdf", "size": 12345, "sha256": "f" * 64,
        "signer_name": "ليلى منصور", "signer_email": "layla@example.test"},))
    pdf = audit_certificate({**REQUEST, "organization_locale": "de", "signers": [layla]},
                            [signer(1, delegated_from="s0")], [], attached)
    text = [" ".join(line) for line in drawn_lines(pdf, tmp_path)]
    name = "ليلى منصور"[::-1]  # as drawn: right to left within its run
    assert any(f"Delegiert von {name} <layla@example.test>" in line for line in text), text
    assert any(f"Angehängt von {name} <layla@example.test>: id-card.pdf, 12.345 Bytes" in line for line in text), text

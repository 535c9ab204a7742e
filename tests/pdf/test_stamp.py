"""Stamping: values land inside their boxes as displayed, whatever the page's boxes and rotation."""
from __future__ import annotations

import io
import re
from datetime import datetime

import pytest
from PIL import Image, ImageChops, ImageDraw
from pypdf import PdfReader

from esign.pdf import fonts
from esign.pdf.render import page_geometry, render_page
from esign.pdf.stamp import reference_id
from tests.support.documents import CORPUS, REFUSED
from tests.support.pdf_tools import (
    assert_ink_in_boxes,
    box_pixels,
    drawn_signature,
    field,
    make_pdf,
    qpdf_check,
    readable_text,
    render_gray,
    stamp,
)

SIGNERS = {"s1": {"name": "Zoë Łukasz-Müller", "email": "zoe@example.test"}}


def every_kind(page=1) -> list[dict]:
    return [
        field("signature", page, (8, 6, 40, 8), signature={"kind": "typed", "text": "Zoë Łukasz-Müller"}, id="sig"),
        field("initials", page, (55, 6, 35, 12), signature=drawn_signature(), id="drawn"),
        field("signature", page, (55, 20, 35, 10), signature=drawn_signature(), id="framed"),
        field("initials", page, (8, 20, 10, 6), id="initials"),  # no initials object: drawn from the name
        field("text", page, (8, 32, 15, 4), value="A long value that cannot fit, so it shrinks to the box", id="long"),
        field("text", page, (30, 32, 40, 5), value="Ça marche — 東京 — Ωmega", id="unicode"),
        field("date", page, (8, 45, 20, 4), value="2025-01-31", id="date"),
        field("select", page, (30, 45, 20, 4), value="Option B", id="select"),
        field("checkbox", page, (8, 55, 4, 3), value="true", id="checked"),
        field("checkbox", page, (20, 55, 4, 3), value="false", id="unchecked"),
        field("text", page, (30, 55, 20, 4), value=None, id="empty"),
        field("signature", page, (8, 70, 84, 20), signature={"kind": "typed", "text": "Ada"}, id="tall"),
        field("checkbox", page, (60, 60, 1.5, 1.5), value="true", id="tiny"),
    ]


BLANK = ("unchecked", "empty")
CENTRED = ("drawn", "checked", "tiny")  # drawn so that their ink is centred in the box


def test_normal_page():
    original = make_pdf()
    fields = every_kind()
    assert_ink_in_boxes(original, stamp(original, fields, SIGNERS), fields, blank=BLANK, centred=CENTRED)


@pytest.mark.parametrize("rotate", [0, 90, 180, 270, -90, 450])
def test_offset_boxes_and_rotation(rotate):
    original = make_pdf(media=(100, 100, 712, 892), crop=(130, 150, 700, 860), rotate=rotate)
    displayed = (570, 710) if rotate % 180 == 0 else (710, 570)
    assert page_geometry(original) == [{"number": 1, "width": displayed[0], "height": displayed[1]}]
    fields = every_kind()
    assert_ink_in_boxes(original, stamp(original, fields, SIGNERS), fields, blank=BLANK, centred=CENTRED)


def test_habibi_rotated_pages(corpus):
    original = (corpus / "habibi-rotated.pdf").read_bytes()
    rotations = [page.rotation % 360 for page in PdfReader(io.BytesIO(original)).pages]
    assert {90, 180, 270} <= set(rotations)
    fields = [f for number in range(1, len(rotations) + 1) for f in every_kind(number)]
    for f in fields:
        f["id"] = f"{f['id']}@{f['page_number']}"
    blank = tuple(f["id"] for f in fields if f["id"].split("@")[0] in BLANK)
    centred = tuple(f["id"] for f in fields if f["id"].split("@")[0] in CENTRED)
    # the page text ("habibi") sits in the top-right corner: keep the boxes clear of it
    for f in fields:
        f["x_percent"] *= 0.8
    assert_ink_in_boxes(original, stamp(original, fields, SIGNERS), fields, blank=blank, centred=centred)


def test_drawn_mark_keeps_its_aspect_ratio():
    original = make_pdf()
    wide = field("initials", 1, (10, 10, 60, 10), signature=drawn_signature((300, 100)))
    mask = ImageChops.subtract(render_gray(original, 1, 2.0), render_gray(stamp(original, [wide], SIGNERS), 1, 2.0))
    x0, y0, x1, y1 = box_pixels(original, wide, 2.0)
    ix0, iy0, ix1, iy1 = mask.getbbox()
    assert iy1 - iy0 >= 0.9 * (y1 - y0)  # fills the height
    assert abs((ix1 - ix0) / (iy1 - iy0) - 3) < 0.3  # 300 x 100 stays 3:1
    assert abs((ix0 + ix1) / 2 - (x0 + x1) / 2) < 3  # centred


def test_pages_without_fields_are_untouched():
    original = make_pdf(3, text=True)
    out = PdfReader(io.BytesIO(stamp(original, [field("text", 2, value="x")], SIGNERS)))
    before = PdfReader(io.BytesIO(original))
    for number in (0, 2):
        assert out.pages[number].get_contents().get_data() == before.pages[number].get_contents().get_data()
        assert "/EsignStamp0" not in out.pages[number]["/Resources"].get("/XObject", {})
    assert "/EsignStamp0" in out.pages[1]["/Resources"]["/XObject"]


def test_hundred_pages_grow_less_than_double():
    original = make_pdf(100, text=True)

    def signature_on(pages):
        return [field("signature", n, (10, 85, 30, 6), signature={"kind": "typed", "text": "Ada Lovelace"},
                      id=f"s{n}") for n in pages]

    one = stamp(original, signature_on([1]), SIGNERS)
    every = stamp(original, signature_on(range(1, 101)), SIGNERS)
    assert len(PdfReader(io.BytesIO(every)).pages) == 100
    assert len(every) < 2 * len(original), (len(original), len(every))
    # the font is embedded once: each further stamped page costs a small form XObject only
    assert (len(every) - len(one)) / 99 < 1000, (len(one), len(every))


def test_field_on_missing_page_is_refused():
    with pytest.raises(ValueError):
        stamp(make_pdf(), [field(page=2, value="x")], SIGNERS)


def test_bad_drawn_signature_is_refused():
    for image in (b"https://x/y.png", b"GIF89a", "data:image/png;base64,iVBORw0KGgo="):
        with pytest.raises(ValueError):
            stamp(make_pdf(), [field("signature", signature={"kind": "drawn", "image": image})], SIGNERS)


def test_render_png_is_the_displayed_size():
    original = make_pdf(media=(100, 100, 712, 892), crop=(130, 150, 700, 860), rotate=90)
    image = Image.open(io.BytesIO(render_page(original, 1, scale=2)))
    assert image.format == "PNG"
    assert abs(image.size[0] - 1420) <= 1 and abs(image.size[1] - 1140) <= 1
    with pytest.raises(ValueError):
        render_page(original, 2)


def corpus_files():
    return sorted(p.name for p in CORPUS.glob("*.pdf") if p.name not in REFUSED)


@pytest.mark.slow
@pytest.mark.parametrize("name", corpus_files())
def test_corpus_file_stamps(corpus, name, tmp_path):
    """Opens, renders, passes qpdf --check, ink where the boxes are (the imagemagick files are black
    images: nothing drawn in black can show there), none elsewhere."""
    original = (corpus / name).read_bytes()
    geometry = page_geometry(original)
    last = len(geometry)
    fields = [field("text", 1, (5, 5, 40, 5), value="Zoë 東京 2025-01-31", id="a"),
              field("signature", last, (50, 88, 40, 8), signature={"kind": "typed", "text": "Ada Lovelace"}, id="b")]
    stamped = stamp(original, fields, SIGNERS)
    reader = PdfReader(io.BytesIO(stamped))
    assert len(reader.pages) == last
    # small pages (3.84 pt) are rendered large enough to see the ink
    scale = max(1.5, 400 / min(geometry[0]["width"], geometry[0]["height"], geometry[-1]["width"],
                                geometry[-1]["height"]))
    assert_ink_in_boxes(original, stamped, fields, scale=scale, dark_ok=True)
    check = qpdf_check(stamped, tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_corpus_files_raise(corpus, name):
    with pytest.raises(Exception):  # noqa: B017 - pypdf's own errors differ by file: any refusal, never a stamped PDF
        stamp((corpus / name).read_bytes(), [field(value="x")], SIGNERS)


def test_fonts_are_installed():
    """The Debian fonts the stamp and certificate rely on: without them text still renders, in a
    plainer style (signatures), or is left out (CJK, Hangul, emoji)."""
    assert fonts.runs(fonts.TEXT, "Zoë — 12 €") == [("Helvetica", "Zoë — 12 €")]  # Windows-1252: a base font
    assert fonts.runs(fonts.TEXT, "Łukasz") == [("esign-DejaVuSans", "Łukasz")], "install fonts-dejavu-core"
    assert fonts.runs(fonts.HANDWRITING, "Ada") == [("esign-Kristi", "Ada")], "install fonts-kristi"
    mixed = [("Helvetica", "Zoë "), ("esign-DroidSansFallbackFull", "東京")]
    assert fonts.runs(fonts.TEXT, "Zoë 東京") == mixed, "install fonts-droid-fallback"
    assert fonts.runs(fonts.TEXT, "김민준") == [("esign-NanumGothic", "김민준")], "install fonts-nanum"
    assert fonts.runs(fonts.TEXT, "🚀") == [("esign-Symbola_hint", "🚀")], "install fonts-symbola"
    assert fonts.runs(fonts.TEXT, "محمد")[0][0] == "esign-DejaVuSans"  # DejaVu Sans has the Arabic forms


def ink_box(before: bytes, after: bytes, f: dict, scale: float):
    """The bounding box (pixels) of what the stamp darkened inside the field's box, and the box."""
    mask = ImageChops.subtract(render_gray(before, 1, scale), render_gray(after, 1, scale)).point(
        lambda v: 255 if v > 40 else 0)
    box = box_pixels(after, f, scale)
    return mask.crop(box).getbbox(), box


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["text", "date", "select"])
def test_values_are_body_size_and_inside_their_box(kind):
    """Rendered ink of a value is at most 12 pt tall in a tall box, and never taller than a short box."""
    scale = 3.0
    original = make_pdf()
    tall = field(kind, 1, (10, 10, 50, 10), value="Hgy Zoë 2026", id="tall")  # 84 pt high
    medium = field(kind, 1, (10, 30, 50, 4), value="Hgy Zoë 2026", id="medium")  # 34 pt
    short = field(kind, 1, (10, 50, 50, 1.2), value="Hgy Zoë 2026", id="short")  # 10 pt
    stamped = stamp(original, [tall, medium, short], SIGNERS)
    for f in (tall, medium, short):
        ink, _ = ink_box(original, stamped, f, scale)
        assert ink is not None, f["id"]
        height = (ink[3] - ink[1]) / scale  # points
        assert height <= 12, (f["id"], height)
        assert height <= f["height_percent"] / 100 * 842, (f["id"], height)
    assert_ink_in_boxes(original, stamped, [tall, medium, short], scale=scale)  # and none outside them
    for f in (tall, medium):  # body size, not a whisper: cap height plus descender of 9 pt or more
        ink, _ = ink_box(original, stamped, f, scale)
        assert (ink[3] - ink[1]) / scale >= 8, f["id"]


def big_thin_drawing() -> dict:
    """A 1200 x 400 canvas drawing with 4 px strokes: placed in an initials box it is scaled to 4 %."""
    image = Image.new("RGBA", (1200, 400), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(20, 380), (400, 20), (800, 380), (1180, 20)], fill=(10, 10, 10, 255), width=4)
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return {"kind": "drawn", "image": buf.getvalue()}


def test_drawn_initials_keep_a_visible_stroke():
    """Scaled down 25 times, a 4 px stroke would be a 0.16 pt hairline: it is thickened to a stroke
    whose darkest pixels are near black, and which covers a visible share of its box."""
    scale = 2.0
    original = make_pdf()
    initials = field("initials", 1, (10, 10, 8, 3), signature=big_thin_drawing(), id="i")
    stamped = stamp(original, [initials], SIGNERS)
    crop = render_gray(stamped, 1, scale).crop(box_pixels(stamped, initials, scale))
    histogram = crop.histogram()
    assert min(v for v in range(256) if histogram[v]) < 60  # a real stroke, not grey anti-aliasing
    dark = sum(histogram[:128])
    assert dark >= 0.04 * crop.width * crop.height, (dark, crop.size)


def test_signatures_are_framed_with_signer_and_reference():
    original = make_pdf()
    signers = {"s1": {"id": "s1", "name": "Ada Lovelace"}, "s2": {"id": "s2", "name": "Zoë Müller"}}
    fields = [field("signature", 1, (10, 10, 40, 8), signature={"kind": "typed", "text": "Ada Lovelace"}, id="a"),
              field("signature", 1, (10, 30, 40, 8), signature=drawn_signature(), signer="s2", id="b")]
    stamped = stamp(original, fields, signers, request_id="req_9")
    text = " ".join(PdfReader(io.BytesIO(stamped)).pages[0].extract_text().split())
    for name, signer_id in (("Ada Lovelace", "s1"), ("Zoë Müller", "s2")):
        assert f"Signed by {name}" in text
        assert f"Ref. {reference_id('req_9', signer_id)}" in text
    assert reference_id("req_9", "s1") == reference_id("req_9", "s1") != reference_id("req_9", "s2")
    assert re.fullmatch(r"[0-9A-F]{4}-[0-9A-F]{4}", reference_id("req_9", "s1"))
    assert_ink_in_boxes(original, stamped, fields)  # the frame stays inside the box


def test_signatures_page_for_signers_without_a_signature_field():
    original = make_pdf(2)
    unplaced = [{"id": "s2", "name": "Zoë Müller", "email": "zoe@example.test", "signature": drawn_signature(),
                 "signed_at": datetime(2026, 11, 23, 9, 40, 10)},
                {"id": "s3", "name": "Bob", "email": "bob@example.test", "signature": {"kind": "typed", "text": "Bob"}}]
    stamped = stamp(original, [], {}, request_id="req_9", unplaced=unplaced)
    reader = PdfReader(io.BytesIO(stamped))
    assert len(reader.pages) == 3
    text = " ".join(reader.pages[2].extract_text().split())
    for expected in ["Signatures", "Signed by Zoë Müller", f"Ref. {reference_id('req_9', 's2')}", "zoe@example.test",
                     "Signed November 23, 2026, 9:40:10 AM UTC", "Signed by Bob"]:
        assert expected in text, expected
    assert len(reader.pages[2].images) == 1


ARABIC = "محمد عبد الله"


def ink_columns(pdf: bytes, f: dict, scale: float = 4.0) -> list[bool]:
    """For each pixel column of the field's box, whether the stamp put ink in it."""
    crop = render_gray(pdf, 1, scale).crop(box_pixels(pdf, f, scale)).point(lambda v: 255 if v < 128 else 0)
    return [crop.crop((x, 0, x + 1, crop.height)).getbbox() is not None for x in range(crop.width)]


def test_arabic_is_joined_and_right_to_left(tmp_path):
    """reportlab neither shapes nor reorders: without esign.pdf.fonts.visual the letters stand
    isolated and read backwards. pdftotext reads right-to-left text drawn in visual order back in
    logical order; a joined word is one stroke (no blank column between its letters)."""
    signers = {"s1": {"id": "s1", "name": ARABIC}}
    word = field("text", 1, (10, 50, 40, 4), value="محمد", id="word")
    fields = [field("signature", 1, (10, 10, 50, 10), signature={"kind": "typed", "text": ARABIC}, id="sig"),
              field("text", 1, (10, 30, 50, 4), value=f"Paid {ARABIC} 12", id="mixed"),
              field("initials", 1, (10, 40, 10, 5), id="initials"), word,
              field("text", 1, (10, 60, 50, 4), value="שלום עולם", id="hebrew")]
    stamped = stamp(make_pdf(), fields, signers)
    text = readable_text(stamped, tmp_path)
    assert text.count(ARABIC) == 3, text  # signature, "Signed by" label, mixed value
    assert "שלום עולם" in text, text
    assert "دمحم" not in text and "هللا" not in text, text
    columns = ink_columns(stamped, word)
    inked = [x for x, ink in enumerate(columns) if ink]
    gaps = [x for x in range(inked[0], inked[-1]) if not columns[x]]
    assert not gaps, f"the letters of محمد are not joined: blank columns {gaps}"
    assert_ink_in_boxes(make_pdf(), stamped, fields)


def glyph_ink(pdf: bytes, f: dict, scale: float = 4.0) -> Image.Image:
    crop = render_gray(pdf, 1, scale).crop(box_pixels(pdf, f, scale))
    return crop.crop(ImageChops.invert(crop).getbbox())


@pytest.mark.parametrize("chars", [("김", "민", "준"), ("🚀", "🚗", "🙂")])
def test_hangul_and_emoji_are_drawn(chars, tmp_path):
    """Each character stamped on its own: a font without it would draw the same empty box (.notdef)
    for each; their ink must differ."""
    fields = [field("text", 1, (10, 10 + 10 * i, 20, 5), value=c, id=f"c{i}") for i, c in enumerate(chars)]
    stamped = stamp(make_pdf(), fields, SIGNERS)
    inks = [glyph_ink(stamped, f) for f in fields]
    for a, b in zip(inks, inks[1:]):
        same = a.size == b.size and ImageChops.difference(a, b).getbbox() is None
        assert not same, "drawn as identical empty boxes"
    named = stamp(make_pdf(), [field("text", 1, (10, 10, 50, 4), value=f"Signed by {''.join(chars)}")], SIGNERS)
    if chars[0] == "김":
        assert "Signed by 김민준" in readable_text(named, tmp_path)


def test_characters_no_font_has_are_left_out():
    """Nothing rather than an empty box; joiners and variation selectors are invisible."""
    assert fonts.runs(fonts.TEXT, "Zoë \u0378Smith") == [("Helvetica", "Zoë Smith")]  # U+0378: unassigned
    assert "".join(part for _, part in fonts.runs(fonts.TEXT, "ok ❤️ 👍\u200d")) == "ok ❤ 👍"

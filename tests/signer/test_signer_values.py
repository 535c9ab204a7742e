"""Unit tests of esign.domain.pages.signer_values (what a signer submits) and of the builtin identity
provider's name matching (esign.providers.names.name_score)."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from PIL import Image

from esign.domain.pages import signer_values as sv
from esign.errors import ApiError
from esign.providers.basic_identity import BasicIdentity
from esign.providers.names import name_score, normalise
from tests.support.images import data_url, ink_png, largest_png, png_bytes

TODAY = dt.date(2026, 3, 14)
SIGNER = {"id": "s1", "name": "Ann Example", "email": "ann@example.test", "phone": "+44 20 7946 0958"}
OTHER = {"id": "s2", "name": "Bob Stone", "email": "bob@example.test", "phone": None}


def field(fid, kind="text", signer="s1", **extra):
    return {"id": fid, "field_type": kind, "signer_id": signer, "is_required": True, **extra}


def request_of(*fields):
    return {"fields": list(fields), "signers": [SIGNER, OTHER]}


def submit(req, values=None, signature=None, initials=None, signer=SIGNER):
    return sv.check_submission(req, signer, values, signature, initials, TODAY)


def problems(req, values=None, signature=None, initials=None, signer=SIGNER, code="validation_error") -> dict:
    with pytest.raises(ApiError) as exc:
        submit(req, values, signature, initials, signer)
    assert exc.value.status == 422 and exc.value.code == code
    return {d["field"]: d["message"] for d in exc.value.details}


TYPED = {"kind": "typed", "text": "Ann Example"}


# --- text validation --------------------------------------------------------------------------------

VALID = {
    "email": ["a@b.test", "first.last+tag@sub.example.co.uk", "x_y@host.internal"],
    "number": ["0", "-1", "+2.5", "3,75", ".5", "1000000"],
    "phone": ["+44 20 7946 0958", "030 123-4567", "555.010.0123", "+1-555-0100", "+1 (555) 010-0123"],
    "date": ["2024-02-29", "1999-12-31", "2026-01-01"],
}
INVALID = {
    "email": ["", "plain", "a@b", "a@@b.test", "a b@c.test", "<a@b.test>", "a@b.test.", "a@b.test\n"],
    "number": ["1e3", "1.", "1,2,3", "--1", "+", "0x10", "1 000", "NaN", "1\n"],
    "phone": ["12", "+1", "phone", "+1 555 CALL", "1" * 30, "12-34", "+-1234567"],
    "date": ["2023-02-29", "2024-13-01", "2024-00-10", "24-01-01", "2024/01/01", "2024-1-1", "01-01-2024"],
}


@pytest.mark.parametrize("kind", sorted(VALID))
def test_check_text_by_validation_type(kind):
    f = {"validation_type": kind}
    for value in VALID[kind]:
        assert sv.check_text(f, value) is None, (kind, value)
    for value in INVALID[kind]:
        assert sv.check_text(f, value), (kind, value)


def test_check_text_regex_and_plain():
    f = {"validation_type": "regex", "validation_pattern": r"[A-Z]{2}\d{4}"}
    assert sv.check_text(f, "AB1234") is None
    for value in ("ab1234", "AB12345", "xAB1234", "AB1234\n", ""):
        assert sv.check_text(f, value), value  # the whole value must match
    assert sv.check_text({"validation_type": "regex", "validation_pattern": "("}, "x")  # broken pattern: refuse
    assert sv.check_text({"validation_type": "regex", "validation_pattern": None}, "x")
    assert sv.check_text({}, "anything at all") is None
    assert sv.check_text({"validation_type": None}, "x") is None


def test_number_and_date_accept_ascii_digits_only():
    """The page checks with `client_pattern` in JavaScript, where \\d is ASCII only; the server must
    not accept more (issue 4: server-side validation identical to the page's)."""
    assert sv.check_text({"validation_type": "number"}, "\u0661\u0662\u0663")  # Arabic-Indic 123
    assert sv.check_text({"validation_type": "number"}, "\uff11\uff12")  # fullwidth 12
    assert sv.check_text({"validation_type": "date"}, "\uff12\uff10\uff12\uff14-01-01")


def test_phone_with_leading_area_code_in_parentheses():
    """`(555) 010-0123` is the usual way to write a national number with its area code; the pattern
    accepts parentheses after a leading digit (`+1 (555) ...`) but not at the start."""
    for value in ("(555) 010-0123", "(030) 1234567"):
        assert sv.check_text({"validation_type": "phone"}, value) is None, value
        assert re.fullmatch(sv.client_pattern({"validation_type": "phone"})[0], value), value


def test_client_pattern_matches_server_rules():
    for kind in ("email", "number", "phone", "date"):
        pattern, message = sv.client_pattern({"validation_type": kind})
        assert pattern and message
        re.compile(pattern)
        for value in VALID[kind]:
            assert re.fullmatch(pattern, value), (kind, value)
        # whatever the page's pattern refuses, the server refuses too
        for value in INVALID[kind]:
            if not re.fullmatch(pattern, value):
                assert sv.check_text({"validation_type": kind}, value), (kind, value)
    assert sv.client_pattern({"validation_type": "regex", "validation_pattern": "a+"})[0] == "a+"
    assert sv.client_pattern({}) == (None, None)
    assert sv.client_pattern({"validation_type": "unknown"}) == (None, None)


def test_prefill():
    assert sv.prefill({"auto_source": "signer_name"}, SIGNER, TODAY) == "Ann Example"
    assert sv.prefill({"auto_source": "signer_email"}, SIGNER, TODAY) == "ann@example.test"
    assert sv.prefill({"auto_source": "signer_phone"}, SIGNER, TODAY) == "+44 20 7946 0958"
    assert sv.prefill({"auto_source": "signer_phone"}, OTHER, TODAY) is None
    assert sv.prefill({"auto_source": "signing_date"}, SIGNER, TODAY) == "2026-03-14"
    assert sv.prefill({"value": "given"}, SIGNER, TODAY) == "given"
    assert sv.prefill({}, SIGNER, TODAY) is None


# --- marks ----------------------------------------------------------------------------------------

def mark(m):
    details = []
    out = sv.check_mark(m, "signature", details)
    return out, details


def test_typed_mark():
    assert mark({"kind": "typed", "text": "  Ann \t Example  "}) == ({"kind": "typed", "text": "Ann Example"}, [])
    for bad in ({"kind": "typed"}, {"kind": "typed", "text": ""}, {"kind": "typed", "text": " \n "},
                {"kind": "typed", "text": 7}, {"kind": "typed", "text": "x" * 256}, {"kind": "typed", "text": "a\x00b"},
                {"kind": "typed", "text": "a\u200bb"}):
        out, details = mark(bad)
        assert out is None and [d["field"] for d in details] == ["signature.text"], bad
    assert mark({"kind": "typed", "text": "x" * 255})[0]["text"] == "x" * 255
    assert mark({"kind": "typed", "text": "Zoë Ἀλέξανδρος 李"})[0]["text"] == "Zoë Ἀλέξανδρος 李"


def test_mark_shape():
    for bad in (None, "Ann", ["typed"], 3):
        out, details = mark(bad)
        assert out is None and details[0]["field"] == "signature", bad
    for bad in ({}, {"kind": "stamp"}, {"kind": None}, {"kind": ["typed"]}, {"text": "Ann"}):
        out, details = mark(bad)
        assert out is None and details[0]["field"] == "signature.kind", bad


def test_drawn_mark():
    good = ink_png()
    assert mark({"kind": "drawn", "image": data_url(good)}) == ({"kind": "drawn", "png": good}, [])
    refused = {
        "not a data URL": "https://example.test/sig.png",
        "JPEG label": data_url(png_bytes(Image.new("RGB", (40, 20)), "JPEG"), "image/jpeg"),
        "JPEG bytes": data_url(png_bytes(Image.new("RGB", (40, 20)), "JPEG")),
        "GIF bytes": data_url(png_bytes(Image.new("L", (40, 20)), "GIF")),
        "bad base64": "data:image/png;base64,****",
        "truncated": data_url(ink_png()[:60]),
        "blank white": data_url(png_bytes(Image.new("RGB", (100, 40), "white"))),
        "transparent": data_url(png_bytes(Image.new("RGBA", (100, 40), (0, 0, 0, 0)))),
        "faint": data_url(png_bytes(Image.new("RGBA", (100, 40), (0, 0, 0, 20)))),
        "light grey": data_url(png_bytes(Image.new("L", (100, 40), 240))),
        "too wide": data_url(png_bytes(Image.new("L", (4001, 1), 0))),
        "too tall": data_url(png_bytes(Image.new("L", (1, 4001), 0))),
        "over the cap (base64 length)": "data:image/png;base64," + "A" * (sv.MAX_DRAWING_BYTES * 4 // 3 + 8),
        "over the cap (decoded)": data_url(largest_png(sv.MAX_DRAWING_BYTES + 1)),
        "not text": 12345,
        "missing": None,
    }
    for why, image in refused.items():
        out, details = mark({"kind": "drawn", "image": image})
        assert out is None and [d["field"] for d in details] == ["signature.image"], why
    # exactly at the limits
    edge = Image.new("L", (4000, 1), 255)
    edge.putpixel((0, 0), 0)
    assert mark({"kind": "drawn", "image": data_url(png_bytes(edge))})[1] == []
    largest = largest_png()
    assert len(largest) == sv.MAX_DRAWING_BYTES
    assert mark({"kind": "drawn", "image": data_url(largest)}) == ({"kind": "drawn", "png": largest}, [])
    out, details = mark({"kind": "drawn", "image": data_url(largest_png(sv.MAX_DRAWING_BYTES + 1))})
    assert out is None and details == [{"field": "signature.image", "message": "the drawing is larger than 256 KB "
                                                                           "(as PNG); draw it again smaller or type it"}]


def test_drawn_decompression_bomb_refused_quickly():
    """A small file declaring a huge canvas is refused from its header, before decoding."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + \
        chunk(b"IEND", b"")
    out, details = mark({"kind": "drawn", "image": data_url(bomb)})
    assert out is None and details


# --- whole submissions -------------------------------------------------------------------------------

def test_submission_every_field_type():
    req = request_of(
        field("sig", "signature"), field("ini", "initials"), field("day", "date"), field("txt"),
        field("mail", auto_source="signer_email", validation_type="email"), field("box", "checkbox"),
        field("opt_box", "checkbox", is_required=False), field("sel", "select", options=["A", "B"]),
        field("opt_txt", is_required=False), field("given", value="preset"), field("bobs", signer="s2"))
    values, signature, initials = submit(req, {"txt": "  hello  ", "box": True, "sel": "B"}, TYPED)
    assert signature == TYPED and initials == {"kind": "typed", "text": "AE"}  # the typed name's initials
    assert values.pop("ini")  # (its exact value: see test_initials_value_derived_from_typed_name)
    assert values == {"sig": "Ann Example", "day": "2026-03-14", "txt": "hello",
                      "mail": "ann@example.test", "box": "true", "opt_box": "false", "sel": "B", "given": "preset"}
    assert "bobs" not in values and "opt_txt" not in values


def test_submission_drawn_marks_and_initials():
    req = request_of(field("sig", "signature"), field("ini", "initials"))
    drawn = {"kind": "drawn", "image": data_url(ink_png())}
    values, signature, initials = submit(req, {}, drawn)
    assert values == {"sig": "(drawn signature)", "ini": "(drawn initials)"}
    assert signature == {"kind": "drawn", "png": ink_png()} and initials is signature  # as the page shows, one image
    values, _, initials = submit(req, {}, drawn, {"kind": "typed", "text": "AE"})
    assert values["ini"] == "AE" and initials == {"kind": "typed", "text": "AE"}


def test_submission_refusals():
    req = request_of(field("sig", "signature"), field("txt"), field("box", "checkbox"),
                     field("sel", "select", options=["A"]), field("num", validation_type="number", is_required=False),
                     field("bobs", signer="s2"))
    ok = {"txt": "x", "box": "true", "sel": "A"}
    assert problems(req, {}, TYPED).keys() == {"values.txt", "values.box", "values.sel"}
    assert problems(req, ok, code="signature_required") == {"signature": sv.SIGNATURE_REQUIRED}
    # without a signature field too, and with the other problems listed
    assert problems(request_of(field("txt")), {}, code="signature_required") == {
        "signature": sv.SIGNATURE_REQUIRED, "values.txt": "this field is required"}
    assert problems(request_of(), {}, code="signature_required") == {"signature": sv.SIGNATURE_REQUIRED}
    assert problems(req, {**ok, "bobs": "x"}, TYPED).keys() == {"values.bobs"}
    assert problems(req, {**ok, "zzz": "x"}, TYPED).keys() == {"values.zzz"}
    assert problems(req, {**ok, "box": "false"}, TYPED).keys() == {"values.box"}
    assert problems(req, {**ok, "box": "on"}, TYPED).keys() == {"values.box"}
    assert problems(req, {**ok, "box": 1}, TYPED).keys() == {"values.box"}
    assert problems(req, {**ok, "sel": "a"}, TYPED).keys() == {"values.sel"}
    assert problems(req, {**ok, "num": "one"}, TYPED).keys() == {"values.num"}
    assert problems(req, {**ok, "txt": 5}, TYPED).keys() == {"values.txt"}
    assert problems(req, {**ok, "txt": ["x"]}, TYPED).keys() == {"values.txt"}
    assert problems(req, {**ok, "txt": "x" * 1001}, TYPED).keys() == {"values.txt"}
    assert problems(req, {**ok, "txt": "   "}, TYPED).keys() == {"values.txt"}
    assert problems(req, ok, TYPED, initials="AE").keys() == {"initials"}
    # several problems at once are all reported
    assert problems(req, {"zzz": 1}, {"kind": "typed", "text": ""}).keys() == {
        "values.zzz", "signature.text", "values.txt", "values.box", "values.sel"}
    with pytest.raises(ApiError) as exc:
        submit(req, ["txt"], TYPED)
    assert exc.value.details == [{"field": "values", "message": "must be an object of field id -> value"}]
    # good values pass; an optional value sent empty is recorded empty (None), one left out is not touched
    values, _, _ = submit(req, {**ok, "num": ""}, TYPED)
    assert values == {"sig": "Ann Example", "txt": "x", "box": "true", "sel": "A", "num": None}
    assert "num" not in submit(req, ok, TYPED)[0]


def test_submission_reads_digits_of_any_script_in_number_phone_and_date_fields():
    """Issue 39 item 7: a number, phone or date typed on an Arabic, Persian or Japanese keyboard is read
    as ASCII digits before it is checked, and kept so; other text fields keep what was typed."""
    req = request_of(field("num", validation_type="number"), field("tel", validation_type="phone"),
                     field("day", validation_type="date"), field("txt"))
    values, _, _ = submit(req, {"num": "\u0661\u0662\u066b5".replace("\u066b", ","),  # Arabic-Indic 12,5
                                "tel": "+\u06f9\u06f8 \u06f9\u06f1\u06f2 \u06f3\u06f4\u06f5 \u06f6\u06f7\u06f8\u06f9",
                                "day": "\uff12\uff10\uff12\uff16-11-28", "txt": "\u0661\u0662"}, TYPED)
    assert {k: values[k] for k in ("num", "tel", "day", "txt")} == {
        "num": "12,5", "tel": "+98 912 345 6789", "day": "2026-11-28", "txt": "\u0661\u0662"}
    assert problems(req, {"num": "\u0661x", "tel": "+98 912", "day": "2026-11-28", "txt": "x"}, TYPED).keys() == {
        "values.num", "values.tel"}
    # a Japanese input method's full-width plus and digits, as the page reads them (signer.js)
    assert submit(req, {"tel": "\uff0b\uff18\uff11 \uff19\uff10 \uff11\uff12\uff13\uff14 \uff15\uff16\uff17\uff18",
                        "num": "1", "day": "2026-11-28", "txt": "x"}, TYPED)[0]["tel"] == "+81 90 1234 5678"


def test_submission_auto_source_override_is_validated():
    req = request_of(field("mail", auto_source="signer_email", validation_type="email"),
                     field("phone", auto_source="signer_phone"))
    values, _, _ = submit(req, {"mail": "other@example.test"}, TYPED)
    assert values == {"mail": "other@example.test", "phone": "+44 20 7946 0958"}
    assert problems(req, {"mail": "not an email"}, TYPED).keys() == {"values.mail"}
    assert problems(req, {"phone": None, "mail": None}, TYPED).keys() == {"values.phone", "values.mail"}
    # Bob has no phone: his signer_phone field starts empty and is required
    bob_req = {"fields": [field("phone", auto_source="signer_phone", signer="s2")], "signers": [SIGNER, OTHER]}
    assert problems(bob_req, {}, TYPED, signer=OTHER).keys() == {"values.phone"}


# --- name matching of the builtin identity provider ----------------------------------------------------

def test_normalise():
    assert normalise("Müller, Anna") == ["muller", "anna"]
    assert normalise("  O'Brien-Smith  JOHN ") == ["o", "brien", "smith", "john"]
    assert normalise("") == []


@pytest.mark.parametrize("expected, given", [
    ("Anna Müller", "Anna Müller"), ("Anna Müller", "MULLER, Anna"), ("Anna Müller", "anna muller"),
    ("José García", "Jose Garcia"), ("Anna Maria Müller", "Anna Müller"), ("Anna Müller", "Anna Maria Müller"),
])
def test_name_score_match(expected, given):
    assert name_score(expected, given) >= 0.9


@pytest.mark.parametrize("expected, given", [
    ("Anna Müller", "Zed Quux"), ("Anna Müller", "Bob Stone"), ("Anna Müller", "Anna Schmidt"),
    ("Anna Müller", "Anna Anna"), ("Anna Müller", ""), ("Anna Müller", "!!!"), ("", "Anna"),
])
def test_name_score_mismatch(expected, given):
    assert name_score(expected, given) < 0.7


def test_name_score_uncertain_is_review():
    score = name_score("Jonathan Smith", "Jonatan Smyth")
    assert 0.7 <= score < 0.9
    assert 0 <= name_score("Anna Müller", "Anne Miller") <= 1


def test_name_score_symmetric_and_bounded():
    pairs = [("Anna Müller", "Anne Miller"), ("Jonathan Smith", "Jon Smith"), ("A B C", "C B A")]
    for a, b in pairs:
        assert name_score(a, b) == name_score(b, a)
        assert 0.0 <= name_score(a, b) <= 1.0


def test_name_score_first_name_alone_is_not_a_match():
    """A document showing only the given name (or only the surname) is not the signer's full name: at
    best uncertain (review), never an automatic approval."""
    assert name_score("Anna Müller", "Anna") < 0.9
    assert name_score("Anna Maria Müller", "Anna") < 0.9
    assert name_score("Anna Maria Müller", "Müller") < 0.9


@pytest.mark.parametrize("name", ["Анна Иванова", "李 小龍", "Γιώργος Παπαδόπουλος", "محمد علي"])
def test_name_score_non_latin_names(name):
    """Names in other scripts: the same name matches, and a different one does not."""
    assert name_score(name, name) >= 0.9
    assert name_score(name, "Zed Quux") < 0.7


async def test_basic_provider_outcomes():
    provider = BasicIdentity({"provider": "basic", "approve_score": 0.9, "review_score": 0.7})
    signer = {"name": "Jonathan Smith"}

    async def status(full_name):
        return (await provider.verify(signer, {"full_name": full_name})).status

    assert await status("SMITH, Jonathan") == "approved"
    assert await status("Jonatan Smyth") == "review"
    assert await status("Zed Quux") == "rejected"
    strict = BasicIdentity({"provider": "basic", "approve_score": 0.99, "review_score": 0.95})
    assert (await strict.verify(signer, {"full_name": "Jonatan Smyth"})).status == "rejected"
    result = await provider.verify(signer, {"full_name": "Jonathan Smith"})
    assert result.verified_name == "Jonathan Smith" and result.name_match_score == 1.0

"""Checking what a signer submits: field values, the adopted signature and initials.

The signing page runs the same rules in the browser for quick feedback, from the `client_pattern` the
signer API hands out per field; the server never trusts that and checks everything here again.

A drawing is a PNG data URL of at most MAX_DRAWING_BYTES decoded (the page's 600 x 200 canvas gives a
few tens of KB); a checked drawn mark carries the decoded `png` bytes, which esign.domain.signer.signing
moves to blob storage before anything is written to the signing request.

A `regex` field's pattern is matched with the `regex` package under a time bound (MATCH_SECONDS per
value, MATCH_BUDGET_SECONDS per submission), releasing the GIL while it runs (esign.domain.signer.signing runs
the check off the event loop): a pattern with catastrophic backtracking refuses the value instead of
stalling the server. New patterns are refused at creation when they use a construct the page's
JavaScript RegExp reads differently (`js_difference`).
"""
from __future__ import annotations

import base64
import binascii
import datetime as dt
import io
import logging
import re
import time
from typing import Any

import regex
from PIL import Image, UnidentifiedImageError

from esign.errors import ApiError, validation_error
from esign.i18n.digits import ascii_digits, ascii_phone
from esign.pdf.stamp import initials_of
from esign.schema import EMAIL_RE
from esign.store.records import Json, RecordLike, Signer, SigningRequest

log = logging.getLogger(__name__)

MAX_VALUE = 1000
MAX_TYPED = 255
MAX_DRAWING_BYTES = 256 * 1024  # a drawn signature or initials, as decoded PNG bytes
MAX_IMAGE_SIDE = 4000
SIGNATURE_REQUIRED = "adopt a signature before signing: type your name or draw it"
MATCH_SECONDS = 0.05  # the most one value's check against a `regex` field's pattern may take
MATCH_BUDGET_SECONDS = 0.25  # the most all of one submission's pattern checks may take together
NO_MATCH = "the value does not have the expected format"
UNCHECKED = ("the value could not be checked against this field's format in time; "
             "try a shorter value, or ask the sender to simplify the field's pattern")
# C0 and C1 controls except TAB and LF, and the bidirectional embedding, override and isolate controls
UNSAFE_CHARS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# validation_type -> (pattern the page uses, message). `date` is also parsed on the server.
PATTERNS: dict[str | None, tuple[str, str]] = {
    "email": (EMAIL_RE.pattern, "enter an email address"),
    "number": (r"^[+-]?([0-9]+([.,][0-9]+)?|[.,][0-9]+)$", "enter a number"),
    "phone": (r"^\+?[0-9(][0-9 ()./-]{4,22}[0-9]$", "enter a phone number"),
    "date": (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "enter a date as YYYY-MM-DD"),
}
# the kinds whose digits may be typed in any script: read as ASCII digits before the check, and kept so
DIGIT_KINDS = ("number", "phone", "date")


def client_pattern(field: RecordLike) -> tuple[str | None, str | None]:
    """(regular expression, message) the page checks a text field with."""
    kind = field.get("validation_type")
    if kind == "regex":
        return field.get("validation_pattern"), NO_MATCH
    return PATTERNS.get(kind, (None, None))


# Python `re` syntax the signing page's JavaScript RegExp (no flags) reads differently or refuses
JS_ESCAPES = {
    "A": "\\A (JavaScript reads a letter A; use ^)", "Z": "\\Z (JavaScript reads a letter Z; use $)",
    "z": "\\z (JavaScript reads a letter z; use $)", "G": "\\G (JavaScript reads a letter G)",
    "a": "\\a (JavaScript reads a letter a; use \\x07)", "N": "\\N{...} (JavaScript reads a letter N)",
    "U": "\\U (JavaScript reads a letter U; use \\uXXXX)",
}
JS_GROUPS = {
    "P": "(?P...) named groups (use (?:...) or a numbered group)", "#": "(?#...) comments",
    ">": "(?>...) atomic groups", "(": "(?(...)...) conditionals",
}
JS_QUANTIFIER = re.compile(r"\{(\d*)(,\d*)?\}")


def js_difference(pattern: str) -> str | None:
    """The first construct of `pattern` (valid for Python's `re`) that the signing page's JavaScript
    RegExp reads differently or refuses, described, or None. Lookarounds, backreferences, classes,
    {n}, {n,}, {n,m} and lazy quantifiers mean the same in both."""
    i, n, in_class = 0, len(pattern), False
    while i < n:
        c = pattern[i]
        if ord(c) > 0xFFFF:
            return "a character beyond U+FFFF (JavaScript sees two UTF-16 units)"
        if c == "\\":
            if pattern[i + 1:i + 2] in JS_ESCAPES:
                return JS_ESCAPES[pattern[i + 1]]
            i += 2
            continue
        if in_class:
            if c == "[" and pattern[i + 1:i + 2] in (":", "=", "."):
                return "POSIX classes such as [:alpha:] (neither reads them as classes; list the characters)"
            in_class = c != "]"
            i += 1
            continue
        if c == "[":
            i += 2 if pattern[i + 1:i + 2] == "^" else 1
            if pattern[i:i + 1] == "]":
                return "] first in a character class (JavaScript reads [] as an empty class; write \\])"
            in_class = True
            continue
        if c == "(" and pattern[i + 1:i + 2] == "?":
            kind = pattern[i + 2:i + 3]
            if kind in JS_GROUPS:
                return JS_GROUPS[kind]
            if kind not in (":", "=", "!", "<"):
                return "inline flags such as (?i) (not supported by the page's JavaScript)"
            i += 4 if kind == "<" else 3  # (?<= and (?<!
            continue
        quantifier = JS_QUANTIFIER.match(pattern, i) if c == "{" else None
        if quantifier and not quantifier.group(1) and quantifier.group(2):
            return "{,n} quantifiers (JavaScript reads them as text; write {0,n})"
        if c in "*+?" or quantifier:
            i = quantifier.end() if quantifier else i + 1
            if pattern[i:i + 1] == "+":
                return "possessive quantifiers such as *+ ++ ?+ {n}+ (JavaScript refuses them)"
            continue
        i += 1
    return None


def prefill(field: RecordLike, signer: Signer, today: dt.date) -> str | None:
    """The value a field starts with: its `auto_source`, else the value given at creation."""
    source = field.get("auto_source")
    if source == "signer_name":
        return signer["name"]
    if source == "signer_email":
        return signer["email"]
    if source == "signer_phone":
        return signer.get("phone")
    if source == "signing_date":
        return today.isoformat()
    return field.get("value")


def unsafe_character(text: str) -> str | None:
    """Why `text` may not be stored and stamped (a control or bidirectional formatting character, which
    can make the signed document show something else than what was entered), or None."""
    found = UNSAFE_CHARS.search(text)
    if found is None:
        return None
    return (f"contains U+{ord(found.group()):04X}: control characters (other than tab and line feed) and "
            f"bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069) are not allowed")


def check_text(field: RecordLike, value: str, deadline: float | None = None) -> str | None:
    """Why `value` is not acceptable in a text field, or None (UNCHECKED when a `regex` pattern could
    not decide before `deadline`, a time.monotonic() value, or within MATCH_SECONDS)."""
    kind = field.get("validation_type")
    if kind == "regex":
        timeout = MATCH_SECONDS if deadline is None else min(MATCH_SECONDS, deadline - time.monotonic())
        if timeout <= 0:
            return UNCHECKED
        try:
            # ASCII classes (\d, \w) as in the page's JavaScript; `concurrent` releases the GIL
            ok = regex.fullmatch(field.get("validation_pattern") or "", value, flags=regex.ASCII,
                                 concurrent=True, timeout=timeout) is not None
        except TimeoutError:
            return UNCHECKED
        except regex.error:
            ok = False
        return None if ok else NO_MATCH
    if kind in PATTERNS:
        pattern, message = PATTERNS[kind]
        if not re.fullmatch(pattern, value, flags=re.ASCII):
            return message
        if kind == "date":
            try:
                dt.date.fromisoformat(value)
            except ValueError:
                return "not a real date"
        if kind == "phone" and len(re.sub(r"\D", "", value)) < 6:
            return message
    return None


def check_mark(mark: object, where: str, details: list[Any]) -> Json | None:
    """A signature or initials: `{kind: "typed", text}` or `{kind: "drawn", image: PNG data URL}`.
    Returns the checked form (`{kind: "typed", text}` with whitespace trimmed, or `{kind: "drawn",
    png: bytes}`), or None with `details` filled."""
    if not isinstance(mark, dict):
        details.append({"field": where, "message": "give {kind: \"typed\", text} or {kind: \"drawn\", image}"})
        return None
    kind = mark.get("kind")
    if kind == "typed":
        text = mark.get("text")
        if not isinstance(text, str) or not text.strip():
            details.append({"field": f"{where}.text", "message": "type your name"})
            return None
        text = " ".join(text.split())
        if len(text) > MAX_TYPED or not text.isprintable():
            details.append({"field": f"{where}.text", "message": f"at most {MAX_TYPED} printable characters"})
            return None
        return {"kind": "typed", "text": text}
    if kind == "drawn":
        png, problem = _check_drawing(mark.get("image"))
        if problem:
            details.append({"field": f"{where}.image", "message": problem})
            return None
        return {"kind": "drawn", "png": png}
    details.append({"field": f"{where}.kind", "message": "must be typed or drawn"})
    return None


def _check_drawing(image: object) -> tuple[bytes | None, str | None]:
    """(the decoded PNG, None) or (None, why it is refused)."""
    prefix = "data:image/png;base64,"
    too_large = f"the drawing is larger than {MAX_DRAWING_BYTES // 1024} KB (as PNG); draw it again smaller or type it"
    if not isinstance(image, str) or not image.startswith(prefix):
        return None, "must be a PNG data URL (data:image/png;base64,...)"
    if len(image) > -(-MAX_DRAWING_BYTES // 3) * 4 + len(prefix):
        return None, too_large
    try:
        raw = base64.b64decode(image[len(prefix):], validate=True)
        if len(raw) > MAX_DRAWING_BYTES:
            return None, too_large
        with Image.open(io.BytesIO(raw)) as img:
            if img.format != "PNG":
                return None, "must be a PNG image"
            if max(img.size) > MAX_IMAGE_SIDE:
                return None, f"the drawing is larger than {MAX_IMAGE_SIDE} pixels"
            img.load()
            ink = img.convert("RGBA")
    except (binascii.Error, ValueError, UnidentifiedImageError, OSError, Image.DecompressionBombError):
        return None, "not a readable PNG image"
    alpha = ink.getchannel("A")
    # ink = any visible pixel that is not white
    visible = Image.eval(alpha, lambda a: 255 if a > 32 else 0)
    dark = Image.eval(ink.convert("L"), lambda v: 255 if v < 200 else 0)
    if Image.composite(dark, Image.new("L", ink.size, 0), visible).getbbox() is None:
        return None, "the drawing is empty"
    return raw, None


def check_submission(request: SigningRequest, signer: Signer, values: object, signature: object, initials: object,
                     today: dt.date) -> tuple[dict[str, str | None], Json | None, Json | None]:
    """Validate a signing submission. Returns (field id -> stored value, signature, initials); an
    optional field sent empty is stored as None (not its prefill);
    raises 422 with one detail per problem: code `signature_required` when no signature was adopted
    (whatever else is wrong too), else `validation_error`."""
    details: list[Json] = []
    if values is None:
        values = {}
    if not isinstance(values, dict):
        raise validation_error([{"field": "values", "message": "must be an object of field id -> value"}])
    mine = {f["id"]: f for f in request["fields"] if f["signer_id"] == signer["id"]}
    for field_id in values:
        if field_id not in mine:
            details.append({"field": f"values.{field_id}", "message": "not one of your fields"})
    # every signer adopts a signature, with or without a signature field: it is stamped in the
    # signer's signature fields, or on the signatures page appended to the document when there are none
    adopted = check_mark(signature, "signature", details) if signature is not None else None
    if signature is None:
        details.append({"field": "signature", "message": SIGNATURE_REQUIRED})
    adopted_initials = check_mark(initials, "initials", details) if initials is not None else None
    if adopted_initials is None and adopted is not None:
        # as the page shows them: the initials of a typed name, or the drawn signature itself (the
        # same object, so that it is stored once and referenced twice)
        adopted_initials = ({"kind": "typed", "text": initials_of(adopted["text"])} if adopted["kind"] == "typed"
                            else adopted)

    out: dict[str, str | None] = {}
    deadline = time.monotonic() + MATCH_BUDGET_SECONDS
    for field_id, f in mine.items():
        where = f"values.{field_id}"
        kind = f["field_type"]
        if kind == "signature":
            if adopted:
                out[field_id] = adopted["text"] if adopted["kind"] == "typed" else "(drawn signature)"
            continue
        if kind == "initials":
            mark = adopted_initials
            if mark:
                out[field_id] = mark["text"] if mark["kind"] == "typed" else "(drawn initials)"
            continue
        if kind == "date":
            out[field_id] = today.isoformat()
            continue
        if kind == "attachment":  # the file comes through POST .../attachments/{field_id}, before signing
            if attached := f.get("attachment"):
                out[field_id] = attached["name"]
            elif f.get("is_required", True):
                details.append({"field": where, "message": "attach the file this field asks for first"})
            continue
        if f.get("locked") and field_id in values and values[field_id] != prefill(f, signer, today):
            details.append({"field": where, "message": "this field is locked: it keeps the value it was given"})
            continue
        value, problem = check_value(f, values.get(field_id, prefill(f, signer, today)), deadline)
        if kind == "checkbox" and value == "false" and f.get("is_required", True):
            problem = "this box must be ticked"
        if problem:
            if problem == UNCHECKED:
                log.warning("signing request %s field %s: the value could not be checked against the field's "
                            "pattern within the time bound", request["id"], field_id)
            details.append({"field": where, "message": problem})
        elif value is not None:
            out[field_id] = value
        elif f.get("is_required", True):
            details.append({"field": where, "message": "this field is required"})
        elif field_id in values:
            out[field_id] = None  # emptied by the signer: not the value it started with
    if signature is None:
        raise ApiError(422, "signature_required", SIGNATURE_REQUIRED, details=details)
    if details:
        raise validation_error(details)
    return out, adopted, adopted_initials


def check_value(f: RecordLike, raw: object, deadline: float) -> tuple[str | None, str | None]:
    """A value given for a checkbox, text or select field: (what is stored, None), (None, why it is
    refused), or (None, None) when it is empty."""
    if f["field_type"] == "checkbox":
        box = _checkbox(raw)
        return (box, None) if box is not None else (None, "must be \"true\" or \"false\"")
    if raw is not None and not isinstance(raw, str):
        return None, "must be a string"
    value = (raw or "").strip()
    if f["field_type"] == "text" and f.get("validation_type") in DIGIT_KINDS:
        value = ascii_phone(value) if f.get("validation_type") == "phone" else ascii_digits(value)
    if not value:
        return None, None
    if len(value) > MAX_VALUE:
        return None, f"at most {MAX_VALUE} characters"
    if problem := unsafe_character(value):
        return None, problem
    if f["field_type"] == "select" and value not in (f.get("options") or []):
        return None, "choose one of the options"
    if f["field_type"] == "text" and (problem := check_text(f, value, deadline)):
        return None, problem
    return value, None


def _checkbox(raw: object) -> str | None:
    if raw is None or raw == "":
        return "false"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, str) and raw.lower() in ("true", "false"):
        return raw.lower()
    return None

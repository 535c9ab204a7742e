"""Checking what a signer submits: field values, the adopted signature and initials.

The signing page runs the same rules in the browser for quick feedback, from the `client_pattern` the
signer API hands out per field; the server never trusts that and checks everything here again.

A drawing is a PNG data URL of at most MAX_DRAWING_BYTES decoded (the page's 600 x 200 canvas gives a
few tens of KB); a checked drawn mark carries the decoded `png` bytes, which esign.domain.signing
moves to blob storage before anything is written to the signing request.
"""
from __future__ import annotations

import base64
import binascii
import datetime as dt
import io
import re

from PIL import Image, UnidentifiedImageError

from esign.api.common import EMAIL_RE
from esign.errors import ApiError, validation_error
from esign.pdf.stamp import initials_of

MAX_VALUE = 1000
MAX_TYPED = 255
MAX_DRAWING_BYTES = 256 * 1024  # a drawn signature or initials, as decoded PNG bytes
MAX_IMAGE_SIDE = 4000
SIGNATURE_REQUIRED = "adopt a signature before signing: type your name or draw it"

# validation_type -> (pattern the page uses, message). `date` is also parsed on the server.
PATTERNS = {
    "email": (EMAIL_RE.pattern, "enter an email address"),
    "number": (r"^[+-]?([0-9]+([.,][0-9]+)?|[.,][0-9]+)$", "enter a number"),
    "phone": (r"^\+?[0-9(][0-9 ()./-]{4,22}[0-9]$", "enter a phone number"),
    "date": (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "enter a date as YYYY-MM-DD"),
}


def client_pattern(field: dict) -> tuple[str | None, str | None]:
    """(regular expression, message) the page checks a text field with."""
    kind = field.get("validation_type")
    if kind == "regex":
        return field.get("validation_pattern"), "the value does not have the expected format"
    return PATTERNS.get(kind, (None, None))


def prefill(field: dict, signer: dict, today: dt.date) -> str | None:
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


def check_text(field: dict, value: str) -> str | None:
    """Why `value` is not acceptable in a text field, or None."""
    kind = field.get("validation_type")
    if kind == "regex":
        try:
            # ASCII classes (\d, \w) as in the page's JavaScript
            ok = re.fullmatch(field.get("validation_pattern") or "", value, flags=re.ASCII) is not None
        except re.error:
            ok = False
        return None if ok else "the value does not have the expected format"
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


def check_mark(mark, where: str, details: list) -> dict | None:
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


def _check_drawing(image) -> tuple[bytes | None, str | None]:
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


def check_submission(request: dict, signer: dict, values, signature, initials, today: dt.date) -> tuple[dict, dict, dict | None]:
    """Validate a signing submission. Returns (field id -> stored value, signature, initials);
    raises 422 with one detail per problem: code `signature_required` when no signature was adopted
    (whatever else is wrong too), else `validation_error`."""
    details: list[dict] = []
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

    out: dict[str, str] = {}
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
        raw = values.get(field_id, prefill(f, signer, today))
        if kind == "checkbox":
            value = _checkbox(raw)
            if value is None:
                details.append({"field": where, "message": "must be \"true\" or \"false\""})
            elif value == "false" and f.get("is_required", True):
                details.append({"field": where, "message": "this box must be ticked"})
            else:
                out[field_id] = value
            continue
        if raw is not None and not isinstance(raw, str):
            details.append({"field": where, "message": "must be a string"})
            continue
        value = (raw or "").strip()
        if not value:
            if f.get("is_required", True):
                details.append({"field": where, "message": "this field is required"})
            continue
        if len(value) > MAX_VALUE:
            details.append({"field": where, "message": f"at most {MAX_VALUE} characters"})
        elif kind == "select" and value not in (f.get("options") or []):
            details.append({"field": where, "message": "choose one of the options"})
        elif kind == "text" and (problem := check_text(f, value)):
            details.append({"field": where, "message": problem})
        else:
            out[field_id] = value
    if signature is None:
        raise ApiError(422, "signature_required", SIGNATURE_REQUIRED, details=details)
    if details:
        raise validation_error(details)
    return out, adopted, adopted_initials


def _checkbox(raw) -> str | None:
    if raw is None or raw == "":
        return "false"
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, str) and raw.lower() in ("true", "false"):
        return raw.lower()
    return None

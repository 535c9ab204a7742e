"""Neutral marshmallow pieces every layer may use: strict field types (dates in UTC, booleans, numbers,
one-line text, names, email addresses, phones, locales), the schema bases (input schemas that refuse
unknown keys and control characters, output schemas, pages) and the Error shape. The HTTP layer
(esign.api) builds its request and response schemas from them; config, domain and webhook payloads use
them without importing the HTTP layer."""
from __future__ import annotations

import datetime as dt
import re

import phonenumbers
from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, missing, pre_load, validate
from marshmallow.schema import SchemaMeta

from esign import i18n
from esign.clock import iso, to_utc_naive
from esign.errors import validation_error
from esign.i18n.digits import ascii_digits, ascii_phone

# an offset whose plus sign came through a query string unencoded: "2026-11-23T10:00:00 05:00"
PLUS_READ_AS_SPACE = re.compile(r"\d \d{2}:?\d{2}$")


class UTCDateTime(fields.DateTime):
    """ISO 8601 in (at most MAX_LENGTH characters, the OpenAPI document's `maxLength`), naive UTC in
    Python, ISO 8601 with `Z` out."""

    MAX_LENGTH = 64  # longer than any ISO 8601 date-time the parser reads (fraction and offset included)

    def _serialize(self, value, attr, obj, **kwargs):
        return iso(value) if isinstance(value, dt.datetime) else value

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and len(value) > self.MAX_LENGTH:
            raise ValidationError(f"not a valid date-time: at most {self.MAX_LENGTH} characters")
        try:
            return to_utc_naive(super()._deserialize(value, attr, data, **kwargs))
        except OverflowError:  # 9999-12-31T23:59:59-23:59 parses but is past year 9999 in UTC
            raise ValidationError("out of range: the time in UTC must lie between the years 1 and 9999") from None
        except ValidationError:
            if isinstance(value, str) and PLUS_READ_AS_SPACE.search(value):
                raise ValidationError("not a valid date-time: a space before the offset is a '+' sent unencoded in "
                                      "a URL's query (where '+' means a space): send it as %2B, or use Z") from None
            raise


# --- strict input types (design.md §11): no string->bool or string->number coercion, integers within
# int64. Every request schema uses these instead of marshmallow's lenient Boolean, Integer and Float.

INT64 = validate.Range(-2**63, 2**63 - 1, error="must be an integer between -2^63 and 2^63-1")
MAX_ERRORS = 100  # validation details listed at most (the rest are summarised in one entry)


def _with(validators, extra) -> list:
    given = [] if validators is None else [validators] if callable(validators) else list(validators)
    return [*given, extra]


class Bool(fields.Boolean):
    """JSON `true` or `false`; not "yes", 1 or "true"."""

    default_error_messages = {"invalid": "must be true or false (a JSON boolean)"}

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class Int(fields.Integer):
    """A JSON integer (not "7", 7.5 or true), within int64 whatever other bounds it has."""

    default_error_messages = {"invalid": "must be an integer (a JSON number without a fraction)"}

    def __init__(self, *, validate=None, **kwargs):
        super().__init__(strict=True, validate=_with(validate, INT64), **kwargs)

    def _validated(self, value):
        if isinstance(value, float):  # JSON 7.0 is a float; strict already refuses it, say why
            raise self.make_error("invalid")
        return super()._validated(value)


class Num(fields.Float):
    """A JSON number (not "7.5" or true); no NaN or infinity."""

    default_error_messages = {"invalid": "must be a number"}

    def _validated(self, value):
        if not isinstance(value, (int, float)):
            raise self.make_error("invalid")
        return super()._validated(value)


class QueryInt(fields.Integer):
    """An integer query parameter (digits in the query string), within int64."""

    default_error_messages = {"invalid": "must be an integer"}

    def __init__(self, *, validate=None, **kwargs):
        super().__init__(validate=_with(validate, INT64), **kwargs)

    def _validated(self, value):
        if not isinstance(value, str) or not re.fullmatch(r"-?[0-9]{1,20}", value):
            raise self.make_error("invalid")
        return super()._validated(value)


class QueryBool(fields.Boolean):
    """A boolean query parameter: exactly `true` or `false`."""

    default_error_messages = {"invalid": "must be true or false"}

    def __init__(self, **kwargs):
        super().__init__(truthy={"true"}, falsy={"false"}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


CONTROL_CHARS = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029"  # as a regex character range
NOT_ONE_LINE = re.compile(f"[{CONTROL_CHARS}]")
# bidirectional embeddings, overrides and isolates, and the left-to-right, right-to-left and Arabic
# letter marks: a name with U+202E reads backwards ("moc.live" as "evil.com") in a To: header, a list or
# a certificate, and a mark moves the digits and punctuation around it
BIDI_CONTROLS = "\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c"
BIDI = re.compile(f"[{BIDI_CONTROLS}]")
BIDI_MESSAGE = ("bidirectional control characters are not allowed here (U+202A to U+202E, U+2066 to U+2069, "
                "U+200E, U+200F, U+061C)")
# an RFC 2047 encoded word as Python's email package decodes it (before 3.11.10 / 3.12.5 into a real line
# break in the header it writes: CVE-2024-6923); the OpenAPI pattern says the same with a lookahead
ENCODED_WORD_RE = r"=\?[^?]*\?[bBqQ]\?[^?]*\?="
ENCODED_WORD = re.compile(ENCODED_WORD_RE)
NO_ENCODED_WORD = f"(?!.*{ENCODED_WORD_RE})"
# multi-line text (messages, reasons, descriptions, field values): tab, LF and CR are text; NUL and the
# other C0 controls, DEL and the C1 controls are not
TEXT_CONTROL_CHARS = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f"
NOT_TEXT = re.compile(f"[{TEXT_CONTROL_CHARS}]")
TEXT_PATTERN = f"^[^{TEXT_CONTROL_CHARS}{BIDI_CONTROLS}]*$"
NOT_TEXT_MESSAGE = "control characters are not allowed here (tab and line breaks are)"


def header_problem(value: str) -> str | None:
    """Why `value` cannot be text that reaches an email header (a subject, a display name), or None."""
    if NOT_ONE_LINE.search(value):
        return "must be a single line without control characters (no CR or LF)"
    if found := BIDI.search(value):
        return f"contains U+{ord(found.group()):04X}: {BIDI_MESSAGE}"
    if ENCODED_WORD.search(value):
        return "must not contain an RFC 2047 encoded word (=?charset?q?...?= or =?charset?b?...?=)"
    return None


class Line(fields.String):
    """One line of text: no CR, LF or other control characters, no bidirectional controls and no RFC
    2047 encoded word (names, subjects, anything that can end up in an email header)."""

    # the rule as the OpenAPI document states it (esign/openapi.py)
    PATTERN = f"^{NO_ENCODED_WORD}[^{CONTROL_CHARS}{BIDI_CONTROLS}]*$"

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        problem = header_problem(value)
        if problem:
            raise ValidationError(problem)
        return value


class FieldText(fields.String):
    """A signature field's prefilled `value` or a select option: what is stamped on the document. Its
    rule (no control characters but tab and LF, no bidirectional controls, naming the character) is
    esign.domain.pages.signer_values.unsafe_character, checked with every other field of the request, so
    InputSchema's milder central rule is not applied before it."""


class MaxProperties(validate.Validator):
    """At most `n` keys in an object (documented as `maxProperties`, not as a string's maxLength)."""

    def __init__(self, n: int):
        self.n = n

    def __call__(self, value):
        if len(value) > self.n:
            raise ValidationError(f"at most {self.n} entries")
        return value


class ReusedSchemaMeta(SchemaMeta):
    """`SomeSchema(...)` gives the one instance built with those arguments in this process. Building
    a marshmallow schema copies every declared field (a signing request's: about 200 µs, more than
    dumping it) while loading and dumping leave the instance as it was, so handlers write
    `SigningRequest().dump(...)` and share one instance. Arguments that cannot be a dict key
    (`only=[...]`) build a new instance each time."""

    def __call__(cls, *args, **kwargs):
        key = (args, tuple(sorted(kwargs.items())))
        try:
            instances = cls.__dict__["_reused"]
        except KeyError:
            instances = {}
            cls._reused = instances
        try:
            return instances[key]
        except KeyError:
            instance = instances[key] = super().__call__(*args, **kwargs)
            return instance
        except TypeError:  # unhashable arguments
            return super().__call__(*args, **kwargs)


class ReusedSchema(Schema, metaclass=ReusedSchemaMeta):
    """The base of every esign schema: one instance per class and arguments (ReusedSchemaMeta)."""


def _trim_unknown(schema: Schema, data):
    """Keep at most MAX_ERRORS unknown keys (plus one that counts the rest), so marshmallow, which
    reports each unknown key, never builds an error list as long as a hostile body."""
    if not isinstance(data, dict) or len(data) <= MAX_ERRORS:
        return data
    known = {f.data_key or name for name, f in schema.load_fields.items()}
    unknown = [key for key in data if key not in known]
    if len(unknown) <= MAX_ERRORS:
        return data
    kept = {key: value for key, value in data.items() if key in known}
    kept.update((key, data[key]) for key in unknown[:MAX_ERRORS])
    kept[f"(and {len(unknown) - MAX_ERRORS} more unknown fields)"] = None
    return kept


def no_control(value: str):
    """The validator every plain string input carries (see InputSchema.on_bind_field): no control
    characters but tab and line breaks, and no bidirectional controls (BIDI)."""
    if found := NOT_TEXT.search(value):
        raise ValidationError(f"contains U+{ord(found.group()):04X}: {NOT_TEXT_MESSAGE}")
    if found := BIDI.search(value):
        raise ValidationError(f"contains U+{ord(found.group()):04X}: {BIDI_MESSAGE}")


class BoundedUUID(fields.UUID):
    """A UUID of at most 36 characters (the hyphenated form; what `maxLength` says in the OpenAPI
    document). marshmallow's UUID reads whatever Python's `uuid.UUID` does, and that strips any number
    of `urn:` and `uuid:` prefixes and braces: a text of any length."""

    MAX_LENGTH = 36
    default_error_messages = {"invalid_uuid": "not a valid UUID: 36 characters, like 0b7c3b9e-4c1e-4f39-9a8e-2f1d3c4b5a69"}

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and len(value) > self.MAX_LENGTH:
            raise self.make_error("invalid_uuid")
        return super()._deserialize(value, attr, data, **kwargs)


def _guard_text(field: fields.Field) -> None:
    """Give a plain String the `no_control` rule, and a UUID its length (BoundedUUID), also inside
    lists and dicts. Bound fields are shallow copies of the declared ones: attributes (the class of a
    UUID field's copy among them) are replaced, never changed in place."""
    if type(field) is fields.String and no_control not in field.validators:
        field.validators = [*field.validators, no_control]
        field.metadata = {"pattern": TEXT_PATTERN, **field.metadata}
    if type(field) is fields.UUID:
        field.__class__ = BoundedUUID
    for inner in (getattr(field, "inner", None), getattr(field, "key_field", None),
                  getattr(field, "value_field", None), *getattr(field, "tuple_fields", ())):
        if isinstance(inner, fields.Field):
            _guard_text(inner)


class InputSchema(ReusedSchema):
    """A request body or query: unknown keys refused (at most MAX_ERRORS of them listed), and every
    plain string without control characters other than tab, CR and LF and without bidirectional
    controls (messages, reasons, placeholders, descriptions, webhook names), centrally: a field declared
    as `fields.String` gets the rule (and its OpenAPI pattern) when the schema is built. One-line
    strings (Line, Name, Email, ...) have stricter rules of their own, and so have what signers enter
    and what is stamped (FieldText, and the free-form `values` of a submission: esign.domain.pages.signer_values)."""

    class Meta:
        unknown = RAISE

    def on_bind_field(self, field_name, field_obj):
        _guard_text(field_obj)

    @pre_load
    def trim_unknown(self, data, **kwargs):
        return _trim_unknown(self, data)


class StrictSchema(InputSchema):
    """A request body."""


class QuerySchema(InputSchema):
    """A query string."""


# What a list may skip with `offset` (documented); deeper pages are reached with the `after_id` cursor,
# which costs what the first page does.
MAX_OFFSET = 10_000


class PageQuery(QuerySchema):
    limit = QueryInt(load_default=50, validate=validate.Range(1, 100), metadata={"description": "1 to 100"})
    offset = QueryInt(load_default=0, validate=validate.Range(0, MAX_OFFSET), metadata={
        "description": f"0 to {MAX_OFFSET:,} (a larger offset is 422); walk further with `after_id`"})


class CursorPageQuery(PageQuery):
    after_id = fields.UUID(metadata={
        "description": "cursor (extension): only items after the item with this id in the list's order; pass the "
                       "previous page's last item's id. An id that names no item of the list is a 422"})


async def cursor_record(repo, org_id: str, query: dict) -> dict | None:
    """The record `after_id` names (None without the parameter); 422 when it names none of the list."""
    if "after_id" not in query:
        return None
    record = await repo.cursor_at(org_id, str(query["after_id"]))
    if record is None:
        raise validation_error([{"field": "after_id", "message": "no item of this list has this id"}])
    return record


class OutSchema(ReusedSchema):
    """Response schemas only dump; unknown keys in the stored record are left out."""

    class Meta:
        unknown = EXCLUDE

    def _serialize(self, obj, *, many: bool = False):
        """marshmallow's, with each field's value read straight from the dict (every view esign dumps is
        one) and given to the field's own `_serialize`: the same answer without marshmallow's accessor
        calls for each field. A key the dict lacks (the field's default, or nothing), a field with
        `attribute` or a dotted name, and anything but a dict go marshmallow's way."""
        if many and obj is not None:
            return [self._serialize(item) for item in obj]
        if type(obj) is not dict:
            return super()._serialize(obj)
        plan = self.__dict__.get("_dump_plan")
        if plan is None:
            plain = type(self).get_attribute is Schema.get_attribute
            plan = self._dump_plan = [
                (name, name if field.data_key is None else field.data_key, field,
                 plain and field.attribute is None and "." not in name and field._CHECK_ATTRIBUTE)
                for name, field in self.dump_fields.items()]
        answer = self.dict_class()
        for name, key, field, direct in plan:
            if direct and name in obj:
                answer[key] = field._serialize(obj[name], name, obj)
            else:
                value = field.serialize(name, obj, accessor=self.get_attribute)
                if value is not missing:
                    answer[key] = value
        return answer


class ErrorDetail(OutSchema):
    field = fields.String(required=True)
    message = fields.String(required=True)


class ErrorInner(OutSchema):
    code = fields.String(required=True, metadata={"description": "machine-readable error code"})
    message = fields.String(required=True)
    request_id = fields.String(required=True)
    details = fields.List(fields.Nested(ErrorDetail), metadata={"description": "422 only: one entry per invalid field"})


class Error(OutSchema):
    error = fields.Nested(ErrorInner, required=True)


def page_of(item_schema: type[Schema], name: str) -> type[Schema]:
    """A `{items: [...], total, has_more}` list schema (the spec's `{items, total}`, extended)."""
    return type(name, (OutSchema,), {
        "items": fields.List(fields.Nested(item_schema), required=True),
        "total": fields.Integer(required=True),
        "has_more": fields.Boolean(required=True, metadata={"description": "more items follow this page"}),
    })


# ASCII only (an OpenAPI `email`: an RFC 5321 mailbox; `idn-email` would be the Unicode one): an address
# with "é" cannot be written into a message header without SMTPUTF8 (RFC 6532), which the mail providers
# do not speak. The signing page uses `.pattern` in JavaScript: keep it JS-compatible.
EMAIL_RE = re.compile(r"^[!#-'*+\-./0-9=?A-Z^-~]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9_-]+$")
ASCII_EMAIL = "an email address in ASCII characters"
NOT_ASCII_EMAIL = f"{ASCII_EMAIL}; internationalised addresses are not supported"


class Email(fields.String):
    """Syntax-only email check (design.md §6): no DNS, internal domains allowed; ASCII only."""

    default_error_messages = {"invalid": "not a valid email address", "ascii": NOT_ASCII_EMAIL}

    MAX_LENGTH = 320  # RFC 5321's mailbox, as given (spaces around it included): the OpenAPI `maxLength`

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if len(value) > self.MAX_LENGTH:
            raise self.make_error("invalid")
        value = value.strip()
        if not value.isascii():
            raise self.make_error("ascii")
        if not EMAIL_RE.match(value):
            raise self.make_error("invalid")
        if ENCODED_WORD.search(value):  # a header carries the address (esign.domain.mail.notifications.mailbox)
            raise ValidationError(header_problem(value))
        return value


# White space Python and JavaScript agree on, as a regex character range (control characters, which
# a Line refuses, left out): a name of these alone is blank.
SPACES = "\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufeff"
NOT_BLANK = re.compile(f"[^{SPACES}]")


class Name(Line):
    """A person's name: one line with at least one character that is not white space. The OpenAPI
    pattern says the same (esign/openapi.py)."""

    PATTERN = (f"^{NO_ENCODED_WORD}[^{CONTROL_CHARS}{BIDI_CONTROLS}]*[^{CONTROL_CHARS}{BIDI_CONTROLS}{SPACES}]"
               f"[^{CONTROL_CHARS}{BIDI_CONTROLS}]*$")
    default_error_messages = {"blank": "must not be empty or only spaces"}

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not NOT_BLANK.search(value):
            raise self.make_error("blank")
        return value


class Phone(Line):
    """A phone number in international form as people write it: `+`, the country code and the number,
    with spaces, dots, dashes and parentheses between the digits (7 to 15 digits: E.164). Digits of
    other scripts are read as ASCII digits first (esign.i18n.digits; the pattern names the Arabic-Indic,
    Eastern Arabic-Indic and full-width ones). It must be a number that exists (the `phonenumbers`
    library: a real country code, a length and range of that country), and is stored in E.164
    (`+442079460958`). Spaces around it are trimmed, and blank (empty or spaces) is no phone (null).
    `PATTERN` is the shape, in the OpenAPI document too."""

    PATTERN = r"^ *(?:[+\uff0b][ ().-]*(?:[0-9\u0660-\u0669\u06f0-\u06f9\uff10-\uff19][ ().-]*){7,15})? *$"
    default_error_messages = {
        "phone": "must be a phone number in international form: +, the country code, then the number "
                 "(like +44 20 7946 0958), 7 to 15 digits",
        "no_number": "is not a phone number that exists: check the country code and the number's length"}

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not PHONE_RE.match(ascii_digits(value)):
            raise self.make_error("phone")
        super()._validate(value)  # the bounds (maxLength) are of the value as given, before trimming
        if not value.strip(" "):
            return None
        try:
            number = phonenumbers.parse(ascii_phone(value), None)
        except phonenumbers.NumberParseException:
            raise self.make_error("no_number") from None
        if not phonenumbers.is_valid_number(number):
            raise self.make_error("no_number")
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)

    def _validate(self, value):
        """Done by _deserialize on the value as given (the trimmed value may be null)."""


PHONE_RE = re.compile(Phone.PATTERN)


class Locale(fields.String):
    """A BCP 47 language tag of a language esign has catalogs for (esign.i18n.LOCALES), stored as that
    language (`de-CH` -> `de`); any other is refused, naming the supported ones."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault(
            "description", "the signer's language, BCP 47 (`de`, `fr-CH`, `pt-BR`): one of " + ", ".join(i18n.LOCALES)
            + " (the region is not kept); null or left out: the organisation's default_locale, else the browser's")
        kwargs.setdefault("load_default", None)
        super().__init__(allow_none=True, validate=validate.Length(max=35), **kwargs)

    #: a supported language, then any BCP 47 subtags (region, script, variants): what the OpenAPI
    #: document says (esign.openapi) and what is accepted are the same
    PATTERN = "^(?:" + "|".join(i18n.LOCALES) + ")(?:[-_][A-Za-z0-9]{1,8})*$"

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if len(text) > 35 or not re.match(self.PATTERN, text):  # the bound of the tag as given (maxLength)
            raise ValidationError(f"unsupported locale; supported: {', '.join(i18n.LOCALES)}")
        return re.split(r"[-_]", text, maxsplit=1)[0]

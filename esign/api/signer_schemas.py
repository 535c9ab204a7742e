"""The shapes of the signer API (esign.api.signer): what a signer sends (values, marks, codes, a
delegate) and what the page reads back (the signer's view of the request)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, missing, validate

from esign.api.tag_schemas import SignerRedirect
from esign.domain.requests import signing_requests
from esign.domain.signer import verification
from esign.schema import Bool, Email, MaxProperties, Name, OutSchema, StrictSchema

# an adopted signature or initials as the OpenAPI document shows it (esign.domain.pages.signer_values checks it)
MARK = {"type": "object", "required": ["kind"], "properties": {
    "kind": {"type": "string", "enum": ["typed", "drawn"]},
    "text": {"type": "string", "description": "typed: the name as typed (1 to 255 characters)"},
    "image": {"type": "string", "description": "drawn: a PNG data URL (at most 256 KB as PNG, 4000 px)"}}}


class FieldValues(fields.Dict):
    """Field id -> a string, a boolean (checkboxes) or null: anything else (a list, an object, a
    number) is refused here, whatever field it names, rather than ignored by a field that takes no
    value. At most as many entries as a request has fields."""

    default_error_messages = {"value": "must be a string, a boolean (checkboxes) or null"}

    def __init__(self, **kwargs):
        super().__init__(keys=fields.String(), values=fields.Raw(allow_none=True),
                         validate=MaxProperties(signing_requests.MAX_FIELDS), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        values = super()._deserialize(value, attr, data, **kwargs)
        wrong = {key: [self.error_messages["value"]] for key, v in values.items()
                 if v is not None and not isinstance(v, (str, bool))}
        if wrong:
            raise ValidationError(wrong)
        return values


class AdoptedMark(fields.Raw):
    """A mark the server requires (the OpenAPI document lists it as required) but whose absence is
    refused by esign.domain.pages.signer_values, with `signature_required` beside the body's other problems,
    rather than here."""

    def _validate_missing(self, value):
        if value is not missing:
            super()._validate_missing(value)


class SignBody(StrictSchema):
    values = FieldValues(load_default=dict, metadata={
        "maxProperties": signing_requests.MAX_FIELDS,
        "description": f"field id -> value (a string, a boolean for checkboxes, or null; at most "
                       f"{signing_requests.MAX_FIELDS} entries) for this signer's text, checkbox (\"true\"/\"false\") "
                       "and select fields, and overrides of auto_source fields"})
    signature = AdoptedMark(required=True, allow_none=True, metadata={
        **MARK, "description": "the adopted signature; always required (422 signature_required without it, or "
                               "null), also for a signer with no signature field"})
    initials = fields.Raw(allow_none=True, metadata={**MARK, "description": "optional, for initials fields; else the "
                                                                           "initials of the typed name or the signature"})
    consent = Bool(metadata={"description": "must be true unless consent was given before"})


class DeclineBody(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(1, 1000), metadata={"description": "1 to 1000 characters"})


class DelegateBody(StrictSchema):
    name = Name(required=True, validate=validate.Length(1, 255))
    email = Email(required=True, metadata={"description": "not an address already in the request"})
    reason = fields.String(required=True, validate=validate.Length(1, 1000), metadata={"description": "1 to 1000 characters"})


class CodeBody(StrictSchema):
    code = fields.String(required=True, metadata={
        "description": "the code from the text message: 6 digits, or 4 to 10 when the SMS provider makes the "
                       "codes (a `CodeCheckingSmsProvider`)"})


class IdentityBody(StrictSchema):
    full_name = fields.String(required=True, metadata={"description": "as on the document (1 to 255)"})
    date_of_birth = fields.String(required=True, metadata={"description": "YYYY-MM-DD"})
    document_type = fields.String(required=True, metadata={"description": ", ".join(verification.DOCUMENT_TYPES)})
    document_number = fields.String(required=True, metadata={"description": "4 to 64 characters; stored masked"})
    document_expiry = fields.String(required=True, metadata={"description": "YYYY-MM-DD, not in the past"})
    issued_country = fields.String(required=True, metadata={"description": "ISO 3166 alpha-2"})
    address = fields.String(allow_none=True)


class SignerView(OutSchema):
    request = fields.Dict(required=True, metadata={"description": "id, document_name, status, signing_order, "
                                                                  "message, sender_name, expires_at"})
    signer = fields.Dict(required=True, metadata={"description": "id, name, email, status"})
    fields_ = fields.List(fields.Dict(), data_key="fields", required=True,
                          metadata={"description": "this signer's fields with their `value` (prefilled; once "
                                                   "the signer has signed, the value stored), `mark` (once "
                                                   "signed, a signature or initials field's mark as drawn: "
                                                   "{kind: typed, text} or {kind: drawn}; else null), `done` "
                                                   "(the signer has signed), `client_pattern` and "
                                                   "`pattern_message`, and `document_id`: the document of "
                                                   "the envelope the field lies on (`page_number` is a page "
                                                   "of that document)"})
    documents = fields.List(fields.Dict(), required=True, metadata={"description": (
        "the documents of the request (an envelope has 1 to 10), in order: id, name, page_count, order, and "
        "`progress` ({total, remaining, done} as the top-level `progress`, counting this signer's fields on "
        "that document only)")})
    pages = fields.List(fields.Dict(), required=True, metadata={"description": (
        "the pages of every document, document after document in envelope order: document_id and "
        "document_order (the document the page belongs to), number (a page of that document), width, "
        "height (points, as displayed), image_url and image_srcset: the page as it stands "
        "(every value given so far stamped on it, as in the signed PDF), WebP at 960 px and at 480, 720, 960 and "
        "1600 px wide (`srcset` syntax); the URLs are content-addressed and cached for the link's life")})
    progress = fields.Dict(required=True, metadata={"description": (
        "{total, remaining, done}: this signer's fields, how many still need them (every required field "
        "without a value, signature and initials fields included; 0 once signed) and whether they have signed")})
    signed_before = fields.List(fields.Dict(), required=True, metadata={"description": (
        "the other signers who have signed (before this one, once this one has), in signing order: "
        "{name, signed_at}")})
    requirements = fields.Dict(required=True, metadata={"description": "phone_verification and "
                                                                       "identity_verification state"})
    consent = fields.Dict(required=True, metadata={"description": "given, version, text of the disclosure"})
    can_sign = fields.Boolean(required=True)
    reason = fields.String(allow_none=True, metadata={"description": "why the signer cannot sign now"})
    can_decline = fields.Boolean(required=True)
    can_withdraw = fields.Boolean(required=True)
    can_delegate = fields.Boolean(required=True, metadata={"description": "extension: the request allows "
                                                                          "delegation and it is this signer's turn"})
    embed = fields.Dict(allow_none=True, metadata={"description": "{origin} for embedded links: the page "
                                                                  "posts esign.signed / esign.declined / esign.error "
                                                                  "to that origin"})
    redirect = fields.Nested(SignerRedirect, allow_none=True, metadata={"description": (
        "extension: where the page sends the signer once they have signed or declined (the signer's "
        "`redirect_url`, else the request's, with `event` added); null when neither was given")})


class Declined(OutSchema):
    status = fields.String(required=True, metadata={"description": "`declined`"})
    signing_request_id = fields.String(required=True)
    signer_id = fields.String(required=True)
    reason = fields.String(required=True)


class Delegate(OutSchema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)


class Delegated(OutSchema):
    status = fields.String(required=True, metadata={"description": "`delegated`"})
    signing_request_id = fields.String(required=True)
    signer_id = fields.String(required=True)
    delegate = fields.Nested(Delegate, required=True)

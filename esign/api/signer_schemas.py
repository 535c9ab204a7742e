"""The shapes of the signer API (esign.api.signer): what a signer sends (values, marks, codes, a
delegate) and what the page reads back (the signer's view of the request)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, missing, validate

from esign.api.tag_schemas import SignerRedirect
from esign.domain.pages import signer_values
from esign.domain.requests import signing_requests
from esign.domain.signer import verification
from esign.schema import Bool, Email, MaxProperties, Name, OutSchema, StrictSchema

# the longest a mark's texts may be as sent: the typed name, and a drawing's data URL (base64 of at most
# MAX_DRAWING_BYTES after the prefix); esign.domain.pages.signer_values checks the rest
MARK_LIMITS = {"text": signer_values.MAX_TYPED,
               "image": len("data:image/png;base64,") + -(-signer_values.MAX_DRAWING_BYTES // 3) * 4}
# an adopted signature or initials as the OpenAPI document shows it
MARK = {"type": "object", "required": ["kind"], "properties": {
    "kind": {"type": "string", "enum": ["typed", "drawn"]},
    "text": {"type": "string", "maxLength": MARK_LIMITS["text"],
             "description": f"typed: the name as typed (1 to {signer_values.MAX_TYPED} characters)"},
    "image": {"type": "string", "maxLength": MARK_LIMITS["image"],
              "description": "drawn: a PNG data URL (at most 256 KB as PNG, 4000 px)"}}}


def _mark_bounds(value) -> None:
    """A mark's texts within MARK_LIMITS as sent (the rest of the mark is checked with the other fields)."""
    if isinstance(value, dict):
        long = {key: [f"at most {limit} characters"] for key, limit in MARK_LIMITS.items()
                if isinstance(value.get(key), str) and len(value[key]) > limit}
        if long:
            raise ValidationError(long)


class _FieldValue(fields.Raw):
    """One value of FieldValues: null passes (a nullable string or boolean, as its OpenAPI schema says:
    no `nullable` beside a `oneOf`), the rest FieldValues checks."""

    def deserialize(self, value, attr=None, data=None, **kwargs):
        return None if value is None else super().deserialize(value, attr, data, **kwargs)


class FieldValues(fields.Dict):
    """Field id -> a string, a boolean (checkboxes) or null: anything else (a list, an object, a
    number) is refused here, whatever field it names, rather than ignored by a field that takes no
    value. At most as many entries as a request has fields."""

    default_error_messages = {"value": "must be a string, a boolean (checkboxes) or null",
                              "long": f"at most {signer_values.MAX_VALUE} characters"}

    def __init__(self, **kwargs):
        value = _FieldValue(metadata={"oneOf": [{"type": "string", "maxLength": signer_values.MAX_VALUE, "nullable": True},
                                                {"type": "boolean", "nullable": True}]})
        super().__init__(keys=fields.String(validate=validate.Length(max=36)), values=value,
                         validate=MaxProperties(signing_requests.MAX_FIELDS), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        values = super()._deserialize(value, attr, data, **kwargs)
        wrong = {key: [self.error_messages["value"]] for key, v in values.items()
                 if v is not None and not isinstance(v, (str, bool))}
        wrong.update({key: [self.error_messages["long"]] for key, v in values.items()
                      if isinstance(v, str) and len(v) > signer_values.MAX_VALUE})
        if wrong:
            raise ValidationError(wrong)
        return values


class AdoptedMark(fields.Raw):
    """A mark the server requires (the OpenAPI document lists it as required) but whose absence is
    refused by esign.domain.pages.signer_values, with `signature_required` beside the body's other problems,
    rather than here."""

    def __init__(self, **kwargs):
        super().__init__(validate=_mark_bounds, **kwargs)

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
    initials = fields.Raw(allow_none=True, validate=_mark_bounds, metadata={
        **MARK, "description": "optional, for initials fields; else the initials of the typed name or the signature"})
    consent = Bool(metadata={"description": "must be true unless consent was given before"})


class DeclineBody(StrictSchema):
    reason = fields.String(required=True, validate=validate.Length(1, 1000), metadata={"description": "1 to 1000 characters"})


class DelegateBody(StrictSchema):
    name = Name(required=True, validate=validate.Length(1, 255))
    email = Email(required=True, metadata={"description": "not an address already in the request"})
    reason = fields.String(required=True, validate=validate.Length(1, 1000), metadata={"description": "1 to 1000 characters"})


class CodeBody(StrictSchema):
    code = fields.String(required=True, validate=validate.Length(max=10), metadata={
        "description": "the code from the text message: 6 digits, or 4 to 10 when the SMS provider makes the "
                       "codes (a `CodeCheckingSmsProvider`)"})


class IdentityBody(StrictSchema):
    """The identity form; the lengths are those of the values as sent, what
    esign.domain.signer.verification checks (with the rest) after trimming them."""

    full_name = fields.String(required=True, validate=validate.Length(max=255),
                              metadata={"description": "as on the document (1 to 255)"})
    date_of_birth = fields.String(required=True, validate=validate.Length(max=10), metadata={"description": "YYYY-MM-DD"})
    document_type = fields.String(required=True, metadata={"enum": list(verification.DOCUMENT_TYPES)})
    document_number = fields.String(required=True, validate=validate.Length(max=64),
                                    metadata={"description": "4 to 64 characters; stored masked"})
    document_expiry = fields.String(required=True, validate=validate.Length(max=10),
                                    metadata={"description": "YYYY-MM-DD, not in the past"})
    issued_country = fields.String(required=True, validate=validate.Length(max=2), metadata={"description": "ISO 3166 alpha-2"})
    address = fields.String(allow_none=True, validate=validate.Length(max=500))


class SignerViewRequest(OutSchema):
    id = fields.UUID(required=True)
    document_name = fields.String(required=True)
    status = fields.String(required=True)
    signing_order = fields.String(required=True, metadata={"enum": ["sequential", "parallel"]})
    message = fields.String(required=True, allow_none=True)
    sender_name = fields.String(required=True, allow_none=True)
    expires_at = fields.String(required=True, metadata={"format": "date-time"})


class SignerViewSigner(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    status = fields.String(required=True)
    type = fields.String(required=True, metadata={"description": (
        "extension: `signer`, `approver` (approve or reject), `viewer` (acknowledge), `assistant` (prefill the "
        "`fields` of the signers it assists: `prepare`) or `cc` (docs/roles.md)")})
    approver_signs = fields.Boolean(required=True, metadata={
        "description": "extension: an approver who approves by signing (`POST .../sign`) and may still reject"})


class FieldMark(OutSchema):
    kind = fields.String(required=True, metadata={"enum": ["typed", "drawn"]})
    text = fields.String(metadata={"description": "typed only: the name as stamped"})


class AttachedFile(OutSchema):
    name = fields.String(required=True)
    size = fields.Integer(required=True, metadata={"description": "bytes"})
    sha256 = fields.String(required=True)
    content_type = fields.String(required=True, metadata={"enum": ["application/pdf", "image/png", "image/jpeg"]})


class SignerField(OutSchema):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={"description": "the envelope's document the field lies on"})
    field_type = fields.String(required=True)
    page_number = fields.Integer(required=True, metadata={"description": "a page of that document"})
    x_percent = fields.Float(required=True)
    y_percent = fields.Float(required=True)
    width_percent = fields.Float(required=True)
    height_percent = fields.Float(required=True)
    placeholder = fields.String(required=True, allow_none=True)
    is_required = fields.Boolean(required=True, allow_none=True)
    options = fields.List(fields.String(), required=True, allow_none=True)
    validation_type = fields.String(required=True, allow_none=True)
    validation_pattern = fields.String(required=True, allow_none=True)
    auto_source = fields.String(required=True, allow_none=True)
    value = fields.String(required=True, allow_none=True, metadata={
        "description": "prefilled; once the signer has signed, the value stored"})
    locked = fields.Boolean(required=True, metadata={"description": "extension: the value cannot be changed"})
    prefilled_by = fields.String(required=True, allow_none=True, metadata={
        "description": "extension: the name of the assistant who prefilled the value, else null"})
    mark = fields.Nested(FieldMark, required=True, allow_none=True, metadata={
        "description": "once signed, a signature or initials field's mark as drawn; else null"})
    done = fields.Boolean(required=True, metadata={"description": "the signer has signed"})
    client_pattern = fields.String(required=True, allow_none=True, metadata={
        "description": "the value's rule as a JavaScript pattern, where it can be checked in the browser"})
    pattern_message = fields.String(required=True, allow_none=True)
    attachment = fields.Nested(AttachedFile, required=True, allow_none=True)


class SignerProgress(OutSchema):
    total = fields.Integer(required=True)
    remaining = fields.Integer(required=True, metadata={
        "description": "fields that still need the signer (every required field without a value, signature and "
                       "initials fields included); 0 once signed"})
    done = fields.Boolean(required=True, metadata={"description": "the signer has signed"})


class SignerDocument(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    page_count = fields.Integer(required=True)
    order = fields.Integer(required=True)
    progress = fields.Nested(SignerProgress, required=True, metadata={
        "description": "this signer's fields on this document only"})


class SignerPage(OutSchema):
    document_id = fields.UUID(required=True)
    document_order = fields.Integer(required=True)
    number = fields.Integer(required=True, metadata={"description": "a page of that document"})
    width = fields.Float(required=True, metadata={"description": "points, as displayed"})
    height = fields.Float(required=True, metadata={"description": "points, as displayed"})
    image_url = fields.String(required=True, metadata={
        "description": "the page as it stands (every value given so far stamped on it), WebP 960 px wide; "
                       "content-addressed, cached for the link's life"})
    image_srcset = fields.String(required=True, metadata={"description": "480, 720, 960 and 1600 px wide (`srcset`)"})


class SignedBefore(OutSchema):
    name = fields.String(required=True)
    signed_at = fields.String(required=True, metadata={"format": "date-time"})


class PhoneVerification(OutSchema):
    required = fields.Boolean(required=True)
    verified = fields.Boolean(required=True)
    phone_hint = fields.String(required=True, allow_none=True, metadata={"description": "the number, masked"})
    code_sent = fields.Boolean(required=True, metadata={"description": "a code is out and not expired"})
    locked_until = fields.String(required=True, allow_none=True, metadata={"format": "date-time"})


class IdentityVerification(OutSchema):
    required = fields.Boolean(required=True)
    flow = fields.String(required=True, allow_none=True, metadata={"description": "the provider's: `form` or `redirect`"})
    status = fields.String(required=True, allow_none=True)
    attempts_left = fields.Integer(required=True)
    document_types = fields.List(fields.String(), required=True)
    redirect_url = fields.String(required=True, allow_none=True, metadata={
        "description": "the vendor's page of the signer's open session, while it works"})
    message = fields.String(required=True, allow_none=True)


class SignerRequirements(OutSchema):
    phone_verification = fields.Nested(PhoneVerification, required=True)
    identity_verification = fields.Nested(IdentityVerification, required=True)


class SignerConsent(OutSchema):
    given = fields.Boolean(required=True)
    version = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "the disclosure"})


class EmbedInfo(OutSchema):
    origin = fields.String(required=True, metadata={
        "description": "the page posts esign.signed / esign.declined / esign.error to this origin"})


class WitnessHandover(OutSchema):
    name = fields.String(required=True, metadata={"description": "the in-person witness's name"})
    url = fields.String(required=True, metadata={"description": "the witness's own signing link, to open on this device"})


class SignerView(OutSchema):
    """The signer API's answer (esign.domain.signer.signing.view); every object in it a named schema."""

    request = fields.Nested(SignerViewRequest, required=True)
    signer = fields.Nested(SignerViewSigner, required=True)
    fields_ = fields.List(fields.Nested(SignerField), data_key="fields", required=True,
                          metadata={"description": "this signer's fields"})
    documents = fields.List(fields.Nested(SignerDocument), required=True, metadata={
        "description": "the documents of the request (an envelope has 1 to 10), in order"})
    pages = fields.List(fields.Nested(SignerPage), required=True, metadata={
        "description": "the pages of every document, document after document in envelope order"})
    progress = fields.Nested(SignerProgress, required=True, metadata={"description": "all of this signer's fields"})
    signed_before = fields.List(fields.Nested(SignedBefore), required=True, metadata={"description": (
        "the other signers who have signed (before this one, once this one has), in signing order")})
    requirements = fields.Nested(SignerRequirements, required=True)
    consent = fields.Nested(SignerConsent, required=True)
    can_sign = fields.Boolean(required=True)
    reason = fields.String(allow_none=True, metadata={"description": "why the signer cannot sign now"})
    can_decline = fields.Boolean(required=True)
    can_withdraw = fields.Boolean(required=True)
    can_delegate = fields.Boolean(required=True, metadata={"description": "extension: the request allows "
                                                                          "delegation and it is this signer's turn"})
    embed = fields.Nested(EmbedInfo, allow_none=True, metadata={"description": "for embedded links"})
    redirect = fields.Nested(SignerRedirect, allow_none=True, metadata={"description": (
        "extension: where the page sends the signer once they have signed or declined (the signer's "
        "`redirect_url`, else the request's, with `event` added); null when neither was given")})
    witness_handover = fields.Nested(WitnessHandover, allow_none=True, metadata={"description": (
        "extension (docs/roles.md): to a signer who has just signed (within 30 minutes, while the request is pending), "
        "the witness in person (`witness_mode: in_person`) who is to witness its signature and has not signed yet: "
        "the page hands the device over by opening `url`; null for anyone else and at any other time")})


class Declined(OutSchema):
    status = fields.String(required=True, metadata={"description": "`declined` (extension: `rejected`, an approver's "
                                                                   "rejection, docs/roles.md)"})
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

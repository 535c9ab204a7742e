"""The request and answer shapes of the signing-request operations (esign.api.signing_requests), also
used by templates and bulk sends: what a signer, a cc recipient and a field are on input (and a template
send's recipient and options), and what a signing request, a field and an event are on output. One
declaration each: they validate the requests and describe them in the OpenAPI document."""
from __future__ import annotations

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from esign.api.participant_schemas import Locked, NotifyOn, ParticipantInput, ParticipantOutput, Prefilled, participant_type, progress_field
from esign.api.request_extra_schemas import Cancelled
from esign.api.retention_schemas import PURGE_AT_TEXT, REASON_TEXT, REVOKED_TEXT, HeldBy, PurgeState, Tombstone
from esign.api.tag_schemas import TagFilters, Tagged, TaggedOut, TaggedSummary
from esign.domain.pages.placement import FIELD_TYPES
from esign.domain.requests import mail_queue
from esign.domain.requests.envelope import MAX_DOCUMENTS
from esign.domain.templating.templates import PLACEHOLDER_TEXT
from esign.schema import (
    Bool,
    CursorPageQuery,
    Email,
    FieldText,
    Int,
    Line,
    Locale,
    MaxProperties,
    Name,
    Num,
    OutSchema,
    Phone,
    QuerySchema,
    StrictSchema,
    UTCDateTime,
    page_of,
)
from esign.store.signing_requests import STATUSES

VALIDATION_TYPES = ["email", "number", "phone", "date", "regex"]
AUTO_SOURCES = ["signer_name", "signer_email", "signer_phone", "signing_date"]
LEVELS = ["ses", "aes", "qes"]
DELIVERIES = list(mail_queue.DELIVERY_CHANNELS)
DELIVERY_TEXT = (
    "Extension: how the signer gets the invitation, reminders and the completion notice: `email` (default), "
    "`sms` (a short text with the signing link through the configured SMS provider, instead of email; needs "
    "`phone`), `both` (email and text; needs `phone`) or `link` (nothing is sent: the signing link is in the "
    "answer of the call that sends the request, as the signer's `signing_url`, for handing over in person). "
    "Sandbox requests send no text messages. `sms`/`both` without `phone`, or with an SMS provider that only "
    "sends one-time codes (`twilio-verify`): 422")
# --- request schemas ------------------------------------------------------------------------------

class SignerBase(StrictSchema):
    """What every signer input carries (signing requests, template send, bulk recipients)."""
    name = Name(required=True, validate=validate.Length(1, 255))
    email = Email(required=True)
    phone = Phone(allow_none=True, load_default=None, validate=validate.Length(max=50), metadata={"description": (
        "international form (+, country code, number), a number that exists; stored in E.164. With `[sms] "
        "allowed_countries`, only numbers of those countries (422 otherwise)")})
    locale = Locale()
    delivery = fields.String(validate=validate.OneOf(DELIVERIES), metadata={"description": DELIVERY_TEXT})


class SignerInput(SignerBase, Tagged, ParticipantInput):
    order = Int(validate=validate.Range(1, 100), metadata={"description": (
        "1 to 100. Sequential requests: the lowest order signs first, equal orders together; a signer "
        "without `order` takes their place in the list (1, 2, 3 ...), as template roles do, so signers "
        "who give none sign in list order. Parallel requests: default 1")})


class CcRecipient(StrictSchema):
    email = Email(required=True)
    name = Line(allow_none=True, load_default=None, validate=validate.Length(max=255))


class RoleSigner(SignerBase, NotifyOn):
    role = Line(required=True, validate=validate.Length(1, 100),
                metadata={"description": "a template role's name, matched case-insensitively"})
    type = participant_type(None)  # default: the role's type


class TaggedRoleSigner(RoleSigner, Tagged):
    """A template send's and a bulk recipient's signer: a role's signer with the sender's labels."""


class Recipient(Tagged):
    """One send's signers, variables, message and labels (a bulk recipient; the template send body)."""
    signers = fields.List(fields.Nested(TaggedRoleSigner), required=True, validate=validate.Length(1, 10), metadata={
        "description": "1 to 10; every template role exactly one signer; a signer's order is its role's order"})
    variables = fields.Dict(keys=fields.String(validate=validate.Length(1, 100)),
                            values=fields.String(validate=validate.Length(max=1000)), load_default=dict,
                            validate=MaxProperties(100),
                            metadata={"maxProperties": 100, "description": "at most 100; keys 1 to 100 chars, values at most 1000 chars. "
                                                     + PLACEHOLDER_TEXT})
    message = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=1000),
                            metadata={"description": "instead of the template's default_message"})


class SendOptions(StrictSchema):
    expires_in_days = Int(allow_none=True, load_default=None, validate=validate.Range(1, 90),
                          metadata={"description": "1 to 90; default: the template's default_expiry_days"})
    auto_send = Bool(load_default=True, metadata={"description": "false creates drafts"})


class RequestSettings(StrictSchema):
    """Settings a signing request and a template share."""
    phone_verification_required = Bool(load_default=False)
    identity_verification_required = Bool(load_default=False)
    signing_level = fields.String(load_default="ses", validate=validate.OneOf(LEVELS))
    email_subject = Line(allow_none=True, load_default=None, validate=validate.Length(max=255))
    reminder_days = Int(allow_none=True, load_default=None, validate=validate.Range(1, 30))
    separate_stamp_page = Bool(load_default=False)


class Occurrence(fields.Field):
    """A 1-based occurrence number or "all"."""
    def _deserialize(self, value, attr, data, **kwargs):
        if value == "all" or (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 10000):
            return value
        raise ValidationError('must be a number from 1 to 10000 (the n-th match in reading order) or "all"')


class Anchor(StrictSchema):
    text = fields.String(required=True, validate=[validate.Length(1, 200), validate.Regexp(r"\S", error=(
        "must contain a character that is not white space"))], metadata={
        "description": "the text to find in the PDF's text layer: case-sensitive, runs of white space match any "
                       "run of white space (line ends too); 1 to 200 characters"})
    occurrence = Occurrence(load_default=1, metadata={
        "oneOf": [{"type": "integer", "minimum": 1, "maximum": 10000}, {"type": "string", "enum": ["all"]}],
        "description": "which match, 1-based in reading order (page by page, top to bottom, left to right; default "
                       "1), or `all`: one field at every match"})
    x_offset = Num(load_default=0.0, validate=validate.Range(-10000, 10000),
                   metadata={"description": "added to the anchor's left edge (right is positive)"})
    y_offset = Num(load_default=0.0, validate=validate.Range(-10000, 10000),
                   metadata={"description": "added to the anchor's top edge (down is positive)"})
    units = fields.String(load_default="percent", validate=validate.OneOf(["percent", "pt"]), metadata={
        "description": "of the offsets: percent of the displayed page (default) or points"})
    if_missing = fields.String(load_default="error", validate=validate.OneOf(["error", "skip"]), metadata={
        "description": "`error` (default): a text not found is a 422 naming the field and the text; `skip`: the "
                       "field is left out"})


ANCHOR_TEXT = ("Extension: instead of `page_number`, `x_percent` and `y_percent`, `anchor` places the field at a "
               "text of the document: its top-left corner at the top-left corner of the text's box plus the "
               "offsets (docs/placement.md). The read shape gives the resolved position and echoes `anchor`.")


class FieldShape(Locked):
    """The signature-field create shape without `signer_id` (shared with template role fields)."""
    document_id = fields.UUID(metadata={"description": (
        "extension: the envelope document the field lies on, one of the request's `documents` (default: the "
        "first); `page_number` is a page of that document. A field placed at an `anchor` without it is looked "
        "for in every document, in order")})
    field_type = fields.String(load_default="signature", validate=validate.OneOf(FIELD_TYPES), metadata={
        "description": "extension: `attachment`, a file (PDF, PNG or JPEG, at most `[limits] attachment_mb`) the "
                       "signer uploads (`POST /sign/{token}/api/attachments/{field_id}`); embedded in the signed PDF"})
    page_number = Int(validate=validate.Range(1, 10000), metadata={"description": "default 1; not with `anchor`"})
    x_percent = Num(validate=validate.Range(0, 100), metadata={"description": "required unless `anchor` is given"})
    y_percent = Num(validate=validate.Range(0, 100), metadata={"description": "required unless `anchor` is given"})
    anchor = fields.Nested(Anchor, metadata={"description": ANCHOR_TEXT})
    text_tag = fields.String(dump_only=True, metadata={
        "description": "the text tag the field was made from (`fields_from_text_tags`); the tag is covered by an "
                       "opaque white box in the signed PDF"})
    width_percent = Num(load_default=20.0, validate=validate.Range(1, 80))
    height_percent = Num(load_default=5.0, validate=validate.Range(1, 40))
    placeholder = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=255))
    is_required = Bool(load_default=True)
    options = fields.List(FieldText(validate=validate.Length(1, 255)), allow_none=True, load_default=None,
                          validate=validate.Length(max=100), metadata={"description": "required for select fields"})
    validation_type = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(VALIDATION_TYPES))
    validation_pattern = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=500))
    auto_source = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(AUTO_SOURCES))
    value = FieldText(allow_none=True, load_default=None, validate=validate.Length(max=1000))
    every_page = Bool(load_default=False, metadata={"description": (
        "extension: one field per page of the document at this position (`page_number` is then ignored); "
        "the read shape lists each. Initials adopted once are stamped on every page")})

    @validates_schema
    def placed_once(self, data, **kwargs):
        if "anchor" in data:
            given = [k for k in ("page_number", "x_percent", "y_percent") if k in data]
            if given:
                raise ValidationError(f"give either anchor or {', '.join(given)}, not both", "anchor")
        else:
            missing = {k: ["required unless anchor is given"] for k in ("x_percent", "y_percent") if k not in data}
            if missing:
                raise ValidationError(missing)

    @post_load
    def first_page(self, data, **kwargs):
        if "anchor" not in data:
            data.setdefault("page_number", 1)
        return data


class CreateBodyField(FieldShape):
    """A field placed by the create body (extension): its signer is named by email, as the request's
    signers have no ids before it exists."""
    signer_email = Email(required=True, metadata={"description": "the email of one of the body's `signers` "
                                                                  "(case-insensitive)"})


class SigningRequestCreate(RequestSettings, Tagged):
    document_id = fields.UUID(metadata={"description": "from the upload; required unless `document_ids` is given"})
    document_ids = fields.List(fields.UUID(), validate=validate.Length(1, MAX_DOCUMENTS), metadata={"description": (
        "extension: an envelope, 1 to 10 uploaded documents in order, instead of `document_id` (giving both is a "
        "422). Together at most 2,000 pages and `[limits] max_upload_mb` (docs/envelopes.md)")})
    signers = fields.List(fields.Nested(SignerInput), required=True, validate=validate.Length(1, 100),
                          metadata={"description": "1 to 100 signers; emails unique within the request"})
    message = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=1000))
    signing_order = fields.String(load_default="parallel", validate=validate.OneOf(["parallel", "sequential"]))
    expires_in_days = Int(load_default=7, validate=validate.Range(1, 90))
    auto_send = Bool(load_default=False)
    # extensions (documented): the settings of RequestSettings, which a template carries too, and cc_emails
    cc_emails = fields.List(fields.Nested(CcRecipient), load_default=list, validate=validate.Length(max=20))
    allow_delegation = Bool(load_default=False, metadata={"description": (
        "extension: signers may hand their place to another person (`POST /sign/{token}/api/delegate`, at most "
        "`[signing] max_delegations` times in a row per place)")})
    # extension (documented): the signature fields, as `POST .../fields` takes them but naming the signer by
    # email, so that one call creates, places the fields and (auto_send) sends. Last: it shadows `fields`.
    fields_from_text_tags = Bool(load_default=False, metadata={
        "description": "extension: one field per text tag of the document (`{{type;signer=N;...}}`, listed by "
                       "`GET /v1/documents/{id}`; `signer=N` is the N-th entry of `signers`), besides `fields`. A "
                       "malformed tag, or one naming a signer that is not there, is a 422 naming the tag and its "
                       "page (docs/placement.md)"})
    fields = fields.List(fields.Nested(CreateBodyField), load_default=list, validate=validate.Length(max=5000),
                         metadata={"description": "0 to 5000 fields (signature field create shape with "
                                                  "`signer_email` instead of `signer_id`)"})


class FieldCreate(FieldShape):
    signer_id = fields.UUID(required=True)


class FieldsBody(StrictSchema):
    fields = fields.List(fields.Nested(FieldCreate), required=True, validate=validate.Length(1, 5000))


class CancelBody(StrictSchema):
    reason = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=500))


class ReactivateBody(StrictSchema):
    expires_in_days = Int(load_default=7, validate=validate.Range(1, 90))


class EmbeddedUrlBody(StrictSchema):
    allowed_origin = Line(required=True, validate=validate.Length(7, 500))


class ListQuery(CursorPageQuery, TagFilters):
    status = fields.String(validate=validate.OneOf(STATUSES))
    created_after = UTCDateTime()
    created_before = UTCDateTime()
    signer_email = fields.String(validate=validate.Length(max=255))
    sort = fields.String(load_default="created_at", validate=validate.OneOf(["created_at", "updated_at", "expires_at"]))
    order = fields.String(load_default="desc", validate=validate.OneOf(["asc", "desc"]))


class DownloadQuery(QuerySchema):
    file = fields.String(load_default="signed", validate=validate.OneOf(["signed", "certificate"]),
                         metadata={"description": "`certificate`: the separate audit certificate (separate_stamp_page)"})
    document_id = fields.UUID(metadata={"description": (
        "extension: the signed PDF of this document of the envelope (default: the first)")})
    combined = fields.Boolean(load_default=False, truthy={"true"}, falsy={"false"}, metadata={"description": (
        "extension: one sealed PDF of every document of the envelope, in order, with the certificate")})


# --- response schemas -----------------------------------------------------------------------------

class Signer(TaggedOut, ParticipantOutput):
    id = fields.UUID(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True)
    phone = fields.String(allow_none=True)
    locale = fields.String(allow_none=True, metadata={"description": "the signer's language (esign.i18n), or null"})
    display_name = fields.String(allow_none=True)
    order = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"description": (
        "pending, sent, viewed, signed, declined, withdrawn, delegated (extension: handed on to `delegated_to`); "
        "extension, by `type`: an approver's approved or rejected, a viewer's acknowledged, a cc's pending then "
        "notified (its copy sent)")})
    approved_at = UTCDateTime(allow_none=True, metadata={"description": "extension: when an approver approved"})
    rejected_at = UTCDateTime(allow_none=True, metadata={"description": "extension: when an approver rejected"})
    acknowledged_at = UTCDateTime(allow_none=True, metadata={"description": "extension: when a viewer acknowledged"})
    signed_at = UTCDateTime(allow_none=True)
    declined_at = UTCDateTime(allow_none=True)
    viewed_at = UTCDateTime(allow_none=True)
    email_bounced_at = UTCDateTime(allow_none=True)
    email_failed_at = UTCDateTime(allow_none=True, metadata={"description": (
        "Extension: when the last email to this signer was given up after retrying for `[jobs] "
        "message_retry_hours` (mail server unreachable or failing; not a bounce). Cleared when a later "
        "email (e.g. after `remind`) is sent.")})
    delivery = fields.String(dump_default="email", metadata={"description": "extension: email, sms, both or link (see the create body)"})
    sms_failed_at = UTCDateTime(allow_none=True, metadata={"description": (
        "Extension: when the last text message to this signer was given up: the SMS provider refused the "
        "number for good, or was unreachable or failing for `[jobs] message_retry_hours` "
        "(`signing_event.sms_failed`). Cleared when a later text (e.g. after `remind`) is sent.")})
    signing_url = fields.String(allow_none=True, metadata={"description": (
        "Extension: only for a signer with `delivery` `link`, only in the answer of the call that sends the "
        "request (create with `auto_send`, `send`): their signing link, to hand over in person. Null otherwise")})
    decline_reason = fields.String(allow_none=True, metadata={"description": "why the signer declined, or (extension) "
                                                                        "why an approver rejected"})
    identity_verified = fields.Boolean(dump_default=False)
    identity_verified_at = UTCDateTime(allow_none=True)
    identity_verified_name = fields.String(allow_none=True)
    identity_name_match_score = fields.Float(allow_none=True)
    identity_name_match_status = fields.String(allow_none=True)
    identity_document_type = fields.String(allow_none=True)
    identity_dob = fields.String(allow_none=True)
    identity_address = fields.String(allow_none=True)
    identity_document_number = fields.String(allow_none=True)
    identity_document_expiry = fields.String(allow_none=True)
    identity_document_issued_country = fields.String(allow_none=True)
    identity_selfie_verified = fields.Boolean(dump_default=False)
    identity_device_vpn_detected = fields.Boolean(dump_default=False)
    identity_review_pending = fields.Boolean(dump_default=False)
    delegated_to = fields.UUID(allow_none=True, metadata={"description": "extension: the signer this one delegated to"})
    delegated_from = fields.UUID(allow_none=True, metadata={"description": "extension: the signer who delegated to this one"})
    delegated_at = UTCDateTime(allow_none=True)
    delegation_reason = fields.String(allow_none=True)


class CcOut(OutSchema):
    email = fields.String(required=True)
    name = fields.String(allow_none=True)


class FieldValue(OutSchema):
    field_id = fields.UUID(required=True)
    signer_id = fields.UUID(required=True)
    field_type = fields.String(required=True)
    value = fields.String(allow_none=True)


class SendWarning(OutSchema):
    code = fields.String(required=True, metadata={"description": "`signer_without_fields`"})
    signer_id = fields.UUID(required=True)
    email = fields.String(required=True)
    message = fields.String(required=True)


class EnvelopeDocument(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    page_count = fields.Integer(allow_none=True)
    order = fields.Integer(required=True, metadata={"description": "1-based place in the envelope"})


class SigningRequest(TaggedOut, Cancelled):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={"description": "the first document of `documents`"})
    document_name = fields.String(required=True)
    documents = fields.List(fields.Nested(EnvelopeDocument), dump_default=list, metadata={"description": (
        "extension: every document of the envelope, in order (one for a request made with `document_id`)")})
    status = fields.String(required=True, metadata={"description": "draft, pending, completed, cancelled, expired"})
    signing_order = fields.String(required=True)
    message = fields.String(allow_none=True)
    expires_at = UTCDateTime(required=True)
    created_at = UTCDateTime(required=True)
    completed_at = UTCDateTime(allow_none=True)
    verification_id = fields.String(allow_none=True, metadata={"example": "K7QF-3M2P-X9TR-4WZ8", "description": (
        "extension: a completed request's public verification id (80 random bits in Crockford's base32, grouped: "
        "`K7QF-3M2P-X9TR-4WZ8`); anyone holding it may open `/v/{verification_id}`, which the certificate of "
        "completion prints with a QR code (docs/signing.md); null before completion")})
    signers = fields.List(fields.Nested(Signer), dump_default=list)
    participants_progress = progress_field()
    sandbox = fields.Boolean(dump_default=False)
    field_values = fields.List(fields.Nested(FieldValue), allow_none=True)
    self_sign_url = fields.String(allow_none=True, metadata={
        "description": "the signing link of a signer whose email is the API key owner's email, while it is their turn"})
    identity_verification_required = fields.Boolean(dump_default=False)
    phone_verification_required = fields.Boolean(dump_default=False)
    identity_payment_status = fields.String(allow_none=True, metadata={"description": "null, pending, charged, waived"})
    signed_pdf_available = fields.Boolean(dump_default=False)
    signed_pdf_status = fields.String(dump_default="none", metadata={"description": "none, processing, ready, failed"})
    signing_level = fields.String(dump_default="ses")
    pades_signed_at = UTCDateTime(allow_none=True)
    separate_stamp_page = fields.Boolean(dump_default=False)
    stamp_pdf_available = fields.Boolean(dump_default=False)
    email_subject = fields.String(allow_none=True)
    cc_emails = fields.List(fields.Nested(CcOut), dump_default=list)
    reminder_days = fields.Integer(allow_none=True)
    warnings = fields.List(fields.Nested(SendWarning), metadata={"description": (
        "Extension: only in the answer of the call that sent the request (send, or create and template "
        "send with `auto_send`), always there then (empty when all is well). Sending is not refused for "
        "them. `signer_without_fields`: a signer has no field; they still sign (an adopted signature, "
        "drawn on a signatures page at the end of the signed PDF)")})
    allow_delegation = fields.Boolean(dump_default=False)
    purge = fields.Nested(PurgeState, allow_none=True, dump_default=None, metadata={"description": "extension: the purge begun or done"})
    purged_at = UTCDateTime(allow_none=True, dump_default=None, metadata={"description": "extension: when it was purged"})
    tombstone = fields.Nested(Tombstone, allow_none=True, dump_default=None, metadata={"description": "extension: what a purge keeps"})
    retention_purge_at = UTCDateTime(allow_none=True, dump_default=None, metadata={"description": PURGE_AT_TEXT})
    retention_rule = fields.String(allow_none=True, dump_default=None)
    revoked_at = UTCDateTime(allow_none=True, dump_default=None, metadata={"description": REVOKED_TEXT})
    revocation_reason = fields.String(allow_none=True, dump_default=None, metadata={"description": REASON_TEXT})
    legal_holds = fields.List(fields.Nested(HeldBy), metadata={
        "description": "extension, in GET of one request only, when any: the active legal holds that cover it"})


class SigningRequestSummary(TaggedSummary):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True)
    document_name = fields.String(required=True)
    status = fields.String(required=True)
    signing_order = fields.String(required=True)
    expires_at = UTCDateTime(required=True)
    created_at = UTCDateTime(required=True)
    total_signers = fields.Integer(required=True)
    signed_count = fields.Integer(required=True)
    participants_progress = progress_field()
    signer_names = fields.List(fields.String(), dump_default=list)
    owner_name = fields.String(required=True)
    owner_email = fields.String(required=True)
    owner_avatar_url = fields.String(allow_none=True)
    sandbox = fields.Boolean(dump_default=False)


SigningRequestPage = page_of(SigningRequestSummary, "SigningRequestPage")


class AttachmentRead(OutSchema):
    name = fields.String(required=True, metadata={"description": "the file name the signer gave"})
    size = fields.Integer(required=True, metadata={"description": "bytes"})
    sha256 = fields.String(required=True)
    content_type = fields.String(required=True, metadata={"description": "application/pdf, image/png or image/jpeg"})


class FieldRead(Prefilled):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={"description": "extension: the envelope document it lies on"})
    signer_id = fields.UUID(required=True)
    signer_name = fields.String(allow_none=True)
    field_type = fields.String(required=True)
    page_number = fields.Integer(required=True)
    x_percent = fields.Float(required=True)
    y_percent = fields.Float(required=True)
    width_percent = fields.Float(required=True)
    height_percent = fields.Float(required=True)
    placeholder = fields.String(allow_none=True)
    is_required = fields.Boolean(required=True)
    value = fields.String(allow_none=True)
    filled_at = UTCDateTime(allow_none=True)
    options = fields.List(fields.String(), allow_none=True)
    validation_type = fields.String(allow_none=True)
    validation_pattern = fields.String(allow_none=True)
    auto_source = fields.String(allow_none=True)
    anchor = fields.Nested(Anchor, allow_none=True, metadata={
        "description": "extension: the anchor the field was placed at (as given), null for a field given by "
                       "coordinates"})
    text_tag = fields.String(allow_none=True, metadata={
        "description": "extension: the text tag the field was made from (`fields_from_text_tags`), else null"})
    every_page = fields.Boolean(dump_default=False, metadata={"description": "extension: made by an `every_page` field"})
    attachment = fields.Nested(AttachmentRead, allow_none=True, metadata={
        "description": "extension: the file uploaded for an `attachment` field (download: `GET "
                       ".../fields/{field_id}/attachment`)"})


class RequestEvent(OutSchema):
    id = fields.UUID(required=True)
    event_type = fields.String(required=True)
    signer_name = fields.String(allow_none=True)
    signer_email = fields.String(allow_none=True)
    ip_address = fields.String(allow_none=True)
    user_agent = fields.String(allow_none=True)
    country = fields.String(allow_none=True)
    city = fields.String(allow_none=True)
    region = fields.String(allow_none=True)
    metadata = fields.Dict(allow_none=True)
    created_at = UTCDateTime(required=True)


class CancelResponse(OutSchema):
    status = fields.String(required=True)
    id = fields.UUID(required=True)


class RemindResponse(OutSchema):
    sent_count = fields.Integer(required=True)
    signers = fields.List(fields.String(), required=True, metadata={"description": "the reminded signers' emails"})


class EmbeddedSigner(OutSchema):
    signer_id = fields.String(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    embedded_url = fields.String(required=True)


class EmbeddedUrlResponse(OutSchema):
    signers = fields.List(fields.Nested(EmbeddedSigner), required=True)
    allowed_origin = fields.String(required=True)
    expires_in_seconds = fields.Integer(dump_default=3600)


class DownloadResponse(OutSchema):
    download_url = fields.String(required=True)
    document_name = fields.String(required=True)


# --- handlers -------------------------------------------------------------------------------------

"""The request and answer shapes of authoring sessions (`/v1/authoring-sessions`) and of the editor's API
(`/author/api/...`): docs/authoring.md. The editor's edits reuse the draft shapes (esign.api.draft_schemas)
and the fields body of `POST /v1/signing-requests/{id}/fields`."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from esign.api.signing_request_schemas import FieldCreate, FieldRead, FieldShape, SignerInput, SigningRequest
from esign.api.template_schemas import Template
from esign.domain.authoring.sessions import CAPABILITY_DEFAULTS, LOCKABLE, STATES
from esign.domain.pages.placement import FIELD_TYPES
from esign.schema import Bool, Email, Int, Line, Locale, OutSchema, StrictSchema, UTCDateTime

MAX_DOCUMENTS = 10
MAX_SIGNERS = 100


class Capabilities(StrictSchema):
    upload = Bool(load_default=CAPABILITY_DEFAULTS["upload"], metadata={"description": "may add documents"})
    max_documents = Int(load_default=CAPABILITY_DEFAULTS["max_documents"], validate=validate.Range(1, MAX_DOCUMENTS),
                        metadata={"description": "1 to 10: the most documents the draft may hold"})
    edit_signers = Bool(load_default=CAPABILITY_DEFAULTS["edit_signers"], metadata={
        "description": "may add, change and remove signers"})
    max_signers = Int(load_default=CAPABILITY_DEFAULTS["max_signers"], validate=validate.Range(1, MAX_SIGNERS),
                      metadata={"description": "1 to 100: the most signers the draft may have"})
    field_types = fields.List(fields.String(validate=validate.OneOf(FIELD_TYPES)), validate=validate.Length(1, 7),
                              load_default=lambda: list(CAPABILITY_DEFAULTS["field_types"]),
                              metadata={"description": "the field types that may be placed (default: all)"})
    edit_settings = Bool(load_default=CAPABILITY_DEFAULTS["edit_settings"], metadata={
        "description": "may change the message, subject, order, expiry, reminders and cc"})
    send = Bool(load_default=CAPABILITY_DEFAULTS["send"], metadata={"description": "may send the draft"})
    save_as_template = Bool(load_default=CAPABILITY_DEFAULTS["save_as_template"], metadata={
        "description": "may save the draft as a template"})


class CapabilitiesOut(OutSchema):
    upload = Bool(required=True)
    max_documents = Int(required=True)
    edit_signers = Bool(required=True)
    max_signers = Int(required=True)
    field_types = fields.List(fields.String(), required=True)
    edit_settings = Bool(required=True)
    send = Bool(required=True)
    save_as_template = Bool(required=True)


class SessionDefaults(StrictSchema):
    signers = fields.List(fields.Nested(SignerInput), load_default=list, validate=validate.Length(max=MAX_SIGNERS),
                          metadata={"description": "the new draft's signers (0 to 100)"})
    message = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=1000))
    expires_in_days = Int(load_default=7, validate=validate.Range(1, 90))
    signing_order = fields.String(load_default="parallel", validate=validate.OneOf(["parallel", "sequential"]))


class ActingUser(StrictSchema):
    name = Line(required=True, validate=validate.Length(1, 255))
    email = Email(required=True)


class AuthoringSessionCreate(StrictSchema):
    mode = fields.String(required=True, validate=validate.OneOf(["request", "template"]))
    request_id = fields.UUID(metadata={"description": "a draft of the organisation to edit (409 if not a draft)"})
    template_id = fields.UUID(metadata={"description": "mode template: the template to edit"})
    document_ids = fields.List(fields.UUID(), validate=validate.Length(1, MAX_DOCUMENTS), metadata={
        "description": "mode request without request_id: the documents of the new draft (1 to 10)"})
    allowed_origin = Line(validate=validate.Length(7, 500), metadata={
        "description": "the origin that frames the editor: a registered embed origin (403 origin_not_allowed)"})
    acting_user = fields.Nested(ActingUser, metadata={"description": "the person editing: the request's owner"})
    external_id = Line(allow_none=True, validate=validate.Length(max=255))
    capabilities = fields.Nested(Capabilities, load_default=lambda: Capabilities().load({}))
    defaults = fields.Nested(SessionDefaults, load_default=lambda: SessionDefaults().load({}))
    locked = fields.List(fields.String(validate=validate.OneOf(LOCKABLE)), load_default=list,
                         validate=validate.Length(max=len(LOCKABLE)),
                         metadata={"description": "settings shown but not editable: " + ", ".join(LOCKABLE)})
    locale = Locale()
    open_within_seconds = Int(load_default=600, validate=validate.Range(60, 3600), metadata={
        "description": "60 to 3600: the URL must be opened within this time"})


class AuthoringSession(OutSchema):
    id = fields.UUID(required=True)
    url = fields.String(metadata={"description": "the editor's URL (only in the create answer)"})
    state = fields.String(required=True, validate=validate.OneOf(STATES))
    mode = fields.String(required=True)
    request_id = fields.UUID(allow_none=True)
    template_id = fields.UUID(allow_none=True)
    allowed_origin = fields.String(allow_none=True)
    acting_user = fields.Nested(ActingUser, allow_none=True)
    external_id = fields.String(allow_none=True)
    capabilities = fields.Nested(CapabilitiesOut, required=True)
    locked = fields.List(fields.String(), required=True)
    locale = fields.String(allow_none=True)
    expires_at = UTCDateTime(required=True, metadata={"description": "when the session can no longer be used"})
    opened_at = UTCDateTime(allow_none=True)
    created_at = UTCDateTime(required=True)


class OpenBody(StrictSchema):
    token = Line(required=True, validate=validate.Length(1, 200))


class Opened(OutSchema):
    secret = fields.String(required=True, metadata={"description": "send as `Authorization: Bearer <secret>`"})
    session = fields.Nested(AuthoringSession, required=True)


class TemplateBody(StrictSchema):
    name = Line(required=True, validate=validate.Length(1, 255))


class SavedTemplate(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)


class PageSize(OutSchema):
    number = Int(required=True)
    width = fields.Float(required=True, metadata={"description": "points, as the page is displayed (rotation applied)"})
    height = fields.Float(required=True)
    image_url = fields.String(required=True, metadata={
        "description": "the page's image (WebP, 960 px wide) at its content address; read with the editor's secret"})
    image_srcset = fields.String(required=True, metadata={"description": "the image at every width the page may ask for"})


class EditorDocument(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    page_count = Int(allow_none=True)
    pages = fields.List(fields.Nested(PageSize), required=True)


class EditorAnchored(OutSchema):
    """A template role's field given at an `anchor`: where /v1 places it when a request is made (drawn by
    the editor, read-only; the field itself stays an anchor), or, without a place, why."""
    role = fields.String(required=True)
    field = Int(required=True, metadata={"description": "the field's index in its role's `fields`"})
    field_type = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "the anchor's text"})
    document_id = fields.UUID()
    page_number = Int()
    x_percent = fields.Float()
    y_percent = fields.Float()
    width_percent = fields.Float()
    height_percent = fields.Float()
    refused = Bool(metadata={"description": "no place: a request made from the template is refused (else the "
                                            "field is left out, `if_missing` skip)"})
    message = fields.String(allow_none=True, metadata={"description": "why /v1 refuses it"})


class EditorAnchors(OutSchema):
    boxes = fields.List(fields.Nested(EditorAnchored), required=True)
    missing = fields.List(fields.Nested(EditorAnchored), required=True)


class EditorView(OutSchema):
    session = fields.Nested(AuthoringSession, required=True)
    request = fields.Nested(SigningRequest, allow_none=True)
    template = fields.Nested(Template, allow_none=True, metadata={"description": "a template's session: the template"})
    documents = fields.List(fields.Nested(EditorDocument), dump_default=list, metadata={
        "description": "the draft's (or the template's) documents with their page sizes"})
    anchored = fields.Nested(EditorAnchors, allow_none=True, metadata={
        "description": "a template's session: where its role fields at an `anchor` land"})
    fields = fields.List(fields.Nested(FieldRead), dump_default=list, metadata={"description": "the draft's fields"})


TEXT_TAG = "a text tag of the field's document on its page (422 otherwise), which the server covers"


class EditorField(FieldCreate):
    """A field as the editor saves it: `POST /v1/signing-requests/{id}/fields`'s, naming the `text_tag` it
    was made from, if any (the server covers that tag of its document: esign.domain.authoring.detection)."""
    text_tag = fields.String(validate=validate.Length(1, 1000), metadata={"description": TEXT_TAG})


class EditorFieldsBody(StrictSchema):
    fields = fields.List(fields.Nested(EditorField), required=True, validate=validate.Length(1, 5000))


class TagProblem(OutSchema):
    document_id = fields.UUID(required=True)
    page = Int(allow_none=True)
    tag = fields.String(allow_none=True)
    message = fields.String(required=True)


class Proposal(FieldRead):
    signer_id = fields.UUID(metadata={"description": "a draft's text tag (`signer=N`): the draft's N-th signer; "
                                                     "absent for a template's tag and for an anchor"})
    role = fields.String(metadata={"description": "a template's text tag (`role=Name`): the role's name"})

    class Meta:
        exclude = ("id", "signer_name", "attachment")


class AnchoredField(FieldShape):
    """A field to propose at an anchor text: the field shape with its `anchor` (no coordinates)."""

    @validates_schema
    def _anchored(self, data, **kwargs):
        if "anchor" not in data:
            raise ValidationError("required: the text to place the field at", "anchor")


class AnchorsBody(StrictSchema):
    fields = fields.List(fields.Nested(AnchoredField), required=True, validate=validate.Length(1, 20))


class TextTags(OutSchema):
    proposals = fields.List(fields.Nested(Proposal), required=True, metadata={
        "description": "a field for each text tag not made into a field yet, to accept or dismiss"})
    problems = fields.List(fields.Nested(TagProblem), required=True, metadata={"description": "tags that make no field, and why"})

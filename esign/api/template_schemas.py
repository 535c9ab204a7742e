"""The template shapes `/v1/templates` and the editor's template sessions (esign.api.authoring) take and
answer: create, update (PATCH) and read."""
from __future__ import annotations

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from esign.api.changes import ChangeSchema, optional
from esign.api.participant_schemas import NotifyOn, participant_type
from esign.api.retention_schemas import RetentionOverrideBody
from esign.api.signing_request_schemas import DELIVERIES, CcOut, CcRecipient, FieldShape, RequestSettings
from esign.domain.requests.envelope import MAX_DOCUMENTS
from esign.schema import Bool, Email, Int, Line, Locale, UTCDateTime

ORDERS = ["sequential", "parallel"]


# --- request schemas ------------------------------------------------------------------------------

class RoleField(FieldShape):
    text_tag = fields.String(validate=validate.Length(1, 1000), allow_none=True, metadata={
        "description": "extension: the text tag the field was made from (`fields_from_text_tags`), else null; "
                       "given back in a PATCH, the field keeps covering that tag of its document on its page "
                       "(422 when there is no such tag there)"})


ROLE_ASSISTS_TEXT = (
    "extension, only for a role of type `assistant` (at least one; 422 otherwise): the names of the roles (type "
    "`signer`) whose text, checkbox and select fields its person prefills; in a sequential template its `order` is "
    "lower than each of theirs (422). A send makes them the assisted people, as a create body's `assists` would")
ROLE_WITNESS_FOR_TEXT = (
    "extension, only for a role of type `witness` (required then; 422 otherwise): the name of the role (type "
    "`signer`) whose signature its person witnesses. A send makes it that role's person, as a create body's "
    "`witness_for` would")


class Role(NotifyOn):
    name = Line(required=True, validate=validate.Length(1, 100),
                metadata={"description": "1 to 100 chars; unique in the template, case-insensitively"})
    order = Int(validate=validate.Range(1, 100), metadata={
        "description": "1 to 100: the order given to this role's signer (sequential signing: lower orders sign "
                       "first, equal orders together); default: the role's place in the list (1 for the first)"})
    locale = Locale(metadata={"description": "extension: this role's signer's language (BCP 47) when the send gives "
                                             "none; else the organisation's default_locale"})
    delivery = fields.String(validate=validate.OneOf(DELIVERIES), metadata={
        "description": "extension: this role's signer's `delivery` (email, sms, both, link; default email) when the "
                       "send does not give one"})
    type = participant_type(linked=True)
    assists = fields.List(Line(validate=validate.Length(1, 100)), validate=validate.Length(max=10),
                          metadata={"description": ROLE_ASSISTS_TEXT})
    witness_for = Line(validate=validate.Length(1, 100), metadata={"description": ROLE_WITNESS_FOR_TEXT})
    fields = fields.List(fields.Nested(RoleField), load_default=list, validate=validate.Length(max=5000), metadata={
        "description": "the signature-field create shape without `signer_id`, same bounds; at most 5000 fields "
                       "in all roles together; each on one of the template's documents (`document_id`, default "
                       "the first; 422 for another) and on a page that document has"})


class CcEntry(fields.Field):
    """A CC recipient given as an email string or `{email, name}`; stored as `{email, name}`."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = {"email": value}
        if not isinstance(value, dict):
            raise ValidationError("an email address or an object {email, name}")
        return CcRecipient().load(value)


class TemplateCreate(RequestSettings):
    name = Line(required=True, validate=validate.Length(1, 255))
    description = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=1000))
    document_id = fields.UUID(allow_none=True, load_default=None, metadata={
        "description": "a document of the organisation; optional here, then every send gives `document_id` (or "
                       "`document_ids`). With `document_ids` it is stored and returned as their first"})
    document_ids = fields.List(fields.UUID(), allow_none=True, load_default=None, validate=validate.Length(1, MAX_DOCUMENTS),
                               metadata={"description": (
                                   "extension: an envelope template, 1 to 10 documents of the organisation in "
                                   "order, instead of `document_id` (giving both is a 422); together at most 2,000 "
                                   "pages and `[limits] max_upload_mb`. Role fields name one of them by "
                                   "`document_id` (default: the first). Null for a one-document template; "
                                   "set to null (PATCH) the template keeps its first document only "
                                   "(docs/envelopes.md)")})
    signing_order = fields.String(load_default="sequential", validate=validate.OneOf(ORDERS))
    default_message = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=1000))
    default_expiry_days = Int(load_default=7, validate=validate.Range(1, 90))
    cc_emails = fields.List(CcEntry(metadata={"oneOf": [
                                {"type": "string", "format": "email", "maxLength": Email.MAX_LENGTH},
                                {"$ref": "#/components/schemas/CcRecipient"}]}),
                            load_default=list, validate=validate.Length(max=20), metadata={
                                "description": "at most 20; each an email string or `{email, name}`, stored and "
                                               "returned as `{email, name}`"})
    roles = fields.List(fields.Nested(Role), load_default=list, validate=validate.Length(max=10),
                        metadata={"description": "at most 10 signer roles"})
    retention = fields.Nested(RetentionOverrideBody, allow_none=True, load_default=None, metadata={
        "description": "extension: the retention of the requests made from this template, in place of their final "
                       "state's rule (docs/retention.md): purged `after_days` after they ended with `action`, unless "
                       "a request has its own (`PUT /v1/signing-requests/{id}/retention`). Not below the "
                       "organisation's `floor_days` of any final state (422); null: the policy's rules. A key "
                       "without the `admin` scope may only make purges later, for every final state, than the "
                       "template's retention or (without one) the state's rule makes them (403 insufficient_scope)"})
    fields_from_text_tags = Bool(load_default=False, metadata={
        "description": "extension: adds one role field per text tag of the template's documents, every one of "
                       "them, each field naming its `document_id` (`{{type;role=Name;"
                       "...}}`, the role matched case-insensitively) to the roles' fields; a malformed tag or one "
                       "naming a role the template does not have is a 422 naming the tag and its page. Not stored: "
                       "the fields are (docs/placement.md)"})

    @post_load
    def order_roles(self, data, **kwargs):
        """A role without `order` signs in its place in the list, so a sequential template's roles sign
        one after the other as listed (an order of 1 for every role would invite them all at once)."""
        for i, role in enumerate(data.get("roles") or ()):
            role.setdefault("order", i + 1)
        return data

    @validates_schema
    def unique_roles(self, data, **kwargs):
        seen = set()
        for i, role in enumerate(data.get("roles") or ()):
            if role["name"].casefold() in seen:
                raise ValidationError(f"a role named {role['name']!r} exists already (names are unique "
                                      f"case-insensitively)", f"roles.{i}.name")
            seen.add(role["name"].casefold())


class _TemplateUpdateBase(TemplateCreate, ChangeSchema):
    pass


# PATCH: every create field, none required, no defaults (a field left out is left as it is)
# (named in this module: a large body is loaded in a child, which finds its schema by module and name)
TemplateUpdate = type("TemplateUpdate", (_TemplateUpdateBase,),
                      {"__module__": __name__, **{name: optional(f) for name, f in TemplateCreate._declared_fields.items()}})

READ_FIELDS = ("id", "name", "description", "document_id", "document_ids", "signing_order", "default_message", "default_expiry_days",
               "reminder_days", "email_subject", "identity_verification_required", "phone_verification_required",
               "signing_level", "separate_stamp_page", "cc_emails", "roles", "retention", "sandbox", "created_at", "updated_at")


class Template(TemplateCreate):
    id = fields.UUID(required=True)
    cc_emails = fields.List(fields.Nested(CcOut), required=True)
    sandbox = fields.Boolean(dump_default=False, metadata={
        "description": "made with a sandbox key: not counted toward the plan's limit, sent only with sandbox keys"})
    created_at = UTCDateTime(required=True)
    updated_at = UTCDateTime(required=True)

    class Meta:
        fields = READ_FIELDS

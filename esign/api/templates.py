"""Templates: create, list, get, update, delete, and send (a signing request from a template)."""
from __future__ import annotations

from marshmallow import ValidationError, fields, post_load, validate, validates_schema

from esign.api.base import APIHandler
from esign.api.changes import ChangeSchema, optional
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.request_handler import RequestHandler
from esign.api.signing_request_schemas import (
    DELIVERIES,
    CcOut,
    CcRecipient,
    FieldShape,
    Recipient,
    RequestSettings,
    SendOptions,
    SigningRequest,
)
from esign.domain.requests import lifecycle
from esign.domain.requests.envelope import MAX_DOCUMENTS
from esign.domain.templating import templates as domain
from esign.schema import (
    Bool,
    CursorPageQuery,
    Email,
    Int,
    Line,
    Locale,
    OutSchema,
    StrictSchema,
    UTCDateTime,
    cursor_record,
    page_of,
)

ORDERS = ["sequential", "parallel"]


# --- request schemas ------------------------------------------------------------------------------

class Role(StrictSchema):
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
    fields = fields.List(fields.Nested(FieldShape), load_default=list, validate=validate.Length(max=5000), metadata={
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
               "signing_level", "separate_stamp_page", "cc_emails", "roles", "sandbox", "created_at", "updated_at")


class Template(TemplateCreate):
    id = fields.UUID(required=True)
    cc_emails = fields.List(fields.Nested(CcOut), required=True)
    sandbox = fields.Boolean(dump_default=False, metadata={
        "description": "made with a sandbox key: not counted toward the plan's limit, sent only with sandbox keys"})
    created_at = UTCDateTime(required=True)
    updated_at = UTCDateTime(required=True)

    class Meta:
        fields = READ_FIELDS


class TemplateSummary(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    description = fields.String(allow_none=True)
    document_id = fields.UUID(allow_none=True)
    document_ids = fields.List(fields.UUID(), allow_none=True, metadata={
        "description": "extension: an envelope template's documents in order (null for one document)"})
    signing_order = fields.String(required=True)
    role_count = fields.Integer(required=True)
    created_at = UTCDateTime(required=True)
    updated_at = UTCDateTime(required=True)


TemplatePage = page_of(TemplateSummary, "TemplatePage")


class TemplateSend(Recipient, SendOptions):
    document_id = fields.UUID(allow_none=True, load_default=None, metadata={
        "description": "instead of the template's document; the role fields must lie on its pages"})
    document_ids = fields.List(fields.UUID(), allow_none=True, load_default=None, validate=validate.Length(1, MAX_DOCUMENTS),
                               metadata={"description": (
                                   "extension: instead of the template's documents, 1 to 10 in order (giving both "
                                   "this and `document_id` is a 422): the n-th takes the place of the template's "
                                   "n-th, and the role fields on that one lie on it and must fit its pages (422). "
                                   "The request made is an envelope (docs/envelopes.md)")})


# --- handlers -------------------------------------------------------------------------------------

async def load_template(handler: APIHandler, template_id: str) -> dict:
    return await domain.get(handler.services, handler.org_id, handler.path_id(template_id, "template"))


def summary_view(template: dict) -> dict:
    return {"document_ids": None, **template, "role_count": len(template["roles"])}


QUOTA_TEXT = ("Templates made with live keys count toward the plan's `templates` limit (403 `quota_exceeded`); "
              "templates made with sandbox keys do not, and are marked `sandbox`: only sandbox keys can send them.")


class TemplatesHandler(APIHandler):
    sandbox_writes = True  # a sandbox key's templates are marked sandbox

    @operation("List templates", tags=["templates"], query=CursorPageQuery, responses={200: TemplatePage},
               description="Summaries, newest first.")
    async def get(self):
        q = self.query(CursorPageQuery())
        repo = self.services.store.templates
        page = await repo.list(self.org_id, q["limit"], q["offset"], await cursor_record(repo, self.org_id, q))
        self.write_json(TemplatePage().dump({**page._asdict(), "items": [summary_view(t) for t in page.items]}))

    @operation("Create a template", tags=["templates"], body=TemplateCreate, idempotent=True,
               responses={201: Template},
               description="Roles are named signer slots, each with its fields (placed as on a signing request, "
                           "without `signer_id`). `document_id`, if given, must be a document of the organisation "
                           "(422) and every role field must lie on its pages. An envelope template gives "
                           "`document_ids` instead (1 to 10, in order; both: 422); a role field then names its "
                           "`document_id`, one of them (default the first), and a page of it. `signing_level` qes without a QES "
                           "provider: 403 plan_restricted. " + QUOTA_TEXT)
    @idempotent
    async def post(self):
        body, problems = await self.checked_body(TemplateCreate())
        template = await domain.create(self.services, self.org, self.sandbox, body, problems)
        await self.write_json_of(lambda: Template().dump(template), 201)


class TemplateHandler(APIHandler):
    sandbox_writes = True  # on sandbox templates only (load_for_change)

    async def load_for_change(self, template_id: str) -> dict:
        template = await load_template(self, template_id)
        lifecycle.check_changeable(template, self.sandbox, "template")
        return template
    @operation("Get a template", tags=["templates"], responses={200: Template},
               description="The template with its documents, roles and fields.")
    async def get(self, template_id):
        template = await load_template(self, template_id)
        await self.write_json_of(lambda: Template().dump(template))  # 5000 fields: ~0.1 s of marshmallow

    @operation("Update a template", tags=["templates"], body=TemplateUpdate, responses={200: Template},
               description="Any create field; a field left out is unchanged, `roles` replaces the whole list. "
                           "The template as it will be is checked like on creation. New documents (`document_id` "
                           "or `document_ids`) without `roles` take the old ones' places: each role field moves "
                           "from the old n-th document to the new n-th (a place the new list lacks: 422).")
    async def patch(self, template_id):
        template = await self.load_for_change(template_id)
        changes = await self.json_body(TemplateUpdate())
        template = await domain.update(self.services, template, changes)
        await self.write_json_of(lambda: Template().dump(template))

    @operation("Delete a template", tags=["templates"], responses={204: None},
               description="Signing requests already made from it are unaffected; bulk jobs already submitted "
                           "finish with the template as it was when they were submitted.")
    async def delete(self, template_id):
        await domain.delete(self.services, self.org_id, (await self.load_for_change(template_id))["id"])
        self.set_status(204)


class TemplateSendHandler(RequestHandler):
    @operation("Create and send a signing request from a template", tags=["templates"], body=TemplateSend,
               idempotent=True, responses={201: SigningRequest}, errors=(400, 401, 403, 404, 422, 429),
               description="Signers are mapped to the template's roles by name, case-insensitively: every role "
                           "needs exactly one signer, and a signer whose role matches none is a 422 naming it. "
                           "The request copies the template's settings (signing_order, email_subject, "
                           "reminder_days, cc_emails, verification flags, signing_level, separate_stamp_page), "
                           "its role fields, `message` or else default_message, `expires_in_days` or else "
                           "default_expiry_days, and records `template_id`. An envelope template (`document_ids`), or a "
                           "send giving `document_ids`, makes an envelope request: every document, each role "
                           "field on its document. `auto_send` true (the default) sends "
                           "it (the answer then carries `warnings`, as a send's does); false leaves a draft. "
                           "Counts toward the monthly quota like any request.\n\n"
                           + domain.PLACEHOLDER_TEXT)
    @idempotent
    async def post(self, template_id):
        template = await load_template(self, template_id)
        body = await self.json_body(TemplateSend())
        request = await domain.create_request(self.services, self.org, self.api_key, self.sandbox, template, body)
        self.write_request(request, 201, sent=request["status"] != "draft")


ROUTES = [
    ("/v1/templates", TemplatesHandler),
    ("/v1/templates/{template_id}", TemplateHandler),
    ("/v1/templates/{template_id}/send", TemplateSendHandler),
]

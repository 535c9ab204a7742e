"""Templates: create, list, get, update, delete, and send (a signing request from a template)."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.request_handler import RequestHandler
from esign.api.signing_request_schemas import Recipient, SendOptions, SigningRequest
from esign.api.template_schemas import Template, TemplateCreate, TemplateUpdate
from esign.domain.requests import lifecycle
from esign.domain.requests.envelope import MAX_DOCUMENTS
from esign.domain.retention import overrides
from esign.domain.templating import templates as domain
from esign.schema import CursorPageQuery, OutSchema, UTCDateTime, cursor_record, page_of

# (the create, update and read shapes are in esign.api.template_schemas: the editor's template sessions take them too)


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
        await overrides.check_template(self.services, self.org_id, body.get("retention"), None, self.has_scope("admin"))
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
        if "retention" in changes:
            await overrides.check_template(self.services, self.org_id, changes["retention"], template.get("retention"),
                                           self.has_scope("admin"))
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

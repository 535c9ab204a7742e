"""What the editor does to a template session's template (docs/authoring.md, mode `template`): its roles
(the participants of a template: name, order, language, delivery), their fields and its settings, each
change checked against the session's capabilities, then made by `PATCH /v1/templates/{id}`'s own domain
function (esign.domain.templating.templates.update). A template session reaches its template only: never
a signing request, never another template."""
from __future__ import annotations

import logging
from typing import Any, cast

from esign.domain.authoring import edits, sessions
from esign.domain.ports import Services
from esign.domain.requests import lifecycle
from esign.domain.templating import templates as templates_domain
from esign.errors import ApiError, not_found, validation_error
from esign.store.records import Json, Role, SigningRequest, Template

log = logging.getLogger("esign.authoring")

#: a template's settings (`PATCH /v1/templates/{id}` keys), each with the name `locked` gives it
SETTINGS = {"default_message": "message", "email_subject": "email_subject", "signing_order": "signing_order",
            "default_expiry_days": "expires_in_days", "reminder_days": "reminder_days", "cc_emails": "cc_emails",
            "name": None, "description": None}
#: what makes a role the participant it is (changing these is changing the signers)
ROLE_KEYS = ("name", "order", "locale", "delivery")
#: documents are added by the editor's upload, tags are found by its detection: not through its PATCH
NOT_EDITED = ("document_id", "document_ids", "fields_from_text_tags")


async def template_of(services: Services, session: Json, template_id: str) -> Template:
    """The session's own template; any other id (or any id in a request session) is 404."""
    if session["template_id"] is None or template_id.lower() != session["template_id"]:
        raise not_found("template")
    return await templates_domain.get(services, session["org_id"], session["template_id"])


def base(template: Template) -> str:
    """Where the editor's page images of the template lie, read with the editor's secret."""
    return f"/author/api/templates/{template['id']}"


async def stand_in(services: Services, template: Template) -> SigningRequest:
    """The template as the page images take a request: its documents in order, no signer and no field
    (so its pages are the documents' own images, shared with every request of them)."""
    listed: list[Json] = []
    for order, document_id in enumerate(templates_domain.document_ids(template), start=1):
        record = await services.store.documents.settled(template["org_id"], document_id)
        if record is None:
            raise not_found("document")
        listed.append({"id": record["id"], "name": record["name"], "page_count": record.get("page_count"), "order": order})
    return cast(SigningRequest, {"id": template["id"], "org_id": template["org_id"], "documents": listed,
                                 "signers": [], "fields": []})


def _people(roles: list[Role] | list[Json]) -> list[tuple[Any, ...]]:
    return [tuple(r.get(k) for k in ROLE_KEYS) for r in roles]


def _refusal(session: Json, template: Template, changes: Json) -> ApiError | None:
    """Why the session may not make `changes` to its template, or None."""
    caps = session["capabilities"]
    details: list[Json] = [{"field": k, "message": "not changed by the editor (it adds documents by upload)"}
                           for k in NOT_EDITED if k in changes]
    if "roles" in changes:
        roles = changes["roles"]
        if _people(roles) != _people(template["roles"]):
            if not caps["edit_signers"]:
                return ApiError(403, "capability_denied", "this session may not change the roles")
            if "signers" in session["locked"]:
                details.append({"field": "roles", "message": "locked in this session: shown, not editable"})
        if len(roles) > caps["max_signers"]:
            details.append({"field": "roles", "message": f"at most {caps['max_signers']} roles in this session"})
        details += [{"field": f"roles.{i}.fields.{j}.field_type",
                     "message": f"{f['field_type']} fields are not allowed in this session"}
                    for i, role in enumerate(roles) for j, f in enumerate(role.get("fields") or [])
                    if f["field_type"] not in caps["field_types"]]
    settings = [k for k in SETTINGS if k in changes]
    if settings and not caps["edit_settings"]:
        return ApiError(403, "capability_denied", f"this session may not change the settings ({', '.join(settings)})")
    details += [{"field": k, "message": "locked in this session: shown, not editable"} for k in settings
                if SETTINGS[k] in session["locked"] and changes[k] != template.get(k)]
    return validation_error(details) if details else None


async def edit(services: Services, session: Json, template: Template, changes: Json) -> Template:
    """The template's roles, their fields and its settings (as `PATCH /v1/templates/{id}`), within the
    capabilities (`edit_signers` and `max_signers` for the roles, `field_types` for their fields,
    `edit_settings` and `locked`); a role field naming the `text_tag` it was made from keeps that tag's cover
    (as in /v1: esign.domain.templating.templates.with_tag_fields); the session becomes `saved`."""
    lifecycle.check_changeable(template, session["sandbox"], "template")
    if refusal := _refusal(session, template, changes):
        raise sessions.refused(services, session, refusal)
    template = await templates_domain.update(services, template, changes)
    await sessions.mark(services, session, "saved")
    log.info("authoring session %s saved template %s", session["id"], template["id"])
    return template


async def add_document(services: Services, session: Json, template: Template, path: str, size: int,
                       name: str | None) -> Template:
    """An uploaded file (checked and stored as `POST /v1/documents/upload` does) becomes the template's last
    document (as `PATCH /v1/templates/{id}` with `document_ids`), within `upload` and `max_documents` (as
    a draft's: esign.domain.authoring.edits.check_upload) and the envelope's limits."""
    lifecycle.check_changeable(template, session["sandbox"], "template")
    edits.check_upload(services, session, await stand_in(services, template))
    document = await edits.accept_upload(services, session, path, size, name)
    template = await templates_domain.update(services, template, {
        "document_ids": [*templates_domain.document_ids(template), document["id"]]})
    await sessions.mark(services, session, "saved")
    log.info("authoring session %s added document %s to template %s", session["id"], document["id"], template["id"])
    return template

"""What the editor does to a request session's draft (docs/authoring.md): every call checked against the
session's capabilities (esign.domain.authoring.sessions), then done by the same domain functions `/v1` uses."""
from __future__ import annotations

import logging
from typing import Any

from esign.domain.authoring import detection, sessions
from esign.domain.pages import documents as uploads
from esign.domain.ports import Services
from esign.domain.requests import drafts, envelope, lifecycle
from esign.domain.requests import signing_requests as requests_domain
from esign.domain.signer import page_images, signing
from esign.domain.templating import templates as templates_domain
from esign.errors import ApiError, not_found, validation_error
from esign.store.records import Document, SigningRequest, Template

log = logging.getLogger("esign.authoring")


async def draft_of(services: Services, session: dict[str, Any], request_id: str) -> SigningRequest:
    """The session's own draft; any other id is 404, as a request of another organisation is."""
    if session["request_id"] is None or request_id.lower() != session["request_id"]:
        raise not_found("signing request")
    return await requests_domain.get(services, session["org_id"], session["request_id"])


async def documents(services: Services, request: SigningRequest, base: str) -> list[dict[str, Any]]:
    """The draft's documents (or a template's, esign.domain.authoring.template_edits.stand_in) with each
    page's size as displayed (points; fields are placed in percent of it): the signing page's geometry,
    computed once per document and kept on its record; and each page's content-addressed image under
    `base` (`image_url`, `image_srcset`: the signing page's renderer and WebP images)."""
    shown = []
    default_locale = await page_images.org_locale(services, request)
    for order, listed in enumerate(envelope.of(request), start=1):
        record = await services.store.documents.settled(request["org_id"], listed["id"])
        if record is None:
            raise not_found("document")
        sizes = await signing.pages(services, record)
        found = page_images.addresses(request, record, default_locale=default_locale)
        shown.append({**listed, "pages": [
            {**size, **page_images.urls(base, order, size["number"], found[size["number"]])}
            for size in sizes]})
    return shown


def image_base(request: SigningRequest) -> str:
    """Where the editor's page images of the draft lie (esign.domain.signer.page_images.urls adds
    `/pages/{n}/...` or `/documents/{order}/pages/{n}/...`), read with the editor's secret."""
    return f"/author/api/requests/{request['id']}"


def check_fields(services: Services, session: dict[str, Any], fields: list[dict[str, Any]]) -> None:
    """Every field of a type the session allows (422 naming each other one)."""
    allowed = session["capabilities"]["field_types"]
    details = [{"field": f"fields.{i}.field_type", "message": f"{f['field_type']} fields are not allowed in this session"}
               for i, f in enumerate(fields) if f["field_type"] not in allowed]
    if details:
        raise sessions.refused(services, session, validation_error(details))


async def replace_fields(services: Services, session: dict[str, Any], request: SigningRequest,
                         fields: list[dict[str, Any]]) -> SigningRequest:
    check_fields(services, session, fields)
    request = await requests_domain.replace_fields(services, request, await detection.covered(services, request, fields))
    await sessions.mark(services, session, "saved")
    return request


def _edit_refusal(session: dict[str, Any], request: SigningRequest, changes: dict[str, Any]) -> ApiError | None:
    """Why the session may not make `changes` to its draft, or None."""
    caps = session["capabilities"]
    if "signers" in changes and not caps["edit_signers"]:
        return ApiError(403, "capability_denied", "this session may not change the signers")
    if "signers" in changes and len(changes["signers"]) > caps["max_signers"]:
        return validation_error([{"field": "signers", "message": f"at most {caps['max_signers']} signers in this session"}])
    settings = [k for k in sessions.SETTINGS if k in changes]
    if settings and not caps["edit_settings"]:
        return ApiError(403, "capability_denied", f"this session may not change the settings ({', '.join(settings)})")
    locked = [k for k in session["locked"] if k in changes and (k in ("signers", "expires_in_days")
                                                                 or changes[k] != request.get(k))]
    if locked:
        return validation_error([{"field": k, "message": "locked in this session: shown, not editable"} for k in locked])
    return None


async def edit_draft(services: Services, session: dict[str, Any], request: SigningRequest,
                     changes: dict[str, Any]) -> SigningRequest:
    """The draft's signers and settings (as `PATCH /v1/signing-requests/{id}`), within the capabilities."""
    if refusal := _edit_refusal(session, request, changes):
        raise sessions.refused(services, session, refusal)
    request = await drafts.update(services, request, changes)
    await sessions.mark(services, session, "saved")
    return request


async def actor(services: Services, session: dict[str, Any]) -> dict[str, Any]:
    """Who acts through the editor, as events record it (`by`: the certificate names them): the acting
    user (else the API key's owner), with the API key, the session and its external id; a console
    member's session names the member."""
    if session.get("member"):
        return {**session["member"], "authoring_session_id": session["id"]}
    key = await services.store.api_keys.by_id(session["api_key_id"])
    by: dict[str, Any] = {**(lifecycle.api_actor(key) or {}), "authoring_session_id": session["id"]}
    if session.get("acting_user"):
        by["name"] = session["acting_user"]["name"]
    if session.get("external_id"):
        by["external_id"] = session["external_id"]
    return by


async def send(services: Services, session: dict[str, Any], request: SigningRequest) -> SigningRequest:
    """Send the draft (as `POST /v1/signing-requests/{id}/send`) if the session may; the session is
    `sent` once the send is committed."""
    if not session["capabilities"]["send"]:
        raise sessions.refused(services, session, ApiError(
            403, "capability_denied", "this session may not send; the request stays a draft"))
    request = await requests_domain.send(services, request, by=await actor(services, session))
    await sessions.mark(services, session, "sent")
    services.metrics.authoring("sent")
    log.info("authoring session %s sent signing request %s", session["id"], request["id"])
    return request


def check_upload(services: Services, session: dict[str, Any], request: SigningRequest) -> None:
    """The session may add a document to its draft: `upload`, and fewer than `max_documents` (403
    capability_denied otherwise), checked before the upload's body is read."""
    caps = session["capabilities"]
    if not caps["upload"]:
        raise sessions.refused(services, session, ApiError(403, "capability_denied", "this session may not add documents"))
    if len(envelope.of(request)) >= caps["max_documents"]:
        raise sessions.refused(services, session, ApiError(403, "capability_denied", (
            f"{caps['max_documents']} documents already, the most this session allows")))


async def accept_upload(services: Services, session: dict[str, Any], path: str, size: int, name: str | None) -> Document:
    """The uploaded file at `path`, checked and stored as `POST /v1/documents/upload` does, as a document of
    the session's organisation."""
    org = await services.store.organizations.by_id(session["org_id"])
    if org is None:
        raise not_found("organisation")
    return await uploads.accept_upload(services, org, path, size, name, session["sandbox"])


async def add_document(services: Services, session: dict[str, Any], request: SigningRequest, path: str, size: int,
                       name: str | None) -> SigningRequest:
    """An uploaded file (checked and stored as `POST /v1/documents/upload` does) becomes the draft's last
    document, within `max_documents` and the envelope's limits (esign.domain.requests.envelope)."""
    check_upload(services, session, request)
    document = await accept_upload(services, session, path, size, name)
    ids = [d["id"] for d in envelope.of(request)] + [document["id"]]
    await envelope.load(services, session["org_id"], ids, "documents", session["sandbox"])

    def build(r: SigningRequest) -> dict[str, Any]:
        check_upload(services, session, r)
        listed = envelope.of(r)
        return {"documents": [*listed, {"id": document["id"], "name": document["name"],
                                        "page_count": document.get("page_count"), "order": len(listed) + 1}]}

    request = await lifecycle.transition(services, request, "draft", build)
    await sessions.mark(services, session, "saved")
    log.info("authoring session %s added document %s to signing request %s", session["id"], document["id"], request["id"])
    return request


#: what a role field keeps of a request's field (the role field shape of `POST /v1/templates`); a field placed
#: on every page is one field per page already, and one placed at an anchor is where the anchor was found
ROLE_FIELD_KEYS = ("document_id", "field_type", "page_number", "x_percent", "y_percent", "width_percent",
                   "height_percent", "placeholder", "is_required", "options", "validation_type", "validation_pattern",
                   "auto_source", "value")


def template_body(request: SigningRequest, name: str) -> dict[str, Any]:
    """The `POST /v1/templates` body of the draft as it stands: one role per signer ("Signer 1", ...), with
    that signer's fields, order, language and delivery, and the draft's documents and settings."""
    if len(request["signers"]) > sessions.MAX_ROLES:
        raise validation_error([{"field": "signers", "message": f"a template has at most {sessions.MAX_ROLES} roles (signers)"}])
    roles = [{"name": f"Signer {n}", "order": s["order"], "locale": s.get("locale"), "delivery": s.get("delivery") or "email",
              "fields": [{k: v for k, v in f.items() if k in ROLE_FIELD_KEYS} for f in request["fields"]
                         if f["signer_id"] == s["id"]]}
             for n, s in enumerate(request["signers"], start=1)]
    ids = [d["id"] for d in envelope.of(request)]
    documents = {"document_id": ids[0]} if len(ids) == 1 else {"document_ids": ids}
    return {"name": name, "description": None, **documents, "default_message": request.get("message"),
            "default_expiry_days": max(1, min(90, (request["expires_at"] - request["created_at"]).days or 7)),
            "email_subject": request.get("email_subject"), "roles": roles,
            **{k: request.get(k) for k in ("signing_order", "reminder_days", "identity_verification_required",
                                            "phone_verification_required", "signing_level", "separate_stamp_page")},
            "cc_emails": request.get("cc_emails") or []}


async def save_as_template(services: Services, session: dict[str, Any], request: SigningRequest, name: str) -> Template:
    """A new template of the organisation made from the draft (`POST /v1/templates`'s rules and plan limit),
    with `save_as_template` only (403 capability_denied otherwise); the draft stays."""
    if not session["capabilities"]["save_as_template"]:
        raise sessions.refused(services, session, ApiError(403, "capability_denied", "this session may not save templates"))
    org = await services.store.organizations.by_id(session["org_id"])
    if org is None:
        raise not_found("organisation")
    template = await templates_domain.create(services, org, session["sandbox"], template_body(request, name))
    log.info("authoring session %s saved signing request %s as template %s", session["id"], request["id"], template["id"])
    return template

"""Authoring sessions (docs/authoring.md): created by an API client for one draft (or template), opened
by the editor page with the URL's token, which it swaps once for a secret; every call of the editor is
checked here against the session's capabilities, then done by the same domain functions `/v1` uses.

    created --open--> open --save--> saved --send--> sent
    created|open|saved --revoke (DELETE)--> revoked
    created|open|saved --the token's time, the idle time or the 8 hours pass--> expired

Every change of state is one conditional update whose filter holds the state it was read in
(esign.store.authoring_sessions). The token and the secrets are stored as SHA-256 hashes only."""
from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from esign.domain.pages import documents as uploads
from esign.domain.pages.placement import FIELD_TYPES
from esign.domain.ports import Services
from esign.domain.requests import drafts, envelope, lifecycle
from esign.domain.requests import signing_requests as requests_domain
from esign.domain.signer import page_images, signing
from esign.domain.templating import templates as templates_domain
from esign.errors import ApiError, invalid_state, not_found, validation_error
from esign.secrets import hash_token, new_token
from esign.store.base import new_id
from esign.store.records import SigningRequest, Template

log = logging.getLogger("esign.authoring")

#: what a session may do when the create body does not say (docs/authoring.md)
CAPABILITY_DEFAULTS: dict[str, Any] = {
    "upload": True, "max_documents": 10, "edit_signers": True, "max_signers": 100, "field_types": FIELD_TYPES,
    "edit_settings": True, "send": True, "save_as_template": False,
}
#: the settings `locked` may name: shown in the editor, not editable
LOCKABLE = ("signers", "message", "email_subject", "signing_order", "expires_in_days", "reminder_days", "cc_emails")
SETTINGS = ("message", "email_subject", "signing_order", "expires_in_days", "reminder_days", "cc_emails")
STATES = ("created", "open", "saved", "sent", "expired", "revoked")
LIVE = ["created", "open", "saved"]  # may still change (be opened, saved, sent, revoked, expire)
OPENED = ["open", "saved", "sent"]  # the page's secret works (a sent session still reads its request)
IDLE = dt.timedelta(minutes=30)
ABSOLUTE = dt.timedelta(hours=8)


class SessionError(ApiError):
    """Why the page's secret no longer works (401, or 410 for a revoked session)."""


def _unauthorized(code: str, message: str) -> SessionError:
    return SessionError(401, code, message)


def url(services: Services, token: str) -> str:
    return f"{services.config.server.public_url}/author/{token}"


def deadline(session: dict[str, Any]) -> dt.datetime:
    """When the session can no longer be used: the token's time before it is opened; then the idle
    time after the last call, at most 8 hours after it was opened."""
    open_until: dt.datetime = session["open_until"]
    opened_at: dt.datetime | None = session["opened_at"]
    if opened_at is None:
        return open_until
    last_seen_at: dt.datetime = session["last_seen_at"]
    return min(last_seen_at + IDLE, opened_at + ABSOLUTE)


def view(session: dict[str, Any]) -> dict[str, Any]:
    """The session as answers show it (`expires_at`: its deadline)."""
    return {**session, "expires_at": deadline(session)}


def check_origin(org: dict[str, Any], origin: str | None) -> str | None:
    """The origin as stored; 403 origin_not_allowed unless it is one of the organisation's embed origins."""
    if origin is None:
        return None
    origin = origin.rstrip("/")
    if origin not in [o.rstrip("/") for o in org.get("embed_origins", [])]:
        raise ApiError(403, "origin_not_allowed", f"origin {origin!r} is not registered for embedding")
    return origin


async def _draft(services: Services, org: dict[str, Any], api_key: dict[str, Any], sandbox: bool,
                 body: dict[str, Any]) -> SigningRequest:
    """The draft the session edits: the given one (a draft of the organisation: 404, 409 otherwise), its
    owner becoming the acting user, or a new one of `document_ids` with the session's defaults."""
    acting = body.get("acting_user")
    if body.get("request_id"):
        request = await requests_domain.get(services, org["id"], str(body["request_id"]))
        if request["status"] != "draft":
            raise invalid_state(f"the signing request is {request['status']}; a session edits a draft only")
        lifecycle.check_changeable(request, sandbox, "signing request")
        if acting:
            request = await lifecycle.transition(services, request, "draft", lambda r: {
                "owner_name": acting["name"], "owner_email": acting["email"]})
        return request
    if not body.get("document_ids"):
        raise validation_error([{"field": "document_ids", "message": "required unless request_id is given"}])
    defaults = body.get("defaults") or {}
    create = {"document_ids": body["document_ids"], "signers": defaults.get("signers") or [],
              "message": defaults.get("message"), "signing_order": defaults.get("signing_order") or "parallel",
              "expires_in_days": defaults.get("expires_in_days") or 7, "external_id": body.get("external_id")}
    owner = {**api_key, "owner_name": acting["name"], "owner_email": acting["email"]} if acting else api_key
    return await requests_domain.create(services, org, owner, sandbox, create)


def _check_body(body: dict[str, Any]) -> None:
    caps = body["capabilities"]
    details = []
    signers = (body.get("defaults") or {}).get("signers") or []
    if len(signers) > caps["max_signers"]:
        details.append({"field": "defaults.signers", "message": f"more than max_signers ({caps['max_signers']})"})
    if len(body.get("document_ids") or []) > caps["max_documents"]:
        details.append({"field": "document_ids", "message": f"more than max_documents ({caps['max_documents']})"})
    if body["mode"] == "request" and body.get("template_id"):
        details.append({"field": "template_id", "message": "only with mode template"})
    if body["mode"] == "template" and (body.get("request_id") or body.get("document_ids")):
        details.append({"field": "request_id" if body.get("request_id") else "document_ids",
                        "message": "only with mode request"})
    if body["mode"] == "template" and not body.get("template_id"):
        details.append({"field": "template_id", "message": "required with mode template"})
    if body.get("request_id") and body.get("document_ids"):
        details.append({"field": "document_ids", "message": "not with request_id (the draft has its documents)"})
    if details:
        raise validation_error(details)


async def create(services: Services, org: dict[str, Any], api_key: dict[str, Any], sandbox: bool,
                 body: dict[str, Any], member: dict[str, Any] | None = None) -> tuple[dict[str, Any], str]:
    """`POST /v1/authoring-sessions` (`body` validated): the session and its URL. The draft (or the
    template, which must exist) is there at once. The staff console creates one for a `member` (its
    actor: `{member_id, name, email}`) with `api_key` the member as an owner (`id` None): the member,
    not an API key, must then still exist at every call, and is who the events name."""
    _check_body(body)
    origin = check_origin(org, body.get("allowed_origin"))
    request_id = template_id = None
    if body["mode"] == "request":
        request_id = (await _draft(services, org, api_key, sandbox, body))["id"]
    else:
        template_id = (await templates_domain.get(services, org["id"], str(body["template_id"])))["id"]
    token = new_token("ea_")
    now = services.clock.now()
    open_until = now + dt.timedelta(seconds=body["open_within_seconds"])
    session = await services.store.authoring_sessions.insert({
        "_id": new_id(), "org_id": org["id"], "api_key_id": api_key["id"], "sandbox": sandbox, "mode": body["mode"],
        "request_id": request_id, "template_id": template_id, "allowed_origin": origin,
        "acting_user": body.get("acting_user"), "external_id": body.get("external_id"), "member": member,
        "capabilities": body["capabilities"], "locked": sorted(set(body.get("locked") or [])),
        "locale": body.get("locale"), "state": "created", "token_hash": hash_token(token), "secret_hash": None,
        "retired_hashes": [], "open_until": open_until, "opened_at": None, "last_seen_at": None,
        "expires_at": open_until, "created_at": now, "updated_at": now})
    services.metrics.authoring("created")
    log.info("authoring session %s created for %s %s", session["id"], body["mode"], request_id or template_id)
    return session, url(services, token)


async def settle(services: Services, session: dict[str, Any]) -> dict[str, Any]:
    """The session as it stands now: `expired` once its time has passed (written, once)."""
    while session["state"] in LIVE and deadline(session) <= services.clock.now():
        moved: dict[str, Any] | None = await services.store.authoring_sessions.move(session, [session["state"]],
                                                                                   {"state": "expired"})
        if moved is not None:
            services.metrics.authoring("expired")
            log.info("authoring session %s expired", session["id"])
            return moved
        session = await get(services, session["org_id"], session["id"])
    return session


async def get(services: Services, org_id: str, session_id: str) -> dict[str, Any]:
    session: dict[str, Any] = await services.store.authoring_sessions.require(org_id, session_id, "authoring session")
    return session


async def revoke(services: Services, session: dict[str, Any]) -> dict[str, Any]:
    """`DELETE /v1/authoring-sessions/{id}`: the token and the page's secret stop working. Revoking a
    revoked session again changes nothing; a sent or expired one is 409."""
    session = await settle(services, session)
    while session["state"] in LIVE:
        moved: dict[str, Any] | None = await services.store.authoring_sessions.move(session, [session["state"]],
                                                                                   {"state": "revoked"})
        if moved is not None:
            services.metrics.authoring("revoked")
            log.info("authoring session %s revoked", session["id"])
            return moved
        session = await get(services, session["org_id"], session["id"])
    if session["state"] != "revoked":
        raise invalid_state(f"the authoring session is {session['state']}; it can no longer be revoked")
    return session


async def _check_creator(services: Services, session: dict[str, Any]) -> None:
    """The API key that created the session still exists and is not revoked, or the console member who
    did is still a member (401 otherwise)."""
    if session.get("member"):
        if await services.store.members.by_id(session["member"]["member_id"]) is None:
            raise _unauthorized("unauthorized", "the console member who created this authoring session is gone")
        return
    key = await services.store.api_keys.by_id(session["api_key_id"])
    if key is None or key.get("revoked_at") is not None:
        raise _unauthorized("unauthorized", "the API key that created this authoring session was revoked")


def _check_usable(session: dict[str, Any]) -> None:
    if session["state"] == "revoked":
        raise SessionError(410, "session_revoked", "this authoring session was revoked")
    if session["state"] == "expired":
        raise _unauthorized("session_expired", "this authoring session has expired")


async def open_session(services: Services, token: str) -> tuple[dict[str, Any], str]:
    """`POST /author/api/open`: swap the URL's token for a new secret (the session moves `created ->
    open` the first time). Opening again retires the secret an earlier tab holds."""
    repo = services.store.authoring_sessions
    session = await repo.by_token_hash(hash_token(token))
    if session is None:
        raise _unauthorized("unauthorized", "unknown authoring link")
    for _ in range(lifecycle.MAX_RETRIES):
        session = await settle(services, session)
        _check_usable(session)
        now = services.clock.now()
        if session["state"] == "sent":
            raise SessionError(410, "session_sent", "the request of this authoring session was sent")
        if now >= session["open_until"]:
            raise _unauthorized("session_expired", "this authoring link has expired: it must be opened within "
                                                   "its time; ask for a new one")
        await _check_creator(services, session)
        secret = new_token("eas_")
        first = session["opened_at"] is None
        changes: dict[str, Any] = {"last_seen_at": now}
        if first:
            changes.update(state="open", opened_at=now, expires_at=now + ABSOLUTE)
        opened = await repo.reopen(session, hash_token(secret), changes)
        if opened is not None:
            services.metrics.authoring("opened")
            log.info("authoring session %s opened%s", session["id"], "" if first else " again (the earlier tab is retired)")
            return opened, secret
        session = await get(services, session["org_id"], session["id"])
    raise ApiError(409, "invalid_state", "the authoring session is changing too fast; retry")


async def for_page(services: Services, token: str) -> tuple[dict[str, Any] | None, str]:
    """The session of an editor URL as the page shows it, and what the page is: `ready` (the page swaps the
    token), `expired` (the token's or the session's time passed) or `error` (revoked, sent, or no such
    session: None). Nothing changes here but a lapsed session becoming `expired`."""
    session = await services.store.authoring_sessions.by_token_hash(hash_token(token))
    if session is None:
        return None, "error"
    session = await settle(services, session)
    if session["state"] == "expired" or (session["state"] in LIVE and services.clock.now() >= session["open_until"]):
        return session, "expired"
    return session, "ready" if session["state"] in LIVE else "error"


async def authenticate(services: Services, secret: str) -> dict[str, Any]:
    """The session whose current secret is `secret`, its idle time restarted; 401 for an unknown, retired
    (`opened_elsewhere`) or expired secret or a revoked API key, 410 for a revoked session."""
    repo = services.store.authoring_sessions
    secret_hash = hash_token(secret)
    session = await repo.by_secret_hash(secret_hash)
    if session is None:
        if await repo.by_retired_hash(secret_hash) is not None:
            services.metrics.authoring("opened_elsewhere")
            raise _unauthorized("opened_elsewhere", "this authoring session was opened in another tab or window")
        raise _unauthorized("unauthorized", "unknown or missing authoring secret")
    session = await settle(services, session)
    _check_usable(session)
    await _check_creator(services, session)
    now = services.clock.now()
    await repo.touch(session, now)
    return {**session, "last_seen_at": now}


async def mark(services: Services, session: dict[str, Any], state: str) -> dict[str, Any]:
    """Move an opened session to `saved` or `sent` (from any live state; a revocation that won keeps it)."""
    moved = await services.store.authoring_sessions.move(session, ["open", "saved"], {"state": state})
    return session if moved is None else moved


# --- what the editor may do ----------------------------------------------------------------------------

def _refused(services: Services, session: dict[str, Any], error: ApiError) -> ApiError:
    """`error`, counted and logged as a capability the session lacks."""
    services.metrics.authoring("refused")
    log.info("authoring session %s refused: %s", session["id"], error.message)
    return error





async def draft_of(services: Services, session: dict[str, Any], request_id: str) -> SigningRequest:
    """The session's own draft; any other id is 404, as a request of another organisation is."""
    if session["request_id"] is None or request_id.lower() != session["request_id"]:
        raise not_found("signing request")
    return await requests_domain.get(services, session["org_id"], session["request_id"])


async def documents(services: Services, request: SigningRequest) -> list[dict[str, Any]]:
    """The draft's documents with each page's size as displayed (points; fields are placed in percent of
    it): the signing page's geometry, computed once per document and kept on its record; and each page's
    content-addressed image (`image_url`, `image_srcset`: the signing page's renderer and WebP images)."""
    shown = []
    default_locale = await page_images.org_locale(services, request)
    for order, listed in enumerate(envelope.of(request), start=1):
        record = await services.store.documents.settled(request["org_id"], listed["id"])
        if record is None:
            raise not_found("document")
        sizes = await signing.pages(services, record)
        found = page_images.addresses(request, record, default_locale=default_locale)
        shown.append({**listed, "pages": [
            {**size, **page_images.urls(image_base(request), order, size["number"], found[size["number"]])}
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
        raise _refused(services, session, validation_error(details))


async def replace_fields(services: Services, session: dict[str, Any], request: SigningRequest,
                         fields: list[dict[str, Any]]) -> SigningRequest:
    check_fields(services, session, fields)
    request = await requests_domain.replace_fields(services, request, fields)
    await mark(services, session, "saved")
    return request


def _edit_refusal(session: dict[str, Any], request: SigningRequest, changes: dict[str, Any]) -> ApiError | None:
    """Why the session may not make `changes` to its draft, or None."""
    caps = session["capabilities"]
    if "signers" in changes and not caps["edit_signers"]:
        return ApiError(403, "capability_denied", "this session may not change the signers")
    if "signers" in changes and len(changes["signers"]) > caps["max_signers"]:
        return validation_error([{"field": "signers", "message": f"at most {caps['max_signers']} signers in this session"}])
    settings = [k for k in SETTINGS if k in changes]
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
        raise _refused(services, session, refusal)
    request = await drafts.update(services, request, changes)
    await mark(services, session, "saved")
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
        raise _refused(services, session, ApiError(403, "capability_denied", "this session may not send; the request stays a draft"))
    request = await requests_domain.send(services, request, by=await actor(services, session))
    await mark(services, session, "sent")
    services.metrics.authoring("sent")
    log.info("authoring session %s sent signing request %s", session["id"], request["id"])
    return request


def check_upload(services: Services, session: dict[str, Any], request: SigningRequest) -> None:
    """The session may add a document to its draft: `upload`, and fewer than `max_documents` (403
    capability_denied otherwise), checked before the upload's body is read."""
    caps = session["capabilities"]
    if not caps["upload"]:
        raise _refused(services, session, ApiError(403, "capability_denied", "this session may not add documents"))
    if len(envelope.of(request)) >= caps["max_documents"]:
        raise _refused(services, session, ApiError(403, "capability_denied", (
            f"the draft has {caps['max_documents']} documents, the most this session allows")))


async def add_document(services: Services, session: dict[str, Any], request: SigningRequest, path: str, size: int,
                       name: str | None) -> SigningRequest:
    """An uploaded file (checked and stored as `POST /v1/documents/upload` does) becomes the draft's last
    document, within `max_documents` and the envelope's limits (esign.domain.requests.envelope)."""
    check_upload(services, session, request)
    org = await services.store.organizations.by_id(session["org_id"])
    if org is None:
        raise not_found("organisation")
    document = await uploads.accept_upload(services, org, path, size, name, session["sandbox"])
    ids = [d["id"] for d in envelope.of(request)] + [document["id"]]
    await envelope.load(services, session["org_id"], ids, "documents", session["sandbox"])

    def build(r: SigningRequest) -> dict[str, Any]:
        check_upload(services, session, r)
        listed = envelope.of(r)
        return {"documents": [*listed, {"id": document["id"], "name": document["name"],
                                        "page_count": document.get("page_count"), "order": len(listed) + 1}]}

    request = await lifecycle.transition(services, request, "draft", build)
    await mark(services, session, "saved")
    log.info("authoring session %s added document %s to signing request %s", session["id"], document["id"], request["id"])
    return request


#: what a role field keeps of a request's field (the role field shape of `POST /v1/templates`); a field placed
#: on every page is one field per page already, and one placed at an anchor is where the anchor was found
ROLE_FIELD_KEYS = ("document_id", "field_type", "page_number", "x_percent", "y_percent", "width_percent",
                   "height_percent", "placeholder", "is_required", "options", "validation_type", "validation_pattern",
                   "auto_source", "value")
MAX_ROLES = 10


def template_body(request: SigningRequest, name: str) -> dict[str, Any]:
    """The `POST /v1/templates` body of the draft as it stands: one role per signer ("Signer 1", ...), with
    that signer's fields, order, language and delivery, and the draft's documents and settings."""
    if len(request["signers"]) > MAX_ROLES:
        raise validation_error([{"field": "signers", "message": f"a template has at most {MAX_ROLES} roles (signers)"}])
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
        raise _refused(services, session, ApiError(403, "capability_denied", "this session may not save templates"))
    org = await services.store.organizations.by_id(session["org_id"])
    if org is None:
        raise not_found("organisation")
    template = await templates_domain.create(services, org, session["sandbox"], template_body(request, name))
    log.info("authoring session %s saved signing request %s as template %s", session["id"], request["id"], template["id"])
    return template

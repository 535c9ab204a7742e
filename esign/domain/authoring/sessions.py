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

from esign.domain.pages.placement import FIELD_TYPES
from esign.domain.ports import Services
from esign.domain.requests import lifecycle
from esign.domain.requests import signing_requests as requests_domain
from esign.domain.templating import templates as templates_domain
from esign.errors import ApiError, invalid_state, validation_error
from esign.secrets import hash_token, new_token
from esign.store.base import new_id
from esign.store.records import SigningRequest

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
MAX_ROLES = 10  # a template's roles (POST /v1/templates)
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


def refused(services: Services, session: dict[str, Any], error: ApiError) -> ApiError:
    """`error`, counted and logged as a capability the session lacks."""
    services.metrics.authoring("refused")
    log.info("authoring session %s refused: %s", session["id"], error.message)
    return error



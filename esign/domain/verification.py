"""Phone (SMS one-time code) and identity verification of a signer, free of HTTP.

Phone: a 6-digit code, stored only as an HMAC, valid `[signer] otp_ttl_seconds`; a new code no sooner
than `otp_resend_seconds` after the last; `otp_max_attempts` wrong codes lock the link for
`otp_lock_seconds` (429 with Retry-After) and void the code. Every attempt is one conditional update
of the request, so parallel guesses cannot exceed the limit.

Identity: the configured identity provider checks what the signer submits (name, date of birth,
document). `approved` lets the signer sign; `review` (the provider could not decide) lets the signer
sign too, with `identity_review_pending` set on the signer and shown on the audit certificate, for the
organisation to look at; `rejected` refuses signing, and the signer may try again up to
`identity_max_attempts` times in all. Each check by a provider that charges counts toward the plan's
monthly identity_verifications (403 quota_exceeded beyond it) unless the request is a sandbox one.

Identity with a redirect-flow vendor (Stripe Identity, Onfido, Veriff; `flow = "redirect"`): the
signer asks to start; esign opens a session at the vendor (`start_session`), records it in
`identity_sessions` and on the signer (`identity_status` pending), and the page opens the vendor's
URL in a new tab. The vendor's return URL, `/identity/return/<session id>`, carries no secret. The
result arrives by the vendor's signed webhook (`POST /identity/webhooks/<provider>`) or, when
that is late or lost, by `fetch_result` when the signer comes back or asks the page to check. Each
result is recorded once: the signer changes in one conditional update of the request (at the version
it was read, only while the signer's current session is still open) and the session in one update
whose filter holds its status, so replays and races change nothing. Here `review` means the vendor
is still deciding: the signer waits (cannot sign) until approved or rejected arrives. `approved`
with a document name that clearly differs from the signer's name (score below NAME_MISMATCH) is
recorded as rejected. `abandoned` (left, cancelled, expired) lets the signer start again. Every
started session counts as an attempt and, when the provider charges, as one check of the quota.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import re
import secrets
import unicodedata
import urllib.parse

from esign.clock import iso, stored
from esign.domain import lifecycle
from esign.domain.usage import reserve
from esign.errors import ApiError, invalid_state, not_found, upstream_unavailable, validation_error
from esign.providers.base import IDENTITY_STATUSES, IdentityResult, ProviderRejected, ProviderUnavailable
from esign.providers.basic_identity import name_score
from esign.store.base import new_id
from esign.store.identity_sessions import OPEN  # a redirect-flow session the vendor has not finished

log = logging.getLogger("esign.identity")

IDENTITY_EVENTS = {"approved": "identity.approved", "rejected": "identity.rejected", "review": "signer.reviewed",
                   "abandoned": "signing_event.identity_abandoned"}
NAME_MISMATCH = 0.7  # a vendor-approved document whose name scores below this against the signer's is rejected
DOCUMENT_TYPES = ("passport", "id_card", "driving_licence", "residence_permit")


def _masked(value: str | None, keep: int) -> str | None:
    if not value:
        return None
    return "\u2022" * max(0, len(value) - keep) + value[-keep:]


def requirements(services, request: dict, signer: dict) -> dict:
    now = services.clock.now()
    locked = signer.get("otp_locked_until")
    return {
        "phone_verification": {
            "required": bool(request.get("phone_verification_required")),
            "verified": bool(signer.get("phone_verified_at")),
            "phone_hint": _masked(signer.get("phone"), 2),
            "code_sent": bool(signer.get("otp_expires_at") and signer["otp_expires_at"] > now),
            "locked_until": iso(locked) if locked and locked > now else None,
        },
        "identity_verification": {
            "required": bool(request.get("identity_verification_required")),
            "flow": services.identity.flow,
            "status": signer.get("identity_status"),
            "attempts_left": max(0, services.config.signer.identity_max_attempts - signer.get("identity_attempts", 0)),
            "document_types": list(DOCUMENT_TYPES),
            "redirect_url": _open_redirect(signer, now),
            "message": signer.get("identity_reason"),
        },
    }


def _open_redirect(signer: dict, now: dt.datetime) -> str | None:
    """The vendor's page of the signer's open session, while it still works."""
    if signer.get("identity_status") != "pending" or not signer.get("identity_redirect_url"):
        return None
    expires = signer.get("identity_session_expires_at")
    return signer["identity_redirect_url"] if expires is None or expires > now else None


def blocker(request: dict, signer: dict) -> str | None:
    """Which verification the signer still lacks, or None."""
    if request.get("phone_verification_required") and not signer.get("phone_verified_at"):
        return "verify your phone number with the code we text you first"
    if request.get("identity_verification_required"):
        status = signer.get("identity_status")
        if status == "rejected":
            return "your identity could not be verified"
        if status == "pending":
            return "your identity check has not finished yet"
        if status == "review" and signer.get("identity_flow") == "redirect":
            return "your identity check is being reviewed; you can sign once it is approved"
        if status not in ("approved", "review"):
            return "verify your identity first"
    return None


def _set_signer(request: dict, signer_id: str, **changes) -> dict:
    return {"signers": [dict(s, **changes) if s["id"] == signer_id else s for s in request["signers"]]}


def _otp_mac(services, request_id: str, signer_id: str, code: str) -> str:
    return services.secrets.sign(f"otp:{request_id}:{signer_id}:{code}")


def _check_phone_step(services, request: dict, signer: dict) -> None:
    if not request.get("phone_verification_required"):
        raise invalid_state("this signing request does not need phone verification")
    if signer.get("phone_verified_at"):
        raise invalid_state("your phone number is already verified")
    if not signer.get("phone"):
        raise invalid_state("no phone number is on record for you; ask the sender to add one")
    now = services.clock.now()
    locked = signer.get("otp_locked_until")
    if locked and locked > now:
        raise _locked(locked - now)


def _locked(left: dt.timedelta) -> ApiError:
    seconds = max(1, int(left.total_seconds() + 0.999))
    return ApiError(429, "rate_limited", f"too many wrong codes; try again in {-(-seconds // 60)} minutes",
                    headers={"Retry-After": str(seconds)})


async def send_code(services, session, actor):
    """Text a new one-time code to the signer's phone."""
    request, signer = session.request, session.signer
    cfg = services.config.signer
    now = services.clock.now()
    # a provider that checks codes makes its own (otp_hash stays None); otherwise only our code's HMAC is kept
    code = None if services.sms.checks_codes else f"{secrets.randbelow(10 ** 6):06d}"
    changes = dict(otp_hash=code and _otp_mac(services, request["id"], signer["id"], code), otp_sent_at=now,
                   otp_expires_at=now + dt.timedelta(seconds=cfg.otp_ttl_seconds))  # wrong tries count per link

    def claim(r):  # the gap is checked on the record the update is conditional on: parallel asks send one text
        s = lifecycle.find_signer(r, signer["id"])
        _check_phone_step(services, r, s)
        sent = s.get("otp_sent_at")
        if sent and (now - sent).total_seconds() < cfg.otp_resend_seconds:
            wait = int(cfg.otp_resend_seconds - (now - sent).total_seconds()) + 1
            raise ApiError(429, "rate_limited", f"a code was just sent; you can ask for another in {wait} seconds",
                           headers={"Retry-After": str(wait)})
        return _set_signer(r, s["id"], **changes)

    updated = await lifecycle.transition(services, request, "pending", claim)
    try:
        await services.sms.send_code(signer["phone"], code, cfg.otp_ttl_seconds)
    except (ProviderUnavailable, ProviderRejected) as exc:
        services.metrics.text("refused" if isinstance(exc, ProviderRejected) else "failed")
        # no code was sent: forget it, so the signer may ask again at once (no resend gap)
        await lifecycle.transition(services, updated, "pending",
                                   lambda r: _set_signer(r, signer["id"], otp_hash=None, otp_sent_at=None, otp_expires_at=None))
        if isinstance(exc, ProviderRejected):
            raise validation_error([{"field": "phone", "message": f"the SMS provider refused the number: {exc}"}]) from exc
        raise upstream_unavailable(f"the text message could not be sent: {exc}") from exc
    services.metrics.text("sent")
    await lifecycle.record_event(services, updated, "signing_event.otp_sent", signer=lifecycle.find_signer(updated, signer["id"]),
                                 actor=actor, metadata={"phone": _masked(signer["phone"], 2)})
    return updated


async def verify_code(services, session, code, actor):
    request, signer = session.request, session.signer
    _check_phone_step(services, request, signer)
    by_provider = bool(signer.get("otp_expires_at")) and not signer.get("otp_hash") and services.sms.checks_codes
    pattern, wanted = (r"[0-9]{4,10}", "the code we texted you") if by_provider else (r"[0-9]{6}", "the 6-digit code")
    code = _code_digits(code)
    if code is None or not re.fullmatch(pattern, code):
        raise validation_error([{"field": "code", "message": f"enter {wanted}"}])
    cfg = services.config.signer
    now = services.clock.now()
    outcome = {}
    if by_provider and signer["otp_expires_at"] > now:  # asked before the counting update; the provider limits its own checks too
        outcome["approved"] = await _provider_check(services, request, signer, code)

    def build(r):
        s = lifecycle.find_signer(r, signer["id"])
        locked = s.get("otp_locked_until")
        if locked and locked > now:
            raise _locked(locked - now)
        if not s.get("otp_expires_at") or s["otp_expires_at"] <= now or (not s.get("otp_hash") and not by_provider):
            raise _expired()
        if outcome.get("approved") if by_provider else secrets.compare_digest(s["otp_hash"], _otp_mac(services, r["id"], s["id"], code)):
            outcome.update(ok=True)
            return {**_set_signer(r, s["id"], phone_verified_at=now, otp_hash=None, otp_expires_at=None, otp_attempts=0),
                    "effects": lifecycle.event_effects("signing_event.otp_verified", s["id"], actor)}
        attempts = s.get("otp_attempts", 0) + 1
        outcome.update(ok=False, attempts=attempts, locked=attempts >= cfg.otp_max_attempts)
        failed = lifecycle.event_effects("signing_event.otp_failed", s["id"], actor,
                                         {"attempt": attempts, "locked": outcome["locked"]})
        if outcome["locked"]:
            return {**_set_signer(r, s["id"], otp_attempts=0, otp_hash=None, otp_expires_at=None,
                                  otp_locked_until=now + dt.timedelta(seconds=cfg.otp_lock_seconds)), "effects": failed}
        return {**_set_signer(r, s["id"], otp_attempts=attempts), "effects": failed}

    updated = await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))
    if outcome["ok"]:
        return updated
    if outcome["locked"]:
        raise _locked(dt.timedelta(seconds=cfg.otp_lock_seconds))
    left = cfg.otp_max_attempts - outcome["attempts"]
    raise validation_error([{"field": "code", "message": f"wrong code; {left} {'try' if left == 1 else 'tries'} left"}])


def _code_digits(code) -> str | None:
    """The code, stripped, with digits of other scripts (a phone keyboard's Arabic-Indic or Devanagari
    digits) read as the ASCII digits they are: the right code typed so is not a wrong try. None when
    it is not a string."""
    if not isinstance(code, str):
        return None
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in code.strip())


def _expired() -> ApiError:
    return validation_error([{"field": "code", "message": "the code has expired or was never sent; ask for a new one"}])


async def _provider_check(services, request: dict, signer: dict, code: str) -> bool:
    """The SMS provider's verdict on `code`. A provider that holds no code any more: the outstanding
    code is forgotten and the signer asked for a new one; unreachable: 502, no attempt counted."""
    try:
        return bool(await services.sms.check_code(signer["phone"], code))
    except ProviderRejected as exc:
        await lifecycle.transition(services, request, "pending",
                                   lambda r: _set_signer(r, signer["id"], otp_expires_at=None))
        raise _expired() from exc
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the code cannot be checked now: {exc}") from exc


# --- identity ---------------------------------------------------------------------------------------

def check_identity_input(data, today: dt.date) -> dict:
    """The identity form: full_name, date_of_birth, document_type, document_number,
    document_expiry, issued_country (ISO 3166 alpha-2), address (optional)."""
    if not isinstance(data, dict):
        raise validation_error([{"field": "", "message": "the body must be an object"}])
    details, out = [], {}

    def text(name, low, high, required=True):
        value = data.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                details.append({"field": name, "message": "required"})
            return None
        if not isinstance(value, str) or not low <= len(value.strip()) <= high:
            details.append({"field": name, "message": f"{low} to {high} characters"})
            return None
        return " ".join(value.split())

    def date(name):
        value = text(name, 10, 10)
        if value is None:
            return None
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            details.append({"field": name, "message": "a date as YYYY-MM-DD"})
            return None

    out["full_name"] = text("full_name", 1, 255)
    dob = date("date_of_birth")
    if dob and not dt.date(1900, 1, 1) <= dob < today:
        details.append({"field": "date_of_birth", "message": "not a plausible date of birth"})
    out["date_of_birth"] = dob.isoformat() if dob else None
    kind = data.get("document_type")
    if kind not in DOCUMENT_TYPES:
        details.append({"field": "document_type", "message": f"one of {', '.join(DOCUMENT_TYPES)}"})
    out["document_type"] = kind
    out["document_number"] = text("document_number", 4, 64)
    expiry = date("document_expiry")
    if expiry and expiry < today:
        details.append({"field": "document_expiry", "message": "the document has expired"})
    out["document_expiry"] = expiry.isoformat() if expiry else None
    country = text("issued_country", 2, 2)
    if country and not country.isalpha():
        details.append({"field": "issued_country", "message": "a two-letter country code"})
    out["issued_country"] = country.upper() if country else None
    out["address"] = text("address", 1, 500, required=False)
    unknown = set(data) - set(out)
    details += [{"field": k, "message": "unknown field"} for k in sorted(unknown)]
    if details:
        raise validation_error(details)
    return out


def _check_identity_step(services, request: dict, signer: dict, flow: str) -> None:
    if not request.get("identity_verification_required"):
        raise invalid_state("this signing request does not need identity verification")
    if services.identity.flow != flow:
        other = "POST /sign/{token}/api/identity/start" if flow == "form" else "POST /sign/{token}/api/identity"
        raise invalid_state(f"the identity provider of this service works another way: use {other}")
    status = signer.get("identity_status")
    if status == "approved" or (status == "review" and signer.get("identity_flow") != "redirect"):
        raise invalid_state("your identity check is already done")
    if status == "review":
        raise invalid_state("your identity check is being reviewed; you can sign once it is approved")
    if signer.get("identity_attempts", 0) >= services.config.signer.identity_max_attempts:
        raise ApiError(403, "forbidden", "no identity verification attempts are left; contact the sender")


async def _count_attempt(services, request: dict, signer_id: str, step: int) -> dict:
    """Claim (+1, refused as `_check_identity_step` refuses when none is left or the check is done)
    or give back (-1) one of the signer's form-flow identity attempts."""
    def build(r):
        s = lifecycle.find_signer(r, signer_id)
        if step > 0:
            _check_identity_step(services, r, s, "form")
        return _set_signer(r, signer_id, identity_attempts=max(0, s.get("identity_attempts", 0) + step))
    return await lifecycle.transition(services, request, "pending", build)


async def _reserve_check(services, request: dict) -> tuple[bool, dict]:
    """Count one check toward the plan's quota when the provider charges (403 beyond it)."""
    counted = services.identity.charges and not request.get("sandbox")
    org = await services.store.organizations.by_id(request["org_id"])
    if counted:
        await reserve(services, org, "identity_verifications", "identity_verifications_per_month", "identity verifications")
    return counted, org


def _identity_changes(now: dt.datetime, signer: dict, result: IdentityResult) -> dict:
    """The signer's identity fields for a decided result (approved, review or rejected)."""
    score = result.name_match_score
    if score is None and result.verified_name:
        score = name_score(signer["name"], result.verified_name)
    match_status = {"approved": "match", "review": "partial_match", "rejected": "no_match"}[result.status]
    return dict(
        identity_status=result.status, identity_verified=result.status == "approved",
        identity_verified_at=now if result.status == "approved" else None,
        identity_verified_name=result.verified_name, identity_name_match_score=score,
        identity_name_match_status=result.details.get("name_match_status", match_status),
        identity_document_type=result.document_type, identity_dob=result.date_of_birth,
        identity_address=result.address, identity_document_number=_masked(result.document_number, 4),
        identity_document_expiry=result.document_expiry, identity_document_issued_country=result.issued_country,
        identity_selfie_verified=bool(result.details.get("selfie_verified")),
        identity_device_vpn_detected=bool(result.details.get("vpn_detected")),
        identity_review_pending=result.status == "review", identity_reason=result.reason,
    )


async def verify_identity(services, session, data, actor):
    """Form flow: check what the signer typed with the provider at once."""
    request, signer = session.request, session.signer
    _check_identity_step(services, request, signer, "form")
    submitted = check_identity_input(data, services.clock.now().date())
    provider = services.identity
    # the attempt is claimed before the provider is asked, in one conditional update: checks sent in
    # parallel cannot pass the attempt limit (each read the same count before) nor the quota with it
    request = await _count_attempt(services, request, signer["id"], +1)
    try:
        counted, org = await _reserve_check(services, request)
    except ApiError:
        await _count_attempt(services, request, signer["id"], -1)
        raise
    try:
        result = await provider.verify(signer, submitted)
    except ProviderUnavailable as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        await _count_attempt(services, request, signer["id"], -1)  # an outage costs the signer no attempt
        raise upstream_unavailable(f"identity verification is unavailable: {exc}") from exc
    if result.status not in ("approved", "review", "rejected"):
        raise upstream_unavailable(f"the identity provider answered an unknown status {result.status!r}")
    result = dataclasses.replace(
        result, verified_name=result.verified_name or submitted["full_name"], document_type=submitted["document_type"],
        date_of_birth=submitted["date_of_birth"], address=submitted["address"],
        document_number=submitted["document_number"], document_expiry=submitted["document_expiry"],
        issued_country=submitted["issued_country"])
    changes = _identity_changes(services.clock.now(), signer, result)
    changes.update(identity_flow="form")

    def build(r):
        update = _set_signer(r, signer["id"], **changes)
        if counted:
            update["identity_payment_status"] = "charged"
        update["effects"] = lifecycle.event_effects(IDENTITY_EVENTS[result.status], signer["id"], actor, {
            "name_match_score": changes["identity_name_match_score"], "provider": provider.identifier})
        return update

    return await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))


# --- identity: redirect flow ------------------------------------------------------------------------

def return_url(services, session_id: str) -> str:
    return f"{services.config.server.public_url}/identity/return/{session_id}"


def _usable(opened) -> bool:
    return (isinstance(getattr(opened, "reference", None), str) and 0 < len(opened.reference) <= 255
            and isinstance(getattr(opened, "redirect_url", None), str)
            and urllib.parse.urlsplit(opened.redirect_url).scheme in ("http", "https"))


class _Unchanged(Exception):
    """The signer's identity state is not what this change expects (another session won, or the result is recorded)."""


async def start_identity(services, session, actor):
    """Open a session at the redirect-flow vendor (or hand back the open one) for the signer."""
    request, signer = session.request, session.signer
    now = services.clock.now()
    if signer.get("identity_flow") == "redirect" and _open_redirect(signer, now):
        return request  # a second click: the same session, not a second check
    _check_identity_step(services, request, signer, "redirect")
    provider = services.identity
    counted, org = await _reserve_check(services, request)
    session_id = new_id()
    info = {"id": signer["id"], "name": signer["name"], "email": signer["email"], "phone": signer.get("phone"),
            "signing_request_id": request["id"]}
    try:
        opened = await provider.start_session(info, return_url(services, session_id))
        if not _usable(opened):
            raise ProviderUnavailable("the identity provider answered without a usable session")
    except (ProviderUnavailable, ProviderRejected) as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        if isinstance(exc, ProviderRejected):
            log.error("identity provider %s refused to open a session: %s", provider.identifier, exc)
            raise upstream_unavailable(f"identity verification is unavailable: {exc}; ask the sender") from exc
        raise upstream_unavailable(f"identity verification is unavailable right now ({exc}); try again") from exc
    expires = stored(opened.expires_at) if opened.expires_at is not None else None
    id_session = await services.store.identity_sessions.insert({
        "_id": session_id, "provider": provider.identifier, "reference": opened.reference, "org_id": request["org_id"],
        "request_id": request["id"], "signer_id": signer["id"], "status": "pending", "created_at": now,
        "updated_at": now, "expires_at": expires})
    changes = dict(identity_status="pending", identity_flow="redirect", identity_session_id=session_id,
                   identity_redirect_url=opened.redirect_url, identity_session_expires_at=expires, identity_reason=None)

    def build(r):
        fresh = lifecycle.find_signer(r, signer["id"])
        if _open_redirect(fresh, now):  # a parallel start won: keep its session
            raise _Unchanged()
        update = _set_signer(r, signer["id"], **changes, identity_attempts=fresh.get("identity_attempts", 0) + 1)
        if counted:
            update["identity_payment_status"] = "charged"
        update["effects"] = lifecycle.event_effects("signing_event.identity_started", signer["id"], actor, {
            "provider": provider.identifier, "identity_session_id": session_id})
        return update

    try:
        updated = await lifecycle.transition(services, request, "pending", build)
    except (_Unchanged, ApiError) as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        await services.store.identity_sessions.settle(id_session, "abandoned", {"reason": "superseded", "settled_at": now})
        if isinstance(exc, ApiError):
            raise
        return await services.store.signing_requests.by_id(request["id"])
    return await lifecycle.follow(services, updated)


async def settle_identity(services, id_session: dict, result: IdentityResult, via: str) -> bool:
    """Record a vendor's result for `id_session` once (`via`: webhook, return or check). Returns whether
    it changed anything; a replay, a stale or a `pending` result changes nothing."""
    if result.status not in IDENTITY_STATUSES:
        raise upstream_unavailable(f"the identity provider answered an unknown status {result.status!r}")
    if result.status == "pending" or id_session["status"] not in OPEN or result.status == id_session["status"]:
        return False
    now = services.clock.now()
    signer_id = id_session["signer_id"]
    request = await services.store.signing_requests.by_id(id_session["request_id"])
    if request is None:
        return False
    signer = lifecycle.find_signer(request, signer_id)
    if result.status == "approved" and result.verified_name:
        if result.name_match_score is None:  # scored once, here (_identity_changes keeps it)
            result = dataclasses.replace(result, name_match_score=name_score(signer["name"], result.verified_name))
        if result.name_match_score < NAME_MISMATCH:
            result = dataclasses.replace(result, status="rejected",
                                         reason="the name on your document does not match the name you were invited under")
    if result.status == "abandoned":
        changes = dict(identity_status="abandoned", identity_reason=result.reason or "the identity check was not finished")
    else:
        changes = _identity_changes(now, signer, result)
    if result.status != "review":
        changes.update(identity_redirect_url=None, identity_session_expires_at=None)

    def build(r):
        s = lifecycle.find_signer(r, signer_id)
        if s.get("identity_session_id") != id_session["id"] or s.get("identity_status") not in OPEN \
                or s.get("identity_status") == result.status:
            raise _Unchanged()
        return {**_set_signer(r, signer_id, **changes), "effects": lifecycle.event_effects(
            IDENTITY_EVENTS[result.status], signer_id, metadata={
                "provider": id_session["provider"], "via": via, "identity_session_id": id_session["id"],
                "name_match_score": changes.get("identity_name_match_score"), "reason": result.reason})}

    updated = None
    try:
        updated = await lifecycle.transition(services, request, "pending", build)
    except _Unchanged:  # superseded by a newer session, or recorded already
        pass
    except ApiError:
        current = await services.store.signing_requests.by_id(request["id"])
        if current is not None and current["status"] == "pending":
            raise  # not recorded (the request kept changing): the vendor delivers again, the signer asks again
    await services.store.identity_sessions.settle(id_session, result.status, {
        "settled_via": via, "settled_at": now, "reason": result.reason})
    if updated is None:
        return False
    await lifecycle.follow(services, updated)
    return True


async def refresh_identity(services, id_session: dict, via: str) -> bool:
    """Ask the vendor for the result of an open session (a webhook late or lost) and record it; at
    most once per session every `[signer] identity_fetch_seconds` (otherwise the stored state stands:
    False)."""
    if id_session["status"] not in OPEN:
        return False
    if not await services.store.identity_sessions.claim_fetch(id_session, services.config.signer.identity_fetch_seconds):
        return False
    try:
        result = await services.identity.fetch_result(id_session["reference"])
    except ProviderRejected as exc:  # the vendor no longer knows it (expired, deleted): the signer starts again
        log.warning("identity provider %s does not know session %s: %s", id_session["provider"], id_session["id"], exc)
        result = IdentityResult(status="abandoned", reference=id_session["reference"],
                                reason="the identity check expired at the provider")
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the identity provider cannot be reached right now ({exc}); try again") from exc
    return await settle_identity(services, id_session, result, via)


async def check_identity(services, session, actor):
    """The signer asks whether the result of their open session has arrived. Asked again once it has
    (a second tab, or a click racing the vendor's return), the answer is the state as it stands."""
    signer = session.signer
    if signer.get("identity_flow") != "redirect" or not signer.get("identity_session_id"):
        raise invalid_state("no identity check is waiting for a result")
    if signer.get("identity_status") not in OPEN:
        return session.request
    id_session = await services.store.identity_sessions.by_id(signer["identity_session_id"])
    if id_session is None or id_session["provider"] != services.identity.identifier:
        raise not_found("identity session")
    await refresh_identity(services, id_session, "check")
    return await services.store.signing_requests.by_id(session.request["id"])


async def receive_webhook(services, provider_id: str, headers: dict, raw_body: bytes) -> bool:
    """A vendor's webhook: checked by the provider (WebhookRefused when it is not the vendor's), then
    recorded once. Returns whether it changed anything; unknown sessions and non-result events are
    accepted and ignored (the vendor must not retry them)."""
    provider = services.identity
    if provider.identifier != provider_id or provider.flow != "redirect":
        raise not_found("identity provider")
    try:
        result = await provider.verify_webhook(headers, raw_body)
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the identity provider cannot be reached ({exc}); deliver again") from exc
    except ProviderRejected as exc:  # the vendor itself does not know the session the event names
        log.warning("identity webhook of %s ignored: %s", provider.identifier, exc)
        return False
    if result is None or not result.reference:
        return False
    id_session = await services.store.identity_sessions.by_reference(provider.identifier, result.reference)
    if id_session is None:
        log.info("identity webhook for an unknown %s session ignored", provider.identifier)
        return False
    return await settle_identity(services, id_session, result, "webhook")

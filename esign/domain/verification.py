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
"""
from __future__ import annotations

import datetime as dt
import re
import secrets

from esign.clock import iso
from esign.domain import lifecycle
from esign.domain.usage import reserve
from esign.errors import ApiError, invalid_state, upstream_unavailable, validation_error
from esign.providers.base import ProviderRejected, ProviderUnavailable

IDENTITY_EVENTS = {"approved": "identity.approved", "rejected": "identity.rejected", "review": "signer.reviewed"}
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
            "status": signer.get("identity_status"),
            "attempts_left": max(0, services.config.signer.identity_max_attempts - signer.get("identity_attempts", 0)),
            "document_types": list(DOCUMENT_TYPES),
        },
    }


def blocker(request: dict, signer: dict) -> str | None:
    """Which verification the signer still lacks, or None."""
    if request.get("phone_verification_required") and not signer.get("phone_verified_at"):
        return "verify your phone number with the code we text you first"
    if request.get("identity_verification_required"):
        status = signer.get("identity_status")
        if status == "rejected":
            return "your identity could not be verified"
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
    _check_phone_step(services, request, signer)
    cfg = services.config.signer
    now = services.clock.now()
    sent = signer.get("otp_sent_at")
    if sent and (now - sent).total_seconds() < cfg.otp_resend_seconds:
        wait = int(cfg.otp_resend_seconds - (now - sent).total_seconds()) + 1
        raise ApiError(429, "rate_limited", f"a code was just sent; you can ask for another in {wait} seconds",
                       headers={"Retry-After": str(wait)})
    # a provider that checks codes makes its own (otp_hash stays None); otherwise only our code's HMAC is kept
    code = None if services.sms.checks_codes else f"{secrets.randbelow(10 ** 6):06d}"
    changes = dict(otp_hash=code and _otp_mac(services, request["id"], signer["id"], code), otp_sent_at=now,
                   otp_expires_at=now + dt.timedelta(seconds=cfg.otp_ttl_seconds))  # wrong tries count per link
    updated = await lifecycle.transition(services, request, "pending", lambda r: _set_signer(r, signer["id"], **changes))
    try:
        await services.sms.send_code(signer["phone"], code, cfg.otp_ttl_seconds)
    except (ProviderUnavailable, ProviderRejected) as exc:
        # no code was sent: forget it, so the signer may ask again at once (no resend gap)
        await lifecycle.transition(services, updated, "pending",
                                   lambda r: _set_signer(r, signer["id"], otp_hash=None, otp_sent_at=None, otp_expires_at=None))
        if isinstance(exc, ProviderRejected):
            raise validation_error([{"field": "phone", "message": f"the SMS provider refused the number: {exc}"}]) from exc
        raise upstream_unavailable(f"the text message could not be sent: {exc}") from exc
    await lifecycle.record_event(services, updated, "signing_event.otp_sent", signer=lifecycle.find_signer(updated, signer["id"]),
                                 actor=actor, metadata={"phone": _masked(signer["phone"], 2)})
    return updated


async def verify_code(services, session, code, actor):
    request, signer = session.request, session.signer
    _check_phone_step(services, request, signer)
    by_provider = bool(signer.get("otp_expires_at")) and not signer.get("otp_hash") and services.sms.checks_codes
    pattern, wanted = (r"\d{4,10}", "the code we texted you") if by_provider else (r"\d{6}", "the 6-digit code")
    if not isinstance(code, str) or not re.fullmatch(pattern, code.strip()):
        raise validation_error([{"field": "code", "message": f"enter {wanted}"}])
    code = code.strip()
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
            return _set_signer(r, s["id"], phone_verified_at=now, otp_hash=None,
                               otp_expires_at=None, otp_attempts=0)
        attempts = s.get("otp_attempts", 0) + 1
        outcome.update(ok=False, attempts=attempts, locked=attempts >= cfg.otp_max_attempts)
        if outcome["locked"]:
            return _set_signer(r, s["id"], otp_attempts=0, otp_hash=None, otp_expires_at=None,
                               otp_locked_until=now + dt.timedelta(seconds=cfg.otp_lock_seconds))
        return _set_signer(r, s["id"], otp_attempts=attempts)

    updated = await lifecycle.transition(services, request, "pending", build)
    fresh = lifecycle.find_signer(updated, signer["id"])
    if outcome["ok"]:
        await lifecycle.record_event(services, updated, "signing_event.otp_verified", signer=fresh, actor=actor)
        return updated
    await lifecycle.record_event(services, updated, "signing_event.otp_failed", signer=fresh, actor=actor,
                                 metadata={"attempt": outcome["attempts"], "locked": outcome["locked"]})
    if outcome["locked"]:
        raise _locked(dt.timedelta(seconds=cfg.otp_lock_seconds))
    left = cfg.otp_max_attempts - outcome["attempts"]
    raise validation_error([{"field": "code", "message": f"wrong code; {left} {'try' if left == 1 else 'tries'} left"}])


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


async def verify_identity(services, session, data, actor):
    request, signer = session.request, session.signer
    if not request.get("identity_verification_required"):
        raise invalid_state("this signing request does not need identity verification")
    if signer.get("identity_status") in ("approved", "review"):
        raise invalid_state("your identity check is already done")
    if signer.get("identity_attempts", 0) >= services.config.signer.identity_max_attempts:
        raise ApiError(403, "forbidden", "no identity verification attempts are left; contact the sender")
    submitted = check_identity_input(data, services.clock.now().date())
    provider = services.identity
    counted = provider.charges and not request.get("sandbox")
    org = await services.store.organizations.by_id(request["org_id"])
    if counted:
        await reserve(services, org, "identity_verifications", "identity_verifications_per_month", "identity verifications")
    try:
        result = await provider.verify(signer, submitted)
    except ProviderUnavailable as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        raise upstream_unavailable(f"identity verification is unavailable: {exc}") from exc
    if result.status not in IDENTITY_EVENTS:
        raise upstream_unavailable(f"the identity provider answered an unknown status {result.status!r}")
    now = services.clock.now()
    match_status = {"approved": "match", "review": "partial_match", "rejected": "no_match"}[result.status]
    changes = dict(
        identity_status=result.status, identity_verified=result.status == "approved",
        identity_verified_at=now if result.status == "approved" else None,
        identity_verified_name=result.verified_name or submitted["full_name"],
        identity_name_match_score=result.name_match_score,
        identity_name_match_status=result.details.get("name_match_status", match_status),
        identity_document_type=submitted["document_type"], identity_dob=submitted["date_of_birth"],
        identity_address=submitted["address"], identity_document_number=_masked(submitted["document_number"], 4),
        identity_document_expiry=submitted["document_expiry"],
        identity_document_issued_country=submitted["issued_country"],
        identity_selfie_verified=bool(result.details.get("selfie_verified")),
        identity_device_vpn_detected=bool(result.details.get("vpn_detected")),
        identity_review_pending=result.status == "review",
        identity_attempts=signer.get("identity_attempts", 0) + 1,
    )

    def build(r):
        update = _set_signer(r, signer["id"], **changes)
        if counted:
            update["identity_payment_status"] = "charged"
        return update

    updated = await lifecycle.transition(services, request, "pending", build)
    await lifecycle.record_event(services, updated, IDENTITY_EVENTS[result.status],
                                 signer=lifecycle.find_signer(updated, signer["id"]), actor=actor,
                                 metadata={"name_match_score": result.name_match_score, "provider": provider.identifier})
    return updated

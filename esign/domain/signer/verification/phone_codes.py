"""Phone verification by a one-time code texted to the signer, free of HTTP.

A 6-digit code, stored only as an HMAC, valid `[signer] otp_ttl_seconds`; a new code no sooner than
`otp_resend_seconds` after the last; `otp_max_attempts` wrong codes lock the link for
`otp_lock_seconds` (429 with Retry-After) and void the code. Every attempt is one conditional update
of the request, so parallel guesses cannot exceed the limit. An SMS provider that is a
`CodeCheckingSmsProvider` makes and checks the codes itself (esign keeps no HMAC then); the gap,
expiry, attempt limit and lock stay esign's. Codes are capped per signer (an hour, a day), per request
and per organisation (a day): `[sms] codes_per_*`, counted in esign.store.text_counts. A sandbox
request texts nothing: its code is SANDBOX_CODE.
"""
from __future__ import annotations

import datetime as dt
import logging
import re
import secrets
from typing import cast

from esign.domain.ports import Services
from esign.domain.requests import effects, lifecycle, request_events
from esign.domain.signer.verification.common import Session, masked, set_signer
from esign.errors import ApiError, invalid_state, upstream_unavailable, validation_error
from esign.i18n.digits import ascii_digits
from esign.providers.base import CodeCheckingSmsProvider, ProviderRejected, ProviderUnavailable, SmsProvider
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.sms")
#: the code of a sandbox request's signer: nothing is texted (docs/signing.md, "Phone verification")
SANDBOX_CODE = "000000"


def _otp_mac(services: Services, request_id: str, signer_id: str, code: str) -> str:
    return services.secrets.sign(_otp_message(request_id, signer_id, code))


def _otp_message(request_id: str, signer_id: str, code: str) -> str:
    return f"otp:{request_id}:{signer_id}:{code}"


def _check_phone_step(services: Services, request: SigningRequest, signer: Signer) -> None:
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


async def send_code(services: Services, session: Session, actor: Json) -> SigningRequest:
    """Text a new one-time code to the signer's phone, within the resend gap and the caps on codes
    (`_take_counts`). A sandbox request texts nothing: its code is SANDBOX_CODE, and the log says a code
    would have been sent."""
    request, signer = session.request, session.signer
    cfg = services.config.signer
    now = services.clock.now()
    sandbox = bool(request.get("sandbox"))
    # a provider that checks codes makes its own (otp_hash stays None); otherwise only our code's HMAC is kept
    by_provider = not sandbox and isinstance(services.sms, CodeCheckingSmsProvider)
    code = SANDBOX_CODE if sandbox else None if by_provider else f"{secrets.randbelow(10 ** 6):06d}"
    changes = dict(otp_hash=code and _otp_mac(services, request["id"], signer["id"], code), otp_sent_at=now,
                   otp_expires_at=now + dt.timedelta(seconds=cfg.otp_ttl_seconds))  # wrong tries count per link

    def claim(r: SigningRequest) -> Json:  # the gap is checked on the record the update is conditional on: parallel asks send one text
        s = lifecycle.find_signer(r, signer["id"])
        _check_can_send(services, r, s, now)
        return set_signer(r, s["id"], **changes)

    _check_can_send(services, request, signer, now)  # before counting: an ask refused anyway counts nothing
    counted = [] if sandbox else await _take_counts(services, request, signer, now)
    try:
        updated = await lifecycle.transition(services, request, "pending", claim)
    except ApiError:
        await services.store.text_counts.give_back(counted)
        raise
    phone = cast(str, signer["phone"])  # _check_can_send: the signer has one
    if sandbox:
        log.info("sandbox signing request %s: a phone code for signer %s was not texted to %s (sandbox: the code is %s)",
                 request["id"], signer["id"], masked(signer["phone"], 2), SANDBOX_CODE)
        services.metrics.text("sandbox")
    else:
        try:
            if by_provider:
                await cast(CodeCheckingSmsProvider, services.sms).send_code(phone, cfg.otp_ttl_seconds)
            else:
                await cast(SmsProvider, services.sms).send_code(phone, cast(str, code), cfg.otp_ttl_seconds)
        except (ProviderUnavailable, ProviderRejected) as exc:
            services.metrics.text("refused" if isinstance(exc, ProviderRejected) else "failed")
            # no code was sent: forget it, so the signer may ask again at once (no resend gap, not counted)
            await services.store.text_counts.give_back(counted)
            await lifecycle.transition(services, updated, "pending",
                                       lambda r: set_signer(r, signer["id"], otp_hash=None, otp_sent_at=None, otp_expires_at=None))
            if isinstance(exc, ProviderRejected):
                raise validation_error([{"field": "phone", "message": f"the SMS provider refused the number: {exc}"}]) from exc
            raise upstream_unavailable(f"the text message could not be sent: {exc}") from exc
        services.metrics.text("sent")
    await request_events.record_event(services, updated, "signing_event.otp_sent", signer=lifecycle.find_signer(updated, signer["id"]),
                                 actor=actor, metadata={"phone": masked(signer["phone"], 2), **({"sandbox": True} if sandbox else {})})
    return updated


def _check_can_send(services: Services, request: SigningRequest, signer: Signer, now: dt.datetime) -> None:
    _check_phone_step(services, request, signer)
    gap = services.config.signer.otp_resend_seconds
    sent = signer.get("otp_sent_at")
    if sent and (now - sent).total_seconds() < gap:
        wait = int(gap - (now - sent).total_seconds()) + 1
        raise ApiError(429, "rate_limited", f"a code was just sent; you can ask for another in {wait} seconds",
                       headers={"Retry-After": str(wait)})


#: the caps on phone codes: (whose codes, window, `[sms]` key, what the signer is told when it is full)
CAPS = (
    ("signer", "hour", "codes_per_signer_hour", "you have been sent the most codes allowed in an hour"),
    ("signer", "day", "codes_per_signer_day", "you have been sent the most codes allowed in a day"),
    ("request", "day", "codes_per_request_day", "the signers of this request have been sent the most codes allowed "
                                                "in a day"),
    ("organisation", "day", "codes_per_organisation_day", "the sender's signers have been sent the most codes "
                                                          "allowed in a day"),
)


async def _take_counts(services: Services, request: SigningRequest, signer: Signer, now: dt.datetime) -> list[str]:
    """Count one code against the signer's hour and day, the request's day and the organisation's day
    (UTC windows; `[sms] codes_per_*`), each an atomic conditional `$inc` (esign.store.text_counts), so
    parallel asks never exceed a cap. A full one: 429 with Retry-After (the end of its window), logged
    at WARNING and counted as `esign_sms_total{outcome="capped"}`. Returns the counters taken."""
    hour = now.replace(minute=0, second=0, microsecond=0)
    day = hour.replace(hour=0)
    windows = {"hour": (f"{hour:%Y-%m-%dT%H}", hour + dt.timedelta(hours=1)),
               "day": (f"{day:%Y-%m-%d}", day + dt.timedelta(days=1))}
    whose = {"signer": f"{request['id']}:{signer['id']}", "request": request["id"], "organisation": request["org_id"]}
    counters, caps = [], {}
    for subject, window, key, told in CAPS:
        label, end = windows[window]
        counter_id = f"otp:{subject}:{whose[subject]}:{label}"
        counters.append((counter_id, services.config.sms[key], end))
        caps[counter_id] = key, told
    full = await services.store.text_counts.take(counters)
    if full is None:
        return list(caps)
    counter_id, window_end = full
    key, told = caps[counter_id]
    log.warning("phone code not sent: [sms] %s (%d) reached for signing request %s, signer %s, organisation %s",
                key, services.config.sms[key], request["id"], signer["id"], request["org_id"])
    services.metrics.text("capped")
    seconds = max(1, int((window_end - now).total_seconds() + 0.999))
    raise ApiError(429, "rate_limited", f"{told}; you can ask for another in {-(-seconds // 60)} minutes",
                   headers={"Retry-After": str(seconds)})


async def verify_code(services: Services, session: Session, code: object, actor: Json) -> SigningRequest:
    request, signer = session.request, session.signer
    _check_phone_step(services, request, signer)
    by_provider = bool(signer.get("otp_expires_at")) and not signer.get("otp_hash") \
        and isinstance(services.sms, CodeCheckingSmsProvider)
    pattern, wanted = (r"[0-9]{4,10}", "the code we texted you") if by_provider else (r"[0-9]{6}", "the 6-digit code")
    digits = _code_digits(code)
    if digits is None or not re.fullmatch(pattern, digits):
        raise validation_error([{"field": "code", "message": f"enter {wanted}"}])
    cfg = services.config.signer
    now = services.clock.now()
    outcome: Json = {}
    # asked before the counting update; the provider limits its own checks too (by_provider: a code was sent)
    if by_provider and cast(dt.datetime, signer["otp_expires_at"]) > now:
        outcome["approved"] = await _provider_check(services, request, signer, digits)

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer["id"])
        locked = s.get("otp_locked_until")
        if locked and locked > now:
            raise _locked(locked - now)
        expires = s.get("otp_expires_at")
        if not expires or expires <= now or (not s.get("otp_hash") and not by_provider):
            raise _expired()
        if outcome.get("approved") if by_provider else services.secrets.verify(_otp_message(r["id"], s["id"], digits),
                                                                              cast(str, s["otp_hash"])):
            outcome.update(ok=True)
            return {**set_signer(r, s["id"], phone_verified_at=now, otp_hash=None, otp_expires_at=None, otp_attempts=0),
                    "effects": effects.event_effects("signing_event.otp_verified", s["id"], actor)}
        attempts = s.get("otp_attempts", 0) + 1
        outcome.update(ok=False, attempts=attempts, locked=attempts >= cfg.otp_max_attempts)
        failed = effects.event_effects("signing_event.otp_failed", s["id"], actor,
                                         {"attempt": attempts, "locked": outcome["locked"]})
        if outcome["locked"]:
            return {**set_signer(r, s["id"], otp_attempts=0, otp_hash=None, otp_expires_at=None,
                                  otp_locked_until=now + dt.timedelta(seconds=cfg.otp_lock_seconds)), "effects": failed}
        return {**set_signer(r, s["id"], otp_attempts=attempts), "effects": failed}

    updated = await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))
    if outcome["ok"]:
        return updated
    if outcome["locked"]:
        raise _locked(dt.timedelta(seconds=cfg.otp_lock_seconds))
    left = cfg.otp_max_attempts - outcome["attempts"]
    raise validation_error([{"field": "code", "message": f"wrong code; {left} {'try' if left == 1 else 'tries'} left"}])


def _code_digits(code: object) -> str | None:
    """The code, stripped, with digits of other scripts (a phone keyboard's Arabic-Indic or Devanagari
    digits) read as the ASCII digits they are: the right code typed so is not a wrong try. None when
    it is not a string."""
    if not isinstance(code, str):
        return None
    return ascii_digits(code.strip())


def _expired() -> ApiError:
    return validation_error([{"field": "code", "message": "the code has expired or was never sent; ask for a new one"}])


async def _provider_check(services: Services, request: SigningRequest, signer: Signer, code: str) -> bool:
    """The SMS provider's verdict on `code`. A provider that holds no code any more: the outstanding
    code is forgotten and the signer asked for a new one; unreachable: 502, no attempt counted."""
    try:
        return bool(await cast(CodeCheckingSmsProvider, services.sms).check_code(cast(str, signer["phone"]), code))
    except ProviderRejected as exc:
        await lifecycle.transition(services, request, "pending",
                                   lambda r: set_signer(r, signer["id"], otp_expires_at=None))
        raise _expired() from exc
    except ProviderUnavailable as exc:
        raise upstream_unavailable(f"the code cannot be checked now: {exc}") from exc


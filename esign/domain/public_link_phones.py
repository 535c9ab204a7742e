"""Phone codes on public links (docs/public-links.md): a visitor of a link with `phone_code` gives a phone
number as well as their email address and gets the code by text instead of by email.

Texts cost money and are the target of SMS pumping, so before one is sent: the number must be of one of
the link's `allowed_countries` (422 otherwise, nothing counted), the link's phone codes must not be
paused (409), and one text more must fit the day's caps per number, per number prefix (the country code
and the first PREFIX_DIGITS digits of the national number) and per link (`[public_links] phone_per_*_day`,
UTC days, 429 with Retry-After in the same words whatever the number). Then the breaker: the texts of a
link in a clock hour whose code was not proven (a proven code gives its text back) may number
`[public_links] phone_breaker_unproven_hour`; the next one pauses the link's phone codes
(`phone_paused`, one conditional update) and emits `public_link.paused` with `reason: "phone_breaker"`.
The link keeps working by email; its owner resumes phone codes with `PATCH {"phone_paused": false}`.

The code is derived as the email code is (esign.domain.public_link_visits), from the address and the
number together, so nothing is stored for the visitor before it is proven. Logs show a number masked.
A proven number is kept on the visitor's signer, verified (`keep_proven`).
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import cast

import phonenumbers

from esign.domain import public_links
from esign.domain.ports import Services
from esign.domain.requests import effects as change_effects
from esign.domain.requests import lifecycle
from esign.errors import ApiError, invalid_state, upstream_unavailable, validation_error
from esign.providers.base import ProviderRejected, ProviderUnavailable, SmsProvider
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.public_links")
PREFIX_DIGITS = 6
PAUSED = "phone codes are paused on this link; leave the phone number out to get your code by email"
TOO_MANY = "too many codes were asked for today; try again in {wait} s"


def masked(phone: str) -> str:
    """A number as logs show it: the country code and the last two digits."""
    number = phonenumbers.parse(phone)
    national = str(number.national_number)
    return f"+{number.country_code} {'•' * max(0, len(national) - 2)}{national[-2:]}"


def key(address: str, phone: str) -> str:
    """What a texted code is derived from: the address and the number."""
    return f"{address}|phone:{phone}"


def allowed(services: Services, link: Json, phone: str) -> None:
    """422 unless the link takes phone numbers and the number's country is allowed; 409 while the link's
    phone codes are paused (or cannot be texted here). Nothing is counted or stored before."""
    settings = check_phone(link)
    region = phonenumbers.region_code_for_number(phonenumbers.parse(phone))
    if region not in settings["allowed_countries"]:
        services.metrics.public_link("phone_refused")
        log.info("public link %s: no code texted to %s (its country is not allowed)", link["id"], masked(phone))
        raise validation_error([{"field": "phone", "message": "this link takes phone numbers of these countries "
                                                              "only: " + ", ".join(settings["allowed_countries"])}])
    if link.get("sandbox"):
        raise invalid_state("a sandbox link sends no text messages; leave the phone number out")
    if link.get("phone_paused"):
        services.metrics.public_link("phone_paused")
        raise invalid_state(PAUSED)
    if not isinstance(services.sms, SmsProvider):
        raise invalid_state("the SMS provider here cannot text these codes; leave the phone number out")


def _breaker_counter(link: Json, now: dt.datetime) -> str:
    """The hour's counter of unproven texts; a new one after each resume (`phone_round`)."""
    return f"public-link:unproven:{link['id']}:{link.get('phone_round', 0)}:{now:%Y-%m-%dT%H}"


async def _counted(services: Services, link: Json, phone: str) -> list[str]:
    """One text counted against the day's caps and the breaker's hour; 429 or the breaker's trip."""
    now = services.clock.now()
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    tomorrow = day + dt.timedelta(days=1)
    number = phonenumbers.parse(phone)
    prefix = f"{number.country_code}:{str(number.national_number)[:PREFIX_DIGITS]}"
    limits = services.config.public_links
    counters = [(f"public-link:number:{phone}:{day:%Y-%m-%d}", limits.phone_per_number_day, tomorrow),
                (f"public-link:prefix:{prefix}:{day:%Y-%m-%d}", limits.phone_per_prefix_day, tomorrow),
                (f"public-link:texts:{link['id']}:{day:%Y-%m-%d}", limits.phone_per_link_day, tomorrow),
                (_breaker_counter(link, now), limits.phone_breaker_unproven_hour,
                 now.replace(minute=0, second=0, microsecond=0) + dt.timedelta(hours=1))]
    full = await services.store.text_counts.take(counters)
    if full is None:
        return [c[0] for c in counters]
    counter_id, window_end = full
    if counter_id == counters[-1][0]:
        await _trip(services, link)
        raise invalid_state(PAUSED)
    wait = max(1, int((window_end - now).total_seconds() + 0.999))
    services.metrics.public_link("throttled")
    log.info("public link %s: no code texted to %s (a cap per day is reached: %s)", link["id"], masked(phone),
             counter_id.split(":")[1])
    raise ApiError(429, "rate_limited", TOO_MANY.format(wait=wait), headers={"Retry-After": str(wait)})


async def _trip(services: Services, link: Json) -> None:
    paused = await services.store.public_links.pause_phone_codes(link["id"], services.clock.now())
    services.metrics.public_link("phone_paused")
    if paused is not None:
        log.warning("public link %s: phone codes paused by the breaker ([public_links] phone_breaker_unproven_hour "
                    "= %d codes texted in an hour were not proven)", link["id"],
                    services.config.public_links.phone_breaker_unproven_hour)
        await public_links.emit(services, paused, "public_link.paused", reason="phone_breaker")


async def text_code(services: Services, link: Json, phone: str, code: str) -> None:
    """Text `code` to `phone` (`allowed` already) once the caps and the breaker pass."""
    counted = await _counted(services, link, phone)
    try:
        await cast(SmsProvider, services.sms).send_code(phone, code, services.config.public_links.code_minutes * 60)
    except (ProviderUnavailable, ProviderRejected) as exc:
        await services.store.text_counts.give_back(counted)
        services.metrics.text("refused" if isinstance(exc, ProviderRejected) else "failed")
        if isinstance(exc, ProviderRejected):
            raise validation_error([{"field": "phone", "message": f"the SMS provider refused the number: {exc}"}]) from exc
        raise upstream_unavailable(f"the text message could not be sent: {exc}") from exc
    services.metrics.text("sent")
    services.metrics.public_link("code_texted")
    log.info("public link %s: a code was texted to %s", link["id"], masked(phone))


async def proven(services: Services, link: Json) -> None:
    """A texted code was proven: it no longer counts toward the breaker (in the current hour)."""
    await services.store.text_counts.give_back([_breaker_counter(link, services.clock.now())])


def check_phone(link: Json) -> Json:
    """The link's phone code settings; 422 for a link that takes no phone numbers."""
    settings: Json | None = link.get("phone_code")
    if not settings:
        raise validation_error([{"field": "phone", "message": "this link sends codes by email only: leave phone out"}])
    return settings


async def keep_proven(services: Services, link: Json, request: SigningRequest, signer_id: str) -> SigningRequest:
    """The number a visitor proved with a texted code, on the request made for them (their signer's
    `phone`, given with the template send): verified now (`phone_verified_at`, the audit trail's
    `signing_event.otp_verified`), so a template asking for phone verification does not text them
    again, and the certificate names the number among how they were verified. One conditional update."""
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        signers = [cast(Signer, {**s, "phone_verified_at": now}) if s["id"] == signer_id else s for s in r["signers"]]
        return {"signers": signers, "effects": change_effects.event_effects(
            "signing_event.otp_verified", signer_id, None, {"public_link_id": link["id"]})}

    if request["status"] != "pending":
        return request
    request = await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))
    log.info("public link %s: request %s: the proven number is its signer's verified phone", link["id"], request["id"])
    return request

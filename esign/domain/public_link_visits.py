"""A public link's visitors (docs/public-links.md): opening the link, asking for an email code, proving
the address with it, and the signing request made for them only then.

Nothing is stored for a visitor before they prove an address: the code is not kept but derived (an
HMAC under the service key of the link, its slug, the address and the current period of
`[public_links] code_minutes`), so asking for a code writes nothing but the rate limits' counters and
the email's job. Every ask is capped per address, per client address, per link and per organisation
(429 with Retry-After, the same words whether or not anything exists for the address), and so is
every code tried per address.

Proving the address makes the request (quota counts only these) from the template as it is then, or
resumes the address's unfinished request of the link — never anyone else's, and never by client
address. A use is counted by one conditional `$inc` (esign.store.public_links), so `max_uses` is never
exceeded; the use that takes the last one emits `public_link.exhausted`.
"""
from __future__ import annotations

import datetime as dt
import email.utils
import hmac
import logging
import uuid
from email.headerregistry import Address
from email.message import EmailMessage
from typing import Any

from tornado.escape import xhtml_escape

from esign import i18n
from esign.domain import public_link_phones as phones
from esign.domain import public_links
from esign.domain.mail.notifications import header_text, mailbox, message_id
from esign.domain.ports import Services
from esign.domain.requests import links
from esign.domain.templating import templates
from esign.errors import ApiError, invalid_state, not_found, validation_error
from esign.jobs.kinds import JobKind, uncancellable
from esign.secrets import hash_token
from esign.store.base import new_id
from esign.store.records import Json, Signer, SigningRequest

N_ = i18n.N_
log = logging.getLogger("esign.public_links")
CODE_JOB = "public_link.code"
EPOCH = dt.datetime(1970, 1, 1)
TOO_MANY = "too many attempts from here or for this address; try again in {wait} s"

SUBJECT = N_("Your code for {name}")
YOUR_CODE = N_("Your code to sign {name} is {code}.")
WORKS_FOR = N_("It works for {minutes} minutes. Enter it on the page where you asked for it.")
NOT_YOU = N_("If you did not ask for it, you can ignore this email: nothing was made for you.")


async def open_link(services: Services, slug: str) -> Json:
    """The link at `slug`, ready for visitors: 410 when rotated away, expired or used up, 409 when
    paused, 404 when unknown (or deleted)."""
    link = await services.store.public_links.by_slug(slug) if slug else None
    if link is None:
        if slug and await services.store.public_links.by_retired_slug(slug):
            raise ApiError(410, "gone", "this link was replaced by a new one; ask whoever gave it to you")
        raise not_found("public link")
    if link.get("expires_at") and link["expires_at"] <= services.clock.now():
        raise ApiError(410, "gone", "this link has expired")
    if link.get("max_uses") is not None and link["uses"] >= link["max_uses"]:
        raise ApiError(410, "gone", "this link has been used as many times as it may be")
    if link["paused"]:
        raise invalid_state("this link is paused; try again later")
    return link


def _period(services: Services) -> int:
    seconds = services.config.public_links.code_minutes * 60
    return int((services.clock.now() - EPOCH).total_seconds() // seconds)


def _codes(services: Services, link: Json, address: str, period: int) -> list[str]:
    made = services.secrets.signatures(f"public-link-code:{link['id']}:{link['slug']}:{address}:{period}")
    return [f"{int(signature[:15], 16) % 1_000_000:06d}" for signature in made]


def _right_code(services: Services, link: Json, address: str, code: str) -> bool:
    period = _period(services)
    return any(hmac.compare_digest(code, made) for p in (period, period - 1) for made in _codes(services, link, address, p))


async def _capped(services: Services, caps: list[tuple[str, int]]) -> None:
    """Count one against each (key, per minute) cap; a 429 with Retry-After at the first one full."""
    for key, per_minute in caps:
        allowed, _, _, next_at = await services.store.rate_limits.hit(key, per_minute)
        if not allowed:
            wait = max(1, int((next_at - services.clock.now()).total_seconds() + 0.999))
            services.metrics.public_link("throttled")
            log.info("public link visit refused: a cap per minute is reached (%s)", key.split(":")[1])
            raise ApiError(429, "rate_limited", TOO_MANY.format(wait=wait), headers={"Retry-After": str(wait)})


def _address(link: Json, given: str) -> str:
    address = given.strip().lower()
    domains = link["allowed_email_domains"]
    if domains and address.rpartition("@")[2] not in domains:
        raise validation_error([{"field": "email", "message": "this link takes addresses of these domains only: "
                                                              + ", ".join(domains)}])
    return address


async def start(services: Services, slug: str, name: str | None, given_email: str, client_ip: str,
                locale: str, phone: str | None = None) -> Json | None:
    """`POST /p/{slug}/start`: send a code to the address, or text it to `phone` (None: 202). A link
    without `email_code` makes (or resumes) the request at once instead (its answer: 201)."""
    link = await open_link(services, slug)
    address = _address(link, given_email)
    if phone is not None:
        phones.allowed(services, link, phone)  # before anything is counted
    limits = services.config.public_links
    await _capped(services, [(f"public-link:client:{client_ip}", limits.start_per_client_minute),
                             (f"public-link:address:{hash_token(address)}", limits.start_per_address_minute),
                             (f"public-link:link:{link['id']}", limits.start_per_link_minute),
                             (f"public-link:org:{link['org_id']}", limits.start_per_org_minute)])
    if phone is not None:
        await phones.text_code(services, link, phone, _codes(services, link, phones.key(address, phone), _period(services))[0])
        return None
    if not link["email_code"]:
        return await admit(services, link, address, name, {}, proven=False)
    code = _codes(services, link, address, _period(services))[0]
    await services.enqueue(CODE_JOB, {"link_id": link["id"], "email": services.secrets.encrypt(address),
                                      "code": services.secrets.encrypt(code), "locale": locale})
    services.metrics.public_link("code_sent")
    log.info("public link %s: a code was queued for an address", link["id"])
    return None


async def verify(services: Services, slug: str, given_email: str, code: str, name: str | None,
                 prefill: str | None, phone: str | None = None) -> Json:
    """`POST /p/{slug}/verify`: with the right code (texted to `phone` when given), the visitor's
    request (made or resumed)."""
    link = await open_link(services, slug)
    variables = public_links.prefilled(services, link, prefill)
    address = _address(link, given_email)
    await _capped(services, [(f"public-link:verify:{link['id']}:{hash_token(address)}",
                              services.config.public_links.verify_per_address_minute)])
    if phone is not None:
        phones.check_phone(link)
    if not _right_code(services, link, address if phone is None else phones.key(address, phone), code.strip()):
        services.metrics.public_link("wrong_code")
        raise ApiError(400, "invalid_code", "the code is wrong or has expired; ask for a new one")
    if phone is not None:
        await phones.proven(services, link)
    return await admit(services, link, address, name, variables, proven=phone is None, phone=phone)


def _visitor(link: Json, request: SigningRequest) -> Signer:
    signer_id = str(uuid.uuid5(uuid.UUID(request["id"]), link["public_role"].casefold()))
    return next(s for s in request["signers"] if s["id"] == signer_id)


def _answer(services: Services, link: Json, request: SigningRequest, resumed: bool) -> Json:
    visitor = _visitor(link, request)
    return {"signing_request_id": request["id"], "signing_url": links.signing_url(services, request, visitor),
            "resumed": resumed}


async def _unfinished(services: Services, link: Json, use: Json) -> SigningRequest | None:
    """The open use's request while the visitor can still sign it; else None (and the use is closed)."""
    if use.get("signing_request_id") is None:
        raise invalid_state("your request is being prepared; try again in a moment")
    request = await services.store.signing_requests.get(link["org_id"], use["signing_request_id"])
    if request is not None and request["status"] == "pending" and _visitor(link, request)["status"] != "signed":
        return request
    await services.store.public_link_uses.close(use["id"])
    return None


async def admit(services: Services, link: Json, address: str, name: str | None, variables: dict[str, str],
                proven: bool, phone: str | None = None) -> Json:
    """The visitor's request: their unfinished one of this link, else a new one (one use counted).
    `phone`: the number the visitor proved with a texted code (kept on their signer: `phones.keep_proven`)."""
    uses, phone_proven = services.store.public_link_uses, phone is not None
    for _ in range(2):  # a second round: another verification of the same address opened a use meanwhile
        use = await uses.open_use(link["id"], address)
        request = use and await _unfinished(services, link, use)
        if request:
            services.metrics.public_link("resumed")
            log.info("public link %s: request %s resumed", link["id"], request["id"])
            return _answer(services, link, request, resumed=True)
        await _interval(services, link, address)
        use_id = new_id()
        if await uses.open_new({"_id": use_id, "link_id": link["id"], "org_id": link["org_id"], "email": address,
                                "open": True, "email_proven": proven, "phone_proven": phone_proven,
                                "signing_request_id": None,
                                "created_at": services.clock.now()}):
            return await _made(services, link, use_id, address, name, variables,
                               {"email_proven": proven, "phone_proven": phone_proven}, phone)
    raise invalid_state("your request is being prepared; try again in a moment")


async def _interval(services: Services, link: Json, address: str) -> None:
    days = link.get("per_person_interval_days")
    latest = await services.store.public_link_uses.latest(link["id"], address) if days else None
    if days and latest:
        again = latest["created_at"] + dt.timedelta(days=days)
        if again > services.clock.now():
            wait = int((again - services.clock.now()).total_seconds()) + 1
            services.metrics.public_link("throttled")
            raise ApiError(429, "rate_limited", TOO_MANY.format(wait=wait), headers={"Retry-After": str(wait)})


async def _take_use(services: Services, link: Json) -> Json:
    for _ in range(3):
        taken = await services.store.public_links.take_use(link)
        if taken is not None:
            return taken
        link = await services.store.public_links.get(link["org_id"], link["id"]) or {}
        if not link or link["paused"]:
            raise invalid_state("this link is paused; try again later")
        if link.get("max_uses") is not None and link["uses"] >= link["max_uses"]:
            services.metrics.public_link("exhausted")
            raise ApiError(410, "gone", "this link has been used as many times as it may be")
    raise invalid_state("the link is changing; try again")


async def _made(services: Services, link: Json, use_id: str, address: str, name: str | None,
                variables: dict[str, str], proof: Json, phone: str | None) -> Json:
    """Count a use and make the request through the template send (`proof`: whether the visitor proved
    their email address, or a phone number, with a code); undone when it cannot be made."""
    uses = services.store.public_link_uses
    try:
        taken = await _take_use(services, link)
    except BaseException:
        await uses.remove(use_id)
        raise
    try:
        request = await _send(services, taken, address, name, variables, proof, phone)
    except BaseException:
        await services.store.public_links.give_back_use(link["id"])
        await uses.remove(use_id)
        raise
    await uses.set_request(use_id, request["id"], _visitor(link, request)["id"])
    if phone is not None:
        request = await phones.keep_proven(services, link, request, _visitor(link, request)["id"])
    await public_links.emit(services, taken, "public_link.used", signing_request_id=request["id"],
                            email_proven=proof["email_proven"])
    if taken.get("max_uses") is not None and taken["uses"] >= taken["max_uses"]:
        await public_links.emit(services, taken, "public_link.exhausted")
    services.metrics.public_link("created")
    log.info("public link %s: request %s made (use %s of %s)", link["id"], request["id"], taken["uses"],
             taken.get("max_uses") or "unlimited")
    return _answer(services, link, request, resumed=False)


async def _send(services: Services, link: Json, address: str, name: str | None, variables: dict[str, str],
                proof: Json, phone: str | None) -> SigningRequest:
    org = await services.store.organizations.by_id(link["org_id"])
    if org is None:
        raise not_found("public link")
    template = await templates.get(services, link["org_id"], link["template_id"])
    visitor = {"role": link["public_role"], "name": (name or "").strip() or address.partition("@")[0],
               "email": address, **({"phone": phone} if phone else {})}
    send: Json = {"signers": [visitor, *link["fixed_roles"]], "variables": variables, "message": None,
                  "expires_in_days": None, "auto_send": True, "source": "public_link",
                  "public_link": {"id": link["id"], "name": link["name"], **proof}}
    if link.get("redirect_url"):
        send["redirect_url"] = link["redirect_url"]
    owner = {"id": link["owner_key_id"], "owner_name": link["owner_name"], "owner_email": link["owner_email"]}
    return await templates.create_request(services, org, owner, bool(link.get("sandbox")), template, send)


def render(services: Services, link: Json, address: str, code: str, locale: str, key: str) -> EmailMessage:
    """The email carrying a visitor's code, in the page's language."""
    gettext = i18n.translations(locale).gettext
    lines = [gettext(YOUR_CODE).format(name=link["name"], code=code),
             gettext(WORKS_FOR).format(minutes=services.config.public_links.code_minutes), gettext(NOT_YOU)]
    msg = EmailMessage()
    msg["Subject"] = header_text(gettext(SUBJECT).format(name=link["name"]))
    from_name, from_address = email.utils.parseaddr(services.config.email["from"])
    msg["From"] = Address(display_name=header_text(from_name or link["owner_name"]), addr_spec=from_address)
    msg["To"] = mailbox(None, address)
    msg["Message-ID"] = message_id(services, key)
    msg["Auto-Submitted"] = "auto-generated"
    msg["Date"] = email.utils.format_datetime(services.clock.now().replace(tzinfo=dt.timezone.utc))
    msg.set_content("\n\n".join(lines) + "\n")
    paragraphs = "".join(f"<p>{xhtml_escape(line)}</p>" for line in lines)
    msg.add_alternative(f'<!doctype html><html lang="{locale}" dir="{i18n.direction(locale)}"><body>'
                        f"{paragraphs}</body></html>", subtype="html")
    return msg


async def send_code(services: Services, payload: Json, job_record: Any) -> None:
    """The `public_link.code` job: email a visitor's code (never twice)."""
    link = await services.store.public_links.by_id(payload["link_id"])
    if link is None or job_record.get("sent_at"):
        return
    address = services.secrets.decrypt(payload["email"])
    await services.email.send(render(services, link, address, services.secrets.decrypt(payload["code"]),
                                     payload["locale"], job_record.get("dedupe_key") or job_record["id"]))
    services.metrics.email("sent")
    await uncancellable(services.store.jobs.mark_sent(job_record["id"]))
    log.info("public link %s: a code was emailed", link["id"])


def _retry_horizon(config: Any) -> float:
    return float(config.public_links.code_minutes * 60)  # a code is no use once it has expired


JOBS = [JobKind(CODE_JOB, send_code, lane="email", horizon=_retry_horizon)]
SWEEPS: list[Any] = []

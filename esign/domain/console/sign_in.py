"""Console sign-in by a single-use link sent by email, and console sessions (docs/console.md).

- Asking for a link (`request_link`) is throttled per address and per client address (`[console]
  sign_in_per_address_minute`, `sign_in_per_client_minute`, counted in the database so every process
  shares one budget) and answers the same whether or not the address belongs to a member: a member of
  several organisations is sent one link for each. The link's token is stored only as its SHA-256; the
  `console.email` job carries it encrypted with the service key and sends it through the configured
  email provider, retried like any email.
- A link works once, for `[console] link_minutes`: one conditional update whose filter holds
  `used_at: null` and an unexpired `expires_at` consumes it, so two tabs posting it at once make one
  session.
- A session is a random id in the browser's cookie, stored only as its SHA-256, with a CSRF token of
  its own; it ends after `[console] idle_minutes` without a request, `absolute_hours` after sign-in,
  at sign-out, or when its member signs out everywhere.
"""
from __future__ import annotations

import datetime as dt
import email.utils
import logging
from email.headerregistry import Address
from email.message import EmailMessage
from typing import Any

from tornado.escape import xhtml_escape

from esign import i18n
from esign.domain.mail.notifications import header_text, mailbox, message_id
from esign.jobs.kinds import JobKind, uncancellable
from esign.secrets import hash_token, new_token

N_ = i18n.N_
log = logging.getLogger("esign.console")
LINK_PATH = "/console/sign-in/"
EMAIL_JOB = "console.email"
ASK_JOB = "console.sign_in"
MAX_SESSIONS_LISTED = 50

SUBJECT = N_("Sign in to {organisation} on esign")
INVITED = N_("You have been added to the esign console of {organisation}.")
USE_LINK = N_("Use this link to sign in. It works once, for {minutes} minutes:")
NEW_LINK = N_("When it has expired, ask for a new one at {url}")
IGNORE = N_("If you did not ask to sign in, you can ignore this email.")


class SignInRefused(Exception):
    """The link is unknown, used or expired."""


def _minutes(value: float) -> dt.timedelta:
    return dt.timedelta(minutes=value)


async def _throttled(services: Any, key: str, per_minute: int) -> float | None:
    allowed, _, _, next_at = await services.store.rate_limits.hit(key, per_minute)
    return None if allowed else max(1.0, (next_at - services.clock.now()).total_seconds())


async def request_link(services: Any, address: str, client_ip: str) -> float | None:
    """Ask for a sign-in link for `address`. Returns the seconds to wait when the address or the client
    asked too often (nothing is sent then), else None. Whether the address belongs to a member is
    looked up by the `console.sign_in` job, so the answer costs the same either way (no enumeration
    by timing either)."""
    limits = services.config.console
    wait = (await _throttled(services, f"console:client:{client_ip}", limits.sign_in_per_client_minute)
            or await _throttled(services, f"console:address:{hash_token(address.lower())}",
                                limits.sign_in_per_address_minute))
    if wait is not None:
        services.metrics.console_sign_in("throttled")
        log.info("console sign-in link refused: too many asked for from this client or address")
        return wait
    await services.enqueue(ASK_JOB, {"email": address.lower()})
    return None


async def links_for(services: Any, payload: dict[str, Any], job_record: dict[str, Any]) -> None:
    """The `console.sign_in` job: a link for each membership of the address asked for (none: nothing)."""
    members = await services.store.members.by_email(payload["email"])
    for member in members:
        await send_link(services, member, "sign_in")
    services.metrics.console_sign_in("link_sent" if members else "not_member")


async def send_link(services: Any, member: dict[str, Any], kind: str) -> None:
    """Make a sign-in link for `member` and queue its email (`kind`: sign_in, or invited: the welcome)."""
    token = new_token(nbytes=32)
    token_hash = hash_token(token)
    await services.store.console_links.create(token_hash, member,
                                              services.clock.now() + _minutes(services.config.console.link_minutes))
    await services.enqueue(EMAIL_JOB, {"member_id": member["id"], "kind": kind, "link": token_hash,
                                       "token": services.secrets.encrypt(token)},
                           dedupe_key=f"console:{token_hash}")
    log.info("console %s link queued for member %s of org %s", kind, member["id"], member["org_id"])


async def usable_link(services: Any, token: str) -> bool:
    """Whether the link can still sign in (the confirm page asks; only its POST uses it)."""
    link = await services.store.console_links.by_hash(hash_token(token))
    return bool(link and link["used_at"] is None and link["expires_at"] > services.clock.now())


async def sign_in(services: Any, token: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Use the link: (the new session's id for the cookie, the session, its member). SignInRefused
    when the link is unknown, used or expired, or its member is gone."""
    link = await services.store.console_links.consume(hash_token(token))
    member = link and await services.store.members.by_id(link["member_id"])
    if not member:
        services.metrics.console_sign_in("link_refused")
        raise SignInRefused
    session_id = new_token(nbytes=32)
    limits = services.config.console
    session = await services.store.console_sessions.create(
        hash_token(session_id), member, new_token(nbytes=24), _minutes(limits.idle_minutes),
        dt.timedelta(hours=limits.absolute_hours))
    services.metrics.console_sign_in("signed_in")
    log.info("console sign-in of member %s of org %s", member["id"], member["org_id"])
    return session_id, session, member


async def current(services: Any, session_id: str | None) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The live session of a cookie and its member (the idle expiry moves on), or None."""
    if not session_id:
        return None
    session = await services.store.console_sessions.touch(hash_token(session_id),
                                                          _minutes(services.config.console.idle_minutes))
    member = session and await services.store.members.by_id(session["member_id"])
    return (session, member) if member else None


async def sign_out(services: Any, session_id: str, everywhere: bool, member: dict[str, Any]) -> int:
    """End this session, or every session of its member; the number ended."""
    ended: int
    if everywhere:
        ended = await services.store.console_sessions.end_all(member["id"])
    else:
        ended = int(await services.store.console_sessions.end(hash_token(session_id)))
    services.metrics.console_sign_out("everywhere" if everywhere else "this_browser")
    log.info("console sign-out of member %s (%s sessions ended)", member["id"], ended)
    return ended


async def sessions(services: Any, member: dict[str, Any]) -> list[dict[str, Any]]:
    """The member's live sessions, newest first (the MAX_SESSIONS_LISTED newest), each with `last_active`."""
    idle = _minutes(services.config.console.idle_minutes)
    found: list[dict[str, Any]] = await services.store.console_sessions.live(member["id"], MAX_SESSIONS_LISTED)
    return [{**s, "last_active": s["idle_expires_at"] - idle} for s in found]


async def end_session(services: Any, member: dict[str, Any], session_hash: str) -> bool:
    """End one of the member's sessions, named by its stored id (another member's: False, nothing done)."""
    ended: bool = await services.store.console_sessions.end_of(member["id"], session_hash)
    if ended:
        services.metrics.console_sign_out("one_session")
    log.info("console sign-out of member %s: one of their sessions %s", member["id"],
             "ended" if ended else "was not live")
    return ended


def render(services: Any, member: dict[str, Any], org: dict[str, Any], kind: str, url: str,
           msg_key: str) -> EmailMessage:
    """The email carrying a sign-in link, in the organisation's language."""
    locale = org.get("default_locale") or "en"
    gettext = i18n.translations(locale).gettext
    shown = org.get("display_name") or org["name"]
    lines = ([gettext(INVITED).format(organisation=shown)] if kind == "invited" else []) + [
        gettext(USE_LINK).format(minutes=services.config.console.link_minutes), url,
        gettext(NEW_LINK).format(url=services.config.server.public_url + LINK_PATH.rstrip("/")),
        gettext(IGNORE)]
    msg = EmailMessage()
    msg["Subject"] = header_text(gettext(SUBJECT).format(organisation=shown))
    from_name, from_address = email.utils.parseaddr(services.config.email["from"])
    msg["From"] = Address(display_name=header_text(from_name or shown), addr_spec=from_address)
    msg["To"] = mailbox(member["name"], member["email"])
    msg["Message-ID"] = message_id(services, msg_key)
    msg["Auto-Submitted"] = "auto-generated"
    msg["Date"] = email.utils.format_datetime(services.clock.now().replace(tzinfo=dt.timezone.utc))
    msg.set_content("\n\n".join(lines) + "\n")
    paragraphs = "".join(f'<p><a href="{xhtml_escape(line)}">{xhtml_escape(line)}</a></p>' if line == url
                         else f"<p>{xhtml_escape(line)}</p>" for line in lines)
    msg.add_alternative(f'<!doctype html><html lang="{locale}" dir="{i18n.direction(locale)}"><body>'
                        f"{paragraphs}</body></html>", subtype="html")
    return msg


async def send_email(services: Any, payload: dict[str, Any], job_record: dict[str, Any]) -> None:
    """The `console.email` job: send a sign-in link, unless it was used or expired meanwhile."""
    link = await services.store.console_links.by_hash(payload["link"])
    member = await services.store.members.by_id(payload["member_id"])
    if not link or link["used_at"] is not None or link["expires_at"] <= services.clock.now() or not member:
        return
    if not job_record.get("sent_at"):  # sent by an earlier run that did not complete: never twice
        org = await services.store.organizations.by_id(member["org_id"])
        url = services.config.server.public_url + LINK_PATH + services.secrets.decrypt(payload["token"])
        await services.email.send(render(services, member, org, payload["kind"], url,
                                         job_record.get("dedupe_key") or job_record["id"]))
        services.metrics.email("sent")
        await uncancellable(services.store.jobs.mark_sent(job_record["id"]))
        log.info("console %s email sent to member %s", payload["kind"], member["id"])


def _retry_horizon(config: Any) -> float:
    return float(config.console.link_minutes * 60)  # a link's email is no use once the link has expired


JOBS = [JobKind(ASK_JOB, links_for, lane="email", horizon=_retry_horizon),
        JobKind(EMAIL_JOB, send_email, lane="email", horizon=_retry_horizon)]
SWEEPS: list[Any] = []

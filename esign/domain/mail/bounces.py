"""Delivery failures, recorded on their signer (`record_bounce`, `record_failed`: an email refused at
once, given up, or coming back after the mail server accepted it), and the state of the sending side
that `/readyz` reports.

VERP: with `[email] bounce_address` set (`bounces@example.org`), every message's envelope sender (its
`Return-Path`) is `bounces+<token>@example.org`, where the token names the request, the signer and the
message and carries an HMAC under the service key, so a notice cannot be forged to bounce a signer:
48 characters of lower-case base32 (mail systems may change the case of a local part) of the request
id (16 bytes), the first 4 bytes of the signer id (zeros for cc and owner emails), the first 4 bytes
of the Message-ID's hash and a 6-byte MAC.

Failure notices (RFC 3464 delivery status notifications, `multipart/report`) reach the service two
ways: the mail system delivers them to the bounce address's mailbox, a Maildir (`[email]
bounce_mailbox`) read by a sweep every `[jobs] sweep_interval_seconds` (`mailbox_sweep`: each notice
parsed in a child process bounded in size, MIME parts, time and memory, esign.domain.mail.bounce_notices);
or the email provider's service calls `POST /email/webhooks/<provider>`
(`EmailProvider.parse_bounce_webhook`). Anyone can mail the bounce address: a notice names a signing
request only by the VERP token of the address it was delivered to, never by the headers it returns
(`X-Esign-Request`) or the recipient it names; one without a valid token changes nothing. Each notice
makes one log line, its values (decoded from the notice, so attacker's text) cleaned of control
characters (esign.logs.printable). Each failed recipient is classified like an SMTP refusal
(`esign.providers.base.recipient_refusal`): a failure of the recipient (`5.1.x`, `5.2.x`) marks the signer `email_bounced_at` with the event
`signing_event.email_bounced`; a failure of the sending side (`5.7.x` policy, `5.5.x`, `5.3.x` ...) is
logged as an ERROR, makes `/readyz` degraded and marks the signer `email_failed_at`
(`signing_event.email_failed`): the message will not arrive, and resending will not help until the
operator acts. Delays (`Action: delayed`) change nothing.

Mail health: a sending-side failure (a ProviderFault, an email given up, a notice as above) is kept
in the `settings` collection (one document, shared by every process) until the next message the mail
server accepts; `/readyz` reports it as degraded with the reason."""
from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import dataclasses
import email.utils
import hashlib
import hmac
import logging
import mailbox
import os
import uuid

from esign.domain.mail.bounce_notices import NoticeReader
from esign.domain.ports import Services
from esign.domain.requests import request_events
from esign.errors import not_found
from esign.jobs.kinds import JobKind
from esign.logs import printable
from esign.providers.base import BounceReport, enhanced_status, recipient_refusal
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.email")

HEALTH = "mail_health"
TOKEN_LENGTH = 48
SWEEP_BATCH = 500  # notices read from the mailbox per sweep at most
SWEEP_SECONDS = 60.0  # a sweep starts no notice after this long (the worker's other sweeps wait for it)


def verp_address(services: Services, request_id: str, signer_id: str | None, msg_key: str) -> str | None:
    """The envelope sender of one message, or None when `[email] bounce_address` is not set."""
    bounce = services.config.email["bounce_address"]
    if not bounce:
        return None
    local, _, domain = bounce.rpartition("@")
    signer = uuid.UUID(signer_id).bytes[:4] if signer_id else bytes(4)
    raw = uuid.UUID(request_id).bytes + signer + hashlib.sha256(msg_key.encode()).digest()[:4]
    token = base64.b32encode(raw + _mac(services, raw)).decode().lower()
    return f"{local}+{token}@{domain}"


def _mac(services: Services, raw: bytes) -> bytes:
    return _macs(services, raw)[0]


def _macs(services: Services, raw: bytes) -> list[bytes]:
    """The token's MAC under each service key in force (a notice may come back after a key rotation)."""
    return [bytes.fromhex(sig[:12]) for sig in services.secrets.signatures("esign-verp:" + raw.hex())]


def read_token(services: Services, address: str) -> tuple[str, str | None, str] | None:
    """(request id, signer id prefix or None, message tag) of a VERP address esign made, else None."""
    local = email.utils.parseaddr(address or "")[1].rpartition("@")[0]
    token = local.rpartition("+")[2]
    if len(token) != TOKEN_LENGTH:
        return None
    try:
        raw = base64.b32decode(token.upper())
    except (binascii.Error, ValueError):
        return None
    body, mac = raw[:24], raw[24:]
    if not any([hmac.compare_digest(mac, expected) for expected in _macs(services, body)]):
        return None
    signer = body[16:20].hex() if body[16:20] != bytes(4) else None
    return str(uuid.UUID(bytes=body[:16])), signer, body[20:24].hex()


def _recipient_problem(report: BounceReport) -> bool:
    status = enhanced_status(report.status)
    if status:
        return recipient_refusal(500, status) if status.startswith("5") else False
    code, _, text = report.reason.partition(" ")
    return code.isdigit() and recipient_refusal(int(code), text)


async def apply(services: Services, report: BounceReport, source: str) -> bool:
    """Record one failure report on its signer (see the module's docstring), with one log line.
    `source` names the notice (its Message-ID, or the webhook's) so a notice read twice records nothing
    new. The signing request is the one the VERP token in `return_path` names, and nothing else names
    it: a report without a valid token is ignored. Only a report with no `return_path` but a
    `request_id` — which a provider's webhook, vouched for by the provider's signature, may give instead
    of the return path — is matched by its request id and recipient. Whether a signing request was
    found for it."""
    report = dataclasses.replace(report, recipient=printable(report.recipient)[:320], status=printable(report.status),
                                 reason=printable(report.reason))
    found = None
    if report.return_path or not report.request_id:
        found = read_token(services, report.return_path)
        if found is None:
            log.warning("a delivery failure notice for %s (%s) carries no VERP token esign made: ignored",
                        report.recipient, printable(source)[:250])
            return False
    request = await services.store.signing_requests.by_id(found[0] if found else report.request_id)
    if request is None:
        log.warning("a delivery failure notice for %s names no signing request esign knows: ignored", report.recipient)
        return False
    if found:
        signer = next((s for s in request["signers"] if found[1] and s["id"].replace("-", "").startswith(found[1])), None)
    else:
        signer = next((s for s in request["signers"] if s["email"].lower() == report.recipient.lower()), None)
    reason = f"{report.status} {report.reason}".strip() or "delivery failed"
    if not report.permanent:
        log.info("delivery to %s (request %s) delayed: %s", report.recipient, request["id"], reason)
        return True
    event_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:bounce:{source}:{report.recipient}"))
    if _recipient_problem(report):
        services.metrics.email("bounced")
        if signer is None:
            log.warning("the email to %s (request %s) bounced: %s", report.recipient, request["id"], reason)
        else:
            log.warning("the email to %s (signer %s of request %s) bounced: %s", report.recipient, signer["id"],
                        request["id"], reason)
            await record_bounce(services, request, signer, f"bounced after acceptance: {reason}",
                                event_id=event_id, logged=True)
        return True
    message = f"the mail system gave up on the email to {report.recipient} (request {request['id']}) for a reason " \
              f"of the sending side: {reason}"
    log.error("%s", message)
    services.metrics.email("sender_fault")
    await mail_failed(services, message)
    if signer is not None:
        await record_failed(services, request, signer, reason, event_id=event_id, logged=True)
    return True


async def receive_webhook(services: Services, provider_id: str, headers: Json, raw_body: bytes) -> int:
    """A bounce webhook of the email provider's service: checked by the provider (WebhookRefused when it
    is not the service's), then each failure recorded once. How many reports named a known signing
    request; 404 when `provider_id` is not the configured email provider or it has no bounce webhook."""
    provider = services.email
    reports = await provider.parse_bounce_webhook(headers, raw_body) if provider.identifier == provider_id else None
    if reports is None:
        raise not_found("email provider with a bounce webhook")
    source = "webhook:" + hashlib.sha256(raw_body).hexdigest()
    return sum([await apply(services, report, source) for report in reports])


async def mailbox_sweep(services: Services) -> None:
    """Read the notices that arrived in `[email] bounce_mailbox` (a Maildir), each in the reading child
    (esign.domain.mail.bounce_notices), with one log line each: a notice that names a signing request is
    removed once recorded; any other message is moved to `cur/` (seen) for the operator; one over
    `[email] bounce_max_mb` (not even opened), over `bounce_max_parts` MIME parts, not read within
    `bounce_read_timeout_seconds` or unreadable is moved, unread, into the Maildir++ folder `.Junk`
    (`<bounce_mailbox>/.Junk/new/`), which esign never reads. A sweep reads for `SWEEP_SECONDS` at most;
    the rest waits for the next."""
    settings = services.config.email
    path = settings["bounce_mailbox"]
    if not path:
        return
    max_bytes = int(settings["bounce_max_mb"] * 1024 * 1024)
    reader = NoticeReader(max_bytes, settings["bounce_max_parts"], settings["bounce_read_timeout_seconds"])
    loop = asyncio.get_running_loop()
    until = loop.time() + SWEEP_SECONDS
    try:
        for name, size in await asyncio.to_thread(_listing, path):
            if loop.time() > until:
                break
            notice = {"error": f"larger than {max_bytes} bytes"} if size > max_bytes else \
                await reader.read(os.path.join(path, "new", name))
            if notice.get("gone"):  # another process's sweep took it
                continue
            if "error" in notice:
                if await asyncio.to_thread(_aside, path, name):
                    log.warning("a message in the bounce mailbox was not read (%s): moved to .Junk/new/%s",
                                notice["error"], name)
                    services.metrics.bounce_notice("set_aside")
                continue
            recorded = await _read(services, name, notice)
            services.metrics.bounce_notice("recorded" if recorded else "ignored")
            await asyncio.to_thread(_done, path, name, recorded)
    finally:
        await reader.close()


async def _read(services: Services, name: str, notice: Json) -> bool:
    """Apply what one notice reports (the first permanent failure, else its first report), or log why
    there is nothing to apply. Whether it named a signing request."""
    reports = [BounceReport(return_path=notice["delivered_to"], **report) for report in notice["reports"]]
    if not reports:
        log.info("a message in the bounce mailbox is no delivery status notification: moved to cur/ (%s)", name)
        return False
    report = next((r for r in reports if r.permanent), reports[0])
    return await apply(services, report, notice["message_id"] or name)


def _listing(path: str) -> list[tuple[str, int]]:
    """The file names and sizes of the first `SWEEP_BATCH` messages in `new/` (the oldest first: Maildir
    names start with their time of delivery)."""
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(path, sub), exist_ok=True)
    listing = []
    for name in sorted(os.listdir(os.path.join(path, "new")))[:SWEEP_BATCH]:
        try:
            listing.append((name, os.stat(os.path.join(path, "new", name)).st_size))
        except FileNotFoundError:  # taken by another process's sweep
            continue
    return listing


def _aside(path: str, name: str) -> bool:
    """Move a message, unread, into the Maildir++ folder `.Junk`; False when another process took it."""
    mailbox.Maildir(path, factory=None, create=False).add_folder("Junk")  # `.Junk`, made when missing
    return _move(os.path.join(path, "new", name), os.path.join(path, ".Junk", "new", name))


def _done(path: str, name: str, recorded: bool) -> None:
    """Remove a recorded notice; move any other message to `cur/`, marked seen."""
    if recorded:
        with contextlib.suppress(FileNotFoundError):  # another process's sweep finished it
            os.remove(os.path.join(path, "new", name))
        return
    _move(os.path.join(path, "new", name), os.path.join(path, "cur", name.split(":")[0] + ":2,S"))


def _move(source: str, target: str) -> bool:
    try:
        os.rename(source, target)
        return True
    except FileNotFoundError:  # another process's sweep finished it
        return False


async def record_failed(services: Services, request: SigningRequest, signer: Signer, error: str, template: str | None = None,
                        event_id: str | None = None, logged: bool = False) -> None:
    """The signer's email will not arrive (`email_failed_at`, `signing_event.email_failed`), logged at
    WARNING unless the caller `logged` it already (a bounce notice's own line)."""
    await services.store.signing_requests.email_failed(request["id"], signer["id"], failed=True)
    template_field = {"template": template} if template else {}
    if not logged:
        log.warning("an email (%s) to signer %s of signing request %s will not arrive: %s", template or "unknown",
                    signer["id"], request["id"], printable(error[:500]))
    await services.emit(request["org_id"], "signing_event.email_failed", signing_request_id=request["id"],
                        signer=signer, metadata={**template_field, "error": error[:500]},
                        data={**request_events.event_data(request, signer), "email": signer["email"],
                              **template_field},
                        sandbox=request.get("sandbox", False), event_id=event_id)


async def record_bounce(services: Services, request: SigningRequest, signer: Signer, error: str, event_id: str | None = None,
                        logged: bool = False) -> None:
    """The signer's address bounced (`email_bounced_at`, `signing_event.email_bounced`), logged at WARNING
    unless the caller `logged` it already (a bounce notice's own line)."""
    await services.store.signing_requests.email_bounced(request["id"], signer["id"])
    if not logged:
        log.warning("the address of signer %s of signing request %s bounced: %s", signer["id"], request["id"],
                    printable(error[:500]))
    await services.emit(request["org_id"], "signing_event.email_bounced", signing_request_id=request["id"],
                        signer=signer, metadata={"error": error[:500]},
                        data={**request_events.event_data(request, signer), "email": signer["email"]},
                        sandbox=request.get("sandbox", False), event_id=event_id)


async def mail_failed(services: Services, reason: str) -> None:
    """Keep a failure of the sending side for `/readyz` (until a message is accepted again)."""
    await services.store.settings.put(HEALTH, {"failing": True, "since": services.clock.now(), "reason": reason[:500]})


async def mail_ok(services: Services) -> None:
    """A message was accepted: the sending side works (one update that matches nothing while it did)."""
    await services.store.settings.put_if(HEALTH, {"failing": True}, {"failing": False, "since": services.clock.now()})


async def mail_problem(services: Services) -> str | None:
    """The last failure of the sending side while it lasts, else None."""
    health = await services.store.settings.get(HEALTH)
    return health["reason"] if health and health.get("failing") else None


JOBS: list[JobKind] = []
SWEEPS = [mailbox_sweep]

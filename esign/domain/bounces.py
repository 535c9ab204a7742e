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
bounce_mailbox`) read by a sweep every `[jobs] sweep_interval_seconds`; or the email provider's
service calls `POST /email/webhooks/<provider>` (`EmailProvider.parse_bounce_webhook`). Each failed
recipient is classified like an SMTP refusal (`esign.providers.base.recipient_refusal`): a failure of
the recipient (`5.1.x`, `5.2.x`) marks the signer `email_bounced_at` with the event
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
import email
import email.policy
import email.utils
import hashlib
import hmac
import logging
import mailbox
import os
import uuid

from esign.errors import not_found
from esign.providers.base import BounceReport, enhanced_status, recipient_refusal

log = logging.getLogger("esign.email")

HEALTH = "mail_health"
TOKEN_LENGTH = 48
SWEEP_BATCH = 500  # notices read from the mailbox per sweep at most
DELIVERED_TO = ("Delivered-To", "X-Original-To", "Envelope-To", "To")


def verp_address(services, request_id: str, signer_id: str | None, msg_key: str) -> str | None:
    """The envelope sender of one message, or None when `[email] bounce_address` is not set."""
    bounce = services.config.email["bounce_address"]
    if not bounce:
        return None
    local, _, domain = bounce.rpartition("@")
    signer = uuid.UUID(signer_id).bytes[:4] if signer_id else bytes(4)
    raw = uuid.UUID(request_id).bytes + signer + hashlib.sha256(msg_key.encode()).digest()[:4]
    token = base64.b32encode(raw + _mac(services, raw)).decode().lower()
    return f"{local}+{token}@{domain}"


def _mac(services, raw: bytes) -> bytes:
    return _macs(services, raw)[0]


def _macs(services, raw: bytes) -> list[bytes]:
    """The token's MAC under each service key in force (a notice may come back after a key rotation)."""
    return [bytes.fromhex(sig[:12]) for sig in services.secrets.signatures("esign-verp:" + raw.hex())]


def read_token(services, address: str) -> tuple[str, str | None, str] | None:
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


def dsn_reports(message) -> list[BounceReport]:
    """The recipients an RFC 3464 delivery status notification reports, each with the VERP address the
    notice was delivered to (its `return_path`); [] for anything that is not such a notice."""
    if message.get_content_type() != "multipart/report" or message.get_param("report-type") != "delivery-status":
        return []
    delivered_to = next((str(message[h]) for h in DELIVERED_TO if message[h] and "+" in str(message[h])), "")
    request_id = ""
    reports = []
    for part in message.walk():
        if part.get_content_type() == "text/rfc822-headers":
            returned = email.message_from_string(part.get_content(), policy=email.policy.default)
            request_id = str(returned["X-Esign-Request"] or "")
        elif part.get_content_type() == "message/rfc822":
            returned = part.get_payload()[0] if part.is_multipart() else None
            request_id = str(returned["X-Esign-Request"] or "") if returned is not None else request_id
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        for block in part.get_payload()[1:]:  # the first block is about the message, the others per recipient
            recipient = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
            action = str(block.get("Action") or "").strip().lower()
            reports.append(BounceReport(
                recipient=recipient.partition(";")[2].strip() or recipient, status=str(block.get("Status") or "").strip(),
                reason=" ".join(str(block.get("Diagnostic-Code") or "").partition(";")[2].split())[:500],
                return_path=delivered_to, request_id=request_id, permanent=action == "failed"))
    return reports


def _recipient_problem(report: BounceReport) -> bool:
    status = enhanced_status(report.status)
    if status:
        return recipient_refusal(500, status) if status.startswith("5") else False
    code, _, text = report.reason.partition(" ")
    return code.isdigit() and recipient_refusal(int(code), text)


async def apply(services, report: BounceReport, source: str) -> bool:
    """Record one failure report on its signer (see the module's docstring). `source` names the notice
    (its Message-ID, or the webhook's) so a notice read twice records nothing new. Whether a signer of a
    request was found for it."""
    found = read_token(services, report.return_path) if report.return_path else None
    request_id = found[0] if found else report.request_id
    request = await services.store.signing_requests.by_id(request_id) if request_id else None
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
            await record_bounce(services, request, signer, f"bounced after acceptance: {reason}",
                                              event_id=event_id)
        return True
    message = f"the mail system gave up on the email to {report.recipient} (request {request['id']}) for a reason " \
              f"of the sending side: {reason}"
    log.error("%s", message)
    services.metrics.email("sender_fault")
    await mail_failed(services, message)
    if signer is not None:
        await record_failed(services, request, signer, reason, event_id=event_id)
    return True


async def receive_webhook(services, provider_id: str, headers: dict, raw_body: bytes) -> int:
    """A bounce webhook of the email provider's service: checked by the provider (WebhookRefused when it
    is not the service's), then each failure recorded once. How many reports named a known signing
    request; 404 when `provider_id` is not the configured email provider or it has no bounce webhook."""
    provider = services.email
    reports = await provider.parse_bounce_webhook(headers, raw_body) if provider.identifier == provider_id else None
    if reports is None:
        raise not_found("email provider with a bounce webhook")
    source = "webhook:" + hashlib.sha256(raw_body).hexdigest()
    return sum([await apply(services, report, source) for report in reports])


async def mailbox_sweep(services):
    """Read the delivery status notifications that arrived in `[email] bounce_mailbox` (a Maildir):
    a notice is removed once recorded; anything else is moved to `cur/` (seen) for the operator."""
    path = services.config.email["bounce_mailbox"]
    if not path:
        return
    for key, raw in await asyncio.to_thread(_unread, path):
        message = email.message_from_bytes(raw, policy=email.policy.default)
        recorded = False
        for report in dsn_reports(message):
            recorded = await apply(services, report, str(message["Message-ID"] or key)) or recorded
        await asyncio.to_thread(_done, path, key, recorded)


def _unread(path: str) -> list[tuple[str, bytes]]:
    for sub in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(path, sub), exist_ok=True)
    box = mailbox.Maildir(path, factory=None, create=False)
    unread = []
    for key in sorted(os.listdir(os.path.join(path, "new")))[:SWEEP_BATCH]:
        key = key.split(box.colon)[0]
        try:
            unread.append((key, box.get_bytes(key)))
        except KeyError:  # taken by another process's sweep
            continue
    return unread


def _done(path: str, key: str, recorded: bool) -> None:
    box = mailbox.Maildir(path, factory=None, create=False)
    try:
        if recorded:
            box.discard(key)
            return
        kept = box.get_message(key)
        kept.set_subdir("cur")
        kept.add_flag("S")
        box[key] = kept
    except KeyError:  # another process's sweep finished it
        pass


async def record_failed(services, request, signer, error, template: str | None = None, event_id=None):
    """The signer's email will not arrive (`email_failed_at`, `signing_event.email_failed`)."""
    await services.store.signing_requests.email_failed(request["id"], signer["id"], failed=True)
    template_field = {"template": template} if template else {}
    await services.emit(request["org_id"], "signing_event.email_failed", signing_request_id=request["id"],
                        signer=signer, metadata={**template_field, "error": error[:500]},
                        data={"signing_request_id": request["id"], "email": signer["email"], **template_field},
                        event_id=event_id)


async def record_bounce(services, request, signer, error, event_id=None):
    """The signer's address bounced (`email_bounced_at`, `signing_event.email_bounced`)."""
    await services.store.signing_requests.email_bounced(request["id"], signer["id"])
    await services.emit(request["org_id"], "signing_event.email_bounced", signing_request_id=request["id"],
                        signer=signer, metadata={"error": error[:500]},
                        data={"signing_request_id": request["id"], "email": signer["email"]}, event_id=event_id)


async def mail_failed(services, reason: str) -> None:
    """Keep a failure of the sending side for `/readyz` (until a message is accepted again)."""
    await services.store.settings.put(HEALTH, {"failing": True, "since": services.clock.now(), "reason": reason[:500]})


async def mail_ok(services) -> None:
    """A message was accepted: the sending side works (one update that matches nothing while it did)."""
    await services.store.settings.put_if(HEALTH, {"failing": True}, {"failing": False, "since": services.clock.now()})


async def mail_problem(services) -> str | None:
    """The last failure of the sending side while it lasts, else None."""
    health = await services.store.settings.get(HEALTH)
    return health["reason"] if health and health.get("failing") else None


JOBS = []
SWEEPS = [mailbox_sweep]

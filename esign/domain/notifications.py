"""Emails about signing requests (invitation, reminder, completed, cancellation), rendered from
templates at send time, sent by the `email` job so a failing mail server means a retry, never a
lost message.

- A refusal of the recipient for good (SMTP 5xx to RCPT TO) is recorded as a bounce on the signer
  (`email_bounced_at`, `signing_event.email_bounced`).
- Anything temporary or a fault of the mail provider is retried with back-off for `[jobs]
  message_retry_hours`; when that runs out the signer gets `email_failed_at` and the event
  `signing_event.email_failed`; a later successful send (a remind) clears `email_failed_at`.
- Every message's Message-ID is derived from the job's dedupe key (template, request, recipient and
  the signing link's nonce), so a copy sent again after a lost acknowledgement is the same message.
- The send is recorded on the job (`sent_at`) before the job completes and checked before sending,
  so a job run again after a crash or a shutdown does not send a second copy."""
from __future__ import annotations

import email.utils
import hashlib
import os
from email.message import EmailMessage

import tornado.template

from esign.domain import lifecycle
from esign.jobs.kinds import JobKind
from esign.jobs.worker import PermanentJobError, uncancellable
from esign.providers.base import ProviderRejected

TEMPLATES = tornado.template.Loader(os.path.join(os.path.dirname(os.path.dirname(__file__)), "templates", "email"),
                                    autoescape=None)
HTML = tornado.template.Loader(os.path.join(os.path.dirname(os.path.dirname(__file__)), "templates", "email"))

SUBJECTS = {
    "invitation": "Please sign: {document_name}",
    "reminder": "Reminder: please sign {document_name}",
    "completed": "Completed: {document_name}",
    "cancellation": "Cancelled: {document_name}",
}


def message_id(services, key: str) -> str:
    """A Message-ID fixed by `key`, in the domain of the From address."""
    domain = email.utils.parseaddr(services.config.email["from"])[1].rpartition("@")[2] or "esign"
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@{domain}>"


def render(services, request: dict, template: str, name: str, signer: dict | None, msg_key: str) -> EmailMessage:
    sender = request.get("owner_name") or request.get("org_name") or "esign"
    ctx = {
        "name": name, "sender": sender, "document_name": request["document_name"], "message": request.get("message"),
        "link": lifecycle.signing_url(services, request, signer) if signer and template in ("invitation", "reminder") else "",
        "expires": f"{request['expires_at']:%Y-%m-%d %H:%M} UTC",
        "reason": request.get("cancel_reason"),
        "signers": lifecycle.signers_summary(request),
    }
    msg = EmailMessage()
    subject = request.get("email_subject") if template in ("invitation", "reminder") and request.get("email_subject") else None
    msg["Subject"] = subject or SUBJECTS[template].format(document_name=request["document_name"])
    msg["From"] = services.config.email["from"]
    msg["To"] = email.utils.formataddr((name, signer["email"] if signer else ctx.get("to", "")))
    msg["Message-ID"] = message_id(services, msg_key)
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["X-Esign-Request"] = request["id"]
    msg.set_content(TEMPLATES.load(f"{template}.txt").generate(**ctx).decode())
    msg.add_alternative(HTML.load(f"{template}.html").generate(**ctx).decode(), subtype="html")
    return msg


async def send_email(services, payload, job_record):
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or request.get("sandbox"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"]) if payload.get("signer_id") else None
    template = payload["template"]
    if template in ("invitation", "reminder") and (request["status"] != "pending" or signer["status"] not in lifecycle.ACTIVE_SIGNER):
        return  # the request moved on before the mail went out: a stale link helps nobody
    # the dedupe key is (template, request, recipient, link nonce or version); the job id otherwise
    msg_key = job_record.get("dedupe_key") or job_record["id"]
    if signer:
        msg = render(services, request, template, signer["name"], signer, msg_key)
    else:
        msg = render(services, request, template, payload.get("name") or payload["to"], None, msg_key)
        del msg["To"]
        msg["To"] = email.utils.formataddr((payload.get("name") or "", payload["to"]))
    if not job_record.get("sent_at"):  # sent by an earlier run that did not complete: never twice
        try:
            await services.email.send(msg)
        except ProviderRejected as exc:
            if signer:
                await _record_bounce(services, request, signer, str(exc))
            raise PermanentJobError(str(exc)) from exc
        await uncancellable(services.store.jobs.mark_sent(job_record["id"]))
    if signer and signer.get("email_failed_at"):
        await services.store.signing_requests.email_failed(request["id"], signer["id"], failed=False)
    await services.emit(request["org_id"], "signing_event.email_sent", signing_request_id=request["id"], signer=signer,
                        metadata={"template": template, "to": msg["To"]}, sandbox=False,
                        data={"signing_request_id": request["id"], "template": template})


async def email_given_up(services, job_record, error):
    """The email job ran out of retries: visible on the signer and in the events."""
    payload = job_record["payload"]
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or not payload.get("signer_id"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"])
    await services.store.signing_requests.email_failed(request["id"], signer["id"], failed=True)
    await services.emit(request["org_id"], "signing_event.email_failed", signing_request_id=request["id"],
                        signer=signer, metadata={"template": payload["template"], "error": error[:500]},
                        data={"signing_request_id": request["id"], "email": signer["email"],
                              "template": payload["template"]})


async def _record_bounce(services, request, signer, error):
    await services.store.signing_requests.email_bounced(request["id"], signer["id"])
    await services.emit(request["org_id"], "signing_event.email_bounced", signing_request_id=request["id"],
                        signer=signer, metadata={"error": error[:500]},
                        data={"signing_request_id": request["id"], "email": signer["email"]})


async def expiry_sweep(services):
    await lifecycle.expire_due(services)


async def reminder_sweep(services):
    await lifecycle.remind_due(services)


def _retry_horizon(config) -> float:
    return config.jobs.message_retry_hours * 3600


JOBS = [JobKind("email", send_email, lane="email", horizon=_retry_horizon, on_give_up=email_given_up)]
SWEEPS = [expiry_sweep, reminder_sweep]

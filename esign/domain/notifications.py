"""Emails about signing requests (invitation, reminder, completed, cancellation), rendered from
templates at send time, sent by the `email` job so a failing mail server means a retry, never a
lost message. A permanent refusal is recorded as a bounce on the signer."""
from __future__ import annotations

import email.utils
import os
from email.message import EmailMessage

import tornado.template

from esign.domain import lifecycle
from esign.jobs.registry import job, sweep
from esign.jobs.worker import PermanentJobError
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


def render(services, request: dict, template: str, name: str, signer: dict | None) -> EmailMessage:
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
    msg["Message-ID"] = email.utils.make_msgid(domain="esign")
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["X-Esign-Request"] = request["id"]
    msg.set_content(TEMPLATES.load(f"{template}.txt").generate(**ctx).decode())
    msg.add_alternative(HTML.load(f"{template}.html").generate(**ctx).decode(), subtype="html")
    return msg


@job("email")
async def send_email(services, payload, job_record):
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or request.get("sandbox"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"]) if payload.get("signer_id") else None
    template = payload["template"]
    if template in ("invitation", "reminder") and (request["status"] != "pending" or signer["status"] not in lifecycle.ACTIVE_SIGNER):
        return  # the request moved on before the mail went out: a stale link helps nobody
    if signer:
        msg = render(services, request, template, signer["name"], signer)
    else:
        msg = render(services, request, template, payload.get("name") or payload["to"], None)
        del msg["To"]
        msg["To"] = email.utils.formataddr((payload.get("name") or "", payload["to"]))
    try:
        await services.email.send(msg)
    except ProviderRejected as exc:
        if signer:
            await _record_bounce(services, request, signer, str(exc))
        raise PermanentJobError(str(exc)) from exc
    await services.emit(request["org_id"], "signing_event.email_sent", signing_request_id=request["id"], signer=signer,
                        metadata={"template": template, "to": msg["To"]}, sandbox=False,
                        data={"signing_request_id": request["id"], "template": template})


async def _record_bounce(services, request, signer, error):
    await services.store.signing_requests.email_bounced(request["id"], signer["id"])
    await services.emit(request["org_id"], "signing_event.email_bounced", signing_request_id=request["id"],
                        signer=signer, metadata={"error": error[:500]},
                        data={"signing_request_id": request["id"], "email": signer["email"]})


@sweep
async def expiry_sweep(services):
    await lifecycle.expire_due(services)


@sweep
async def reminder_sweep(services):
    await lifecycle.remind_due(services)

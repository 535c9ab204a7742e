"""Signing links by text message: the `sms` job texts a signer whose `delivery` is `sms` or `both` the
invitation, a reminder or the completion notice (esign.domain.requests.mail_queue queues it where it queues the
emails; a signer who hands their place on is texted that it is done; an approver, a viewer and a cc read the
words of their `type`, as their emails do)
through the configured SMS provider (`[sms] provider`, its `send(phone, text)`), on its own
job lane `sms` (`[jobs] lane_sms`), so an SMS gateway that hangs never holds up the emails.

Failures are handled as email failures are (esign.domain.mail.notifications):
- the provider refuses the number for good (ProviderRejected: invalid, not a mobile, unsubscribed):
  not retried; the signer gets `sms_failed_at` and the event `signing_event.sms_failed`;
- the gateway is unreachable or failing (ProviderUnavailable, ProviderFault): retried with back-off for
  `[jobs] message_retry_hours`, then the same `sms_failed_at` and `signing_event.sms_failed`;
- a later text that goes out (a remind) clears `sms_failed_at`.
The send is recorded on the job (`sent_at`) before it completes and checked before sending, so a job
run again after a crash does not text twice; `signing_event.sms_sent` has an id derived from the job's.
Sandbox requests never text."""
from __future__ import annotations

import uuid
from typing import Any, cast

from esign import i18n
from esign.config import Config
from esign.domain.mail import copies, notifications
from esign.domain.ports import Services
from esign.domain.requests import cc_links, envelope, fresh_links, lifecycle, links, roles
from esign.i18n import N_
from esign.jobs.kinds import JobKind, PermanentJobError, uncancellable
from esign.providers.base import ProviderRejected, SmsProvider
from esign.schema import BIDI, NOT_ONE_LINE
from esign.store.records import Job, Json, Signer, SigningRequest

TEXTS = {
    "invitation": N_("{org}: {sender} asks you to sign \"{document}\". Open {link}"),
    "reminder": N_("{org}: reminder, please sign \"{document}\". Open {link}"),
    "completed": N_("{org}: \"{document}\" is signed by everyone."),
    "delegated": N_("{org}: you handed your place as a signer of \"{document}\" to {name}. Your link no longer works."),
}
ROLE_TEXTS = {  # the other participants' texts, in the words of their emails (notifications.ROLE_SUBJECTS)
    ("invitation", "approver"): N_("{org}: {sender} asks you to approve \"{document}\". Open {link}"),
    ("invitation", "viewer"): N_("{org}: {sender} asks you to review \"{document}\". Open {link}"),
    ("invitation", "cc"): N_("{org}: {sender} sends you \"{document}\" for your information. Open {link}"),
    ("reminder", "approver"): N_("{org}: reminder, please approve \"{document}\". Open {link}"),
    ("reminder", "viewer"): N_("{org}: reminder, please review \"{document}\". Open {link}"),
    ("invitation", "assistant"): N_("{org}: {sender} asks you to fill in fields of \"{document}\". Open {link}"),
    ("reminder", "assistant"): N_("{org}: reminder, please fill in \"{document}\". Open {link}"),
    ("invitation", "witness"): N_("{org}: {sender} asks you to witness a signature on \"{document}\". Open {link}"),
    ("reminder", "witness"): N_("{org}: reminder, please witness a signature on \"{document}\". Open {link}"),
}
YOUR_COPY = N_("Your copy: {link}")
MAX_NAME = 80  # a name in a text is cut to this: the text stays a short message


def _short(text: str) -> str:
    """One line (control and bidirectional characters out), at most MAX_NAME characters."""
    text = BIDI.sub("", NOT_ONE_LINE.sub(" ", text)).strip()
    return text if len(text) <= MAX_NAME else text[:MAX_NAME - 1] + "…"


def compose(services: Services, request: SigningRequest, org: Json, template: str, signer: Signer) -> str:
    """The text of `template` for `signer`, in their language (as their emails: notifications.email_locale;
    in a right-to-left language each name an isolate, FSI ... PDI, so that a Latin one leaves the text
    right to left): short, with the signing link (the completion notice: the link to the signed copy while `[signing]
    completed_link_days` keeps it open)."""
    locale = notifications.email_locale(org, signer, "signer")
    gettext = i18n.translations(locale).gettext
    handed = notifications.handed_to(request, signer)  # a signer who passed their place on has no link of their own
    # a completion notice whose own link was made with a dropped service key: the copy link too
    copy = template == "completed" and (handed or not links.reproducible(services, request, signer))
    link = copies.copy_url(services, request) if copy else links.signing_url(services, request, signer)
    def value(text: str) -> str:  # isolated in a right-to-left text (the link stays bare: phones linkify it)
        return i18n.isolate(_short(text), locale) if i18n.direction(locale) == "rtl" else _short(text)

    words = ROLE_TEXTS.get((template, roles.kind(signer)), TEXTS[template])
    text = gettext(words).format(org=value(notifications.org_name(org)), sender=value(notifications.sender(request, org)),
                                 document=value(envelope.title(request, locale)), link=link,
                                 name=value(handed["name"]) if handed else "")
    if template == "completed" and services.config.signing.completed_link_days:
        text += " " + gettext(YOUR_COPY).format(link=link)
    return text


async def send_sms(services: Services, payload: Json, job_record: Job) -> None:
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or request.get("sandbox"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"])
    template = payload["template"]
    if template in ("invitation", "reminder") and (request["status"] != "pending" or (
            signer["status"] not in lifecycle.ACTIVE_SIGNER and not cc_links.link_open(signer))
                                                   or request["expires_at"] <= services.clock.now()):
        return  # the request moved on (or expired) before the text went out: a stale link helps nobody
    if not signer.get("phone"):
        return  # replaced by a signer without a phone since
    if not job_record.get("sent_at"):  # sent by an earlier run that did not complete: never twice
        if template in ("invitation", "reminder"):
            request, signer = await fresh_links.for_message(services, request, signer)
        org = cast(Json, await services.store.organizations.by_id(request["org_id"]))  # the request's own
        # text jobs are queued only with an SmsProvider (signing_requests.check_deliveries), and a signer with a phone
        sms = cast(SmsProvider, services.sms)
        try:
            await sms.send(cast(str, signer["phone"]), compose(services, request, org, template, signer))
        except ProviderRejected as exc:
            await record_failed(services, request, signer, str(exc), template)
            raise PermanentJobError(str(exc)) from exc
        await uncancellable(services.store.jobs.mark_sent(job_record["id"]))
    if signer.get("sms_failed_at"):
        await services.store.signing_requests.sms_failed(request["id"], signer["id"], failed=False)
    await services.emit(request["org_id"], "signing_event.sms_sent", signing_request_id=request["id"], signer=signer,
                        metadata={"template": template}, sandbox=False,
                        data={"signing_request_id": request["id"], "template": template},
                        event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:sms_sent:{job_record['id']}")))


async def sms_given_up(services: Services, job_record: Job, error: str) -> None:
    """The sms job ran out of retries: visible on the signer and in the events."""
    payload = job_record["payload"]
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None:
        return
    signer = lifecycle.find_signer(request, payload["signer_id"])
    await record_failed(services, request, signer, error, payload["template"])


async def record_failed(services: Services, request: SigningRequest, signer: Signer, error: str, template: str) -> None:
    """The signer's text will not arrive (`sms_failed_at`, `signing_event.sms_failed`)."""
    await services.store.signing_requests.sms_failed(request["id"], signer["id"], failed=True)
    await services.emit(request["org_id"], "signing_event.sms_failed", signing_request_id=request["id"],
                        signer=signer, metadata={"template": template, "error": error[:500]},
                        data={"signing_request_id": request["id"], "template": template})


def _retry_horizon(config: Config) -> float:
    return float(config.jobs.message_retry_hours * 3600)


JOBS = [JobKind("sms", send_sms, lane="sms", horizon=_retry_horizon, on_give_up=sms_given_up)]
SWEEPS: list[Any] = []

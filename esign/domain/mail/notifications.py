"""Emails about signing requests, rendered from templates at send time, sent by the `email` job so a
failing mail server means a retry, never a lost message.

Who gets what:
- signers: the invitation, reminders, the cancellation, and their copy when the request completes;
- cc recipients (`cc_emails`, `cc` participants): their copy when the request completes; a `cc` with `notify_on: sent`
  also the invitation in a cc's words, with its read-only link (esign.domain.requests.cc_links);
- the request's owner (`owner_email`, recorded from the API key that created it; when that is empty the organisation's
  `notify_email`; when both are empty nobody): their copy on completion, and an email when a signer declines or an approver
  rejects (with the reason) or a sent request expires, each switchable with `[notifications] owner_on_<template>`.

Everyone's copy (esign.domain.mail.copies) is queued when the signed PDF is ready (by the finalisation),
and at the latest `[email] copy_wait_minutes` after completion by the `email.copies` job queued at
completion: a finalisation still failing then does not keep people waiting for ever; their email
says the signed document is still being prepared and carries the link that gives it once it is
ready. Each recipient's copy is one job with a fixed dedupe key, so it is sent once whichever path
queues it first. The attachment is read when the email job runs: storage that is down means a retry.

Emails carry the organisation's display name, logo and accent colour (`[[organizations]]`), times as
people read them, a plain-text part with every link on a line of its own, and links that wrap on a phone.

Each email is in its reader's language (esign.i18n, docs/operations.md "Languages"): a signer's is
their `locale`, else the organisation's `default_locale`, else English; a cc recipient's and the
owner's is the organisation's. Subject, body, the From name and the signers' states come from the
catalogs; times are the locale's (Babel), naming their zone; the HTML part carries `<html lang dir>`
(Arabic right to left). Translated text goes through the same header safety (header_text) as the
rest: a document name in a translated subject is neutralised just as in an English one.

- A refusal of the recipient for good (SMTP `5.1.x`, `5.2.x` or a bare 550 to RCPT TO, see
  esign.providers.base.recipient_refusal), a failure notice for it that comes back later
  (esign.domain.mail.bounces), or an address that cannot be written into a message at all (not ASCII:
  stored before the API refused such addresses), is recorded as a bounce on the signer
  (`email_bounced_at`, `signing_event.email_bounced` with the reason); the job is not retried.
- Anything temporary or a fault of the sending side (a policy refusal such as `5.7.1 Relay access
  denied`, a HELO refused, a login or TLS failure) is retried with back-off for `[jobs]
  message_retry_hours`; a fault is also kept for `/readyz` (esign.domain.mail.bounces, mail health) until
  a message is accepted again. When the horizon runs out the signer gets `email_failed_at` and the
  event `signing_event.email_failed`; a later successful send (a remind) clears `email_failed_at`.
- Every message carries `Auto-Submitted: auto-generated` (RFC 3834: auto-responders do not answer
  it), `Reply-To:` the request's owner (the API key's `owner_email`, else the organisation's
  `notify_email`), and, with `[email] bounce_address`, a VERP `Return-Path` naming the request,
  signer and message (the envelope sender).
- Every message's Message-ID is derived from the job's dedupe key (template, request, recipient and
  the signing link's nonce), so a copy sent again after a lost acknowledgement is the same message.
- The send is recorded on the job (`sent_at`) before the job completes and checked before sending,
  so a job run again after a crash or a shutdown does not send a second copy. Its
  `signing_event.email_sent` is recorded under an id derived from the job's, after `sent_at`: a
  re-run records it if the earlier run died before, and never a second one."""
from __future__ import annotations

import datetime as dt
import email.errors
import email.utils
import hashlib
import importlib.resources
import ipaddress
import logging
import re
import socket
import sys
import urllib.parse
import uuid
from collections.abc import Callable, Sequence
from email.headerregistry import Address
from email.message import EmailMessage
from typing import Any, cast

import tornado.template
from tornado.escape import xhtml_escape

from esign import i18n
from esign.config import Config
from esign.domain.mail import bounces, copies, purge_words
from esign.domain.mail.colours import ACCENT, accent_colours
from esign.domain.ports import Services
from esign.domain.requests import cc_links, envelope, fresh_links, lifecycle, links, mail_queue, roles
from esign.jobs.kinds import JobKind, PermanentJobError, uncancellable
from esign.providers.base import ProviderFault, ProviderRejected
from esign.schema import BIDI, NOT_ONE_LINE
from esign.store.records import Job, Json, Signer, SigningRequest

N_ = i18n.N_
log = logging.getLogger("esign.email")

FOLDER = str(importlib.resources.files("esign").joinpath("templates", "email"))  # esign/templates/email, wherever this module sits
TEMPLATES = tornado.template.Loader(FOLDER, autoescape=None)
HTML = tornado.template.Loader(FOLDER)
SUBJECTS = {
    "invitation": N_("Please sign: {document_name}"),
    "reminder": N_("Reminder: please sign {document_name}"),
    "completed": N_("Completed: {document_name}"),
    "cancellation": N_("Cancelled: {document_name}"),
    "declined": N_("Declined: {document_name}"),
    "rejected": N_("Rejected: {document_name}"),
    "expired": N_("Expired: {document_name}"),
    "delegated": N_("Delegated: {document_name}"),
    "purge_notice": N_("To be purged: {document_name}"),
}
ROLE_SUBJECTS = {("invitation", "approver"): N_("Please approve: {document_name}"),  # by type (docs/roles.md)
                 ("invitation", "viewer"): N_("Please review: {document_name}"),
                 ("invitation", "assistant"): N_("Please fill in: {document_name}"),
                 ("reminder", "approver"): N_("Reminder: please approve {document_name}"),
                 ("reminder", "viewer"): N_("Reminder: please review {document_name}"),
                 ("reminder", "assistant"): N_("Reminder: please fill in {document_name}"),
                 ("invitation", "witness"): N_("Please witness a signature: {document_name}"),
                 ("reminder", "witness"): N_("Reminder: please witness a signature on {document_name}"),
                 ("invitation", "cc"): N_("For your information: {document_name}")}  # a cc's read-only link
FROM = N_("{organisation} via {sender}")  # the From display name when `[email] from` names one
QUOTED = N_('"{document}"')  # a document's name in a sentence of a plain-text part
STATES = {"signed": N_("signed {date}"), "declined": N_("declined"), "delegated": N_("delegated")}
NOT_SIGNED, COPIES = N_("not signed"), "email.copies"


def message_id(services: Services, key: str) -> str:
    """A Message-ID fixed by `key`, in the domain of the From address."""
    domain = email.utils.parseaddr(services.config.email["from"])[1].rpartition("@")[2] or "esign"
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:32]}@{domain}>"


def public_host(config: Config) -> str:
    """The name the service introduces itself with to mail servers: the host of `[server] public_url`
    when it is a DNS name (not an address, not `localhost`), else the machine's fully-qualified name."""
    host = urllib.parse.urlsplit(config.server.public_url).hostname or ""
    try:
        ipaddress.ip_address(host)
        host = ""
    except ValueError:
        pass
    return host if "." in host else socket.getfqdn()


def recipient(request: SigningRequest, org: Json, payload: Json, signer: Signer | None) -> tuple[str, str, str] | None:
    """(name, address, role: signer, cc or owner) of the job's recipient; None for an owner nobody
    can be reached at."""
    if signer:
        return signer["name"], signer["email"], "signer"
    if payload.get("role") == "owner":
        if request.get("owner_email"):
            return request.get("owner_name") or "", request["owner_email"], "owner"
        return (org_name(org), org["notify_email"], "owner") if org.get("notify_email") else None
    return payload.get("name") or "", payload["to"], "cc"


def org_name(org: Json) -> str:
    return str(org.get("display_name") or org["name"])


def sender(request: SigningRequest, org: Json) -> str:
    """Who sends the request: the API key's owner, else (the owner name recorded then is the
    organisation's name) the organisation's display name."""
    owner = request.get("owner_name")
    return owner if owner and owner != org["name"] else org_name(org)


def email_locale(org: Json, signer: Signer | None, role: str) -> str:
    """The language of an email: a signer's `locale`, else the organisation's `default_locale`, else
    English; a cc recipient's and the owner's: the organisation's."""
    return i18n.negotiate(signer.get("locale") if signer and role == "signer" else None, org.get("default_locale"))


class Markup(str):
    """HTML already escaped: `fill` puts it into a message as it is."""


class Isolated(str):
    """Plain text whose inserted values are already isolated: `say` puts it into a message as it is."""


class Words:
    """How an email of `locale` inserts values (names, addresses, dates, numbers, document names) into
    its sentences: each a bidirectional isolate where directions can mix (esign.i18n.needs_isolation:
    always in Arabic, else a value with right-to-left letters), `<bdi>` in the HTML part and FSI ... PDI
    in the plain-text part, so that "ليلى منصور: signed 28.11.2026" keeps its order."""

    def __init__(self, locale: str):
        self.locale = locale

    def bdi(self, value: object) -> Markup:
        """A value for the HTML part: escaped, in `<bdi>` where it needs isolating."""
        if isinstance(value, Markup):
            return value
        text = xhtml_escape("" if value is None else str(value))
        return Markup(f"<bdi>{text}</bdi>" if text and i18n.needs_isolation(value, self.locale) else text)

    def fill(self, text: str, **values: object) -> Markup:
        """A translated message for the HTML part: the message escaped, its values `bdi`."""
        return Markup(xhtml_escape(text).format(**{k: self.bdi(v) for k, v in values.items()}))

    def say(self, text: str, **values: object) -> Isolated:
        """A translated message for the plain-text part, its values isolated (FSI ... PDI) where needed."""
        return Isolated(text.format(**{k: v if isinstance(v, Isolated) else i18n.isolate("" if v is None else v, self.locale)
                                       for k, v in values.items()}))

    def names(self, names: Sequence[str]) -> tuple[Markup, Isolated]:
        """Document names as the HTML part (bold) and the plain-text part (quoted) name them: each name
        isolated, listed as the language lists them."""
        html = i18n.list_text([self.bdi(n) for n in names], self.locale)  # the list's own words hold no markup
        text = i18n.list_text([i18n.isolate(n, self.locale) for n in names], self.locale)
        return Markup(f"<strong>{html}</strong>"), Isolated(i18n.translations(self.locale).gettext(QUOTED).format(document=text))


def _delegation(request: SigningRequest, when: Callable[[dt.datetime | None], str]) -> Json:
    """The latest delegation (the `delegated` email): who handed their place to whom, when and why."""
    handed = [s for s in request["signers"] if s["status"] == "delegated" and s.get("delegated_at")]
    if not handed:
        return {"delegator": None, "delegate": None, "delegated_at": ""}
    last = max(handed, key=lambda s: cast(dt.datetime, s["delegated_at"]))  # (those with one)
    delegate = next((s for s in request["signers"] if s["id"] == last.get("delegated_to")), None)
    return {"delegator": last, "delegate": delegate, "delegated_at": when(last["delegated_at"])}


def handed_to(request: SigningRequest, signer: Signer | None) -> Signer | None:
    """The person a `delegated` signer handed their place to (None for anyone else)."""
    if signer is None or signer["status"] != "delegated":
        return None
    return next((s for s in request["signers"] if s["id"] == signer.get("delegated_to")), None)


def passed_on_by(request: SigningRequest, signer: Signer | None) -> Signer | None:
    """The signer who handed their place to `signer` (a delegate), with their `delegation_reason`."""
    if signer is None or not signer.get("delegated_from"):
        return None
    return next((s for s in request["signers"] if s["id"] == signer["delegated_from"]), None)


def cancel_reason(request: SigningRequest) -> str | None:
    """The reason for a cancellation as the signers read it: the sender's words; never a decline's
    (stored as `declined by <address>` for the API), which names the decliner by address: their email
    says who declined by name (issue 39: names, never addresses, in notices to others)."""
    reason = request.get("cancel_reason")
    return None if reason in {f"declined by {s['email']}" for s in request["signers"]} else reason


def _signer_line(s: Signer, when: Callable[[dt.datetime | None], str]) -> Json:
    """A signer as the signers' list names them to everyone: their name (never their address, which is
    theirs to give) and their state, a message (`state`, translated by the template) with its `date`."""
    return {"name": s["name"], "state": STATES.get(s["status"], NOT_SIGNED), "date": when(s.get("signed_at"))}


def _copy_words(locale: str, count: int) -> Json:
    """The completion email's first sentence (what was signed) and its sentences about the signed copy, of
    one document or of each of an envelope's `count` ("the 2 signed documents"), in the plural form of `locale` that says `count`; each
    still takes `{count}` (and `{sender}`)."""
    words = i18n.translations(locale)
    return {"count": i18n.number_text(count, locale), "copy": {
        "signed": words.ngettext("{document} has been signed by everyone:", "{document} have been signed by everyone:",
                                 count),
        "cc_signed": words.ngettext("{sender} sends you a copy: {document} has been signed by everyone:",
                                    "{sender} sends you a copy: {document} have been signed by everyone:", count),
        "own": words.ngettext("Your copy of the signed document is attached to this email.",
                              "Your copies of the {count} signed documents are attached to this email.", count),
        "cc": words.ngettext("A copy of the signed document is attached to this email.",
                             "Copies of the {count} signed documents are attached to this email.", count),
        "pending": words.ngettext("The signed document is still being prepared.",
                                  "The {count} signed documents are still being prepared.", count),
        "button": words.ngettext("Download the signed document", "Download the {count} signed documents", count),
        "here": words.ngettext("Download the signed document here:", "Download the {count} signed documents here:",
                               count),
        "too_large": words.ngettext("The signed document is too large to attach: ask {sender} for a copy.",
                                    "The {count} signed documents are too large to attach: ask {sender} for a copy.",
                                    count)}}


def _text(rendered: bytes) -> str:
    """The plain-text part: no trailing blanks, at most one empty line in a row."""
    lines = [line.rstrip() for line in rendered.decode().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"


class Unaddressable(Exception):
    """The recipient's address cannot be written into a message: a failure for good, like a bounce."""


def header_text(text: str) -> str:
    """Text as a message header carries it, on any Python: control characters (CR and LF among them)
    become spaces, bidirectional controls go, and `=?`, which starts an RFC 2047 encoded word, becomes
    `= ?`. Python's email package decodes encoded words in the text it is given, and before 3.11.10
    and 3.12.5 (CVE-2024-6923) wrote a decoded line break as a real one: a document named
    `a=?utf-8?q?=0D=0ABcc:_x@evil.test?=.pdf` gave its invitation a Bcc header. With no encoded word
    in it there is nothing to decode; text that is not ASCII the package encodes itself. The API
    refuses such text where it is input (esign.schema.header_problem); this covers what it never
    checked: document names, configured names and what was stored before."""
    return BIDI.sub("", NOT_ONE_LINE.sub(" ", text)).replace("=?", "= ?")


# the first release of each line whose email package writes no decoded line break (CVE-2024-6923)
HEADER_INJECTION_FIXED = {(3, 11): (3, 11, 10), (3, 12): (3, 12, 5)}


def interpreter_notice(version: tuple[Any, ...] | None = None) -> str | None:
    """The start-up warning on a Python (this one by default) whose email package has CVE-2024-6923,
    else None."""
    version = tuple((version or sys.version_info)[:3])
    fixed = HEADER_INJECTION_FIXED.get(tuple(version[:2]))
    if fixed is None or tuple(version) >= fixed:
        return None
    running, wanted = ".".join(map(str, version)), ".".join(map(str, fixed))
    return (f"Python {running} has CVE-2024-6923 (email header injection through RFC 2047 encoded words); esign "
            f"neutralises it in every header it writes, but upgrade the interpreter to {wanted} or later")


def mailbox(name: str | None, address: str) -> Address:
    """`name <address>` for a header; Unaddressable when no header can carry the address (not ASCII,
    or with an encoded word: both stored before the API refused them)."""
    if not address.isascii():
        raise Unaddressable(f"the address {address!r} is not ASCII: internationalised addresses are not supported")
    if "=?" in address:
        raise Unaddressable(f"the address {address!r} holds an RFC 2047 encoded word, which no header may carry")
    try:
        return Address(display_name=header_text(name or ""), addr_spec=address)
    except (ValueError, email.errors.HeaderParseError, email.errors.MessageDefect) as exc:
        raise Unaddressable(f"the address {address!r} cannot be written into a message: {exc}") from exc


def render(services: Services, request: SigningRequest, org: Json, template: str, to: tuple[str, str, str], signer: Signer | None,
           msg_key: str, pdfs: Sequence[tuple[str, bytes]] = ()) -> EmailMessage:
    """The message of `template` for `to`; for `completed`, `pdfs` are the attachments, each (file name,
    bytes): every document's signed PDF (none: a link)."""
    name, address, role = to
    shown = org_name(org)
    locale = email_locale(org, signer, role)
    gettext = i18n.translations(locale).gettext

    def when(moment: dt.datetime | None) -> str:
        return i18n.datetime_text(moment, locale, seconds=False)

    link = ""
    if template in ("invitation", "reminder"):
        link = links.signing_url(services, request, cast(Signer, signer))  # queued for a signer
    elif template == "completed" and services.config.signing.completed_link_days:  # 0: no link after completion
        # a signer who handed their place on has no signing link any more: the copy link, as a cc recipient
        # and one whose link was made with a service key since dropped: a copy link too
        own = signer is not None and signer["status"] != "delegated" and links.reproducible(services, request, signer)
        link = links.signing_url(services, request, cast(Signer, signer)) if own else copies.copy_url(services, request)
    subject = request.get("email_subject") if template in ("invitation", "reminder") else None
    title = envelope.title(request, locale)
    kind = roles.kind(signer) if signer else "signer"
    subject = subject or gettext(ROLE_SUBJECTS.get((template, kind), SUBJECTS[template])).format(document_name=title)
    declined = [s for s in request["signers"] if s["status"] in ("declined", "rejected")]  # rejected: an approver
    words = Words(locale)
    document_html, document_text = words.names([d["name"] for d in envelope.of(request)])
    ctx = {
        "_": gettext, "fill": words.fill, "say": words.say, "lang": locale, "dir": i18n.direction(locale),
        "document_html": document_html, "document_text": document_text, "subject": subject, "request_id": request["id"],
        "org_name": shown, "logo_url": org.get("logo_url") or "",
        **accent_colours(org.get("accent_color") or ACCENT), "name": name or address, "role": role,
        "sender": sender(request, org), "document_name": title,
        "message": request.get("message"), "link": link, "reason": cancel_reason(request), "kind": kind,
        "expires": when(request["expires_at"]),
        "signers": [_signer_line(s, when) for s in request["signers"]],
        "decliner": declined[0] if declined else None,
        "declined_at": when(declined[0].get("declined_at") or declined[0].get("rejected_at")) if declined else "",
        **_delegation(request, when),
        "handed_to": handed_to(request, signer), "passed_on_by": passed_on_by(request, signer),
        "witnessed": roles.witnessed_name(request, signer),  # a witness's: whose signature it witnesses
        # a purge the retention policy scheduled (esign.domain.retention.policy)
        "purge_at": when(request.get("retention_purge_at")), "rule": purge_words.rule_words(locale, request),
    }
    if template == "delegated" and signer and ctx["handed_to"]:  # the delegating signer's confirmation
        ctx.update(delegator=signer, delegate=ctx["handed_to"], delegated_at=when(signer.get("delegated_at")))
    if template == "completed":
        ctx.update(_copy_words(locale, len(envelope.of(request))))
        ctx["pdf"] = "attached" if pdfs else "link" if request.get("signed_pdf_status") == "ready" else "pending"
        ctx["link_until"] = when(copies.link_expires_at(services, request))
    msg = EmailMessage()
    msg["Subject"] = header_text(subject)
    from_name, from_address = email.utils.parseaddr(services.config.email["from"])
    # Address objects, not formatted strings: a display name with quotes or <...> that has to be encoded
    # (not ASCII) came out of formataddr as a second address in the header (`Zoë "Q" <z@evil>`)
    msg["From"] = Address(display_name=header_text(gettext(FROM).format(organisation=shown, sender=from_name)
                                                   if from_name else shown),
                          addr_spec=from_address)
    msg["To"] = mailbox(name, address)
    # replies go to the owner: the API key's, else the organisation's notify_email; an owner address no
    # header can carry (a key made before such addresses were refused): no Reply-To
    reply_to = (request.get("owner_name"), request.get("owner_email")) if request.get("owner_email") else \
        (shown, org.get("notify_email"))
    if reply_to[1] and reply_to[1] != address:
        try:
            msg["Reply-To"] = mailbox(*reply_to)
        except Unaddressable:
            pass
    msg["Message-ID"] = message_id(services, msg_key)
    msg["Auto-Submitted"] = "auto-generated"
    verp = bounces.verp_address(services, request["id"], signer["id"] if signer else None, msg_key)
    if verp:
        msg["Return-Path"] = f"<{verp}>"
    msg["Date"] = email.utils.format_datetime(services.clock.now().replace(tzinfo=dt.timezone.utc))
    msg["X-Esign-Request"] = request["id"]
    msg.set_content(_text(TEMPLATES.load(f"{template}.txt").generate(**ctx)))
    msg.add_alternative(HTML.load(f"{template}.html").generate(**ctx).decode(), subtype="html")
    for filename, pdf in pdfs:
        msg.add_attachment(pdf, maintype="application", subtype="pdf", filename=header_text(filename))
    return msg


async def send_email(services: Services, payload: Json, job_record: Job) -> None:
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or request.get("sandbox"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"]) if payload.get("signer_id") else None
    template = payload["template"]
    if template in ("invitation", "reminder") and (request["status"] != "pending" or (
            cast(Signer, signer)["status"] not in lifecycle.ACTIVE_SIGNER and not cc_links.link_open(cast(Signer, signer)))
                                                   or request["expires_at"] <= services.clock.now()):
        return  # the request moved on (or expired) before the mail went out: a stale link helps nobody
    if signer and template in ("invitation", "reminder"):
        request, signer = await fresh_links.for_message(services, request, signer)
    org = cast(Json, await services.store.organizations.by_id(request["org_id"]))  # the request's own
    to = recipient(request, org, payload, signer)
    if to is None:
        return  # an owner without an address (neither the API key nor the organisation names one)
    # the dedupe key is (template, request, recipient, link nonce or occasion); the job id otherwise
    msg_key = job_record.get("dedupe_key") or job_record["id"]
    if not job_record.get("sent_at"):  # sent by an earlier run that did not complete: never twice
        pdfs = await copies.attachments(services, request, email_locale(org, signer, to[2])) \
            if template == "completed" else []
        try:
            msg = render(services, request, org, template, to, signer, msg_key, pdfs)
            await services.email.send(msg)
        except (ProviderRejected, Unaddressable) as exc:
            services.metrics.email("bounced")
            if signer:
                await bounces.record_bounce(services, request, signer, str(exc))
            raise PermanentJobError(str(exc)) from exc
        except ProviderFault as exc:  # the sending side: retried (the worker logs it as an error), never a bounce
            services.metrics.email("sender_fault")
            await bounces.mail_failed(services, str(exc))
            raise
        services.metrics.email("sent")
        log.info("%s email sent%s", template, f" to signer {signer['id']}" if signer else f" ({payload.get('role')})")
        await uncancellable(services.store.jobs.mark_sent(job_record["id"]))
        await bounces.mail_ok(services)
    if signer and signer.get("email_failed_at"):
        await services.store.signing_requests.email_failed(request["id"], signer["id"], failed=False)
    await services.emit(request["org_id"], "signing_event.email_sent", signing_request_id=request["id"], signer=signer,
                        metadata={"template": template, "to": str(mailbox(to[0], to[1]))},
                        sandbox=False,
                        data={"signing_request_id": request["id"], "template": template},
                        event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:email_sent:{job_record['id']}")))


async def send_copies(services: Services, request: SigningRequest) -> None:
    """Queue everyone's copy of a completed request: each signer, each cc recipient and the owner
    (safe to call again: once per recipient)."""
    people, copies_to = roles.copy_recipients(request)
    await mail_queue.notify(services, request, "completed", people, copies_to, owner=True, once=True)


async def copies_due(services: Services, payload: Json, job_record: Job) -> None:
    """`[email] copy_wait_minutes` after completion: the copies go out now if the finalisation has not
    queued them yet (still processing or failing)."""
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is not None and request["status"] == "completed":
        await send_copies(services, request)


async def email_given_up(services: Services, job_record: Job, error: str) -> None:
    """The email job ran out of retries: visible on the signer and in the events."""
    services.metrics.email("given_up")
    payload = job_record["payload"]
    request = await services.store.signing_requests.by_id(payload["request_id"])
    if request is None or not payload.get("signer_id"):
        return
    signer = lifecycle.find_signer(request, payload["signer_id"])
    await bounces.mail_failed(services, f"an email to {signer['email']} (request {request['id']}) was given up: {error}")
    await bounces.record_failed(services, request, signer, error, payload["template"])


def _retry_horizon(config: Config) -> float:
    return float(config.jobs.message_retry_hours * 3600)


JOBS = [JobKind("email", send_email, lane="email", horizon=_retry_horizon, on_give_up=email_given_up),
        JobKind(COPIES, copies_due, lane="email")]
SWEEPS: list[Any] = []  # the requests' sweeps (expiry, reminders, effects) are esign.domain.requests.lifecycle's

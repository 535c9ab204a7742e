"""The words of the certificate of completion (esign.pdf.certificate): its language (`LOCALE`, set for
each certificate), what each event reads as (LABELS, `label`, `event_text`) and who did it (`actor`), its
sentences from the esign/i18n catalogs (`_`, `pgettext`, `ngettext`) and its lists, language names,
times and numbers as that language writes them.
"""
from __future__ import annotations

import contextvars

from babel import Locale

from esign import i18n
from esign.i18n import N_

SYSTEM = N_("esign (the service)")
LABELS = {
    "signing_request.created": N_("Request created"),
    "signing_request.sent": N_("Request sent for signing"),
    "signing_request.reminded": N_("Reminder sent"),
    "signing_request.cancelled": N_("Request cancelled"),
    "signing_request.expired": N_("Request expired"),
    "signing_request.completed": N_("Request completed: every signer signed"),
    "signing_event.reactivated": N_("Request reactivated"),
    "signing_event.email_failed": N_("Email could not be delivered"),
    "signing_event.email_bounced": N_("Email bounced"),
    "signing_event.sms_sent": N_("Text message with the signing link sent"),
    "signing_event.sms_failed": N_("Text message could not be delivered"),
    "signing_event.otp_sent": N_("Phone verification code sent"),
    "signing_event.otp_verified": N_("Phone number verified with the code"),
    "signing_event.otp_failed": N_("Wrong phone verification code entered"),
    "signing_event.consent_given": N_("Agreed to sign electronically"),
    "signing_event.downloaded": N_("Signed document downloaded"),
    "signer.viewed": N_("Document viewed"),
    "signer.signed": N_("Document signed"),
    "signer.declined": N_("Signing declined"),
    "signer.withdrawn": N_("Signer withdrawn"),
    "signer.reviewed": N_("Identity check reviewed"),
    "signer.delegated": N_("Signing delegated"),
    "signer.approved": N_("Approved"),
    "signer.rejected": N_("Rejected"),
    "signer.acknowledged": N_("Reviewed and acknowledged"),
    "signer.prepared": N_("Fields prefilled for the signers assisted"),
    "signer.witnessed": N_("Witnessed a signature"),
    "signing_request.signer_replaced": N_("Signer replaced"),
    "signing_event.attachment_added": N_("File attached"),
    "signing_event.link_issued": N_("Signing link issued"),
    "document.signed": N_("Signed PDF produced"),
    "identity.approved": N_("Identity verified"),
    "identity.rejected": N_("Identity check failed"),
    "signing_event.identity_started": N_("Identity check started"),
    "signing_event.identity_abandoned": N_("Identity check abandoned"),
    "public_link.used": N_("Request made from a public link"),
}
EMAIL_LABELS = {"invitation": N_("Invitation email sent"), "reminder": N_("Reminder email sent"),
                "completed": N_("Completion email sent"), "cancellation": N_("Cancellation email sent"),
                "declined": N_("Email sent that the request was declined"),
                "rejected": N_("Email sent that an approver rejected the request"),
                "expired": N_("Email sent that the request expired"),
                "delegated": N_("Email sent that the signing was delegated")}
EMAIL_SENT = N_("Email sent")  # an email of another kind
# who acts: the service sends emails and codes and moves the request on; the sender (the request's
# owner) creates, sends, cancels and manages signers; every other event is the signer's own action
SYSTEM_EVENTS = {"signing_event.email_sent", "signing_event.email_failed", "signing_event.email_bounced",
                 "signing_event.sms_sent", "signing_event.sms_failed",
                 "signing_event.otp_sent", "signing_request.reminded", "signing_request.expired",
                 "signing_request.completed", "document.signed"}
SENDER_EVENTS = {"signing_request.created", "signing_request.sent", "signing_request.cancelled",
                 "signing_event.reactivated", "signer.withdrawn", "signer.reviewed",
                 "signing_request.signer_replaced"}
# a participant who does not sign (docs/roles.md): their role on the certificate, and what they did
ROLE_NAMES = {"approver": N_("Approver"), "viewer": N_("Viewer"), "cc": N_("Copy recipient"),
              "assistant": N_("Assistant"), "witness": N_("Witness")}
ROLE_OUTCOMES = {"approved": LABELS["signer.approved"], "acknowledged": LABELS["signer.acknowledged"],
                 "notified": N_("Copy sent on completion"), "signed": LABELS["signer.approved"]}  # an approver who signs
LINK_AND_COPY = N_("Read-only link sent with the request; copy sent on completion")  # a cc's `notify_on: sent`
LOCALE = contextvars.ContextVar("certificate_locale", default=i18n.DEFAULT)  # set by audit_certificate


def signing_methods(signer: dict) -> list[str]:
    methods = [_("email link")]
    if signer.get("phone_verified"):
        methods.append(_("phone code (SMS)"))
    if signer.get("identity_verified"):
        methods.append(_("identity check"))
    elif signer.get("identity_review_pending"):
        methods.append(_("identity check (needs review)"))
    return methods


def role_line(signer: dict, request: dict) -> str | None:
    """A participant's role and what they did ("Approver: Approved", "Approver: Rejected: …",
    "Assistant: Prefilled 3 fields for …"), or None for a signer."""
    kind = signer.get("type") or "signer"
    if kind not in ROLE_NAMES:
        return None
    status = signer.get("status")
    names = {s.get("id"): s.get("name") for s in request.get("signers") or ()}
    if kind == "witness":
        words = _("Witnessed the signature of {name} (in person)") if signer.get("witness_mode") == "in_person" \
            else _("Witnessed the signature of {name}")
        outcome = say(words, name=names.get(signer.get("witness_for")) or "—") if status == "signed" else "—"
    elif status == "prepared":
        outcome = prefilled(sum(f.get("prefilled_by") == signer.get("id") for f in request.get("fields") or ()),
                            [names.get(i) or "" for i in signer.get("assists") or ()])
    elif status == "rejected":
        outcome = say(_("{event}: {reason}"), event=_(LABELS["signer.rejected"]), reason=isolate(signer.get("decline_reason")))
    elif kind == "cc" and status == "notified" and signer.get("notify_on") == "sent":
        outcome = _(LINK_AND_COPY)
    else:
        outcome = _(ROLE_OUTCOMES[status]) if status in ROLE_OUTCOMES else "—"
    return say(_("{role}: {outcome}"), role=_(ROLE_NAMES[kind]), outcome=outcome)


def prefilled(count: int, names: list) -> str:
    """"Prefilled 3 fields for Sam Signer and Ann Example", in the certificate's language."""
    return say(ngettext("Prefilled {count} field for {names}", "Prefilled {count} fields for {names}", count),
               count=number_text(count), names=join_list([isolate(n) for n in names]))


def label(event: dict) -> str:
    kind = event.get("event_type") or ""
    if kind == "signing_event.email_sent":
        return _(EMAIL_LABELS.get((event.get("metadata") or {}).get("template"), EMAIL_SENT))
    return _(LABELS[kind]) if kind in LABELS else kind.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def actor(request: dict, event: dict) -> str:
    """Who did it: the API key's owner for what the API triggered (`by` in the event's metadata, e.g. a
    reminder sent through the API), the member for what the staff console did (a `by` with no API key),
    the service for what it did on its own, the request's owner for
    the sender's other actions, else the signer."""
    kind = event.get("event_type")
    by = (event.get("metadata") or {}).get("by")
    if by and not by.get("api_key_id"):  # a member of the staff console
        return say(_("{name} (sender)"), name=by.get("name") or _("The sender"))
    if by:
        return say(_("{name} (sender, API key {key})"), name=by.get("name") or _("The sender"),
                                                          key=by.get("api_key_id") or "")
    if kind in SYSTEM_EVENTS:
        return _(SYSTEM)
    if kind in SENDER_EVENTS:
        return say(_("{name} (sender)"), name=request.get("owner_name") or _("The sender"))
    return event.get("signer_name") or event.get("signer_email") or "—"


def event_text(event: dict) -> str:
    """The label, and whom the service wrote to (an email the signer's address, else the recipient it
    records: the sender's, a copy's)."""
    kind = event.get("event_type") or ""
    whom = event.get("signer_email") or (event.get("metadata") or {}).get("to")
    if kind.startswith("signing_event.email_") and whom:
        return say(_("{event} to {whom}"), event=label(event), whom=whom)
    if kind == "signing_event.otp_sent" and event.get("signer_name"):
        return say(_("{event} to {whom}"), event=label(event), whom=event["signer_name"])
    meta = event.get("metadata") or {}
    if kind == "signing_request.signer_replaced" and meta.get("email"):
        return say(_("{event}: {before} replaced by {after}"),
            event=label(event), before=mailbox(meta.get("previous_name"), meta.get("previous_email")),
            after=mailbox(meta.get("name"), meta["email"]))
    if kind == "signer.prepared" and "fields" in meta:
        return prefilled(meta["fields"], meta.get("for") or [])
    if kind == "signer.rejected" and meta.get("reason"):
        return say(_("{event}: {reason}"), event=label(event), reason=isolate(meta["reason"]))
    if kind == "signer.delegated" and meta.get("delegate_email"):
        return say(_("{event} to {whom}"),
            event=label(event), whom=f"{mailbox(meta.get('delegate_name'), meta['delegate_email'])}: {isolate(meta.get('reason'))}")
    return label(event)


def _(message: str) -> str:
    """`message` in the certificate's language (esign/i18n catalogs)."""
    return i18n.translations(LOCALE.get()).gettext(message)


def isolate(value: object) -> str:
    """A value inserted into the certificate's text as a bidirectional isolate where directions can mix
    (esign.i18n.isolate: always in Arabic, else a value with right-to-left letters), so that it keeps its
    order: an email address or a command in an Arabic sentence, an Arabic name in a Latin one. The
    isolates order the text as it is drawn and are not drawn themselves (esign.pdf.fonts.visual)."""
    return i18n.isolate("" if value is None else value, LOCALE.get())


def say(message: str, **values: object) -> str:
    """`message` (translated) with its values put in, each `isolate`d."""
    return message.format(**{k: isolate(v) for k, v in values.items()})


def mailbox(name: object, address: object) -> str:
    """`name <address>`, each isolated (the name alone without an address)."""
    return f"{isolate(name)} <{isolate(address)}>".strip() if address else isolate(name)


def pgettext(context: str, message: str) -> str:
    """`message` in the certificate's language, where the catalogs translate it otherwise elsewhere."""
    return i18n.translations(LOCALE.get()).pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """`singular` or `plural`, as the certificate's language says `count` of a thing (esign/i18n catalogs)."""
    return i18n.translations(LOCALE.get()).ngettext(singular, plural, count)


def join_list(items: list[str]) -> str:
    """Items joined as the certificate's language lists them (`a, b and c`)."""
    return i18n.list_text(items, LOCALE.get())


def language_name(code: str) -> str:
    """The name of a language in the certificate's language (`Deutsch`, `German`, `ドイツ語`)."""
    name = Locale.parse(code).get_display_name(LOCALE.get())
    return name[:1].upper() + name[1:]


def sentences(parts: list[str]) -> str:
    """Sentences one after the other, as the certificate's language writes them (no space in Japanese)."""
    return ("" if LOCALE.get() == "ja" else " ").join(parts)


def time_text(value) -> str:
    """A time as the certificate's readers read it, naming its zone (UTC); empty for None."""
    return i18n.datetime_text(value, LOCALE.get())


def number_text(value) -> str:
    return i18n.number_text(value, LOCALE.get())


def ip_address_text(event: dict) -> str:
    """The IP address with its place when the GeoIP provider knew it: `203.0.113.7 (Munich, Bavaria, DE)`."""
    place = ", ".join(p for p in (event.get("city"), event.get("region"), event.get("country")) if p)
    return f"{event.get('ip_address') or ''} ({isolate(place)})" if place and event.get("ip_address") else event.get("ip_address") or ""

"""Queueing the messages a change of a signing request sends: one `email` job per recipient and channel,
deduplicated (esign.domain.mail.notifications renders and sends them), and for signers whose `delivery` asks
for it one `sms` job (esign.domain.mail.text_messages)."""
from __future__ import annotations

from collections.abc import Iterable

from esign.domain.ports import Services
from esign.domain.requests import roles
from esign.store.records import RecordLike, Signer, SigningRequest

#: a signer's `delivery` and the channels it uses; `link`: none (the sender hands the link over)
DELIVERY_CHANNELS = {"email": ("email",), "sms": ("sms",), "both": ("email", "sms"), "link": ()}
#: what a text message carries: the invitation, reminders, the completion notice and the delegating signer's
#: confirmation (the others are emails)
TEXTED = ("invitation", "reminder", "completed", "delegated")


def channels(signer: RecordLike) -> tuple[str, ...]:
    """How a participant is reached: by its `delivery`; a witness in person never (its signer hands it the device)."""
    return () if roles.in_person(signer) else DELIVERY_CHANNELS[signer.get("delivery") or "email"]


async def to_signer(services: Services, request: SigningRequest, template: str, signer: Signer, occasion: object) -> None:
    """Queue `template` for one signer on each channel of their `delivery` (never for sandbox requests);
    `occasion` completes the dedupe key."""
    if request.get("sandbox"):
        return
    ways = channels(signer)
    payload = {"request_id": request["id"], "template": template, "signer_id": signer["id"]}
    if "email" in ways:
        await services.enqueue("email", payload, dedupe_key=f"mail:{template}:{request['id']}:{signer['id']}:{occasion}")
    if "sms" in ways and template in TEXTED:
        await services.enqueue("sms", payload, dedupe_key=f"sms:{template}:{request['id']}:{signer['id']}:{occasion}")


async def notify(services: Services, request: SigningRequest, template: str, signers: Iterable[Signer] = (),
                 extra_recipients: Iterable[RecordLike] = (), owner: bool = False, once: bool = False) -> None:
    """Queue one message per recipient (never for sandbox requests): `signers` (by their `delivery`),
    `extra_recipients` (cc entries) and, with `owner` and `[notifications] owner_on_<template>`, the
    request's owner (whose address the email job looks up). `once`: one message per request and
    recipient, whichever state of the request queues it (the dedupe key holds no version)."""
    if request.get("sandbox"):
        return
    occasion = "once" if once else request["version"]
    for s in signers:
        await to_signer(services, request, template, s, "once" if once else s.get("token_nonce") or occasion)
    for cc in extra_recipients:
        await services.enqueue("email", {"request_id": request["id"], "template": template, "role": "cc",
                                         "to": cc["email"], "name": cc.get("name")},
                               dedupe_key=f"mail:{template}:{request['id']}:cc:{cc['email']}:{occasion}")
    if owner and services.config.notifications[f"owner_on_{template}"]:
        await services.enqueue("email", {"request_id": request["id"], "template": template, "role": "owner"},
                               dedupe_key=f"mail:{template}:{request['id']}:owner:{occasion}")

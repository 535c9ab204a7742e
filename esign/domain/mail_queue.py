"""Queueing the emails a change of a signing request sends: one `email` job per recipient, deduplicated
(esign.domain.notifications renders and sends them)."""
from __future__ import annotations


async def notify(services, request, template, signers=(), extra_recipients=(), owner=False, once=False):
    """Queue one email per recipient (never for sandbox requests): `signers`, `extra_recipients` (cc
    entries) and, with `owner` and `[notifications] owner_on_<template>`, the request's owner (whose
    address the email job looks up). `once`: one message per request and recipient, whichever
    state of the request queues it (the dedupe key holds no version)."""
    if request.get("sandbox"):
        return
    occasion = "once" if once else request["version"]
    for s in signers:
        await services.enqueue("email", {"request_id": request["id"], "template": template, "signer_id": s["id"]},
                               dedupe_key=f"mail:{template}:{request['id']}:{s['id']}:"
                                          f"{'once' if once else s.get('token_nonce') or occasion}")
    for cc in extra_recipients:
        await services.enqueue("email", {"request_id": request["id"], "template": template, "role": "cc",
                                         "to": cc["email"], "name": cc.get("name")},
                               dedupe_key=f"mail:{template}:{request['id']}:cc:{cc['email']}:{occasion}")
    if owner and services.config.notifications[f"owner_on_{template}"]:
        await services.enqueue("email", {"request_id": request["id"], "template": template, "role": "owner"},
                               dedupe_key=f"mail:{template}:{request['id']}:owner:{occasion}")

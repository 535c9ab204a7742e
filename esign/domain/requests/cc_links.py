"""A `cc` participant's read-only link (docs/roles.md, issue 41): `notify_on`.

- `"completed"` (the default): the cc gets the copy at completion only (esign.domain.requests.roles.copied).
- `"sent"`: when the request is sent, the cc becomes `notified` and is emailed (by the invitation
  template, in the words of its `type`) a link of its own that opens the signing page read-only: the
  document, no fields, no action. Every call through that link but a read (GET) is a 403
  (`refuse_action`), so the link only ever shows the document; at completion the cc still gets its copy.

The link is made like a signer's (a nonce on the participant, its hash stored), so it stops working,
as theirs do, once the request is no longer pending.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import cast

from esign.domain.requests import roles
from esign.errors import ApiError
from esign.secrets import new_token
from esign.store.records import Json, RecordLike, Signer

NOTIFY_ON = ("completed", "sent")
NOTIFY_ON_TEXT = ("extension, of a participant of type `cc` only (422 otherwise): when it hears of the request: "
                  "`completed` (default): its copy at completion; `sent`: also, when the request is sent, an email "
                  "with a link to a read-only view of the document (the signing page with no fields and no action; "
                  "the cc becomes `notified` then)")


def notify_on(participant: RecordLike) -> str | None:
    """A cc's `notify_on` (default `completed`); None for anyone else."""
    return (participant.get("notify_on") or "completed") if roles.kind(participant) == "cc" else None


def problems(entries: Sequence[RecordLike]) -> list[Json]:
    """The 422 details of a `notify_on` given to a participant who is not a cc."""
    return [{"field": f"signers.{i}.notify_on", "message": "only a participant of type cc is notified: leave it out"}
            for i, s in enumerate(entries) if s.get("notify_on") and (s.get("type") or "signer") != "cc"]


def stored(entry: RecordLike) -> Json:
    """What a participant's record keeps of its `notify_on` (given to a cc only: `problems`)."""
    return {"notify_on": entry["notify_on"]} if entry.get("notify_on") else {}


def shown(participant: RecordLike) -> Json:
    """`notify_on` and `notified_at` as the API shows a participant."""
    return {"notify_on": notify_on(participant), "notified_at": participant.get("notified_at")}


def at_send(signers: list[Signer], now: dt.datetime) -> list[Signer]:
    """At send: every cc with `notify_on: sent` still pending becomes `notified`, with a link of its own."""
    return [cast(Signer, {**s, "status": "notified", "notified_at": now, "sent_at": now, "token_nonce": new_token(nbytes=16),
                          "token_hash": None, "earlier_token_hashes": []})
            if notify_on(s) == "sent" and s["status"] == "pending" else s for s in signers]


def notified_now(signers: Sequence[Signer], now: dt.datetime) -> list[str]:
    """The ids of the ccs `at_send` notified (their email goes with the invitations)."""
    return [s["id"] for s in signers if roles.kind(s) == "cc" and s["status"] == "notified" and s.get("sent_at") == now]


def link_open(participant: RecordLike) -> bool:
    """A cc's read-only link is live (while the request is pending)."""
    return roles.kind(participant) == "cc" and participant["status"] == "notified"


def refuse_action(participant: RecordLike) -> None:
    """A cc's link only reads: anything else through it is a 403."""
    if roles.kind(participant) == "cc":
        raise ApiError(403, "forbidden", "this link only shows the document: a copy recipient has nothing to do here")

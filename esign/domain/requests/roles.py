"""What each participant of a signing request does, by its `type` (docs/roles.md, issue 41): who acts
now, what completes the request, which fields a participant may have, and the progress of everyone who
blocks completion.

- `signer` (the default): signs.
- `approver`: approves or rejects (esign.domain.signer.roles); in a parallel request every approver
  acts before anyone else is invited; a rejection cancels the request. With `approver_signs` it also
  signs: it approves by signing (its status `signed`, with `approved_at`).
- `viewer`: confirms having reviewed the document; the request completes only once every viewer has.
- `cc`: acts on nothing and blocks nothing; receives the copy at completion (status `pending`, then
  `notified`).

A participant stored before roles existed has no `type`: it is a signer.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import cast

from esign.store.records import Json, RecordLike, Signer, SigningRequest

TYPES = ("signer", "approver", "viewer", "cc")
BLOCKING = ("signer", "approver", "viewer")  # what the request waits for
DONE = ("signed", "delegated", "approved", "acknowledged")  # nothing left to do
UNSIGNED_FIELDS = ("signature", "initials", "attachment")  # what only a signer has


def kind(participant: RecordLike) -> str:
    return participant.get("type") or "signer"


def signs(participant: RecordLike) -> bool:
    """Whether this participant signs (`POST /sign/{token}/api/sign`): a signer, or an approver with
    `approver_signs`."""
    return kind(participant) == "signer" or (kind(participant) == "approver" and bool(participant.get("approver_signs")))


def signing_as(participant: RecordLike, now: dt.datetime) -> tuple[Json, Json]:
    """What a signature changes beyond a signer's: (the participant's own fields, the change's effects).
    An approver who signs approves by it: `approved_at`, and `signer.approved` with `signed: true`."""
    if kind(participant) != "approver":
        return {}, {}
    return {"approved_at": now}, {"event": "signer.approved", "metadata": {"type": "approver", "signed": True}}


def signed_count(signers: Sequence[RecordLike]) -> int:
    """`signed_count`: the signers (type `signer`) who signed; not an approver who signs."""
    return sum(s["status"] == "signed" and kind(s) == "signer" for s in signers)


def stored(participant: Json) -> Json:
    """What a participant of a create body or a draft edit keeps of its kind."""
    return {"type": participant.get("type") or "signer", "approver_signs": bool(participant.get("approver_signs"))}


def current_group(request: SigningRequest) -> list[Signer]:
    """Who acts now: parallel, every approver still to act, else everyone still to act; sequential,
    the lowest order still to act. Copies (`cc`) never act."""
    waiting = [s for s in request["signers"] if kind(s) in BLOCKING and s["status"] not in DONE]
    if request["signing_order"] == "parallel" or not waiting:
        return [s for s in waiting if kind(s) == "approver"] or waiting
    first = min(s["order"] for s in waiting)
    return [s for s in waiting if s["order"] == first]


def finished(signers: Sequence[RecordLike]) -> bool:
    """Every participant who blocks completion has done their part."""
    return all(s["status"] in DONE for s in signers if kind(s) in BLOCKING)


def copied(signers: list[Signer], now: dt.datetime) -> list[Signer]:
    """At completion: every `cc` participant `notified` (their copy is queued with everyone's,
    esign.domain.mail.notifications.send_copies)."""
    return [cast(Signer, {**s, "status": "notified", "notified_at": now}) if kind(s) == "cc" else s for s in signers]


def copy_recipients(request: SigningRequest) -> tuple[list[Signer], list[RecordLike]]:
    """Who gets the completed request's copy: (the participants who act, by their own link; the cc
    participants and `cc_emails` entries, by the copy link)."""
    ccs: list[RecordLike] = [s for s in request["signers"] if kind(s) == "cc"]
    return [s for s in request["signers"] if kind(s) != "cc"], [*(request.get("cc_emails") or []), *ccs]


def field_problem(participant: RecordLike, field_type: str) -> str | None:
    """Why this participant may not have a field of this type, or None."""
    role = kind(participant)
    if role in ("viewer", "cc"):
        return f"{participant['email']} is a {role}: a {role} has no fields"
    if role == "approver" and field_type in UNSIGNED_FIELDS and not participant.get("approver_signs"):
        return (f"{participant['email']} is an approver: an approver fills no {field_type} field (only text, date, "
                "checkbox and select fields), unless it also signs (approver_signs)")
    return None


def progress(request: SigningRequest) -> Json:
    """`participants_progress`: of everyone who blocks completion (signers, approvers, viewers; a
    delegated place counts once, by its delegate), how many there are and how many are done."""
    blocking = [s for s in request["signers"] if kind(s) in BLOCKING and s["status"] != "delegated"]
    return {"total": len(blocking), "done": sum(s["status"] in DONE for s in blocking)}

"""What each participant of a signing request does, by its `type` (docs/roles.md, issue 41): who acts
now, what completes the request, which fields a participant may have, and the progress of everyone who
blocks completion.

- `signer` (the default): signs.
- `approver`: approves or rejects (esign.domain.signer.roles); in a parallel request every approver
  acts before anyone else is invited; a rejection cancels the request. With `approver_signs` it also
  signs: it approves by signing (its status `signed`, with `approved_at`).
- `assistant`: prefills the text, checkbox and select fields of the signers it `assists` (their ids;
  given as their emails, or ids in a draft's edit) before they are invited (esign.domain.signer.roles:
  `prepare`); it acts before them: first in a parallel request, at a lower order in a sequential one.
- `witness`: signs its own witness block (signature, name, address fields) once the signer it is
  `witness_for` has signed, and is invited then (remote witnessing); its status becomes `signed` with
  `witnessed_at` (its signature is stamped and sealed as any), `signer.witnessed`. In person
  (`witness_mode: "in_person"`) it is never emailed nor texted: the signer it witnesses hands the device
  over right after signing (`handover`).
- `viewer`: confirms having reviewed the document; the request completes only once every viewer has.
- `cc`: acts on nothing and blocks nothing; receives the copy at completion (status `pending`, then
  `notified`).

A participant stored before roles existed has no `type`: it is a signer.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import cast

from esign.store.records import Field, Json, RecordLike, Signer, SigningRequest

TYPES = ("signer", "approver", "viewer", "cc", "assistant", "witness")
BLOCKING = ("signer", "approver", "viewer", "assistant", "witness")  # what the request waits for
LINKED = ("assistant", "witness")  # who names other participants (a template role names roles; a send's person, none)
FIRST = ("approver", "assistant")  # who acts before everyone else in a parallel request
DONE = ("signed", "delegated", "approved", "acknowledged", "prepared")  # nothing left to do
UNSIGNED_FIELDS = ("signature", "initials", "attachment")  # what only a signer has
PREFILLABLE = ("text", "checkbox", "select")  # what an assistant fills in for the signers it assists
WITNESS_MODES = ("remote", "in_person")  # a witness's `witness_mode`: invited by its own message, or handed the device
HANDOVER_MINUTES = 30  # how long after signing a signer's page offers the hand-over to its in-person witness


def kind(participant: RecordLike) -> str:
    return participant.get("type") or "signer"


def signs(participant: RecordLike) -> bool:
    """Whether this participant signs (`POST /sign/{token}/api/sign`): a signer, or an approver with
    `approver_signs`."""
    return kind(participant) in ("signer", "witness") or (kind(participant) == "approver" and bool(participant.get("approver_signs")))


def signing_as(participant: RecordLike, now: dt.datetime) -> tuple[Json, Json]:
    """What a signature changes beyond a signer's: (the participant's own fields, the change's effects).
    An approver who signs approves by it: `approved_at`, and `signer.approved` with `signed: true`; a
    witness witnesses by it: `witnessed_at`, and `signer.witnessed`."""
    if kind(participant) == "witness":
        return {"witnessed_at": now}, {"event": "signer.witnessed",
                                       "metadata": {"type": "witness", "mode": witness_mode(participant)}}
    if kind(participant) != "approver":
        return {}, {}
    return {"approved_at": now}, {"event": "signer.approved", "metadata": {"type": "approver", "signed": True}}


def signed_count(signers: Sequence[RecordLike]) -> int:
    """`signed_count`: the signers (type `signer`) who signed; not an approver who signs."""
    return sum(s["status"] == "signed" and kind(s) == "signer" for s in signers)


DEFAULTS: Json = {"type": "signer", "approver_signs": False, "assists": [], "witness_for": None}  # stored before them


def stored(participant: RecordLike) -> Json:
    """What a participant of a create body or a draft edit keeps of its kind."""
    return {"type": participant.get("type") or "signer", "approver_signs": bool(participant.get("approver_signs")),
            "assists": [str(a) for a in participant.get("assists") or []],
            "witness_for": str(participant["witness_for"]) if participant.get("witness_for") else None,
            "witness_mode": witness_mode(participant)}


def witness_mode(participant: RecordLike) -> str | None:
    """A witness's `witness_mode` (`remote` unless stored otherwise), None for anyone else."""
    return (participant.get("witness_mode") or "remote") if kind(participant) == "witness" else None


def in_person(participant: RecordLike) -> bool:
    """A witness in person: never emailed nor texted (the signer it witnesses hands the device over)."""
    return witness_mode(participant) == "in_person"


def handover(request: SigningRequest, participant: RecordLike, now: dt.datetime) -> Signer | None:
    """The in-person witness the participant (a signer) hands the device to: only while the request is
    pending, the participant signed at most `HANDOVER_MINUTES` ago and the witness has its link and has
    not signed yet; else None."""
    signed_at = participant.get("signed_at")
    if request["status"] != "pending" or participant.get("status") != "signed" or kind(participant) != "signer" \
            or signed_at is None or now - signed_at > dt.timedelta(minutes=HANDOVER_MINUTES):
        return None
    return next((s for s in request["signers"] if in_person(s) and s.get("witness_for") == participant["id"]
                 and s["status"] in ("sent", "viewed") and s.get("token_nonce")), None)


def linked(signers: list[Signer]) -> list[Signer]:
    """The participants with each assistant's `assists` and each witness's `witness_for` (emails, or ids
    of a draft's participants) as ids."""
    ids = {s["email"].lower(): s["id"] for s in signers} | {s["id"]: s["id"] for s in signers}
    signers = [cast(Signer, {**s, "assists": [ids.get(str(a).lower(), str(a)) for a in s["assists"]]}) if s.get("assists")
               else s for s in signers]
    return [cast(Signer, {**s, "witness_for": ids.get(str(s["witness_for"]).lower())}) if s.get("witness_for") else s
            for s in signers]



def witnessed_name(request: SigningRequest, participant: RecordLike | None) -> str:
    """The name of the signer a witness is `witness_for` ("" for anyone else): its invitation names them."""
    target = participant.get("witness_for") if participant is not None and kind(participant) == "witness" else None
    return next((s["name"] for s in request["signers"] if target and str(s["id"]) == str(target)), "")

def assist_problems(signers: list[Json], orders: list[int] | None) -> list[Json]:
    """The 422 details of assistants (a create body's or a draft edit's participants; `orders`, their
    orders in a sequential request): `assists` only on an assistant, which assists at least one signer of
    the list (by email or id) and comes before each in a sequential request."""
    keys = {**{str(s["email"]).lower(): i for i, s in enumerate(signers)},
            **{str(s["id"]): i for i, s in enumerate(signers) if s.get("id")}}
    details = []
    for i, s in enumerate(signers):
        assists, where = s.get("assists") or [], f"signers.{i}.assists"
        if kind(s) != "assistant":
            details += [{"field": where, "message": "only an assistant assists"}] if assists else []
            continue
        if not assists:
            details.append({"field": where, "message": "an assistant assists at least one signer: give their emails"})
        for entry in assists:
            j = keys.get(str(entry).lower())
            if j is None or kind(signers[j]) != "signer":
                details.append({"field": where, "message": f"{entry} is not a signer of this request"})
            elif orders is not None and orders[j] <= orders[i]:
                details.append({"field": f"signers.{i}.order", "message": (
                    f"an assistant prefills before the signers it assists: give it an order lower than {entry}'s")})
    return details


def witness_problems(signers: list[Json]) -> list[Json]:
    """The 422 details of witnesses: `witness_for` and `witness_mode` only on a witness, and every witness names one signer
    (type `signer`) of the list by email (or a draft's participant by id). Its own address differs from
    everyone else's as every participant's does (a duplicate email is refused)."""
    keys = {**{str(s["email"]).lower(): s for s in signers}, **{str(s["id"]): s for s in signers if s.get("id")}}
    details = []
    for i, s in enumerate(signers):
        given, where = s.get("witness_for"), f"signers.{i}.witness_for"
        if kind(s) != "witness":
            details += [{"field": where, "message": "only a witness has witness_for"}] if given else []
            details += [{"field": f"signers.{i}.witness_mode", "message": "only a witness has witness_mode"}] \
                if s.get("witness_mode") else []
        elif not given:
            details.append({"field": where, "message": "a witness witnesses one signer: give their email"})
        elif kind(keys.get(str(given).lower()) or {"type": "none"}) != "signer":
            details.append({"field": where, "message": f"{given} is not a signer of this request"})
    return details



def current_group(request: SigningRequest) -> list[Signer]:
    """Who acts now: parallel, every approver and assistant still to act, else everyone still to act;
    sequential, the lowest order still to act. Copies (`cc`) never act."""
    everyone = [s for s in request["signers"] if kind(s) in BLOCKING and s["status"] not in DONE]
    waiting = [s for s in everyone if kind(s) != "witness"]
    # a witness acts once the signer it witnesses has signed, whatever its order
    signed = {s["id"] for s in request["signers"] if s["status"] == "signed"}
    witnesses = [s for s in everyone if kind(s) == "witness" and s.get("witness_for") in signed]
    if request["signing_order"] == "parallel" or not waiting:
        return ([s for s in waiting if kind(s) in FIRST] or waiting) + witnesses
    first = min(s["order"] for s in waiting)
    return [s for s in waiting if s["order"] == first] + witnesses


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


def shown_fields(request: SigningRequest, participant: RecordLike) -> list[Field]:
    """The fields a participant's page shows to fill: its own; an assistant's, the text, checkbox and
    select fields of the signers it assists."""
    if kind(participant) != "assistant":
        return [f for f in request["fields"] if f["signer_id"] == participant["id"]]
    assisted = set(participant.get("assists") or [])
    return [f for f in request["fields"] if f["signer_id"] in assisted and f["field_type"] in PREFILLABLE]


def field_problem(participant: RecordLike, field_type: str) -> str | None:
    """Why this participant may not have a field of this type, or None."""
    role = kind(participant)
    if role in ("viewer", "cc", "assistant"):
        a = "an" if role == "assistant" else "a"
        return f"{participant['email']} is {a} {role}: {a} {role} has no fields of its own"
    if role == "approver" and field_type in UNSIGNED_FIELDS and not participant.get("approver_signs"):
        return (f"{participant['email']} is an approver: an approver fills no {field_type} field (only text, date, "
                "checkbox and select fields), unless it also signs (approver_signs)")
    return None


def progress(request: SigningRequest) -> Json:
    """`participants_progress`: of everyone who blocks completion (signers, approvers, viewers,
    assistants; a delegated place counts once, by its delegate), how many there are and how many are done."""
    blocking = [s for s in request["signers"] if kind(s) in BLOCKING and s["status"] != "delegated"]
    return {"total": len(blocking), "done": sum(s["status"] in DONE for s in blocking)}

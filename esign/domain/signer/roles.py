"""What an approver, a viewer and an assistant do through their link (docs/roles.md): approve or reject,
acknowledge, prefill the fields of the signers assisted.
Each is one conditional update of the request (lifecycle.transition) whose follow-up (events, emails,
the next invitations, completion) is stored with it and done after it (lifecycle.follow), as a
signature's is.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from esign.domain.pages import signer_values
from esign.domain.ports import Services
from esign.domain.requests import lifecycle, roles
from esign.domain.signer.signing import SignerSession
from esign.errors import invalid_state, validation_error
from esign.store.records import Json, Signer, SigningRequest

log = logging.getLogger("esign.roles")
MAX_REASON = 1000


def can_act(request: SigningRequest, signer: Signer, role: str, action: str = "") -> tuple[bool, str]:
    """Whether this participant, of type `role`, can do their part now (else why not); an approver who
    signs (`approver_signs`) approves by signing, so it may only reject here."""
    if request["status"] != "pending":
        return False, f"the signing request is {request['status']}"
    if roles.kind(signer) != role:
        return False, f"you take part as {roles.kind(signer)}, not as {role}"
    if role == "approver" and signer.get("approver_signs") and action != "reject":
        return False, "you approve by signing"
    if signer["status"] in roles.DONE or signer["status"] == "rejected":
        return False, f"you have already {'rejected' if signer['status'] == 'rejected' else 'done your part'}"
    if signer["status"] not in lifecycle.ACTIVE_SIGNER or signer["id"] not in {
            s["id"] for s in roles.current_group(request)}:
        return False, "it is not your turn yet"
    return True, ""


def _check_turn(session: SignerSession, role: str, action: str = "") -> None:
    ok, why = can_act(session.request, session.signer, role, action)
    if not ok:
        raise invalid_state(why)


def _done(services: Services, signer_id: str, role: str, status: str, values: dict[str, str | None],
          actor: Json, metadata: Json | None = None) -> Callable[[SigningRequest], Json]:
    """The change that records the participant's action; the values of an assistant's (`prepare`) are
    the assisted signers' prefills (`prefilled_by`), an approver's its own fields' (`filled_at`)."""
    now = services.clock.now()
    filled = {"prefilled_by": signer_id, "prefilled_at": now} if role == "assistant" else {"filled_at": now}

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        ok, why = can_act(r, s, role)
        if not ok:
            raise invalid_state(why)
        signers = [dict(x, status=status, **{f"{status}_at": now}, viewed_at=x.get("viewed_at") or now,
                        ip_address=actor.get("ip_address"), user_agent=actor.get("user_agent"))
                   if x["id"] == signer_id else x for x in r["signers"]]
        fields = [dict(f, value=values[f["id"]], **filled) if f["id"] in values else f for f in r["fields"]]
        changes: Json = {"signers": signers, "fields": fields,
                         "effects": {"op": "signed", "event": f"signer.{status}", "signer_id": signer_id,
                                     "actor": dict(actor), "invited": [], "consent": None,
                                     "metadata": {"type": role, **(metadata or {})}}}
        return lifecycle.advance(services, r, changes, now)

    return build


async def approve(services: Services, session: SignerSession, values: object, actor: Json) -> SigningRequest:
    """The approver approves, with the values of their own fields (text, date, checkbox, select; an
    approver has no signature, initials or attachment field), checked as a signer's are."""
    _check_turn(session, "approver")
    # an approver has no signature or initials field: the mark check_submission asks for is not used
    checked, _, _ = await asyncio.to_thread(
        signer_values.check_submission, session.request, session.signer, values,
        {"kind": "typed", "text": session.signer["name"]}, None, services.clock.now().date())
    build = _done(services, session.signer["id"], "approver", "approved", checked, actor)
    return await _acted(services, await lifecycle.transition(services, session.request, "pending", build), session,
                        "approved")


async def acknowledge(services: Services, session: SignerSession, actor: Json) -> SigningRequest:
    """The viewer confirms having reviewed the document."""
    _check_turn(session, "viewer")
    build = _done(services, session.signer["id"], "viewer", "acknowledged", {}, actor)
    return await _acted(services, await lifecycle.transition(services, session.request, "pending", build), session,
                        "acknowledged")


async def prepare(services: Services, session: SignerSession, values: object, actor: Json) -> SigningRequest:
    """The assistant prefills fields of the signers it assists (`values`: field id -> value; only text,
    checkbox and select fields, each checked as a signer's value is) and is done: status `prepared`,
    `signer.prepared`; whoever's turn it now is is invited."""
    _check_turn(session, "assistant")
    checked = await asyncio.to_thread(prefills, session.request, session.signer, values)
    names = {s["id"]: s["name"] for s in session.request["signers"]}
    build = _done(services, session.signer["id"], "assistant", "prepared", dict(checked), actor,
                  {"fields": len(checked), "for": [names.get(i, "") for i in session.signer.get("assists") or []]})
    return await _acted(services, await lifecycle.transition(services, session.request, "pending", build), session,
                        "prepared")


def prefills(request: SigningRequest, assistant: Signer, values: object) -> dict[str, str]:
    """An assistant's values, checked (422 with one detail per problem): each names a text, checkbox or
    select field of a signer it assists; an empty one is left out."""
    if not isinstance(values, dict):
        raise validation_error([{"field": "values", "message": "must be an object of field id -> value"}])
    assisted, fields = set(assistant.get("assists") or []), {f["id"]: f for f in request["fields"]}
    deadline, out, details = time.monotonic() + signer_values.MATCH_BUDGET_SECONDS, {}, []
    for field_id, raw in values.items():
        f, where = fields.get(field_id), f"values.{field_id}"
        if f is None or f["signer_id"] not in assisted:
            details.append({"field": where, "message": "not a field of a signer you assist"})
        elif f["field_type"] not in roles.PREFILLABLE:
            details.append({"field": where, "message": f"an assistant fills no {f['field_type']} field (only text, "
                                                       "checkbox and select fields)"})
        else:
            value, problem = signer_values.check_value(f, raw, deadline)
            if problem:
                details.append({"field": where, "message": problem})
            elif value is not None:
                out[field_id] = value
    if details:
        raise validation_error(details)
    return out


async def reject(services: Services, session: SignerSession, reason: object, actor: Json) -> SigningRequest:
    """The approver rejects, saying why (1 to 1000 characters): the approver becomes `rejected`, the
    request `cancelled` (its `cancellation`, esign.domain.requests.cancellation); nobody else is invited, the
    owner is emailed the reason."""
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise validation_error([{"field": "reason", "message": f"say why you reject (1 to {MAX_REASON} characters)"}])
    _check_turn(session, "approver", "reject")
    text, signer_id, now = reason.strip(), session.signer["id"], services.clock.now()

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        ok, why = can_act(r, s, "approver", "reject")
        if not ok:
            raise invalid_state(why)
        signers = [dict(x, status="rejected", rejected_at=now, decline_reason=text) if x["id"] == signer_id else x
                   for x in r["signers"]]
        return {"status": "cancelled", "cancelled_at": now, "cancel_reason": f"rejected by {s['email']}",
                "signers": signers,
                "effects": {"op": "declined", "event": "signer.rejected", "notice": "rejected", "signer_id": signer_id,
                            "actor": dict(actor), "metadata": {"type": "approver"}}}

    return await _acted(services, await lifecycle.transition(services, session.request, "pending", build), session,
                        "rejected")


async def _acted(services: Services, request: SigningRequest, session: SignerSession, action: str) -> SigningRequest:
    """What follows the change that recorded an approver's or a viewer's action (it won: once), then
    the operator's view of it: `esign_participant_actions_total{action}` and a log line."""
    services.metrics.participant_action(action)
    log.info("signing request %s: %s %s %s", request["id"], roles.kind(session.signer), session.signer["id"], action)
    return await lifecycle.follow(services, request)

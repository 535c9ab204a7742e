"""Why a signing request was cancelled, as its record (`GET /v1/signing-requests/{id}`) and the
`signing_request.cancelled` webhook show it: `{kind, reason, by, at}` (docs/roles.md).

It is read from the cancelled record itself (each cancelling change is one conditional update that
leaves the participant who caused it in its final status), so the record and the webhook cannot
disagree, and a request cancelled before this existed shows it too:

- `rejected`: an approver rejected (esign.domain.signer.roles.reject); `reason` is theirs, `by` them;
- `declined`: a signer declined (lifecycle.decline); `reason` is theirs, `by` them;
- `cancelled`: the sender cancelled it (`POST /v1/signing-requests/{id}/cancel`, or the console);
  `reason` is the one given (or null); `by` is null (the audit trail names the API key or member).

An expired request is `expired`, not cancelled: it has none.
"""
from __future__ import annotations

from esign.clock import iso
from esign.store.records import Json, SigningRequest

BY_PARTICIPANT = ("rejected", "declined")  # a participant's own status that cancels the request


def of(request: SigningRequest) -> Json | None:
    """The request's `cancellation`, or None when it is not cancelled."""
    if request["status"] != "cancelled":
        return None
    for s in request["signers"]:
        if s["status"] in BY_PARTICIPANT:
            return {"kind": s["status"], "reason": s.get("decline_reason"),
                    "by": {"id": s["id"], "name": s["name"], "email": s["email"]}, "at": iso(request.get("cancelled_at"))}
    return {"kind": "cancelled", "reason": request.get("cancel_reason"), "by": None, "at": iso(request.get("cancelled_at"))}

"""The sender's revocation of a completed request (`POST /v1/signing-requests/{id}/revoke`, docs/signing.md
"Verification page"): its public verification page then says `revoked_by_sender` with the date.

A revocation is one conditional update (SigningRequests.revoke: completed, its signed PDF made, not
revoked, no purge begun)
that keeps `revoked_at` and the sender's `revocation_reason` on the record, and records
`signing_request.revoked` once (its id derived from the request). Asking again answers the request as it
is, the first reason kept: the call is idempotent. The signed files do not change: a revocation says the
sender no longer stands by them; the proof of what was signed stays."""
from __future__ import annotations

import logging
import uuid

from esign.clock import iso
from esign.domain.ports import Services
from esign.errors import ApiError, invalid_state
from esign.store.records import Json, SigningRequest
from esign.store.signing_requests import UNSEALED

log = logging.getLogger("esign.verification")


def _check(request: SigningRequest) -> None:
    if request["status"] != "completed":
        raise invalid_state(f"only a completed signing request can be revoked; this one is {request['status']}")
    if request.get("purge"):
        raise invalid_state("this signing request was purged: it changes no more")
    if request.get("signed_pdf_status") in UNSEALED:  # its certificate would list the revocation
        raise ApiError(409, "invalid_state", "the signed PDF is not produced yet; revoke the request once it is ready",
                       headers={"Retry-After": "5"})


async def revoke(services: Services, request: SigningRequest, reason: str, by: Json | None = None) -> SigningRequest:
    """Revoke `request` (see the module): 409 `invalid_state` unless it is completed and not purged."""
    if request.get("revoked_at"):
        return request
    _check(request)
    repo = services.store.signing_requests
    revoked = await repo.revoke(request, reason, services.clock.now())
    if revoked is None:  # revoked, or a purge begun, meanwhile
        fresh = await repo.require(request["org_id"], request["id"], "signing request")
        if fresh.get("revoked_at"):
            return fresh
        _check(fresh)
        raise invalid_state("the signing request changed meanwhile; retry")
    await services.emit(request["org_id"], "signing_request.revoked", signing_request_id=request["id"],
                        sandbox=request.get("sandbox", False),
                        event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:revoked")),
                        metadata={"by": by} if by else None,
                        data={"signing_request_id": request["id"], "revoked_at": iso(revoked["revoked_at"]),
                              "reason": reason})
    services.metrics.revocation()
    log.info("signing request %s revoked by its sender", request["id"])
    return revoked

"""What the two identity flows share: the checks before a step, the quota reservation, the event
of each result and the signer's identity fields of a decided result."""
from __future__ import annotations

import datetime as dt
from typing import cast

from esign.domain.orgs.usage import reserve
from esign.domain.ports import Services
from esign.domain.signer.verification.common import identity_flow, masked
from esign.errors import ApiError, invalid_state
from esign.providers.base import IdentityResult
from esign.providers.names import name_score
from esign.store.records import Json, Signer, SigningRequest

IDENTITY_EVENTS = {"approved": "identity.approved", "rejected": "identity.rejected", "review": "signer.reviewed",
                   "abandoned": "signing_event.identity_abandoned"}


def check_identity_step(services: Services, request: SigningRequest, signer: Signer, flow: str) -> None:
    if not request.get("identity_verification_required"):
        raise invalid_state("this signing request does not need identity verification")
    if identity_flow(services.identity) != flow:
        other = "POST /sign/{token}/api/identity/start" if flow == "form" else "POST /sign/{token}/api/identity"
        raise invalid_state(f"the identity provider of this service works another way: use {other}")
    status = signer.get("identity_status")
    if status == "approved" or (status == "review" and signer.get("identity_flow") != "redirect"):
        raise invalid_state("your identity check is already done")
    if status == "review":
        raise invalid_state("your identity check is being reviewed; you can sign once it is approved")
    if signer.get("identity_attempts", 0) >= services.config.signer.identity_max_attempts:
        raise ApiError(403, "forbidden", "no identity verification attempts are left; contact the sender")



async def reserve_check(services: Services, request: SigningRequest) -> tuple[bool, Json]:
    """Count one check toward the plan's quota when the provider charges (403 beyond it)."""
    counted = services.identity.charges and not request.get("sandbox")
    org = cast(Json, await services.store.organizations.by_id(request["org_id"]))  # the request's own
    if counted:
        await reserve(services, org, "identity_verifications", "identity_verifications_per_month", "identity verifications")
    return counted, org


def identity_changes(now: dt.datetime, signer: Signer, result: IdentityResult) -> Json:
    """The signer's identity fields for a decided result (approved, review or rejected)."""
    score = result.name_match_score
    if score is None and result.verified_name:
        score = name_score(signer["name"], result.verified_name)
    match_status = {"approved": "match", "review": "partial_match", "rejected": "no_match"}[result.status]
    return dict(
        identity_status=result.status, identity_verified=result.status == "approved",
        identity_verified_at=now if result.status == "approved" else None,
        identity_verified_name=result.verified_name, identity_name_match_score=score,
        identity_name_match_status=result.details.get("name_match_status", match_status),
        identity_document_type=result.document_type, identity_dob=result.date_of_birth,
        identity_address=result.address, identity_document_number=masked(result.document_number, 4),
        identity_document_expiry=result.document_expiry, identity_document_issued_country=result.issued_country,
        identity_selfie_verified=bool(result.details.get("selfie_verified")),
        identity_device_vpn_detected=bool(result.details.get("vpn_detected")),
        identity_review_pending=result.status == "review", identity_reason=result.reason,
    )


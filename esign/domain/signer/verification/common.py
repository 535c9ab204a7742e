"""What the phone and identity flows share: the signer's verification state as the signing page
shows it (`requirements`), what still blocks signing (`blocker`), and the small helpers both use."""
from __future__ import annotations

import datetime as dt
from typing import Any, Protocol

from esign.clock import iso
from esign.domain.ports import Services
from esign.providers.base import IdentityProvider, RedirectIdentityProvider
from esign.store.records import Json, Signer, SigningRequest

DOCUMENT_TYPES = ("passport", "id_card", "driving_licence", "residence_permit")


class Session(Protocol):
    """An opened signing link (esign.domain.signer.signing.SignerSession) as verification reads it."""

    request: SigningRequest
    signer: Signer


def identity_flow(provider: IdentityProvider) -> str:
    """`redirect` for a RedirectIdentityProvider, else `form` (the capability is the provider's base class)."""
    return "redirect" if isinstance(provider, RedirectIdentityProvider) else "form"


def masked(value: str | None, keep: int) -> str | None:
    if not value:
        return None
    return "\u2022" * max(0, len(value) - keep) + value[-keep:]



def requirements(services: Services, request: SigningRequest, signer: Signer) -> Json:
    now = services.clock.now()
    locked = signer.get("otp_locked_until")
    return {
        "phone_verification": {
            "required": bool(request.get("phone_verification_required")),
            "verified": bool(signer.get("phone_verified_at")),
            "phone_hint": masked(signer.get("phone"), 2),
            "code_sent": bool((expires := signer.get("otp_expires_at")) and expires > now),
            "locked_until": iso(locked) if locked and locked > now else None,
        },
        "identity_verification": {
            "required": bool(request.get("identity_verification_required")),
            "flow": identity_flow(services.identity),
            "status": signer.get("identity_status"),
            "attempts_left": max(0, services.config.signer.identity_max_attempts - signer.get("identity_attempts", 0)),
            "document_types": list(DOCUMENT_TYPES),
            "redirect_url": open_redirect(signer, now),
            "message": signer.get("identity_reason"),
        },
    }



def open_redirect(signer: Signer, now: dt.datetime) -> str | None:
    """The vendor's page of the signer's open session, while it still works."""
    if signer.get("identity_status") != "pending" or not signer.get("identity_redirect_url"):
        return None
    expires = signer.get("identity_session_expires_at")
    return signer["identity_redirect_url"] if expires is None or expires > now else None


def blocker(request: SigningRequest, signer: Signer) -> str | None:
    """Which verification the signer still lacks, or None."""
    if request.get("phone_verification_required") and not signer.get("phone_verified_at"):
        return "verify your phone number with the code we text you first"
    if request.get("identity_verification_required"):
        status = signer.get("identity_status")
        if status == "rejected":
            return "your identity could not be verified"
        if status == "pending":
            return "your identity check has not finished yet"
        if status == "review" and signer.get("identity_flow") == "redirect":
            return "your identity check is being reviewed; you can sign once it is approved"
        if status not in ("approved", "review"):
            return "verify your identity first"
    return None



def set_signer(request: SigningRequest, signer_id: str, **changes: Any) -> Json:
    return {"signers": [dict(s, **changes) if s["id"] == signer_id else s for s in request["signers"]]}


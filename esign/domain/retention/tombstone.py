"""What a purge keeps of a signing request (the tombstone), and what it removes from the record.

The tombstone is written once, before anything is deleted (SigningRequests.purge_tombstone): the
request's ids and dates, its final state, the action and the reason, each document's original,
stamped and signed SHA-256 (the signed one read from its blob), the audit chain's head and event
count, the signing level and the seal's fingerprint (read from the first signed PDF's signature).
"""
from __future__ import annotations

import asyncio
import hashlib
import io
from typing import Any

from pyhanko.pdf_utils.reader import PdfFileReader

from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.store.records import Field, Json, Signer, SigningRequest

# a signer's personal fields, emptied by `purge_all` (strings) or set to None (the rest)
SIGNER_TEXTS = ("name", "email")
SIGNER_PERSONAL = ("phone", "display_name", "decline_reason", "ip_address", "user_agent", "delegation_reason",
                   "identity_verified_name", "identity_dob", "identity_address", "identity_document_number",
                   "identity_document_expiry", "identity_document_issued_country", "identity_document_type")
# the request's own personal fields, for `purge_all`
REQUEST_PERSONAL: Json = {"owner_name": "", "owner_email": "", "signer_emails": [], "cc_emails": [], "message": None,
                    "email_subject": None, "cancel_reason": None,
                    "revocation_reason": None}


async def _sha256(services: Services, key: str | None) -> str | None:
    """The SHA-256 of a stored blob, read in chunks; None when there is no such blob."""
    if not key:
        return None
    digest = hashlib.sha256()
    try:
        async for chunk in services.storage.stream(key):
            digest.update(chunk)
    except KeyError:
        return None
    return digest.hexdigest()


def _seal_fingerprint(pdf: bytes) -> str | None:
    """The SHA-256 fingerprint (upper-case hex with colons, as the certificate prints it) of the
    certificate that signed the PDF's first signature; None when it has none."""
    signatures = PdfFileReader(io.BytesIO(pdf), strict=False).embedded_signatures
    if not signatures:
        return None
    return str(signatures[0].signer_cert.sha256.hex(":").upper())


async def build(services: Services, request: SigningRequest, purge: Json) -> Json:
    """The tombstone of `request`, about to be purged as `purge` says."""
    signed = {d["document_id"]: d for d in request.get("signed_documents") or ()}
    documents = []
    for listed in envelope.of(request):
        done = signed.get(listed["id"])
        record = await services.store.documents.by_id(listed["id"])
        original = record["sha256"] if record is not None else None
        documents.append({
            "document_id": listed["id"],
            "original_sha256": done["original_sha256"] if done else original,
            "stamped_sha256": done["stamped_sha256"] if done else None,
            "signed_sha256": await _sha256(services, done["signed_blob_key"]) if done else None})
    fingerprint = None
    if request.get("signed_blob_key"):
        try:
            pdf = await services.storage.get_bytes(request["signed_blob_key"])
        except KeyError:
            pdf = None
        fingerprint = await asyncio.to_thread(_seal_fingerprint, pdf) if pdf else None
    trail = await services.store.events.trail(request["id"])
    ended = request.get("completed_at") or request.get("cancelled_at") or request.get("expired_at")
    return {"signing_request_id": request["id"], "org_id": request["org_id"], "created_at": request["created_at"],
            "ended_at": ended, "final_state": request["status"], "action": purge["action"], "reason": purge["reason"],
            "rule": purge.get("rule"), "documents": documents,
            "audit": {"head": trail[-1]["hash"] if trail else None, "event_count": len(trail)},
            "signing_level": request.get("signing_level", "ses"), "seal_fingerprint": fingerprint,
            "verification_id": request.get("verification_id")}


def blob_keys(request: SigningRequest) -> list[str]:
    """Every blob of the request itself: its signed, combined and certificate PDFs, the files attached
    to its fields and its signers' drawings (the originals are the documents': `purge.run`)."""
    keys = [request.get("signed_blob_key"), request.get("combined_blob_key"), request.get("certificate_blob_key"),
            *(d["signed_blob_key"] for d in request.get("signed_documents") or ()),
            *((f.get("attachment") or {}).get("blob_key") for f in request["fields"]),
            *((s.get("signature") or {}).get("blob_key") for s in request["signers"]),
            *((s.get("initials") or {}).get("blob_key") for s in request["signers"])]
    return sorted({k for k in keys if k})


def _field(field: Field) -> Field:
    return {**field, "value": None, "attachment": None, "filled_at": None}


def _signer(signer: Signer, everything: bool) -> Signer:
    changed: dict[str, Any] = {**signer, "signature": None, "initials": None}
    if everything:
        changed.update({k: "" for k in SIGNER_TEXTS}, **{k: None for k in SIGNER_PERSONAL})
    return changed  # type: ignore[return-value]  # the same keys, emptied


def removed(request: SigningRequest, action: str) -> Json:
    """The record's changes of a purge: field values, attached files and drawings always; with
    `purge_all` also names, addresses, phone numbers, IP addresses and user agents."""
    everything = action == "purge_all"
    changes: Json = {"fields": [_field(f) for f in request["fields"]], "field_values": None,
                     "signers": [_signer(s, everything) for s in request["signers"]]}
    if everything:
        changes.update(REQUEST_PERSONAL)
    return changes

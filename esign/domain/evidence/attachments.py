"""Signer attachments (extension): a field of type `attachment` asks its signer for a file, a PDF,
PNG or JPEG of at most `[limits] attachment_mb`. The file is checked as uploads are (a PDF by the
bounded checking child, esign.pdf.probe; an image decoded by Pillow in such a child too, within
esign.pdf.image_check.MAX_PIXELS: never in the API process), kept in blob
storage (the request holds its description only: name, size, SHA-256, type, blob key), downloaded
by the sender, embedded in the signed PDF under the seal and listed on the certificate.
"""
from __future__ import annotations

import asyncio
import hashlib
import os
import re
import unicodedata
from typing import overload

from esign.domain.ports import Services
from esign.domain.requests import effects, lifecycle
from esign.errors import ApiError, invalid_state, not_found, upstream_unavailable, validation_error
from esign.pdf.probe import cleaned_path
from esign.providers.base import ProviderUnavailable
from esign.store.records import Field, Json, Signer, SigningRequest

NAME_MAX = 255
KINDS = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg"}


class Unusable(Exception):
    """An attachment missing from blob storage or no longer matching its SHA-256."""


def sniff(head: bytes) -> str | None:
    """The content type the file's first bytes announce (PDF, PNG, JPEG), or None."""
    if head.startswith(b"%PDF-") or b"%PDF-" in head[:1024]:
        return "application/pdf"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    return None


def clean_name(name: str | None, content_type: str) -> str:
    """The file name as given, without folders or control characters, at most NAME_MAX characters;
    `attachment.<ext>` when none is left."""
    name = re.split(r"[\\/]", name or "")[-1]
    name = "".join(c for c in unicodedata.normalize("NFC", name) if unicodedata.category(c)[0] != "C").strip()
    return name[:NAME_MAX] or f"attachment.{KINDS[content_type]}"


def _file_sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def blob_key(request: SigningRequest, field_id: str, sha256: str, content_type: str) -> str:
    return f"orgs/{request['org_id']}/attachments/{request['id']}/{field_id}/{sha256}.{KINDS[content_type]}"


def own_field(request: SigningRequest, signer: Signer, field_id: str) -> Field:
    field = next((f for f in request["fields"] if f["id"] == field_id and f["signer_id"] == signer["id"]), None)
    if field is None:
        raise not_found("field")
    if field["field_type"] != "attachment":
        raise validation_error([{"field": "field_id", "message": "this field does not take a file (it is not an "
                                                                 "attachment field)"}])
    return field


async def attach(services: Services, request: SigningRequest, signer: Signer, field_id: str, path: str, size: int,
                 filename: str | None, actor: Json | None = None) -> SigningRequest:
    """Check the file at `path` and record it on the signer's attachment field (replacing an earlier
    one). 404 for a field that is not the signer's, 409 when it is not their turn, 422 for a file
    that is empty, of another type or unreadable."""
    own_field(request, signer, field_id)
    ok, why = lifecycle.can_sign(request, signer)
    if not ok:
        raise invalid_state(why)
    if size == 0:
        raise validation_error([{"field": "file", "message": "the file is empty"}])
    with open(path, "rb") as fh:
        head = fh.read(1024)
    content_type = sniff(head)
    if content_type is None:
        raise validation_error([{"field": "file", "message": "attach a PDF, PNG or JPEG file"}])
    stored = path
    try:
        if content_type == "application/pdf":
            checked = await services.pdf_checker.check(path)
            if not checked.get("ok") or checked.get("too_large"):
                raise validation_error([{"field": "file", "message": checked.get("error") or "not a usable PDF"}])
            if checked.get("active_content") and services.config.limits.active_content == "refuse":
                raise validation_error([{"field": "file", "message": (
                    f"the PDF carries active content ({', '.join(checked['active_content'])}), which this service "
                    "refuses: save or print it again as a plain PDF")}])
            stored = checked["cleaned"]  # normalised (esign.pdf.normalise), as uploads are stored
        else:
            checked = await services.pdf_checker.image(path, content_type)
            if not checked.get("ok"):
                raise validation_error([{"field": "file", "message": checked.get("error") or "not a usable image"}])
        size, sha256 = os.path.getsize(stored), await asyncio.to_thread(_file_sha256, stored)
        key = blob_key(request, field_id, sha256, content_type)
        try:
            await services.storage.put_file(key, stored)
        except (OSError, ProviderUnavailable) as exc:
            raise upstream_unavailable(f"blob storage unavailable: {exc}") from exc
    finally:
        if content_type == "application/pdf":  # the check's copy, stored or refused
            try:
                os.unlink(cleaned_path(path))
            except FileNotFoundError:
                pass
    described = {"name": clean_name(filename, content_type), "size": size, "sha256": sha256,
                 "content_type": content_type, "blob_key": key, "uploaded_at": services.clock.now()}

    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer["id"])
        own_field(r, s, field_id)
        ok, why = lifecycle.can_sign(r, s)
        if not ok:
            raise invalid_state(why)
        return {"fields": [dict(f, attachment=described) if f["id"] == field_id else f for f in r["fields"]],
                "effects": effects.event_effects("signing_event.attachment_added", signer["id"], actor, {
                    "field_id": field_id, "name": described["name"], "size": size, "sha256": sha256,
                    "content_type": content_type})}

    return await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))


@overload
def public(described: Json) -> Json: ...
@overload
def public(described: None) -> None: ...
def public(described: Json | None) -> Json | None:
    """What the API shows of an attachment (not where it is kept)."""
    return {k: described[k] for k in ("name", "size", "sha256", "content_type")} if described else None


def find(request: SigningRequest, field_id: str) -> Json:
    """The attachment of a request's field (404 when the field has none)."""
    field = next((f for f in request["fields"] if f["id"] == field_id), None)
    if field is None:
        raise not_found("field")
    attached = field.get("attachment")
    if not attached:
        raise ApiError(404, "not_found", "no file has been attached to this field")
    return attached


async def for_signed_pdf(services: Services, request: SigningRequest) -> list[Json]:
    """Every attachment of the signed signers' fields, with its bytes checked against its SHA-256
    and the signer's name and email, in field order."""
    signers = {s["id"]: s for s in request["signers"]}
    out = []
    for f in request["fields"]:
        described, signer = f.get("attachment"), signers.get(f["signer_id"])
        if not described or not signer or signer["status"] != "signed":
            continue
        try:
            data = await services.storage.get_bytes(described["blob_key"])
        except KeyError:
            raise Unusable(f"the attachment {described['name']!r} of {signer['email']} is missing from blob storage") from None
        if hashlib.sha256(data).hexdigest() != described["sha256"]:
            raise Unusable(f"the attachment {described['name']!r} of {signer['email']} does not match its SHA-256")
        out.append({**public(described), "data": data, "signer_name": signer["name"], "signer_email": signer["email"]})
    return out

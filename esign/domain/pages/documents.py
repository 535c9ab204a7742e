"""Accepting an uploaded file: check it, count it against the storage quota, store it, record it."""
from __future__ import annotations

import asyncio
import hashlib
import logging
import os

from esign.domain.pages import placement
from esign.domain.ports import Services
from esign.errors import ApiError, upstream_unavailable, validation_error
from esign.pdf.probe import cleaned_path
from esign.providers.base import ProviderUnavailable
from esign.store.base import new_id
from esign.store.records import Document, Json

MB = 1024 * 1024
log = logging.getLogger("esign.documents")


def clean_name(name: str | None) -> str:
    name = os.path.basename((name or "").replace("\\", "/")).strip()
    name = "".join(ch for ch in name if ch.isprintable())[:255]
    return name or "document.pdf"


def check_usable(document: Document, sandbox: bool) -> None:
    """A document uploaded with a sandbox key did not count toward the plan's storage: only sandbox
    requests and templates may use it (403), as only sandbox keys may send a sandbox template."""
    if document.get("sandbox") and not sandbox:
        raise ApiError(403, "forbidden", "this document was uploaded with a sandbox key and can be used only with "
                                         "sandbox keys (it does not count toward the plan's storage); upload it "
                                         "again with a live key")


async def file_sha256(path: str) -> str:
    """The file's SHA-256, hashed in a thread (hashlib lets go of the interpreter while it hashes)."""
    def digest() -> str:
        with open(path, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()

    return await asyncio.to_thread(digest)


async def accept_upload(services: Services, org: Json, path: str, size: int, name: str | None, sandbox: bool,
                        sha256: str | None = None) -> Document:
    """The file at `path` (`sha256`: its SHA-256, hashed here unless given, while the PDF check runs
    in its child process: neither waits for the other) becomes a document. The document stored, and
    later shown, stamped and signed, is the check's normalised copy (esign.pdf.normalise), and its size
    and SHA-256 are that copy's; the upload's own SHA-256 is kept as `received_sha256`. A file PDF
    readers would read differently, or with a page too large or with no area, is refused (422); active
    content (esign.pdf.active) is refused (400 `active_content`) or, by default, removed by the check."""
    if size == 0:
        raise ApiError(400, "invalid_pdf", "the uploaded file is empty")
    try:
        if sha256 is None:
            checked, sha256 = await asyncio.gather(services.pdf_checker.check(path), file_sha256(path))
        else:
            checked = await services.pdf_checker.check(path)
        # a page larger than any viewer shows (esign.pdf.render.MAX_PAGE_POINTS), a file read two ways
        if checked.get("ambiguous"):  # the operator sees why (the request id is on the line: esign.logs)
            log.info("upload refused: PDF readers would read it differently: %s", checked["error"])
        if checked.get("too_large") or checked.get("ambiguous"):
            raise validation_error([{"field": "file", "message": checked["error"]}])
        if not checked.get("ok"):
            raise ApiError(400, "invalid_pdf", checked.get("error") or "the file is not a usable PDF")
        found = checked.get("active_content", [])
        if found and services.config.limits.active_content == "refuse":
            raise ApiError(400, "active_content", f"the PDF carries active content ({', '.join(found)}), which "
                                                  "this service refuses: save or print it again as a plain PDF "
                                                  "and upload that copy")
        stored = checked["cleaned"]
        received_sha256, size, sha256 = sha256, os.path.getsize(stored), await file_sha256(stored)
        checked["text_tags"] = await placement.scan_tags(services, stored)
        return await _store(services, org, stored, size, name, sandbox, sha256, checked, received_sha256)
    finally:
        try:
            os.unlink(cleaned_path(path))
        except FileNotFoundError:
            pass


async def _store(services: Services, org: Json, path: str, size: int, name: str | None, sandbox: bool, sha256: str,
                 checked: Json, received_sha256: str | None) -> Document:
    """`received_sha256`: the SHA-256 of the upload as received (`path` is its normalised copy)."""
    orgs = services.store.organizations
    counted = not sandbox
    if counted:
        limit_mb = services.config.plan(org["plan"]).get("storage_mb", 0)
        if not await orgs.reserve_storage(org["id"], size, limit_mb * MB):
            raise ApiError(403, "quota_exceeded", f"storing this file would exceed the plan's {limit_mb} MB of storage")

    doc_id = new_id()
    blob_key = f"orgs/{org['id']}/documents/{doc_id}.pdf"
    record = None
    try:
        await services.storage.put_file(blob_key, path)
        record = await services.store.documents.insert(
            doc_id, org["id"], clean_name(name), size, checked["page_count"], blob_key, sha256, sandbox,
            active_content_removed=checked.get("active_content", []), had_signatures=checked.get("had_signatures", False),
            text_tags=checked["text_tags"], received_sha256=received_sha256)
        # recorded with the upload or not at all: an upload answered 500 is undone, so its retry is the only copy
        await services.emit(org["id"], "document.uploaded", sandbox=sandbox, data={
            "document_id": record["id"], "name": record["name"], "file_size": size, "page_count": record["page_count"]})
    except BaseException as exc:
        if record is not None:
            await services.store.documents.discard(doc_id)
        if counted:
            await orgs.add_storage(org["id"], -size)
        try:
            await services.storage.delete(blob_key)
        except ProviderUnavailable:
            log.warning("could not remove the blob %s of a refused upload", blob_key)
        if isinstance(exc, ProviderUnavailable):
            raise upstream_unavailable(f"blob storage unavailable: {exc}") from exc
        raise
    return record

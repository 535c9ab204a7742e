"""Deletion on demand (docs/retention.md): an unused document (`DELETE /v1/documents/{id}`) and a finished
bulk job's items (`DELETE /v1/bulk-jobs/{id}/items`). Each starts with one conditional update and leaves
the rest to the job worker: the document's file goes by the purge's own `retention.delete_blob` job (one
per key, a key already gone is success), which then removes the record, and so do its pages' images; the items by
`retention.delete_bulk_items`. Both jobs may run again after a crash and do nothing twice."""
from __future__ import annotations

import logging

from esign.domain.ports import Services
from esign.domain.signer import page_images
from esign.domain.templating import bulk
from esign.errors import ApiError, invalid_state, not_found
from esign.jobs.kinds import JobKind
from esign.store.records import Job, Json

log = logging.getLogger("esign.retention")


async def _users(services: Services, org_id: str, document_id: str) -> list[str]:
    """What uses the document: `signing request <id>` and `template <id>`, a few of each."""
    requests = await services.store.signing_requests.document_users(org_id, document_id)
    templates = await services.store.templates.document_users(org_id, document_id)
    return [*(f"signing request {i}" for i in requests), *(f"template {i}" for i in templates)]


def _in_use(users: list[str]) -> ApiError:
    return ApiError(409, "in_use", "this document is used and cannot be deleted: " + ", ".join(users)
                    + " (delete the drafts and templates, or purge the requests, first)",
                    details=[{"field": "document_id", "message": f"used by {u}"} for u in users])


async def delete_document(services: Services, org_id: str, document_id: str) -> None:
    """Delete an unused document: 409 `in_use` naming the requests (not purged of their content) and the
    templates that use it. The record is marked `deleting` first and the users are looked for again after,
    so a request made meanwhile either saw no document or keeps it (the mark is undone)."""
    repo = services.store.documents
    await repo.require(org_id, document_id, "document")
    users = await _users(services, org_id, document_id)
    if users:
        raise _in_use(users)
    before = await repo.begin_delete(org_id, document_id, services.clock.now())
    if before is None:
        raise not_found("document")
    users = await _users(services, org_id, document_id)
    if users:
        await repo.undo_delete(document_id, before["status"])
        raise _in_use(users)
    if not before.get("sandbox") and before.get("status") != "purged":
        await services.store.organizations.add_storage(org_id, -before["file_size"])
    await services.enqueue("retention.delete_blob", {"key": before["blob_key"], "document_id": document_id},
                           dedupe_key=f"retention.delete_blob:{before['blob_key']}")
    for key in page_images.original_keys(before):  # its pages' images cached for signing pages and the editor
        await services.enqueue("retention.delete_blob", {"key": key}, dedupe_key=f"retention.delete_blob:{key}")
    log.info("document %s deleted", document_id)


async def document_blob_gone(services: Services, payload: Json) -> None:
    """After `retention.delete_blob` removed a deleted document's file: its record goes too."""
    if payload.get("document_id") and await services.store.documents.remove_deleting(payload["document_id"]):
        log.info("document %s removed", payload["document_id"])


async def delete_bulk_items(services: Services, org_id: str, job_id: str) -> Json:
    """Delete a finished bulk job's items (their recipients' input and addresses); the job stays with its
    counts. 409 `invalid_state` while it runs, or when they were deleted already."""
    record = await services.store.bulk_jobs.require(org_id, job_id, "bulk job")
    if record["status"] not in bulk.FINAL:
        raise invalid_state(f"this bulk job is {record['status']}: its items can be deleted once it has finished")
    if record.get("items_deleted_at"):
        raise invalid_state("this bulk job's items were deleted already")
    counted = bulk.counts(await services.store.bulk_items.for_job(job_id))
    marked = await services.store.bulk_jobs.delete_items(job_id, bulk.FINAL, counted, services.clock.now())
    if marked is None:
        raise invalid_state("this bulk job changed meanwhile; retry")
    await services.enqueue("retention.delete_bulk_items", {"job_id": job_id},
                           dedupe_key=f"retention.delete_bulk_items:{job_id}")
    log.info("the items of bulk job %s deleted", job_id)
    return await bulk.view(services, org_id, job_id)


async def run_delete_bulk_items(services: Services, payload: Json, job: Job) -> None:
    """The `retention.delete_bulk_items` job."""
    removed = await services.store.bulk_items.remove_for_job(payload["job_id"])
    log.info("%d items of bulk job %s removed", removed, payload["job_id"])


JOBS = [JobKind("retention.delete_bulk_items", run_delete_bulk_items, lane="retention")]
SWEEPS: list[object] = []

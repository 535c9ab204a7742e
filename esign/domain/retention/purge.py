"""The purge of one signing request (`POST /v1/signing-requests/{id}/purge`), done by the job worker.

`begin` is one conditional update of the request (SigningRequests.purge_begin: a final state, at the
version read, not purged yet; a finished `purge_content` may become a `purge_all`) that stores the
purge as `purging`, records `signing_event.purge_requested` and queues the `retention.purge` job.
From then on no transition applies to the request. The job, which may run again after a crash at any
point, does in order:

1. the tombstone, written once (esign.domain.retention.tombstone);
2. one `retention.delete_blob` job per blob key (deduplicated by key; a key already gone is success):
   the request's own blobs, the page images and stamped PDFs cached for its signing page, and each
   original document no other live request and no template uses, with its page images;
3. with `purge_all`, the redaction of the request's events (esign.store.events.Events.redact), and the
   scrubbing of the bulk item that made it and of its identity sessions (webhook deliveries store no
   body: each is built from the event when sent, so a delivery after the redaction carries none);
4. `signing_event.purged`, under an id derived from the request and the action (recorded once);
5. the conditional change `purging` -> `done` with `purged_at` and the record's removals: only one run
   makes it, so the purge completes exactly once.
"""
from __future__ import annotations

import logging
import uuid

from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.domain.retention import deletion, holds, tombstone
from esign.domain.signer import page_images
from esign.errors import ApiError, invalid_state
from esign.jobs.kinds import JobKind
from esign.store.records import Job, Json, SigningRequest
from esign.store.signing_requests import PURGEABLE

log = logging.getLogger("esign.retention")
ACTIONS = ("purge_content", "purge_all")


def check_purgeable(request: SigningRequest, action: str) -> None:
    """409 `invalid_state` unless the request may be purged with `action` now."""
    purge = request.get("purge") or {}
    if request["status"] not in PURGEABLE:
        what = ("delete the draft instead (DELETE /v1/signing-requests/{id})" if request["status"] == "draft"
                else "cancel it first")
        raise invalid_state(f"only completed, cancelled or expired requests can be purged; this one is "
                            f"{request['status']}: {what}")
    if purge.get("state") == "purging":
        raise invalid_state("this signing request is being purged already")
    if purge and not (purge.get("action") == "purge_content" and action == "purge_all"):
        raise invalid_state(f"this signing request was purged already ({purge.get('action')})")
    if request["status"] == "completed" and request.get("signed_pdf_status") == "processing":
        raise ApiError(409, "invalid_state", "the signed PDF is still being produced; purge it once it is ready",
                       headers={"Retry-After": "5"})


async def begin(services: Services, request: SigningRequest, action: str, reason: str,
                by: Json | None = None, rule: str | None = None) -> SigningRequest:
    """Start the purge of `request` (see the module): 409 `legal_hold` when a legal hold covers it (they are
    evaluated now), 409 `invalid_state` when it may not be purged, or when another change won the race."""
    check_purgeable(request, action)
    held = await holds.holding(services, request)
    if held:
        raise holds.refusal(held)
    now = services.clock.now()
    purge: Json = {"state": "purging", "action": action, "reason": reason, "rule": rule, "requested_at": now,
                   "by": by}
    updated = await services.store.signing_requests.purge_begin(request, purge)
    if updated is None:
        fresh = await services.store.signing_requests.require(request["org_id"], request["id"], "signing request")
        check_purgeable(fresh, action)
        raise invalid_state("the signing request changed meanwhile; retry")
    await services.emit(request["org_id"], "signing_event.purge_requested", signing_request_id=request["id"],
                        sandbox=request.get("sandbox", False), event_id=_event_id(request, action, "requested"),
                        metadata={"action": action, "reason": reason, **({"by": by} if by else {})})
    await services.enqueue("retention.purge", {"request_id": request["id"]},
                           dedupe_key=f"retention.purge:{request['id']}:{action}")
    log.info("purge (%s) of signing request %s begun", action, request["id"])
    return updated


def _event_id(request: SigningRequest, action: str, what: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:purge:{action}:{what}"))


async def _documents(services: Services, request: SigningRequest) -> list[str]:
    """The blob keys of the page images and stamped PDFs cached for the request's signing page, and of
    the request's original documents that nothing else still uses with their page images (shared by
    every request of the document); the records of those originals are marked purged."""
    keys = []
    default_locale = await page_images.org_locale(services, request)
    for listed in envelope.of(request):
        document = await services.store.documents.by_id(listed["id"])
        if document is None:
            continue
        keys += page_images.request_keys(request, document, default_locale)
        if (await services.store.signing_requests.uses_document(request["org_id"], listed["id"], request["id"])
                or await services.store.templates.uses_document(request["org_id"], listed["id"])):
            continue
        keys += [document["blob_key"], *page_images.original_keys(document)]
        await services.store.documents.content_purged(document["id"], services.clock.now())
    return keys


async def run(services: Services, payload: Json, job: Job) -> None:
    """The `retention.purge` job (see the module)."""
    repo = services.store.signing_requests
    request = await repo.by_id(payload["request_id"])
    purge = request.get("purge") or {} if request is not None else {}
    if request is None or purge.get("state") != "purging":
        return  # done by an earlier run
    if "tombstone" not in request:
        request = await repo.purge_tombstone(request["id"], await tombstone.build(services, request, purge))
        if request is None:
            return
    for key in [*tombstone.blob_keys(request), *await _documents(services, request)]:
        await services.enqueue("retention.delete_blob", {"key": key, "request_id": request["id"]},
                               dedupe_key=f"retention.delete_blob:{key}")
    action = purge["action"]
    if action == "purge_all":
        await services.store.events.redact(request["id"], services.clock.now())
        await services.store.bulk_items.scrub_for_request(request["id"])
        await services.store.identity_sessions.scrub_for_request(request["id"], services.clock.now())
    await services.emit(request["org_id"], "signing_event.purged", signing_request_id=request["id"],
                        sandbox=request.get("sandbox", False), event_id=_event_id(request, action, "done"),
                        metadata={"action": action})
    now = services.clock.now()
    done = await repo.purge_finish(request["id"], now, {**tombstone.removed(request, action),
                                                         "tombstone.purged_at": now, "tombstone.action": action,
                                                         "tombstone.reason": purge["reason"],
                                                         "tombstone.rule": purge.get("rule")})
    if done is not None:
        services.metrics.purge(action)
        log.info("signing request %s purged (%s)", request["id"], action)


async def delete_blob(services: Services, payload: Json, job: Job) -> None:
    """The `retention.delete_blob` job: remove one blob (a key already gone is success: the storage's
    `delete` says no error then); a deleted document's record goes after its file."""
    await services.storage.delete(payload["key"])
    services.metrics.purged_blob()
    await deletion.document_blob_gone(services, payload)


JOBS = [JobKind("retention.purge", run, lane="retention"),
        JobKind("retention.delete_blob", delete_blob, lane="retention")]
SWEEPS: list[object] = []

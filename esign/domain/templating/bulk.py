"""Bulk sending: one template, up to 500 recipients, one independent signing request each, tracked
by a bulk job (spec: Bulk send, Bulk job; design.md §6 statuses). An envelope template's requests are
envelopes, each with all the template's documents (docs/envelopes.md).

`submit` stores the job (referring to the template by id and version, and with the API key owner),
one item per recipient, and enqueues one `bulk.run` job; the HTTP answer (202) does not wait for any
of it to run. The template at that version is kept in `template_versions` (once per version), so the
run sends exactly what was submitted even when the template is edited or deleted meanwhile, and the
job document stays small.
`bulk.run` works through the items with `[jobs] bulk_concurrency` lanes; each lane leases the next
pending item with one conditional update, creates its request and marks the item. Items are
isolated: a refusal (422, quota, ...) fails that item only, with the reason in `error_message`; an
unexpected error gives the item back for a later attempt (failed after 5).

Restart safety: every item carries the id its signing request will have, and creating a request
with an id that exists is refused by the database, so an item taken again after a crash completes
the request it already made (fields, send, invitations under the same dedupe keys) instead of
making a second one. A run that dies leaves its `bulk.run` job and its items leased; both are taken
again when the lease (`[jobs] lease_seconds`) runs out; a worker that stops gracefully gives the items
its lanes hold back at once (and the worker releases the `bulk.run` job), so the next run goes on
without waiting for a lease.

Job status: queued (not started) -> processing -> completed (every item succeeded),
completed_with_errors (some failed), failed (every item failed). Items: pending, succeeded, failed.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import cast

from esign.domain.ports import Services
from esign.domain.templating import templates
from esign.errors import ApiError, validation_error
from esign.jobs.kinds import JobKind, RetryLater, backoff
from esign.store.base import new_id
from esign.store.records import Job, Json, Template

log = logging.getLogger("esign.bulk")

FINAL = ("completed", "completed_with_errors", "failed")
ITEM_ATTEMPTS = 5
RUN_ATTEMPTS = 1000  # `bulk.run` retries while other runs hold items; it never fails on its own


async def submit(services: Services, org: Json, api_key: Json, sandbox: bool, body: Json) -> Json:
    store = services.store
    template = await store.templates.get(org["id"], str(body["template_id"]))
    if template is None:
        raise validation_error([{"field": "template_id", "message": "no such template in this organisation"}])
    if not templates.document_ids(template):
        raise validation_error([{"field": "template_id", "message": "the template has no document to send"}])
    if not template["roles"]:
        raise validation_error([{"field": "template_id", "message": "the template has no roles: no recipient's "
                                                                   "signers could be given one"}])
    templates.check_usable(template, sandbox)
    await store.template_versions.keep(template)
    now = services.clock.now()
    job_id = new_id()
    items = [{"_id": new_id(), "job_id": job_id, "org_id": org["id"], "index": i, "status": "pending",
              "request_id": new_id(), "signing_request_id": None, "error_message": None,
              "recipient_email": r["signers"][0]["email"], "lease_until": now, "claim": None,
              "input": _stored_input(r),
              "attempts": 0, "created_at": now} for i, r in enumerate(body["recipients"])]
    record = {"_id": job_id, "org_id": org["id"], "template_id": template["id"], "template_version": template["version"],
              "sandbox": sandbox, "owner": {k: api_key.get(k) for k in ("id", "owner_name", "owner_email")},
              "expires_in_days": body["expires_in_days"], "auto_send": body["auto_send"], "status": "queued",
              "total_count": len(items), "created_at": now,
              "updated_at": now, "started_at": None, "completed_at": None}
    await store.bulk_items.insert_many(items)
    job_record = await store.bulk_jobs.insert(record)
    await _enqueue_run(services, job_id)
    return job_record


async def _enqueue_run(services: Services, job_id: str) -> None:
    await services.enqueue("bulk.run", {"job_id": job_id}, dedupe_key=f"bulk:{job_id}", max_attempts=RUN_ATTEMPTS)


def _pairs(given: Json, *keys: str) -> Json:
    """`given` with each of `keys` it has, an object, as [key, value] pairs: any key is allowed in variables and
    metadata, and not every MongoDB takes `$` or `.` in a key."""
    return {**given, **{k: list(given[k].items()) for k in keys if given.get(k) is not None}}


def _objects(stored: Json, *keys: str) -> Json:
    return {**stored, **{k: dict(stored[k]) for k in keys if stored.get(k) is not None}}


def _stored_input(recipient: Json) -> Json:
    """What an item keeps of its recipient."""
    return {**_pairs(recipient, "variables", "metadata"), "signers": [_pairs(s, "metadata") for s in recipient["signers"]]}


def _send_input(stored: Json) -> Json:
    """The template send of an item's stored recipient."""
    return {**_objects(stored, "variables", "metadata"), "signers": [_objects(s, "metadata") for s in stored["signers"]]}


async def view(services: Services, org_id: str, job_id: str) -> Json:
    """The job with its items; counts are taken from the items, so they are current while it runs (once
    its items are deleted, from the counts kept then: esign.domain.retention.deletion)."""
    record = await services.store.bulk_jobs.require(org_id, job_id, "bulk job")
    if record.get("items_deleted_at"):
        return {**record, **record["counts"], "items": []}
    items = await services.store.bulk_items.for_job(job_id)
    return {**record, **counts(items), "items": items}


def counts(items: list[Json]) -> Json:
    """A job's counts from its items (as the view shows them)."""
    return {"total_count": len(items), "success_count": sum(i["status"] == "succeeded" for i in items),
            "failure_count": sum(i["status"] == "failed" for i in items)}


def describe(exc: ApiError) -> str:
    text = "; ".join(f"{d['field']}: {d['message']}" if d["field"] else d["message"] for d in exc.details or ())
    return f"{exc.code}: {text or exc.message}"[:1000]


async def process_item(services: Services, record: Json, template: Template, org: Json, item: Json) -> None:
    send = {**_send_input(item["input"]),
            "expires_in_days": record["expires_in_days"], "auto_send": record["auto_send"]}
    items = services.store.bulk_items
    try:
        request = await templates.create_request(services, org, record["owner"], record["sandbox"], template, send,
                                                 request_id=item["request_id"], retry=item["attempts"] > 1)
    except ApiError as exc:
        await items.finish(item, "failed", {"error_message": describe(exc)})
    except Exception as exc:  # noqa: BLE001 - one item never stops the others
        if item["attempts"] >= ITEM_ATTEMPTS:
            log.error("bulk item %s failed for good", item["id"], exc_info=True)
            await items.finish(item, "failed", {"error_message": f"internal_error: the signing request could not be "
                                                                  f"created after {item['attempts']} attempts"})
        else:
            log.warning("bulk item %s attempt %s failed: %s", item["id"], item["attempts"], exc)
            await items.release(item, backoff(item["attempts"]))
    else:
        await items.finish(item, "succeeded", {"signing_request_id": request["id"]})


async def run(services: Services, payload: Json, job_record: Job) -> None:
    store = services.store
    record = await store.bulk_jobs.by_id(payload["job_id"])
    if record is None or record["status"] in FINAL:
        return
    if record["status"] == "queued":
        await store.bulk_jobs.move(record["id"], ["queued"],
                                   {"status": "processing", "started_at": services.clock.now()})
    org = await store.organizations.by_id(record["org_id"])
    template = await store.template_versions.at(record["template_id"], record["template_version"])
    lease = services.config.jobs.lease_seconds

    async def lane() -> None:
        while True:
            # let the rest of the process run between items: with the embedded database no await
            # ever suspends, and a 500-item run would otherwise hold the event loop to the end
            await asyncio.sleep(0)
            item = await store.bulk_items.claim(record["id"], lease)
            if item is None:
                return
            try:
                # the version is kept before its job is queued, and an organisation outlives its jobs
                await process_item(services, record, cast(Template, template), cast(Json, org), item)
            except asyncio.CancelledError:  # the worker stops: the item is free for the next run at once
                await store.bulk_items.release(item, 0)
                raise

    async with asyncio.TaskGroup() as lanes:
        for _ in range(services.config.jobs.bulk_concurrency):
            lanes.create_task(lane())
    next_free = await store.bulk_items.next_lease_end(record["id"])
    if next_free is not None:  # held by another run (perhaps a dead one) or waiting for a retry
        wait = (next_free - services.clock.now()).total_seconds()
        raise RetryLater("bulk items still pending", delay_seconds=max(1.0, wait))
    await finish(services, record["id"])


async def finish(services: Services, job_id: str) -> None:
    items = services.store.bulk_items
    succeeded, failed = await items.count(job_id, "succeeded"), await items.count(job_id, "failed")
    status = "completed" if not failed else "failed" if not succeeded else "completed_with_errors"
    await services.store.bulk_jobs.move(job_id, ["queued", "processing"], {
        "status": status, "completed_at": services.clock.now()})


async def restart_stalled_bulk_jobs(services: Services) -> None:
    """A job whose `bulk.run` was never enqueued (the submitting process died in between) is
    started here; for every other job the dedupe key makes this a no-op."""
    before = services.clock.now() - dt.timedelta(seconds=services.config.jobs.lease_seconds)
    for record in await services.store.bulk_jobs.queued_before(before):
        await _enqueue_run(services, record["id"])


JOBS = [JobKind("bulk.run", run, lane="bulk")]
SWEEPS = [restart_stalled_bulk_jobs]

"""The durable job queue (design.md §9): the repository of `jobs`, the only code that touches that
collection (esign.jobs.worker runs the jobs; esign.jobs.kinds is their contract).

A job is a document in `jobs`. Claiming is one atomic update that moves a due job of the worker's
lanes to `running` and pushes its `run_at` to the end of the lease; a job whose worker died is
therefore due again when the lease runs out and another worker takes it. A running job renews its
lease (`renew`), and a job cancelled by a stopping worker is released at once (`release`).
Completion, renewal, release and retry filter on the claim (worker id and attempt number), so a
worker that lost its lease can no longer change the job.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Repository, new_id
from esign.store.records import Job, Json

DONE_KEPT = dt.timedelta(days=7)


class Jobs(Repository[Job]):
    collection_name = "jobs"
    indexes = [
        # claim: lane and status ($in of equalities), run_at (the sort, and its range), group ($nin);
        # also the lane-less jobs of assign_lanes
        Index("lane_status_run_at_group", [("lane", ASCENDING), ("status", ASCENDING), ("run_at", ASCENDING),
                                           ("group", ASCENDING)]),
        # `esign jobs failed`: status equality, newest first
        Index("status_updated", [("status", ASCENDING), ("updated_at", DESCENDING)]),
        # counting jobs by kind; `esign jobs list` (kind and status equalities or $in, newest first)
        Index("kind_status_updated", [("kind", ASCENDING), ("status", ASCENDING), ("updated_at", DESCENDING)]),
        # `esign jobs list --request`: the jobs of one signing request
        Index("signing_request_kind_status_updated", [("payload.request_id", ASCENDING), ("kind", ASCENDING),
                                                      ("status", ASCENDING), ("updated_at", DESCENDING)],
              partial={"payload.request_id": {"$type": "string"}}),
        # `esign jobs status`: queued jobs waiting for another attempt (attempts > 0)
        Index("lane_status_attempts", [("lane", ASCENDING), ("status", ASCENDING), ("attempts", ASCENDING)]),
        Index("dedupe_key_unique", [("dedupe_key", ASCENDING)], unique=True, partial={"dedupe_key": {"$type": "string"}}),
        Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0, partial={"expires_at": {"$type": "date"}}),
    ]

    async def enqueue(self, kind: str, payload: Json, *, lane: str, group: str | None = None,
                      delay_seconds: float = 0, dedupe_key: str | None = None, max_attempts: int = 8,
                      origin: Json | None = None, trace: Json | None = None) -> Job | None:
        """Add a job to `lane`. `group` (e.g. a webhook id) lets the worker cap how many jobs of one
        group run at once. With `dedupe_key`, a second enqueue of the same key is ignored (returns
        None), which makes enqueueing from retried operations safe. `origin`: the log context the
        job was queued in (request_id, org_id: esign.logs); `trace`: its trace context (W3C
        `traceparent`, esign.tracing.carrier), which the job's span continues."""
        now = self.clock.now()
        doc = {"_id": new_id(), "kind": kind, "lane": lane, "payload": payload, "status": "queued",
               "run_at": now + dt.timedelta(seconds=delay_seconds), "attempts": 0,
               "max_attempts": max_attempts, "worker": None, "last_error": None,
               "created_at": now, "retry_from": now, "updated_at": now}
        if group is not None:
            doc["group"] = group
        if dedupe_key:
            doc["dedupe_key"] = dedupe_key
        if origin:
            doc["origin"] = origin
        if trace:
            doc["trace"] = trace
        try:
            await self.col.insert_one(doc)
        except DuplicateKeyError:
            return None
        return self.record(doc)

    async def claim(self, worker_id: str, lease_seconds: float, lanes: Iterable[str],
                    skip_groups: Iterable[str] = ()) -> Job | None:
        """Take the most overdue job of `lanes`, leaving out jobs of the groups in `skip_groups`."""
        now = self.clock.now()
        query: Json = {"lane": {"$in": list(lanes)}, "status": {"$in": ["queued", "running"]}, "run_at": {"$lte": now}}
        if skip_groups:
            query["group"] = {"$nin": list(skip_groups)}
        doc = await self.col.find_one_and_update(
            query,
            {"$set": {"status": "running", "worker": worker_id, "updated_at": now,
                      "run_at": now + dt.timedelta(seconds=lease_seconds)},
             "$inc": {"attempts": 1}},
            sort=[("run_at", ASCENDING)], return_document=ReturnDocument.AFTER)
        return self.record(doc)

    async def assign_lanes(self, lanes: dict[str, str]) -> None:
        """Give jobs queued before lanes existed the lane of their kind (`lanes`: kind -> lane), so
        an upgrade loses none of them."""
        async for doc in self.col.find({"lane": None}, {"kind": 1}):
            if doc["kind"] in lanes:
                await self.col.update_one({"_id": doc["_id"], "lane": None}, {"$set": {"lane": lanes[doc["kind"]]}})

    def _claimed(self, job: Job) -> Json:
        return {"_id": job["id"], "status": "running", "worker": job["worker"], "attempts": job["attempts"]}

    async def renew(self, job: Job, lease_seconds: float) -> bool:
        """Extend a running job's lease; False when this worker no longer holds it."""
        now = self.clock.now()
        res = await self.col.update_one(self._claimed(job), {"$set": {
            "run_at": now + dt.timedelta(seconds=lease_seconds), "updated_at": now}})
        return res.matched_count == 1

    async def release(self, job: Job) -> bool:
        """Give a claimed job back at once (its worker is stopping): due now, and the attempt that
        was cut short does not count."""
        now = self.clock.now()
        res = await self.col.update_one(self._claimed(job), {
            "$set": {"status": "queued", "run_at": now, "worker": None, "updated_at": now},
            "$inc": {"attempts": -1}})
        return res.modified_count == 1

    async def mark_sent(self, job_id: str) -> None:
        """Record that the job's message left (a fact, whoever holds the claim now): a re-run of the
        job checks `sent_at` and does not send again."""
        await self.col.update_one({"_id": job_id}, {"$set": {"sent_at": self.clock.now()}})

    async def complete(self, job: Job) -> bool:
        now = self.clock.now()
        res = await self.col.update_one(self._claimed(job), {"$set": {
            "status": "done", "updated_at": now, "expires_at": now + DONE_KEPT}})
        return res.modified_count == 1

    async def retry(self, job: Job, error: str, delay_seconds: float, final: bool) -> bool:
        """Put the job back for another attempt, or mark it failed when `final`. Returns whether
        this worker still held the claim (so the change was made)."""
        now = self.clock.now()
        if final:
            fields = {"status": "failed", "expires_at": now + DONE_KEPT}
        else:
            fields = {"status": "queued", "run_at": now + dt.timedelta(seconds=delay_seconds)}
        res = await self.col.update_one(self._claimed(job), {"$set": {
            "last_error": error[:1000], "updated_at": now, **fields}})
        return res.modified_count == 1

    async def failed(self, limit: int = 100) -> list[Job]:
        """Failed jobs, most recently failed first (kept DONE_KEPT after failing)."""
        docs = await self.col.find({"status": "failed"}).sort("updated_at", DESCENDING).limit(limit).to_list(None)
        return self.records(docs)

    async def requeue_failed(self, job_id: str) -> Job | None:
        """Queue a failed (or cancelled) job again with its attempts (and retry horizon) starting over."""
        now = self.clock.now()
        doc = await self.col.find_one_and_update(
            {"_id": job_id, "status": {"$in": ["failed", "cancelled"]}},
            {"$set": {"status": "queued", "run_at": now, "attempts": 0, "worker": None, "retry_from": now,
                      "updated_at": now}, "$unset": {"expires_at": ""}},
            return_document=ReturnDocument.AFTER)
        return self.record(doc)

    async def lane_state(self, lane: str) -> dict[str, float]:
        """`queued` (`due` of them: to run now), `running` and `failed` jobs of `lane`, and
        `oldest_due_seconds`: how long its most overdue job (queued, or running on an expired lease) has
        been due (0: none). Each query is served by `lane_status_run_at_group`."""
        now = self.clock.now()
        state: dict[str, float] = {status: await self.col.count_documents({"lane": lane, "status": status})
                 for status in ("queued", "running", "failed")}
        state["due"] = await self.col.count_documents({"lane": lane, "status": "queued", "run_at": {"$lte": now}})
        oldest = await self.col.find_one({"lane": lane, "status": {"$in": ["queued", "running"]}, "run_at": {"$lte": now}},
                                         {"run_at": 1}, sort=[("run_at", ASCENDING)])
        state["oldest_due_seconds"] = (now - oldest["run_at"]).total_seconds() if oldest else 0.0
        return state

    async def cancel(self, job_id: str) -> Job | None:
        """Take a queued job out of the queue (`cancelled`, kept DONE_KEPT; `requeue_failed` queues it
        again). A running job cannot be cancelled: None, as for an unknown or finished one."""
        now = self.clock.now()
        doc = await self.col.find_one_and_update(
            {"_id": job_id, "status": "queued"},
            {"$set": {"status": "cancelled", "worker": None, "updated_at": now, "expires_at": now + DONE_KEPT}},
            return_document=ReturnDocument.AFTER)
        return self.record(doc)

    async def listing(self, kinds: Iterable[str], statuses: Iterable[str], signing_request_id: str | None = None,
                      limit: int = 100) -> list[Job]:
        """Jobs of `kinds` in `statuses` (of one signing request: `signing_request_id`), the most
        recently changed first; served by `kind_status_updated` (`signing_request_kind_status_updated`)."""
        query: Json = {"kind": {"$in": list(kinds)}, "status": {"$in": list(statuses)}}
        if signing_request_id is not None:
            query["payload.request_id"] = signing_request_id
        docs = await self.col.find(query).sort("updated_at", DESCENDING).limit(limit).to_list(None)
        return self.records(docs)

    async def retrying(self, lane: str) -> int:
        """Queued jobs of `lane` that wait for another attempt after a failed one."""
        return await self.col.count_documents({"lane": lane, "status": "queued", "attempts": {"$gt": 0}})

    async def due(self, lanes: Iterable[str]) -> int:
        """Jobs of `lanes` due now (queued, or running on an expired lease)."""
        return await self.col.count_documents({"lane": {"$in": list(lanes)}, "status": {"$in": ["queued", "running"]},
                                               "run_at": {"$lte": self.clock.now()}})

    async def count(self, **query: Any) -> int:
        return await self.col.count_documents(query)

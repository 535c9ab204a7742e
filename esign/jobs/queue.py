"""The durable job queue (design.md §9).

A job is a document in `jobs`. Claiming is one atomic update that moves a due job to `running` and
pushes its `run_at` to the end of the lease; a job whose worker died is therefore due again when the
lease runs out and another worker takes it. Completion and retry filter on the claim (worker id and
attempt number), so a worker that lost its lease can no longer change the job.
"""
from __future__ import annotations

import datetime as dt

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, Index, Repository, new_id, out

DONE_KEPT = dt.timedelta(days=7)


class Jobs(Repository):
    collection_name = "jobs"
    indexes = [
        Index("status_run_at", [("status", ASCENDING), ("run_at", ASCENDING)]),
        Index("status_kind_run_at", [("status", ASCENDING), ("kind", ASCENDING), ("run_at", ASCENDING)]),
        Index("kind_status", [("kind", ASCENDING), ("status", ASCENDING)]),  # counting jobs by kind
        Index("dedupe_key_unique", [("dedupe_key", ASCENDING)], unique=True, partial={"dedupe_key": {"$type": "string"}}),
        Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0, partial={"expires_at": {"$type": "date"}}),
    ]

    async def enqueue(self, kind: str, payload: dict, *, delay_seconds: float = 0, dedupe_key: str | None = None,
                      max_attempts: int = 8) -> dict | None:
        """Add a job. With `dedupe_key`, a second enqueue of the same key is ignored (returns None),
        which makes enqueueing from retried operations safe."""
        now = self.clock.now()
        doc = {"_id": new_id(), "kind": kind, "payload": payload, "status": "queued",
               "run_at": now + dt.timedelta(seconds=delay_seconds), "attempts": 0,
               "max_attempts": max_attempts, "worker": None, "last_error": None,
               "created_at": now, "updated_at": now}
        if dedupe_key:
            doc["dedupe_key"] = dedupe_key
        try:
            await self.col.insert_one(doc)
        except DuplicateKeyError:
            return None
        return out(doc)

    async def claim(self, worker_id: str, lease_seconds: float, kinds=None) -> dict | None:
        now = self.clock.now()
        query = {"status": {"$in": ["queued", "running"]}, "run_at": {"$lte": now}}
        if kinds:
            query["kind"] = {"$in": list(kinds)}
        doc = await self.col.find_one_and_update(
            query,
            {"$set": {"status": "running", "worker": worker_id, "updated_at": now,
                      "run_at": now + dt.timedelta(seconds=lease_seconds)},
             "$inc": {"attempts": 1}},
            sort=[("run_at", ASCENDING)], return_document=ReturnDocument.AFTER)
        return out(doc)

    def _claimed(self, job):
        return {"_id": job["id"], "status": "running", "worker": job["worker"], "attempts": job["attempts"]}

    async def complete(self, job) -> bool:
        now = self.clock.now()
        res = await self.col.update_one(self._claimed(job), {"$set": {
            "status": "done", "updated_at": now, "expires_at": now + DONE_KEPT}})
        return res.modified_count == 1

    async def retry(self, job, error: str, delay_seconds: float) -> str:
        """Put the job back for another attempt, or mark it failed when attempts are used up.
        Returns the new status."""
        now = self.clock.now()
        if job["attempts"] >= job["max_attempts"]:
            status, fields = "failed", {"expires_at": now + DONE_KEPT}
        else:
            status, fields = "queued", {"run_at": now + dt.timedelta(seconds=delay_seconds)}
        await self.col.update_one(self._claimed(job), {"$set": {
            "status": status, "last_error": error[:1000], "updated_at": now, **fields}})
        return status

    async def fail(self, job, error: str):
        now = self.clock.now()
        await self.col.update_one(self._claimed(job), {"$set": {
            "status": "failed", "last_error": error[:1000], "updated_at": now, "expires_at": now + DONE_KEPT}})

    async def count(self, **query) -> int:
        return await self.col.count_documents(query)

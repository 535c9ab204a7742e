"""Bulk jobs and their items (one document per recipient, so a job of 500 recipients with large
variables never approaches MongoDB's document size limit). A job refers to its template by
`template_id` and `template_version` (the version is kept in `template_versions`), never holding a copy.

An item is claimed by one conditional update that leases it (`lease_until`, and `claim`, a token new
at every claim); finishing it filters on the claim, so whoever lost the lease (another run, or another
lane of the same run) can no longer change the item. The job's status
moves by conditional updates too: queued -> processing -> completed | completed_with_errors | failed.
"""
from __future__ import annotations

import datetime as dt

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Index, Repository, new_id, out
from esign.store.records import Json

# what the job's view shows of an item: never its input (signers, variables, message)
ITEM_VIEW = {f: 1 for f in ("status", "signing_request_id", "recipient_email", "error_message")}


class BulkJobs(Repository[Json]):
    collection_name = "bulk_jobs"
    indexes = [Index("status_created", [("status", ASCENDING), ("created_at", ASCENDING)])]

    async def move(self, job_id: str, from_statuses: list[str], changes: Json) -> Json | None:
        """Set `changes` if the job is in one of `from_statuses`; None otherwise."""
        return out(await self.col.find_one_and_update(
            {"_id": job_id, "status": {"$in": from_statuses}},
            {"$set": {**changes, "updated_at": self.clock.now()}}, return_document=ReturnDocument.AFTER))

    async def refer_to_version(self, job_id: str, version: int) -> bool:
        """An earlier version's job holding a copy of its template: refer to `version` instead (the
        copy is kept in `template_versions` first). False when it no longer holds a copy."""
        result = await self.col.update_one({"_id": job_id, "template": {"$exists": True}},
                                           {"$set": {"template_version": version}, "$unset": {"template": ""}})
        return result.modified_count == 1

    async def delete_items(self, job_id: str, final: tuple[str, ...], counts: Json, at: dt.datetime) -> Json | None:
        """Mark a finished job's items deleted (esign.domain.retention.deletion), keeping its `counts`: one
        conditional update (a job in one of `final`, its items not deleted yet); None otherwise."""
        return out(await self.col.find_one_and_update(
            {"_id": job_id, "status": {"$in": list(final)}, "items_deleted_at": None},
            {"$set": {"items_deleted_at": at, "counts": counts, "updated_at": at}},
            return_document=ReturnDocument.AFTER))

    async def queued_before(self, before: dt.datetime, limit: int = 100) -> list[Json]:
        cursor = self.col.find({"status": "queued", "created_at": {"$lt": before}}).limit(limit)
        return [out(d) async for d in cursor]


class BulkItems(Repository[Json]):
    collection_name = "bulk_items"
    indexes = [Index("job_index", [("job_id", ASCENDING), ("index", ASCENDING)], unique=True),
               Index("job_status_lease", [("job_id", ASCENDING), ("status", ASCENDING), ("lease_until", ASCENDING)]),
               # a purge_all scrubs the item that made the request (esign.domain.retention.purge)
               Index("request", [("request_id", ASCENDING)]),
               # an erasure request finds a person's rows (esign.domain.retention.erasure)
               Index("org_recipient", [("org_id", ASCENDING), ("recipient_email", ASCENDING)])]

    async def insert_many(self, docs: list[Json]) -> None:
        await self.col.insert_many(docs)

    async def claim(self, job_id: str, lease_seconds: float) -> Json | None:
        """Lease a pending item whose lease (if any) has run out. No sort: the order does not matter,
        MongoDB walks the (job_id, status, lease_until) index anyway, and sorting would make the
        embedded database copy every pending item on each claim."""
        now = self.clock.now()
        return out(await self.col.find_one_and_update(
            {"job_id": job_id, "status": "pending", "lease_until": {"$lte": now}},
            {"$set": {"lease_until": now + dt.timedelta(seconds=lease_seconds), "claim": new_id()},
             "$inc": {"attempts": 1}},
            return_document=ReturnDocument.AFTER))

    def _claimed(self, item: Json) -> Json:
        return {"_id": item["id"], "status": "pending", "claim": item["claim"]}

    async def finish(self, item: Json, status: str, changes: Json) -> None:
        await self.col.update_one(self._claimed(item), {"$set": {
            **changes, "status": status, "finished_at": self.clock.now(), "lease_until": None}})

    async def release(self, item: Json, delay_seconds: float) -> None:
        """Give a claimed item back, to be taken again after `delay_seconds`."""
        await self.col.update_one(self._claimed(item), {"$set": {
            "lease_until": self.clock.now() + dt.timedelta(seconds=delay_seconds), "claim": None}})

    async def for_job(self, job_id: str) -> list[Json]:
        """The job's items in recipient order, as its view shows them (ITEM_VIEW)."""
        return [out(d) async for d in self.col.find({"job_id": job_id}, ITEM_VIEW).sort("index", ASCENDING)]

    async def scrub_for_request(self, request_id: str) -> int:
        """Remove the recipient's input and address from the item that made the request (a purge_all); how
        many items changed (0 when done before)."""
        result = await self.col.update_many({"request_id": request_id},
                                            {"$set": {"input": None, "recipient_email": None}})
        return result.modified_count

    async def remove_for_job(self, job_id: str) -> int:
        """Remove the job's items (index job_index); how many there were."""
        return (await self.col.delete_many({"job_id": job_id})).deleted_count

    async def count(self, job_id: str, status: str) -> int:
        return await self.col.count_documents({"job_id": job_id, "status": status})

    async def next_lease_end(self, job_id: str) -> dt.datetime | None:
        """When the earliest lease of a pending item runs out (None: nothing is pending)."""
        doc = await self.col.find_one({"job_id": job_id, "status": "pending"}, sort=[("lease_until", ASCENDING)])
        return doc["lease_until"] if doc else None

    async def of_recipient(self, org_id: str, emails: list[str], limit: int) -> list[Json]:
        """Up to `limit` of the organisation's items whose recipient is one of `emails` (as given or lower-cased):
        `id`, `status`, `signing_request_id` (index org_recipient)."""
        cursor = self.col.find({"org_id": org_id, "recipient_email": {"$in": emails}},
                               {"status": 1, "signing_request_id": 1}).limit(limit)
        return [out(d) async for d in cursor]

    async def scrub(self, item_ids: list[str]) -> int:
        """Remove the recipient's input and address from these items, those no job is still working on (not
        `pending`); how many changed."""
        result = await self.col.update_many({"_id": {"$in": item_ids}, "status": {"$ne": "pending"}},
                                            {"$set": {"input": None, "recipient_email": None}})
        return result.modified_count

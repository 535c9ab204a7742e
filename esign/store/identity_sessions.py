"""Identity verification sessions of redirect-flow vendors (esign.domain.signer.verification), one document
per session: `_id` is esign's id of it (in the return URL), with the provider's identifier and the
vendor's `reference`, the signing request, signer and organisation, `status` (pending, review, then
approved, rejected or abandoned), the vendor's URL and its expiry, and when a result arrived.

A session leaves `pending`/`review` by one conditional update whose filter holds the status it was
read in, so a webhook delivered twice, or a webhook racing the signer's return, settles it once. A
TTL index removes sessions 90 days after they were opened (the audit trail keeps the outcome).

`fetched_at` is when esign last asked the vendor for the result (the signer's "Check again", the
return page): one conditional update claims the next fetch, so at most one happens per `[signer]
identity_fetch_seconds` whatever the number of clicks, tabs or hosts."""
import datetime as dt

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Index, Repository, out
from esign.store.records import Json

KEEP_SECONDS = 90 * 24 * 3600
OPEN = ("pending", "review")


class IdentitySessions(Repository[Json]):
    collection_name = "identity_sessions"
    indexes = [
        Index("provider_reference", [("provider", ASCENDING), ("reference", ASCENDING)], unique=True),
        Index("created_ttl", [("created_at", ASCENDING)], ttl_seconds=KEEP_SECONDS),
        # a purge_all scrubs the request's sessions (esign.domain.retention.purge)
        Index("request", [("request_id", ASCENDING)]),
    ]

    async def by_reference(self, provider: str, reference: str) -> Json | None:
        return out(await self.col.find_one({"provider": provider, "reference": reference}))

    async def claim_fetch(self, session: Json, interval_seconds: float) -> bool:
        """Whether the caller may ask the vendor now: true for one caller per `interval_seconds` while
        the session is open (its `fetched_at` then becomes now)."""
        now = self.clock.now()
        result = await self.col.update_one(
            {"_id": session["id"], "status": {"$in": list(OPEN)},
             "$or": [{"fetched_at": None}, {"fetched_at": {"$lte": now - dt.timedelta(seconds=interval_seconds)}}]},
            {"$set": {"fetched_at": now}})
        return result.modified_count == 1

    async def settle(self, session: Json, status: str, changes: Json) -> Json | None:
        """Move `session` from the status it was read in to `status` (with `changes`), if nobody moved
        it first. Returns the new record or None."""
        doc = await self.col.find_one_and_update(
            {"_id": session["id"], "status": session["status"]},
            {"$set": {**changes, "status": status, "updated_at": self.clock.now()}},
            return_document=ReturnDocument.AFTER)
        return out(doc)

    async def scrub_for_request(self, request_id: str, at: dt.datetime) -> int:
        """Remove what links the request's sessions to a person at the vendor (the vendor's `reference`,
        kept unique as `purged:<id>`, and the reason it gave): a purge_all. How many sessions
        changed (0 when done before)."""
        changed = 0
        async for doc in self.col.find({"request_id": request_id}, {"_id": 1}):
            result = await self.col.update_one({"_id": doc["_id"], "purged_at": None}, {"$set": {
                "reference": f"purged:{doc['_id']}", "reason": None, "purged_at": at}})
            changed += result.modified_count
        return changed

    async def count_for_requests(self, request_ids: list[str]) -> int:
        """How many sessions these requests have (index request)."""
        return await self.col.count_documents({"request_id": {"$in": request_ids}}) if request_ids else 0

"""Legal holds (esign.domain.retention.holds): what keeps records of an organisation from being purged.
A hold names its records by one criterion (request ids, a signer's email, a template, a creation
range), evaluated when a purge asks, so records made later are covered too."""
from __future__ import annotations

import builtins
import datetime as dt

from esign.clock import Clock
from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Database, Index, Page, Repository
from esign.store.cache import TTLCache
from esign.store.records import Json

MAX_ACTIVE = 1000  # active holds of one organisation (each purge reads them all)


class LegalHolds(Repository[Json]):
    collection_name = "legal_holds"
    # the list (newest first, by status or not) and the active holds a purge reads
    indexes = [Index("org_active_created", [("org_id", ASCENDING), ("active", ASCENDING), ("created_at", DESCENDING),
                                            ("_id", DESCENDING)])]
    cursor_fields = ("created_at", "active")

    def __init__(self, db: Database, clock: Clock) -> None:
        self.cache = TTLCache(clock)  # org id -> its active holds, as a request's answer shows them
        super().__init__(db, clock, after_write=self.cache.clear)

    async def shown(self, org_id: str) -> builtins.list[Json]:
        """`active`, cached for `[security] api_key_cache_seconds` (esign.store.cache): what the answer of
        a request shows; a purge reads `active` itself."""
        return await self.cache.read(org_id, lambda: self.active(org_id))

    async def active(self, org_id: str) -> builtins.list[Json]:
        """The organisation's active holds (at most MAX_ACTIVE), newest first."""
        cursor = self.col.find({"org_id": org_id, "active": True}).sort(
            [("created_at", DESCENDING), ("_id", DESCENDING)]).limit(MAX_ACTIVE)
        return self.records([d async for d in cursor])

    async def count_active(self, org_id: str) -> int:
        return await self.col.count_documents({"org_id": org_id, "active": True})

    async def list(self, org_id: str, active: bool | None, limit: int, offset: int, after: Json | None = None) -> Page:
        query: Json = {"org_id": org_id, "active": {"$in": [True, False]} if active is None else active}
        return await self.page(query, [("created_at", DESCENDING), ("_id", DESCENDING)], limit, offset, after=after)

    async def release(self, org_id: str, hold_id: str, at: dt.datetime, by: Json | None) -> Json | None:
        """Release an active hold (one conditional update); None when it is not active (any more)."""
        return self.record(await self.col.find_one_and_update(
            {"_id": hold_id, "org_id": org_id, "active": True},
            {"$set": {"active": False, "released_at": at, "released_by": by}}, return_document=ReturnDocument.AFTER))

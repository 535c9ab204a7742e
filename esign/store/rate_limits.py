import datetime as dt

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Index, Repository


class RateLimits(Repository):
    """Fixed one-minute windows counted in MongoDB, so every process shares one budget per key."""

    collection_name = "rate_limits"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    async def hit(self, key_id: str) -> tuple[int, dt.datetime]:
        """Count one request; returns (requests in this window, when the window resets)."""
        now = self.clock.now()
        window = now.replace(second=0, microsecond=0)
        reset = window + dt.timedelta(minutes=1)
        doc = await self.col.find_one_and_update(
            {"_id": f"{key_id}:{window.isoformat()}"},
            {"$inc": {"count": 1}, "$setOnInsert": {"expires_at": reset + dt.timedelta(minutes=1)}},
            upsert=True, return_document=ReturnDocument.AFTER)
        return doc["count"], reset

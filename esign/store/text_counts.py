import datetime as dt

from esign.store.base import ASCENDING, Index, Repository
from esign.store.records import Json


class TextCounts(Repository[Json]):
    """Counters of texts in fixed windows (a clock hour, a UTC day), one document per scope and window:
    `_id` `<scope>:<window>` (e.g. `otp:organisation:<org_id>:2026-11-28`, `otp:signer:<request_id>:<signer_id>:
    2026-11-28T10`: esign.domain.signer.verification.phone_codes), `count` and `expires_at` (the window's end; the TTL
    index removes it then). A document holds one integer whatever the traffic."""

    collection_name = "text_counts"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    async def take(self, counters: list[tuple[str, int, dt.datetime]]) -> tuple[str, dt.datetime] | None:
        """Count one against each `(counter_id, limit, window_end)`, or against none: None when every
        counter stays within its limit, else the first full counter's id and the end of its window
        (the counters taken before it are given back)."""
        taken: list[str] = []
        for counter_id, limit, window_end in counters:
            if not await self._reserve(counter_id, limit, window_end):
                await self.give_back(taken)
                return counter_id, window_end
            taken.append(counter_id)
        return None

    async def _reserve(self, counter_id: str, limit: int, window_end: dt.datetime) -> bool:
        """Count one unless the window's counter holds `limit` (Repository.capped_increment)."""
        return await self.capped_increment(counter_id, {"_id": counter_id, "count": {"$lt": limit}}, "count",
                                           {"count": 0, "expires_at": window_end})

    async def give_back(self, counter_ids: list[str]) -> None:
        """Uncount one from each counter (a text that was not sent after all)."""
        for counter_id in counter_ids:
            await self.col.update_one({"_id": counter_id, "count": {"$gt": 0}}, {"$inc": {"count": -1}})

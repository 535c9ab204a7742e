import datetime as dt

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, Index, Repository

WINDOW = dt.timedelta(minutes=1)


class RateLimits(Repository):
    """A sliding one-minute window per key, kept in MongoDB so every process shares one budget.

    One document per key holds the times of its latest allowed requests, newest first and at most
    `limit` of them. A request is allowed when fewer than `limit` of those fall in the last minute,
    that is when the `limit`-th newest is missing or older than a minute; the check and the record are
    one atomic update whose filter holds exactly that condition, so concurrent processes can never
    both take the last place. No window boundary exists, so no burst of twice the limit across one."""

    collection_name = "rate_limits"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    async def hit(self, key_id: str, limit: int) -> tuple[bool, int, dt.datetime]:
        """Count one request against `limit` per minute. Returns (allowed, remaining, reset):
        requests still allowed in the window, and when the oldest request counted in the window leaves
        it (a refused request may be retried then)."""
        now = self.clock.now()
        nth = f"times.{limit - 1}"
        for _ in range(3):  # each round that fails found the document changed by another request
            doc = await self.col.find_one_and_update(
                {"_id": key_id, "$or": [{nth: {"$exists": False}}, {nth: {"$lte": now - WINDOW}}]},
                {"$push": {"times": {"$each": [now], "$sort": -1, "$slice": limit}},
                 "$set": {"expires_at": now + WINDOW}},
                return_document=ReturnDocument.AFTER)
            if doc is not None:
                return (True, *self._window(doc["times"], now, limit))
            try:
                await self.col.insert_one({"_id": key_id, "times": [now], "expires_at": now + WINDOW})
                return (True, *self._window([now], now, limit))
            except DuplicateKeyError:
                doc = await self.col.find_one({"_id": key_id})
            if doc is not None and len(doc["times"]) >= limit and doc["times"][limit - 1] > now - WINDOW:
                return (False, *self._window(doc["times"][:limit], now, limit))
        return False, 0, now + dt.timedelta(seconds=1)

    @staticmethod
    def _window(times: list, now: dt.datetime, limit: int) -> tuple[int, dt.datetime]:
        counted = [t for t in times if t > now - WINDOW]
        return max(0, limit - len(counted)), min(counted, default=now) + WINDOW

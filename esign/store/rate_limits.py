import datetime as dt

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, Index, Repository

WINDOW = dt.timedelta(minutes=1)
EPOCH = dt.datetime(1970, 1, 1)
MICROSECOND = dt.timedelta(microseconds=1)


def _micros(when: dt.datetime) -> int:
    return (when - EPOCH) // MICROSECOND


class RateLimits(Repository):
    """A sliding one-minute window per key, kept in MongoDB so every process shares one budget.

    One document per key holds the times of its latest allowed requests, newest first and at most
    `limit` of them, as integer microseconds since the epoch (`times_us`: integers are what a
    database copies and compares fastest; a document of an earlier version, with `times`, is simply
    not read again and expires). A request is allowed when fewer than `limit` of those fall in the
    last minute, that is when the `limit`-th newest is missing or older than a minute; the check and
    the record are one atomic update whose filter holds exactly that condition, so concurrent
    processes can never both take the last place. No window boundary exists, so no burst of twice
    the limit across one."""

    collection_name = "rate_limits"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    async def hit(self, key_id: str, limit: int) -> tuple[bool, int, dt.datetime]:
        """Count one request against `limit` per minute. Returns (allowed, remaining, reset):
        requests still allowed in the window, and when the oldest request counted in the window leaves
        it (a refused request may be retried then)."""
        now = self.clock.now()
        stamp, cutoff = _micros(now), _micros(now - WINDOW)
        nth = f"times_us.{limit - 1}"
        for _ in range(3):  # each round that fails found the document changed by another request
            doc = await self.col.find_one_and_update(
                {"_id": key_id, "$or": [{nth: {"$exists": False}}, {nth: {"$lte": cutoff}}]},
                {"$push": {"times_us": {"$each": [stamp], "$sort": -1, "$slice": limit}},
                 "$set": {"expires_at": now + WINDOW}},
                return_document=ReturnDocument.AFTER)
            if doc is not None:
                return (True, *self._window(doc["times_us"], now, limit))
            try:
                await self.col.insert_one({"_id": key_id, "times_us": [stamp], "expires_at": now + WINDOW})
                return (True, *self._window([stamp], now, limit))
            except DuplicateKeyError:
                doc = await self.col.find_one({"_id": key_id})
            times = (doc or {}).get("times_us", [])
            if len(times) >= limit and times[limit - 1] > cutoff:
                return (False, *self._window(times[:limit], now, limit))
        return False, 0, now + dt.timedelta(seconds=1)

    @staticmethod
    def _window(times: list, now: dt.datetime, limit: int) -> tuple[int, dt.datetime]:
        cutoff = _micros(now - WINDOW)
        counted = [t for t in times if t > cutoff]
        oldest = EPOCH + min(counted) * MICROSECOND if counted else now
        return max(0, limit - len(counted)), oldest + WINDOW

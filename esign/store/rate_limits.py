import datetime as dt
from collections.abc import Callable

from esign.clock import Clock
from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, Database, Index, Repository
from esign.store.records import Json

WINDOW_US = 60_000_000  # a limit is "per minute"
EPOCH = dt.datetime(1970, 1, 1)
MICROSECOND = dt.timedelta(microseconds=1)
_HINTS_MAX = 10_000  # keys whose last theoretical arrival time this process remembers (a hint only)


def _micros(when: dt.datetime) -> int:
    return (when - EPOCH) // MICROSECOND


def _time(micros: int) -> dt.datetime:
    return EPOCH + micros * MICROSECOND


class RateLimits(Repository[Json]):
    """A generic cell rate algorithm (GCRA) per key, kept in MongoDB so every process shares one budget.

    One document per key holds one integer whatever the limit: `tat_us`, the key's theoretical arrival
    time in microseconds since the epoch. A key limited to `limit` a minute earns one request every
    `T = 60 s / limit` and may be up to `limit - 1` such intervals ahead of time: a fresh key may make
    `limit` requests at once, then one every T. A request is allowed when `tat <= now + (limit - 1) T`;
    allowing it moves `tat` to `max(tat, now) + T`. Each of the two cases (`tat` in the past, `tat`
    ahead but within the tolerance) is one atomic update whose filter holds exactly that condition, so
    concurrent processes can never both take the last place. There is no window edge at which the
    budget refills at once: after a burst the key earns its requests back one interval at a time, so
    no span of L seconds ever holds more than `limit + L / T` allowed requests.

    The document expires (TTL) once `tat` is in the past, when it says nothing more than its absence."""

    collection_name = "rate_limits"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    def __init__(self, db: Database, clock: Clock, after_write: Callable[[], None] | None = None) -> None:
        super().__init__(db, clock, after_write)
        self._hints: dict[str, int] = {}  # key -> the tat this process last saw: which update to try first

    async def hit(self, key_id: str, limit: int) -> tuple[bool, int, dt.datetime, dt.datetime]:
        """Count one request against `limit` per minute. Returns (allowed, remaining, reset, next_at):
        requests that could still be made at once, when the whole budget is back (allowed or refused:
        `X-RateLimit-Reset` has one meaning) and when the next request will be allowed (now, unless
        refused: `Retry-After`)."""
        now = _micros(self.clock.now())
        interval = -(-WINDOW_US // limit)  # rounded up: never more than `limit` a minute
        tolerance = (limit - 1) * interval
        expires_at = _time(now + WINDOW_US + 1_000_000)  # past any tat an allowed request can set
        # (a document of an earlier version, without `tat_us`, counts as behind: it is simply overwritten)
        behind: dict[str, Json] = {"filter": {"_id": key_id, "tat_us": {"$not": {"$gt": now}}},
                  "update": {"$set": {"tat_us": now + interval, "expires_at": expires_at}}}
        ahead: dict[str, Json] = {"filter": {"_id": key_id, "tat_us": {"$gt": now, "$lte": now + tolerance}},
                 "update": {"$inc": {"tat_us": interval}, "$set": {"expires_at": expires_at}}}
        order = (ahead, behind) if self._hints.get(key_id, 0) > now else (behind, ahead)
        for _ in range(3):  # a round that fails found the document changed by another request
            for case in order:
                doc = await self.col.find_one_and_update(case["filter"], case["update"], projection={"tat_us": 1},
                                                         return_document=ReturnDocument.AFTER)
                if doc is not None:
                    return (True, *self._allowance(key_id, doc["tat_us"], now, interval, tolerance), _time(now))
            doc = await self.col.find_one({"_id": key_id}, projection={"tat_us": 1})
            if doc is None:
                try:
                    await self.col.insert_one({"_id": key_id, "tat_us": now + interval, "expires_at": expires_at})
                    return (True, *self._allowance(key_id, now + interval, now, interval, tolerance), _time(now))
                except DuplicateKeyError:
                    continue
            if doc.get("tat_us", now) > now + tolerance:
                self._remember(key_id, doc["tat_us"])
                return False, 0, _time(doc["tat_us"]), _time(doc["tat_us"] - tolerance)
        return False, 0, _time(now + tolerance + interval), _time(now + interval)

    def _allowance(self, key_id: str, tat: int, now: int, interval: int, tolerance: int) -> tuple[int, dt.datetime]:
        self._remember(key_id, tat)
        return max(0, (now + tolerance - tat) // interval + 1), _time(tat)

    def _remember(self, key_id: str, tat: int) -> None:
        if len(self._hints) >= _HINTS_MAX and key_id not in self._hints:
            self._hints.clear()  # a hint only picks which update to try first
        self._hints[key_id] = tat

"""Throttling of failed API-key attempts per client address (`[limits] failed_auth_per_minute`).

Counted in the process, not in the database: the point is to refuse a key-guessing client before any
database work, so the count must cost nothing to read. With several server processes each keeps its
own count (an attacker behind one address gets the limit once per process; documented in
docs/operations.md).

A key this process has accepted before is no guess: it is let through from a throttled address, so
one client sending a stale key does not lock out the other clients behind the same address (a NAT, a
company proxy, or every client when a reverse proxy hides their addresses).
"""
from __future__ import annotations

import collections
import datetime as dt

WINDOW = dt.timedelta(minutes=1)
MAX_ADDRESSES = 10_000  # addresses remembered at once; the least recently failing are forgotten first
MAX_ACCEPTED = 10_000  # accepted keys remembered at once; the least recently accepted are forgotten first


class FailedAuthThrottle:
    def __init__(self, clock, per_minute: int):
        self.clock = clock
        self.per_minute = per_minute
        # address -> times of its failed attempts in the last minute (at most per_minute kept)
        self._failures: collections.OrderedDict[str, collections.deque] = collections.OrderedDict()
        # hashes of the keys this process has accepted, least recently accepted first
        self._accepted: collections.OrderedDict[str, None] = collections.OrderedDict()

    def _recent(self, address: str) -> collections.deque | None:
        failures = self._failures.get(address)
        if failures is None:
            return None
        cutoff = self.clock.now() - WINDOW
        while failures and failures[0] <= cutoff:
            failures.popleft()
        if not failures:
            del self._failures[address]
            return None
        return failures

    def retry_after(self, address: str, key_hash: str) -> float | None:
        """Seconds until `address` may try the key `key_hash` again, or None when it may now."""
        if key_hash in self._accepted:
            return None
        failures = self._recent(address)
        if failures is None or len(failures) < self.per_minute:
            return None
        return (failures[0] + WINDOW - self.clock.now()).total_seconds()

    def accepted(self, key_hash: str) -> None:
        self._accepted[key_hash] = None
        self._accepted.move_to_end(key_hash)
        while len(self._accepted) > MAX_ACCEPTED:
            self._accepted.popitem(last=False)

    def failed(self, address: str, key_hash: str) -> None:
        self._accepted.pop(key_hash, None)  # revoked since: a guess like any other
        failures = self._recent(address)
        if failures is None:
            failures = self._failures[address] = collections.deque(maxlen=self.per_minute)
            while len(self._failures) > MAX_ADDRESSES:
                self._failures.popitem(last=False)
        else:
            self._failures.move_to_end(address)
        failures.append(self.clock.now())

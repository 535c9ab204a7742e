"""A short-lived in-process cache of records that every API request reads (the API key and its
organisation: `[security] api_key_cache_seconds`).

An entry lives `seconds` by the service clock. Any write this process makes through the cached
repository's collection clears the whole cache (`Repository(after_write=cache.clear)`), so a change
(a revoked key, a new plan) takes effect at once in the process that made it; a change made by
another process takes effect when the entries it affects expire, within `seconds`. Only found records are cached: a key that does not
exist yet is looked up every time. 0 seconds turns the cache off.
"""
from __future__ import annotations

import collections
import datetime as dt
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar

from esign.clock import Clock

MAX_ENTRIES = 10_000  # the least recently stored entries are forgotten first
V = TypeVar("V")


class TTLCache:
    def __init__(self, clock: Clock, seconds: float = 0) -> None:
        self.clock = clock
        self.seconds = seconds
        self._entries: collections.OrderedDict[Hashable, tuple[dt.datetime, Any]] = collections.OrderedDict()
        self._generation = 0  # advanced by every clear: a read that overlapped a write is not stored

    async def read(self, key: Hashable, load: Callable[[], Awaitable[V]]) -> V:
        """The value for `key`: cached, or `await load()` (stored unless None or a write happened
        meanwhile)."""
        entry = self._entries.get(key)
        if entry is not None:
            expires, value = entry
            if self.clock.now() < expires:
                return value  # type: ignore[no-any-return]  # stored by this method from a `load` of the same key
            del self._entries[key]
        generation = self._generation
        value = await load()
        if self.seconds > 0 and value is not None and generation == self._generation:
            self._entries[key] = (self.clock.now() + dt.timedelta(seconds=self.seconds), value)
            while len(self._entries) > MAX_ENTRIES:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        self._generation += 1
        self._entries.clear()


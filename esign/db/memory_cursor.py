"""The embedded database's cursor (esign.db.memory): a find's page, computed when first read."""
from __future__ import annotations

from typing import TYPE_CHECKING

from esign.db.index_rule import sort_spec

if TYPE_CHECKING:
    from esign.db.memory import MemoryCollection


class MemoryCursor:
    """A query's cursor: the page is computed when first read, sorting the matching documents
    where they are stored and copying only the page (mongomock's own cursor copies every match)."""

    def __init__(self, collection: MemoryCollection, query: dict, projection=None):
        self._collection = collection
        self._query = query
        self._projection = projection
        self._sort: list = []
        self._skip = 0
        self._limit = 0
        self._results: list | None = None
        self._next = 0

    def sort(self, key_or_list, direction=None):
        self._sort = sort_spec(key_or_list, direction)
        return self

    def skip(self, n):
        self._skip = n
        return self

    def limit(self, n):
        self._limit = n
        return self

    async def _start(self) -> list:
        if self._results is None:
            self._collection.check(self._query, self._sort)
            async with self._collection.database.call("find"):
                self._results = self._collection.page(self._query, self._projection, self._sort, self._skip,
                                                      self._limit)
        return self._results

    def __aiter__(self):
        return self

    async def __anext__(self):
        results = await self._start()
        if self._next >= len(results):
            raise StopAsyncIteration
        self._next += 1
        return results[self._next - 1]

    async def to_list(self, length=None):
        results = await self._start()
        stop = len(results) if length is None else self._next + length
        taken = results[self._next:stop]
        self._next += len(taken)
        return taken

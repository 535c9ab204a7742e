"""Which data upgrades (esign.domain.signer.upgrades) a deployment has finished, and the scans they make.

`data_upgrades` holds one small document per finished upgrade (`_id` = its name); the collection never
grows beyond the number of upgrades the code has ever shipped.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from esign.store.base import ASCENDING, Repository, out
from esign.store.records import Json


class DataUpgrades(Repository[Json]):
    collection_name = "data_upgrades"

    async def finished(self, names: list[str]) -> set[str]:
        """Which of `names` are finished."""
        return {doc["_id"] async for doc in self.col.find({"_id": {"$in": names}}, {"_id": 1})}

    async def mark_finished(self, name: str, changed: int) -> None:
        """Record `name` as finished (an equality upsert: processes finishing together are safe)."""
        await self.col.update_one({"_id": name}, {"$setOnInsert": {"changed": changed,
                                                                    "finished_at": self.clock.now()}}, upsert=True)


async def scan(repo: Repository[Any], projection: Json, batch: int = 200) -> AsyncIterator[Json]:
    """Every document of `repo`'s collection in `_id` order, `batch` at a time (served by the `_id`
    index; each batch starts after the last `_id` seen, so a long scan never holds a cursor open). The
    ids of the collections scanned are strings (uuid4)."""
    query: Json = {"_id": {"$gte": ""}}
    while True:
        docs = await repo.col.find(query, projection).sort([("_id", ASCENDING)]).limit(batch).to_list(None)
        for doc in docs:
            yield out(doc)
        if len(docs) < batch:
            return
        query = {"_id": {"$gt": docs[-1]["_id"]}}

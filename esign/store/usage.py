from esign.db import DuplicateKeyError
from esign.store.base import Repository


class UsageCounters(Repository):
    """Per organisation and calendar month counters (`<org_id>:<YYYY-MM>`)."""

    collection_name = "usage"

    def _id(self, org_id):
        return f"{org_id}:{self.clock.now():%Y-%m}"

    async def reserve(self, org_id: str, metric: str, limit: int) -> bool:
        """Count one unit of `metric` if it stays within `limit` (0 = unlimited). Atomic: the
        filter holds the limit, so concurrent callers never overshoot it."""
        query = {"_id": self._id(org_id)}
        if limit:
            query["$or"] = [{metric: {"$lt": limit}}, {metric: {"$exists": False}}]
        try:
            await self.col.find_one_and_update(query, {"$inc": {metric: 1}}, upsert=True)
            return True
        except DuplicateKeyError:  # the month's document exists and is at the limit
            return False

    async def release(self, org_id: str, metric: str):
        """Give back a unit reserved for an operation that then failed."""
        await self.col.update_one({"_id": self._id(org_id), metric: {"$gt": 0}}, {"$inc": {metric: -1}})

    async def month(self, org_id: str) -> dict:
        return await self.col.find_one({"_id": self._id(org_id)}) or {}

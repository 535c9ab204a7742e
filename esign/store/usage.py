from esign.store.base import Repository
from esign.store.records import Json


class UsageCounters(Repository[Json]):
    """Per organisation and calendar month counters (`<org_id>:<YYYY-MM>`)."""

    collection_name = "usage"

    def _id(self, org_id: str) -> str:
        return f"{org_id}:{self.clock.now():%Y-%m}"

    async def reserve(self, org_id: str, metric: str, limit: int) -> bool:
        """Count one unit of `metric` if it stays within `limit` (0 = unlimited), in the month's counter
        (Repository.capped_increment)."""
        month = self._id(org_id)
        query: Json = {"_id": month}
        if limit:
            query["$or"] = [{metric: {"$lt": limit}}, {metric: {"$exists": False}}]
        return await self.capped_increment(month, query, metric, {metric: 0})

    async def release(self, org_id: str, metric: str) -> None:
        """Give back a unit reserved for an operation that then failed."""
        await self.col.update_one({"_id": self._id(org_id), metric: {"$gt": 0}}, {"$inc": {metric: -1}})

    async def month(self, org_id: str) -> Json:
        return await self.col.find_one({"_id": self._id(org_id)}) or {}

from esign.store.base import Repository


class UsageCounters(Repository):
    """Per organisation and calendar month counters (`<org_id>:<YYYY-MM>`)."""

    collection_name = "usage"

    def _id(self, org_id):
        return f"{org_id}:{self.clock.now():%Y-%m}"

    async def reserve(self, org_id: str, metric: str, limit: int) -> bool:
        """Count one unit of `metric` if it stays within `limit` (0 = unlimited).

        One conditional `$inc` whose filter holds the limit counts the unit, so concurrent callers
        never overshoot it. Only when it matches nothing is the month's counter created, by an upsert
        whose filter is the `_id` only (MongoDB retries an equality upsert that loses the race to
        insert, so it never fails with a duplicate key), and the `$inc` tried once more: one round
        trip once the month's counter exists, three for the month's first unit or a refusal."""
        month = self._id(org_id)
        query = {"_id": month}
        if limit:
            query["$or"] = [{metric: {"$lt": limit}}, {metric: {"$exists": False}}]
        if (await self.col.update_one(query, {"$inc": {metric: 1}})).modified_count == 1:
            return True
        await self.col.update_one({"_id": month}, {"$setOnInsert": {metric: 0}}, upsert=True)
        return (await self.col.update_one(query, {"$inc": {metric: 1}})).modified_count == 1

    async def release(self, org_id: str, metric: str):
        """Give back a unit reserved for an operation that then failed."""
        await self.col.update_one({"_id": self._id(org_id), metric: {"$gt": 0}}, {"$inc": {metric: -1}})

    async def month(self, org_id: str) -> dict:
        return await self.col.find_one({"_id": self._id(org_id)}) or {}

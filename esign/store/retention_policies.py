"""The retention policy an organisation set (PUT /v1/retention-policy: esign.domain.retention.policy),
one record per organisation under its id; an organisation without one follows `[retention]`."""
from __future__ import annotations

from esign.store.base import Repository, out
from esign.store.records import Json


class RetentionPolicies(Repository[Json]):
    collection_name = "retention_policies"
    indexes = []  # read and written by `_id`, the organisation's id

    async def of(self, org_id: str) -> Json | None:
        return out(await self.col.find_one({"_id": org_id}))

    async def put(self, org_id: str, policy: Json) -> None:
        """Set the organisation's policy (one upsert: the last writer's policy stands whole)."""
        await self.col.update_one({"_id": org_id}, {"$set": {**policy, "updated_at": self.clock.now()}}, upsert=True)

import datetime as dt

from esign.db import DuplicateKeyError
from esign.store.base import ASCENDING, Index, Repository
from esign.store.records import Json

REMEMBER = dt.timedelta(hours=24)
# A request still "running" after this was cut off by a dead process: a retry may take the key over
# instead of meeting 409 idempotency_in_progress for the rest of the day.
RUNNING_LEASE = dt.timedelta(minutes=5)


class IdempotencyRecords(Repository[Json]):
    collection_name = "idempotency"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0)]

    async def begin(self, scope: str, body_hash: str) -> Json | None:
        """Claim `scope` for a new request. Returns None when claimed, else the existing record
        (in progress, or finished with a stored response)."""
        now = self.clock.now()
        claim = {"body_hash": body_hash, "state": "running", "created_at": now, "expires_at": now + REMEMBER,
                 "running_until": now + RUNNING_LEASE}
        try:
            await self.col.insert_one({"_id": scope, **claim})
            return None
        except DuplicateKeyError:
            existing = await self.col.find_one({"_id": scope})
            if existing is None or existing["expires_at"] <= now:  # expired but not yet swept
                await self.col.delete_one({"_id": scope, "created_at": existing["created_at"]} if existing else {"_id": scope})
                return await self.begin(scope, body_hash)
            running_until: dt.datetime = existing["running_until"] if "running_until" in existing else existing["expires_at"]
            abandoned = existing["state"] == "running" and running_until <= now
            if abandoned and existing["body_hash"] == body_hash:
                # one conditional update: of two retries racing for it, one takes it over
                taken = await self.col.find_one_and_update(
                    {"_id": scope, "state": "running", "created_at": existing["created_at"]}, {"$set": claim})
                return None if taken is not None else await self.col.find_one({"_id": scope})
            return existing

    async def finish(self, scope: str, status: int, body: Json, headers: Json) -> None:
        await self.col.update_one({"_id": scope}, {"$set": {"state": "done", "status": status,
                                                           "body": body, "headers": headers}})

    async def abandon(self, scope: str) -> None:
        await self.col.delete_one({"_id": scope, "state": "running"})

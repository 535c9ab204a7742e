from collections.abc import Iterable
from typing import cast

from esign.clock import Clock
from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Database, GuardedCollection, Index, Repository, new_id, out
from esign.store.cache import TTLCache
from esign.store.records import Json

# what emails show of an organisation, set from `[[organizations]]` (empty = not set): the name people
# read, a logo (https), an accent colour (#rrggbb), and where owner notifications go when the API key
# that created a request names no owner_email
BRANDING = ("display_name", "logo_url", "accent_color", "notify_email")


class Organizations(Repository[Json]):
    collection_name = "organizations"
    indexes = [Index("name_unique", [("name", ASCENDING)], unique=True)]

    def __init__(self, db: Database, clock: Clock) -> None:
        self.cache = TTLCache(clock)  # id -> organisation, for authentication (esign.store.cache)
        # every write this process makes clears it (a read that overlapped the write is not stored),
        # except the storage counter's: nothing reads it from the cache (usage reads the organisation
        # itself, the quota is a conditional update), and every upload counts it
        super().__init__(db, clock, after_write=self.cache.clear)
        self._counter = GuardedCollection(db[self.collection_name])

    async def authenticated(self, org_id: str) -> Json | None:
        """The organisation as `by_id` gives it, cached for `cache.seconds` (read-only: shared by
        the requests of that time)."""
        return await self.cache.read(org_id, lambda: self.by_id(org_id))

    async def create(self, name: str, plan: str) -> tuple[Json, bool]:
        """(the organisation named `name`, whether this call created it). One equality upsert on the
        unique name that only sets fields on insert: concurrent calls all succeed, one creates."""
        new = {"_id": new_id(), "plan": plan, "embed_origins": [], "delivery_url": "", "delivery_secret_enc": "",
               "storage_bytes": 0, "created_at": self.clock.now()}
        doc = await self.col.find_one_and_update({"name": name}, {"$setOnInsert": new}, upsert=True,
                                                 return_document=ReturnDocument.AFTER)
        created = cast(Json, doc)  # an upsert returning the document after it: never None
        return out(created), created["_id"] == new["_id"]

    async def upsert_by_name(self, name: str, fields: Json, origins: Iterable[str] = (), defaults: Json | None = None) -> Json:
        """Create or update an organisation by its unique name (idempotent provisioning): `fields` are
        set, `origins` are added to its embed origins (those added otherwise stay), `defaults` are set
        only when it is created. The filter is an equality on the unique name, so MongoDB retries the
        upsert after a duplicate-key race and processes starting together all succeed."""
        doc = await self.col.find_one_and_update(
            {"name": name},
            {"$set": fields, "$addToSet": {"embed_origins": {"$each": list(origins)}},
             "$setOnInsert": {"_id": new_id(), "storage_bytes": 0, "created_at": self.clock.now(), **(defaults or {})}},
            upsert=True, return_document=ReturnDocument.AFTER)
        return out(cast(Json, doc))  # an upsert returning the document after it: never None

    async def any_exist(self) -> bool:
        return await self.col.find_one({}, {"_id": 1}) is not None

    async def page_after(self, last_id: str | None, limit: int) -> list[Json]:
        """Up to `limit` organisations in `_id` order after `last_id` (a walk over all of them, in pages)."""
        cursor = self.col.find({"_id": {"$gt": last_id or ""}}).sort("_id", ASCENDING).limit(limit)
        return [out(d) async for d in cursor]

    async def replace_delivery_secret(self, org_id: str, old_encrypted: str, new_encrypted: str) -> bool:
        """Store `new_encrypted` as the delivery secret while it still is `old_encrypted`."""
        doc = await self.col.find_one_and_update({"_id": org_id, "delivery_secret_enc": old_encrypted},
                                                 {"$set": {"delivery_secret_enc": new_encrypted}})
        return doc is not None

    async def by_name(self, name: str) -> Json | None:
        return out(await self.col.find_one({"name": name}))

    async def update(self, org_id: str, fields: Json) -> Json | None:
        return out(await self.col.find_one_and_update({"_id": org_id}, {"$set": fields},
                                                      return_document=ReturnDocument.AFTER))

    async def add_embed_origin(self, org_id: str, origin: str) -> Json | None:
        return out(await self.col.find_one_and_update({"_id": org_id}, {"$addToSet": {"embed_origins": origin}},
                                                      return_document=ReturnDocument.AFTER))

    async def remove_embed_origin(self, org_id: str, origin: str) -> Json | None:
        return out(await self.col.find_one_and_update({"_id": org_id}, {"$pull": {"embed_origins": origin}},
                                                      return_document=ReturnDocument.AFTER))

    async def reserve_storage(self, org_id: str, nbytes: int, limit_bytes: int) -> bool:
        """Count `nbytes` more of stored files if the total stays within `limit_bytes` (0 = unlimited):
        one conditional update, so concurrent uploads never overshoot the limit."""
        query: Json = {"_id": org_id}
        if limit_bytes:
            query["storage_bytes"] = {"$lte": limit_bytes - nbytes}
        return await self._counter.find_one_and_update(query, {"$inc": {"storage_bytes": nbytes}}) is not None

    async def add_storage(self, org_id: str, nbytes: int) -> None:
        await self._counter.update_one({"_id": org_id}, {"$inc": {"storage_bytes": nbytes}})

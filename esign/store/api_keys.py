from collections.abc import Iterable
from typing import Any, cast

from esign.clock import Clock
from esign.db import ReturnDocument
from esign.secrets import hash_token
from esign.store.base import ASCENDING, Database, Index, Repository, new_id, out
from esign.store.cache import TTLCache
from esign.store.records import Json


class ApiKeys(Repository[Json]):
    collection_name = "api_keys"
    indexes = [Index("key_hash_unique", [("key_hash", ASCENDING)], unique=True),
               Index("org_created", [("org_id", ASCENDING), ("created_at", ASCENDING)])]

    def __init__(self, db: Database, clock: Clock) -> None:
        self.cache = TTLCache(clock)  # key hash -> record, for authentication (esign.store.cache)
        # every write this process makes clears it (a read that overlapped the write is not stored)
        super().__init__(db, clock, after_write=self.cache.clear)

    async def create(self, org_id: str, key: str, scopes: Iterable[str], sandbox: bool = False, rate_limit: int = 0,
                     owner_name: str = "", owner_email: str = "", name: str = "") -> Json:
        """Store a key by its hash only; `key` itself is never written."""
        doc = {"_id": new_id(), "org_id": org_id, "key_hash": hash_token(key), "prefix": key[:12],
               "scopes": list(scopes), "sandbox": bool(sandbox), "rate_limit": int(rate_limit),
               "owner_name": owner_name, "owner_email": owner_email, "name": name,
               "created_at": self.clock.now(), "revoked_at": None}
        await self.col.insert_one(doc)
        return out(doc)

    async def provision(self, org_id: str, key: str, **fields: Any) -> Json:
        """Create the key or update its settings (idempotent; used for config-declared keys). A revoked
        key stays revoked: `revoked_at` is written only when the record is created. One upsert whose
        filter is an equality on the unique `key_hash`: processes starting together all succeed (MongoDB
        retries such an upsert after a duplicate-key race) and leave one record."""
        doc = await self.col.find_one_and_update(
            {"key_hash": hash_token(key)},
            {"$set": {**fields, "org_id": org_id},
             "$setOnInsert": {"_id": new_id(), "prefix": key[:12], "created_at": self.clock.now(),
                              "revoked_at": None}},
            upsert=True, return_document=ReturnDocument.AFTER)
        return out(cast(Json, doc))  # an upsert returning the document after it: never None

    async def by_key(self, key: str) -> Json | None:
        return await self.by_hash(hash_token(key))

    async def by_hash(self, key_hash: str) -> Json | None:
        return out(await self.col.find_one({"key_hash": key_hash}))

    async def authenticate(self, key_hash: str) -> Json | None:
        """The record of the key whose `hash_token` is `key_hash`, cached for `cache.seconds` (read-only:
        shared by the requests of that time)."""
        return await self.cache.read(key_hash, lambda: self.by_hash(key_hash))

    async def list_for_org(self, org_id: str) -> list[Json]:
        return [out(d) async for d in self.col.find({"org_id": org_id}).sort("created_at", ASCENDING)]

    async def revoke(self, key_id: str) -> bool:
        res = await self.col.update_one({"_id": key_id, "revoked_at": None}, {"$set": {"revoked_at": self.clock.now()}})
        return res.modified_count == 1

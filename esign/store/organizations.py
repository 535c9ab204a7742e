from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, Index, Repository, new_id, out


class Organizations(Repository):
    collection_name = "organizations"
    indexes = [Index("name_unique", [("name", ASCENDING)], unique=True)]

    async def create(self, name, plan):
        doc = {"_id": new_id(), "name": name, "plan": plan, "embed_origins": [], "delivery_url": "",
               "delivery_secret_enc": "",
               "storage_bytes": 0, "created_at": self.clock.now()}
        await self.col.insert_one(doc)
        return out(doc)

    async def upsert_by_name(self, name, fields: dict) -> dict:
        """Create or update an organisation by its unique name (idempotent provisioning)."""
        now = self.clock.now()
        for _ in range(2):
            try:
                doc = await self.col.find_one_and_update(
                    {"name": name},
                    {"$set": fields, "$setOnInsert": {"_id": new_id(), "storage_bytes": 0, "created_at": now}},
                    upsert=True, return_document=ReturnDocument.AFTER)
                return out(doc)
            except DuplicateKeyError:  # another process inserted it first: update it now
                continue
        raise RuntimeError(f"could not provision organisation {name!r}")

    async def by_name(self, name):
        return out(await self.col.find_one({"name": name}))

    async def update(self, org_id, fields: dict):
        return out(await self.col.find_one_and_update({"_id": org_id}, {"$set": fields},
                                                      return_document=ReturnDocument.AFTER))

    async def add_embed_origin(self, org_id, origin):
        return out(await self.col.find_one_and_update({"_id": org_id}, {"$addToSet": {"embed_origins": origin}},
                                                      return_document=ReturnDocument.AFTER))

    async def add_storage(self, org_id, nbytes: int):
        await self.col.update_one({"_id": org_id}, {"$inc": {"storage_bytes": nbytes}})

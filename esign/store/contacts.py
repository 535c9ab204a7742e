import re

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Index, Repository, new_id, out


class Contacts(Repository):
    collection_name = "contacts"
    indexes = [Index("org_email_unique", [("org_id", ASCENDING), ("email_key", ASCENDING)], unique=True),
               # the list: by name; `email` last so a search matches name and email inside the index
               Index("org_name", [("org_id", ASCENDING), ("name", ASCENDING), ("_id", ASCENDING), ("email", ASCENDING)])]

    async def upsert(self, org_id, name, email, phone):
        """Create the contact, or update name (and phone) when the email already exists.
        Returns (contact, created)."""
        now = self.clock.now()
        doc = await self.col.find_one_and_update(
            {"org_id": org_id, "email_key": email.lower()},
            {"$set": {"name": name, "email": email, "phone": phone, "updated_at": now},
             "$setOnInsert": {"_id": new_id(), "created_at": now, "last_used_at": now}},
            upsert=True, return_document=ReturnDocument.AFTER)
        return out(doc), doc["created_at"] == now and doc["last_used_at"] == now and doc["updated_at"] == now

    async def list(self, org_id, search, limit, offset, after=None):
        query = {"org_id": org_id}
        if search:
            pattern = re.escape(search)
            query["$or"] = [{"name": {"$regex": pattern, "$options": "i"}},
                            {"email": {"$regex": pattern, "$options": "i"}}]
        return await self.page(query, [("name", ASCENDING), ("_id", ASCENDING)], limit, offset, after=after)

    async def touch(self, org_id, emails, at):
        """Mark contacts whose email is among `emails` as used at `at` (a later use is kept)."""
        if emails:
            await self.col.update_many({"org_id": org_id, "email_key": {"$in": [e.lower() for e in emails]}},
                                       {"$max": {"last_used_at": at}})

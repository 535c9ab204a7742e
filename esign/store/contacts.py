import datetime as dt
import re
import unicodedata
from collections.abc import Iterable
from typing import cast

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, Index, Page, Repository, new_id, out
from esign.store.records import Json

LISTED = {f: 1 for f in ("name", "email", "phone", "locale", "last_used_at", "created_at", "updated_at")}


def name_key(name: str) -> str:
    """What the list sorts by: the name without case or accents ("alice" and "Émile" between "Adam"
    and "Zoe", not after them as in code-point order)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name.casefold()) if not unicodedata.combining(ch))


class Contacts(Repository[Json]):
    collection_name = "contacts"
    indexes = [Index("org_email_unique", [("org_id", ASCENDING), ("email_key", ASCENDING)], unique=True),
               # the list: by name_key; `name` and `email` last so a search matches them inside the index
               Index("org_name", [("org_id", ASCENDING), ("name_key", ASCENDING), ("_id", ASCENDING),
                                  ("name", ASCENDING), ("email", ASCENDING)])]
    cursor_fields = ("name_key",)

    async def upsert(self, org_id: str, contact: Json) -> Json:
        """Create the contact (`name`, `email`, optional `phone`), or update its name when the email
        already exists; its phone too when `contact` has one (None clears it; left out, it is kept)."""
        now = self.clock.now()
        changes: Json = {"name": contact["name"], "name_key": name_key(contact["name"]), "email": contact["email"],
                   "updated_at": now}
        created: Json = {"_id": new_id(), "created_at": now, "last_used_at": now}
        (changes if "phone" in contact else created)["phone"] = contact.get("phone")
        (changes if "locale" in contact else created)["locale"] = contact.get("locale")
        return out(cast(Json, await self.col.find_one_and_update(  # an upsert returning the document after it: never None
            {"org_id": org_id, "email_key": contact["email"].lower()}, {"$set": changes, "$setOnInsert": created},
            upsert=True, return_document=ReturnDocument.AFTER)))

    async def list(self, org_id: str, search: str | None, limit: int, offset: int, after: Json | None = None) -> Page:
        query: Json = {"org_id": org_id}
        if search:
            pattern = re.escape(search)
            query["$or"] = [{"name": {"$regex": pattern, "$options": "i"}},
                            {"email": {"$regex": pattern, "$options": "i"}}]
        return await self.page(query, [("name_key", ASCENDING), ("_id", ASCENDING)], limit, offset, after=after,
                               projection=LISTED)

    async def set_name_key(self, contact_id: str, name: str) -> bool:
        """Give a contact stored by an earlier version its `name_key` (unless renamed meanwhile)."""
        result = await self.col.update_one({"_id": contact_id, "name": name}, {"$set": {"name_key": name_key(name)}})
        return result.modified_count == 1

    async def touch(self, org_id: str, emails: Iterable[str], at: dt.datetime) -> None:
        """Mark contacts whose email is among `emails` as used at `at` (a later use is kept)."""
        if emails:
            await self.col.update_many({"org_id": org_id, "email_key": {"$in": [e.lower() for e in emails]}},
                                       {"$max": {"last_used_at": at}})

    async def erase(self, org_id: str, email: str) -> int:
        """Delete the organisation's contact of `email` (any case; an erasure request); how many (0 or 1)."""
        return (await self.col.delete_many({"org_id": org_id, "email_key": email.lower()})).deleted_count

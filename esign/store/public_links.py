"""Public links (esign.domain.public_links): a template's link anyone may open, and its uses.

A link's `uses` counts the signing requests made from it; taking one is a single conditional `$inc`
whose filter holds `uses < max_uses`, so concurrent visitors never make more than `max_uses`. A
rotated link keeps its last RETIRED_KEPT slugs (they answer 410), so the record stays bounded.

A use (`public_link_uses`) is written only once a visitor has proven their email address: the
request made for them and the address (lower-cased). At most one use per link and address is `open`
(a unique index on `open_key`, set only while open): concurrent verifications of one address make one request, and a later
visit resumes it while it is unfinished.
"""
from __future__ import annotations

import builtins
import datetime as dt

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Page, Repository, out
from esign.store.records import Json

RETIRED_KEPT = 20  # slugs of earlier rotations that still answer 410 (older ones: 404)
ORDER = [("created_at", DESCENDING), ("_id", DESCENDING)]


class PublicLinks(Repository[Json]):
    collection_name = "public_links"
    indexes = [Index("org_created", [("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)]),
               Index("slug_unique", [("slug", ASCENDING)], unique=True),
               Index("retired_slugs", [("retired_slugs", ASCENDING)])]
    cursor_fields = ("created_at",)

    async def list(self, org_id: str, limit: int, offset: int, after: Json | None = None) -> Page:
        return await self.page({"org_id": org_id}, ORDER, limit, offset, after=after)

    async def by_slug(self, slug: str) -> Json | None:
        return self.record(await self.col.find_one({"slug": slug}))

    async def by_retired_slug(self, slug: str) -> Json | None:
        return self.record(await self.col.find_one({"retired_slugs": slug}, {"_id": 1}))

    async def change(self, org_id: str, link_id: str, changes: Json) -> Json | None:
        return self.record(await self.col.find_one_and_update(
            {"_id": link_id, "org_id": org_id}, {"$set": changes}, return_document=ReturnDocument.AFTER))

    async def pause(self, link_id: str, at: dt.datetime) -> Json | None:
        """Pause a link that is not paused (one conditional update); None when it already was."""
        return self.record(await self.col.find_one_and_update(
            {"_id": link_id, "paused": False}, {"$set": {"paused": True, "updated_at": at}},
            return_document=ReturnDocument.AFTER))

    async def pause_phone_codes(self, link_id: str, at: dt.datetime) -> Json | None:
        """Pause the phone codes of a link whose phone codes are not paused (one conditional update: of
        concurrent trips, one wins); None when they already were."""
        return self.record(await self.col.find_one_and_update(
            {"_id": link_id, "phone_paused": {"$ne": True}}, {"$set": {"phone_paused": True, "updated_at": at}},
            return_document=ReturnDocument.AFTER))

    async def rotate(self, org_id: str, link_id: str, old_slug: str, new_slug: str, at: dt.datetime) -> Json | None:
        """Give the link `new_slug` if its slug is still `old_slug`; the old one joins the retired slugs."""
        return self.record(await self.col.find_one_and_update(
            {"_id": link_id, "org_id": org_id, "slug": old_slug},
            {"$set": {"slug": new_slug, "updated_at": at},
             "$push": {"retired_slugs": {"$each": [old_slug], "$slice": -RETIRED_KEPT}}},
            return_document=ReturnDocument.AFTER))

    async def take_use(self, link: Json) -> Json | None:
        """Count one use of the unpaused `link` below its `max_uses` (None: unlimited): one `$inc` whose
        filter holds `uses < max_uses` (and the `max_uses` read, so a change of it meanwhile refuses).
        The link after it, or None when it is paused, gone, changed or used up."""
        limit = link.get("max_uses")
        query: Json = {"_id": link["id"], "paused": False, "max_uses": limit}
        if limit is not None:
            query["uses"] = {"$lt": limit}
        return self.record(await self.col.find_one_and_update(query, {"$inc": {"uses": 1}},
                                                              return_document=ReturnDocument.AFTER))

    async def give_back_use(self, link_id: str) -> None:
        """Undo `take_use` when no request could be made."""
        await self.col.update_one({"_id": link_id, "uses": {"$gt": 0}}, {"$inc": {"uses": -1}})


class PublicLinkUses(Repository[Json]):
    collection_name = "public_link_uses"
    indexes = [Index("link_created", [("link_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)]),
               Index("link_email_created", [("link_id", ASCENDING), ("email", ASCENDING), ("created_at", DESCENDING)]),
               # `open_key` ("{link_id}:{email}") only while the use is open
               Index("open_key_unique", [("open_key", ASCENDING)], unique=True, partial={"open_key": {"$type": "string"}}),
               # an erasure request finds a person's uses (esign.domain.retention.erasure)
               Index("org_email", [("org_id", ASCENDING), ("email", ASCENDING)])]
    cursor_fields = ("created_at",)

    async def list(self, link_id: str, limit: int, offset: int, after: Json | None = None) -> Page:
        return await self.page({"link_id": link_id}, ORDER, limit, offset, after=after)

    async def open_new(self, doc: Json) -> bool:
        """Insert an open use; False when the address has an open use of the link already."""
        try:
            await self.col.insert_one({**doc, "open": True, "open_key": f"{doc['link_id']}:{doc['email']}"})
        except DuplicateKeyError:
            return False
        return True

    async def open_use(self, link_id: str, email: str) -> Json | None:
        return self.record(await self.col.find_one({"open_key": f"{link_id}:{email}"}))

    async def latest(self, link_id: str, email: str) -> Json | None:
        cursor = self.col.find({"link_id": link_id, "email": email}).sort([("created_at", DESCENDING)]).limit(1)
        found: builtins.list[Json] = [d async for d in cursor]
        return self.record(found[0]) if found else None

    async def close(self, use_id: str) -> bool:
        """Close an open use (its request is finished): one conditional update."""
        closed = await self.col.update_one({"_id": use_id, "open": True},
                                           {"$set": {"open": False}, "$unset": {"open_key": ""}})
        return closed.modified_count == 1

    async def set_request(self, use_id: str, request_id: str, signer_id: str) -> None:
        await self.col.update_one({"_id": use_id}, {"$set": {"signing_request_id": request_id, "signer_id": signer_id}})

    async def remove(self, use_id: str) -> None:
        await self.col.delete_one({"_id": use_id})

    async def of_email(self, org_id: str, email: str, limit: int) -> builtins.list[Json]:
        """Up to `limit` of the organisation's uses by `email` (lower-cased): `id`, `open`,
        `signing_request_id` (index org_email)."""
        cursor = self.col.find({"org_id": org_id, "email": email}, {"open": 1, "signing_request_id": 1}).limit(limit)
        return [out(d) async for d in cursor]

    async def erase(self, use_ids: builtins.list[str], at: dt.datetime) -> int:
        """Remove the visitor's address from these uses (closing them: their requests are gone); how many
        changed."""
        result = await self.col.update_many({"_id": {"$in": use_ids}, "erased_at": None},
                                            {"$set": {"email": "", "open": False, "erased_at": at},
                                             "$unset": {"open_key": ""}})
        return result.modified_count

"""The staff console's people and their sign-ins (esign.domain.console): members of an organisation,
the single-use sign-in links sent to them by email and their console sessions.

- `members`: one document per person and organisation (`org_id`, `email` in lower case, `name`,
  `role` = sender | admin, `source` = config | cli), unique by (org_id, email).
- `console_links`: one document per sign-in link; `_id` is the SHA-256 of the link's token (the token
  itself is never stored). Consumed once by one conditional update whose filter holds `used_at: null`
  and an unexpired `expires_at`; a TTL index removes a link a day after it expired.
- `console_sessions`: one document per signed-in browser; `_id` is the SHA-256 of the cookie's session
  id, with the member, the per-session CSRF token, the idle and the absolute expiry. Sign-out sets
  `ended_at` (one session, or every session of a member through the `member` index, which also lists a
  member's live sessions); a TTL index removes a session once its absolute expiry has passed.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from esign.db import ASCENDING, DESCENDING, DuplicateKeyError, ReturnDocument
from esign.store.base import Index, Repository, new_id, out
from esign.store.records import Json

KEEP_USED_LINK_SECONDS = 24 * 3600
MAX_MEMBERSHIPS = 20  # organisations one address may sign in to (a sign-in mails a link for each)


class MemberExists(Exception):
    """The organisation has a member with this address already."""


class Members(Repository[Json]):
    collection_name = "members"
    indexes = [
        Index("org_email", (("org_id", ASCENDING), ("email", ASCENDING)), unique=True),
        Index("email", (("email", ASCENDING),)),  # sign-in: every organisation an address belongs to
    ]

    async def create(self, org_id: str, email: str, name: str, role: str, source: str) -> dict[str, Any]:
        """A new member; MemberExists when the organisation has one with this address."""
        now = self.clock.now()
        doc = {"_id": new_id(), "org_id": org_id, "email": email.lower(), "name": name, "role": role,
               "source": source, "created_at": now, "updated_at": now}
        try:
            await self.col.insert_one(doc)
        except DuplicateKeyError:
            raise MemberExists(email) from None
        return out(doc)

    async def provision(self, org_id: str, email: str, name: str, role: str) -> tuple[dict[str, Any], bool]:
        """Create or update the member the config declares: (record, whether it was created now). One
        upsert on the unique (org_id, email), so processes starting together make one member."""
        now = self.clock.now()
        query = {"org_id": org_id, "email": email.lower()}
        before = await self.col.find_one_and_update(
            query, {"$set": {"name": name, "role": role, "updated_at": now},
                    "$setOnInsert": {"_id": new_id(), "source": "config", "created_at": now}},
            upsert=True, return_document=ReturnDocument.BEFORE)
        return out(await self.col.find_one(query)), before is None  # type: ignore[return-value]  # just upserted: found

    async def by_email(self, email: str) -> list[dict[str, Any]]:
        """Every membership of an address (at most MAX_MEMBERSHIPS)."""
        cursor = self.col.find({"email": email.lower()}).limit(MAX_MEMBERSHIPS)
        return [out(doc) async for doc in cursor]


class ConsoleLinks(Repository[Json]):
    collection_name = "console_links"
    indexes = [Index("expires_ttl", (("expires_at", ASCENDING),), ttl_seconds=KEEP_USED_LINK_SECONDS)]

    async def create(self, token_hash: str, member: dict[str, Any], expires_at: dt.datetime) -> None:
        await self.col.insert_one({"_id": token_hash, "member_id": member["id"], "org_id": member["org_id"],
                                   "created_at": self.clock.now(), "expires_at": expires_at, "used_at": None})

    async def by_hash(self, token_hash: str) -> dict[str, Any] | None:
        return out(await self.col.find_one({"_id": token_hash}))

    async def consume(self, token_hash: str) -> dict[str, Any] | None:
        """Use the link once: the link, or None when it is unknown, used or expired."""
        now = self.clock.now()
        doc = await self.col.find_one_and_update(
            {"_id": token_hash, "used_at": None, "expires_at": {"$gt": now}},
            {"$set": {"used_at": now}}, return_document=ReturnDocument.AFTER)
        return out(doc)


class ConsoleSessions(Repository[Json]):
    collection_name = "console_sessions"
    indexes = [
        # sign-out everywhere, and a member's live sessions newest first (the expiries' ranges last)
        Index("member", (("member_id", ASCENDING), ("ended_at", ASCENDING), ("created_at", DESCENDING),
                         ("idle_expires_at", ASCENDING), ("expires_at", ASCENDING))),
        Index("expires_ttl", (("expires_at", ASCENDING),), ttl_seconds=0),
    ]

    async def create(self, session_hash: str, member: dict[str, Any], csrf: str, idle: dt.timedelta,
                     absolute: dt.timedelta) -> dict[str, Any]:
        now = self.clock.now()
        doc = {"_id": session_hash, "member_id": member["id"], "org_id": member["org_id"], "csrf": csrf,
               "created_at": now, "idle_expires_at": now + idle, "expires_at": now + absolute, "ended_at": None}
        await self.col.insert_one(doc)
        return out(doc)

    async def touch(self, session_hash: str, idle: dt.timedelta) -> dict[str, Any] | None:
        """The live session (not ended, within both expiries) with its idle expiry moved on; else None."""
        now = self.clock.now()
        doc = await self.col.find_one_and_update(
            {"_id": session_hash, "ended_at": None, "idle_expires_at": {"$gt": now}, "expires_at": {"$gt": now}},
            {"$set": {"idle_expires_at": now + idle}}, return_document=ReturnDocument.AFTER)
        return out(doc)

    async def end(self, session_hash: str) -> bool:
        result = await self.col.update_one({"_id": session_hash, "ended_at": None},
                                           {"$set": {"ended_at": self.clock.now()}})
        return bool(result.modified_count == 1)

    async def live(self, member_id: str, limit: int) -> list[dict[str, Any]]:
        """The member's live sessions (not ended, within both expiries), newest first, at most `limit`."""
        now = self.clock.now()
        cursor = self.col.find({"member_id": member_id, "ended_at": None, "idle_expires_at": {"$gt": now},
                                "expires_at": {"$gt": now}}).sort([("created_at", DESCENDING)]).limit(limit)
        return [out(doc) async for doc in cursor]

    async def end_of(self, member_id: str, session_hash: str) -> bool:
        """End the member's session `session_hash` (another member's: nothing); whether it was live."""
        result = await self.col.update_one({"_id": session_hash, "member_id": member_id, "ended_at": None},
                                           {"$set": {"ended_at": self.clock.now()}})
        return bool(result.modified_count == 1)

    async def end_all(self, member_id: str) -> int:
        result = await self.col.update_many({"member_id": member_id, "ended_at": None},
                                            {"$set": {"ended_at": self.clock.now()}})
        return int(result.modified_count)

"""Authoring sessions (esign.domain.authoring), one document per session: its organisation and the API key
that created it, the draft or template it edits, what it may do (`capabilities`, `locked`), its `state`,
the SHA-256 of the URL's token (`token_hash`: the token itself is never stored) and of the page's current
secret (`secret_hash`), with the few secrets it retired (`retired_hashes`, at most RETIRED_KEPT: a tab
that was opened elsewhere is told so), and its times: the token works until `open_until`; once opened
the secret idles out after `last_seen_at` + idle and ends at `ends_at`.

Every change of state is one conditional update whose filter holds the state (and the secret) it was
read with, so two tabs opening at once, or a revocation racing a send, settle once. `expires_at` is when
the session can no longer be used at all; a TTL index removes it KEEP_EXPIRED_SECONDS later (until then
an expired session still answers "expired")."""
from __future__ import annotations

import datetime as dt
from typing import Any

from esign.db import ASCENDING, DESCENDING, ReturnDocument
from esign.store.base import Index, Repository, out
from esign.store.records import Json

KEEP_EXPIRED_SECONDS = 7 * 24 * 3600
RETIRED_KEPT = 5


class AuthoringSessions(Repository[Json]):
    collection_name = "authoring_sessions"
    indexes = [
        Index("token_hash_unique", [("token_hash", ASCENDING)], unique=True),
        Index("secret_hash", [("secret_hash", ASCENDING)]),
        Index("retired_hashes", [("retired_hashes", ASCENDING)]),
        Index("org_created", [("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)]),
        Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=KEEP_EXPIRED_SECONDS),
    ]

    async def by_token_hash(self, token_hash: str) -> dict[str, Any] | None:
        return out(await self.col.find_one({"token_hash": token_hash}))

    async def by_secret_hash(self, secret_hash: str) -> dict[str, Any] | None:
        return out(await self.col.find_one({"secret_hash": secret_hash}))

    async def by_retired_hash(self, secret_hash: str) -> dict[str, Any] | None:
        """The session that `secret_hash` was the secret of before a later open retired it."""
        return out(await self.col.find_one({"retired_hashes": secret_hash}))

    async def move(self, session: dict[str, Any], states: list[str], changes: dict[str, Any],
                   same_secret: bool = False) -> dict[str, Any] | None:
        """Apply `changes` if the session is still in one of `states` (and, with `same_secret`, still has the
        secret it was read with). None when it moved on meanwhile."""
        query: dict[str, Any] = {"_id": session["id"], "state": {"$in": states}}
        if same_secret:
            query["secret_hash"] = session.get("secret_hash")
        return out(await self.col.find_one_and_update(
            query, {"$set": {**changes, "updated_at": self.clock.now()}}, return_document=ReturnDocument.AFTER))

    async def reopen(self, session: dict[str, Any], secret_hash: str, changes: dict[str, Any]) -> dict[str, Any] | None:
        """Give the session a new secret, retiring the one it had (the last RETIRED_KEPT are kept), if it is
        still in the state and has the secret it was read with. None otherwise."""
        update: dict[str, Any] = {"$set": {**changes, "secret_hash": secret_hash, "updated_at": self.clock.now()}}
        if session.get("secret_hash"):
            update["$push"] = {"retired_hashes": {"$each": [session["secret_hash"]], "$slice": -RETIRED_KEPT}}
        return out(await self.col.find_one_and_update(
            {"_id": session["id"], "state": session["state"], "secret_hash": session.get("secret_hash")},
            update, return_document=ReturnDocument.AFTER))

    async def touch(self, session: dict[str, Any], now: dt.datetime) -> None:
        """Record a call of the page (the idle clock restarts), while the secret is still the session's."""
        await self.col.update_one({"_id": session["id"], "secret_hash": session["secret_hash"]},
                                  {"$set": {"last_seen_at": now}})

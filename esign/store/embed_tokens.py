"""Embedded-signing link tokens, one document per token: `_id` is the token's SHA-256 (the token itself
is never stored), with its signing request, signer, embedding origin and expiry. The signing request
never holds them, so any number of embedded-URL calls leaves it as it was; a TTL index removes a
token a day after it expired (until then an expired link still answers "expired" to its origin)."""
from esign.store.base import ASCENDING, Index, Repository, out
from esign.store.records import Json

KEEP_EXPIRED_SECONDS = 24 * 3600


class EmbedTokens(Repository[Json]):
    collection_name = "embed_tokens"
    indexes = [Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=KEEP_EXPIRED_SECONDS)]

    async def insert_many(self, docs: list[Json]) -> None:
        await self.col.insert_many(docs)

    async def by_hash(self, token_hash: str) -> Json | None:
        return out(await self.col.find_one({"_id": token_hash}))

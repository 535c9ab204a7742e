from __future__ import annotations

"""Signing requests with their signers and fields embedded, so that every transition is one atomic
single-document update (filter: id + expected status + version)."""
from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Repository, out


class SigningRequests(Repository):
    collection_name = "signing_requests"
    indexes = [
        # lists sort by (created_at | updated_at | expires_at, _id): an index holding every sort key in
        # order gives MongoDB the order without sorting in memory (either direction)
        ([("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)], {}),
        ([("org_id", ASCENDING), ("status", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)], {}),
        ([("org_id", ASCENDING), ("updated_at", DESCENDING), ("_id", DESCENDING)], {}),
        ([("org_id", ASCENDING), ("expires_at", DESCENDING), ("_id", DESCENDING)], {}),
        ([("org_id", ASCENDING), ("signer_emails", ASCENDING)], {}),
        ([("status", ASCENDING), ("expires_at", ASCENDING)], {}),
        ([("status", ASCENDING), ("next_reminder_at", ASCENDING)], {}),
        ([("signers.token_hash", ASCENDING)], {"sparse": True}),
        ([("embed_tokens.hash", ASCENDING)], {"sparse": True}),
    ]

    async def replace_if(self, record: dict, expected_status, changes: dict) -> dict | None:
        """Apply `changes` if the record is still in `expected_status` (a status or a list) at the
        version it was read at. Returns the new record, or None when someone else changed it first."""
        statuses = expected_status if isinstance(expected_status, (list, tuple)) else [expected_status]
        changes = {**changes, "version": record["version"] + 1, "updated_at": self.clock.now()}
        doc = await self.col.find_one_and_update(
            {"_id": record["id"], "status": {"$in": statuses}, "version": record["version"]},
            {"$set": changes}, return_document=ReturnDocument.AFTER)
        return out(doc)

    async def set_delivery(self, request_id: str, fields: dict, *, first: bool = False) -> None:
        """Record the enterprise delivery's state in the request's `delivery` sub-document (one
        atomic update; `version` is left alone so it never races the signing transitions). With
        `first`, only when no delivery has been recorded yet."""
        query = {"_id": request_id, **({"delivery": {"$exists": False}} if first else {})}
        await self.col.update_one(query, {"$set": {f"delivery.{k}": v for k, v in fields.items()}})

    async def list(self, org_id, *, status=None, created_after=None, created_before=None, signer_email=None,
                   sort="created_at", order="desc", limit=50, offset=0):
        query: dict = {"org_id": org_id}
        if status:
            query["status"] = status
        if created_after or created_before:
            query["created_at"] = {}
            if created_after:
                query["created_at"]["$gt"] = created_after
            if created_before:
                query["created_at"]["$lt"] = created_before
        if signer_email:
            query["signer_emails"] = signer_email.lower()
        direction = DESCENDING if order == "desc" else ASCENDING
        return await self.page(query, [(sort, direction), ("_id", direction)], limit, offset)

    async def due(self, query: dict, limit: int = 100) -> list[dict]:
        return [out(d) async for d in self.col.find(query).limit(limit)]

    async def by_signer_token(self, token_hash: str) -> dict | None:
        return out(await self.col.find_one({"signers.token_hash": token_hash}))

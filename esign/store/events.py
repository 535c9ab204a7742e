from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Repository, new_id, out

# Types that go to webhooks only and never appear in polling (spec: Events).
WEBHOOK_ONLY = ("document.uploaded", "member.invited")


class Events(Repository):
    """Append-only audit trail and outbox. `seq` is a strictly increasing number taken from a
    counter document, so events sharing a timestamp still have one order across processes."""

    collection_name = "events"
    indexes = [
        ([("org_id", ASCENDING), ("seq", DESCENDING)], {}),
        ([("seq", ASCENDING)], {"unique": True}),
        ([("org_id", ASCENDING), ("signing_request_id", ASCENDING), ("seq", DESCENDING)], {}),
        ([("dispatch_pending", ASCENDING), ("seq", ASCENDING)], {"sparse": True}),
    ]

    async def _next_seq(self) -> int:
        doc = await self.db["counters"].find_one_and_update(
            {"_id": "events"}, {"$inc": {"seq": 1}}, upsert=True, return_document=ReturnDocument.AFTER)
        return doc["seq"]

    async def append(self, org_id: str, event_type: str, *, signing_request_id=None, signer=None,
                     ip_address=None, user_agent=None, geo=None, metadata=None, data=None,
                     sandbox=False) -> dict:
        signer = signer or {}
        geo = geo or {}
        doc = {
            "_id": new_id(), "seq": await self._next_seq(), "org_id": org_id, "event_type": event_type,
            "signing_request_id": signing_request_id, "signer_id": signer.get("id"),
            "signer_name": signer.get("name"), "signer_email": signer.get("email"),
            "ip_address": ip_address, "user_agent": user_agent, "country": geo.get("country"),
            "city": geo.get("city"), "region": geo.get("region"), "metadata": metadata,
            "data": data, "sandbox": sandbox, "pollable": event_type not in WEBHOOK_ONLY,
            "dispatch_pending": True, "created_at": self.clock.now(),
        }
        await self.col.insert_one(doc)
        return out(doc)

    async def for_request(self, org_id, request_id) -> list[dict]:
        cursor = self.col.find({"org_id": org_id, "signing_request_id": request_id, "pollable": True}).sort("seq", DESCENDING)
        return [out(d) async for d in cursor]

    async def poll(self, org_id, *, event_type=None, signing_request_id=None, after=None, before_seq=None,
                   limit=50, offset=0) -> tuple[list[dict], int]:
        """Pollable events, newest first by `seq`; `before_seq` is the `after_id` cursor."""
        query = {"org_id": org_id, "pollable": True}
        if event_type:
            query["event_type"] = event_type
        if signing_request_id:
            query["signing_request_id"] = signing_request_id
        if after is not None:
            query["created_at"] = {"$gt": after}
        if before_seq is not None:
            query["seq"] = {"$lt": before_seq}
        return await self.page(query, [("seq", DESCENDING)], limit, offset)

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Repository, new_id, out

# Types that go to webhooks only and never appear in polling (spec: Events).
WEBHOOK_ONLY = ("document.uploaded", "member.invited")


class Events(Repository):
    """Append-only audit trail and outbox. `seq` is a strictly increasing number per organisation
    taken from the organisation's counter document (`counters`, `events:<org_id>`), so events sharing a
    timestamp still have one order across processes, and organisations never contend for one counter."""

    collection_name = "events"
    # polling: the filters (event type, request) are equality fields before `seq`, the order; `created_at`
    # (the `after` filter) comes last, so a page and its count read only index entries
    indexes = [
        Index("org_seq_unique", [("org_id", ASCENDING), ("seq", ASCENDING)], unique=True),
        Index("poll", [("org_id", ASCENDING), ("pollable", ASCENDING), ("seq", DESCENDING), ("created_at", ASCENDING)]),
        Index("poll_type", [("org_id", ASCENDING), ("pollable", ASCENDING), ("event_type", ASCENDING),
                            ("seq", DESCENDING), ("created_at", ASCENDING)]),
        Index("poll_request", [("org_id", ASCENDING), ("pollable", ASCENDING), ("signing_request_id", ASCENDING),
                               ("seq", DESCENDING), ("created_at", ASCENDING)]),
        Index("poll_request_type", [("org_id", ASCENDING), ("pollable", ASCENDING), ("signing_request_id", ASCENDING),
                                    ("event_type", ASCENDING), ("seq", DESCENDING), ("created_at", ASCENDING)]),
        # the outbox: only events not yet fanned out are in it
        Index("dispatch_pending", [("seq", ASCENDING)], partial={"dispatch_pending": True}),
    ]

    async def _next_seq(self, org_id: str) -> int:
        counters = self.db["counters"]
        key = f"events:{org_id}"
        doc = await counters.find_one_and_update({"_id": key}, {"$inc": {"seq": 1}}, return_document=ReturnDocument.AFTER)
        if doc is None:
            # The organisation's first event: its counter starts where the deployment-wide counter of
            # earlier versions stopped, so its events keep increasing. An equality upsert: concurrent
            # first events create it once.
            legacy = await counters.find_one({"_id": "events"})
            await counters.update_one({"_id": key}, {"$setOnInsert": {"seq": legacy["seq"] if legacy else 0}},
                                      upsert=True)
            doc = await counters.find_one_and_update({"_id": key}, {"$inc": {"seq": 1}},
                                                     return_document=ReturnDocument.AFTER)
        return doc["seq"]

    async def append(self, org_id: str, event_type: str, *, signing_request_id=None, signer=None,
                     ip_address=None, user_agent=None, geo=None, metadata=None, data=None,
                     sandbox=False, event_id=None) -> dict | None:
        """Store an event. `event_id`, when given, makes this idempotent: an event already stored
        under that id is not stored again (None is returned)."""
        if event_id is not None and await self.col.find_one({"_id": event_id}, {"_id": 1}) is not None:
            return None
        signer = signer or {}
        geo = geo or {}
        doc = {
            "_id": event_id or new_id(), "seq": await self._next_seq(org_id), "org_id": org_id, "event_type": event_type,
            "signing_request_id": signing_request_id, "signer_id": signer.get("id"),
            "signer_name": signer.get("name"), "signer_email": signer.get("email"),
            "ip_address": ip_address, "user_agent": user_agent, "country": geo.get("country"),
            "city": geo.get("city"), "region": geo.get("region"), "metadata": metadata,
            "data": data, "sandbox": sandbox, "pollable": event_type not in WEBHOOK_ONLY,
            "dispatch_pending": True, "created_at": self.clock.now(),
        }
        try:
            await self.col.insert_one(doc)
        except DuplicateKeyError:
            if event_id is None:
                raise
            return None  # a concurrent append of the same event won
        return out(doc)

    async def dispatched(self, event_id: str) -> None:
        """The event was fanned out to its webhooks: it leaves the outbox."""
        await self.col.update_one({"_id": event_id}, {"$set": {"dispatch_pending": False}})

    async def pending_dispatch(self, limit: int) -> list[dict]:
        """The outbox: events whose fan-out has not finished, oldest first."""
        cursor = self.col.find({"dispatch_pending": True}).sort("seq", ASCENDING).limit(limit)
        return [out(d) async for d in cursor]

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

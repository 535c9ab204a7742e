from __future__ import annotations

"""Webhooks (secret stored encrypted) and their delivery history (one record per attempt)."""
from bson import ObjectId

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Repository, new_id, out


class Webhooks(Repository):
    collection_name = "webhooks"
    indexes = [Index("org_created", [("org_id", ASCENDING), ("created_at", ASCENDING), ("_id", ASCENDING)]),
               Index("org_status_events", [("org_id", ASCENDING), ("status", ASCENDING), ("events", ASCENDING)])]

    async def create(self, org_id, name, url, events, secret_encrypted) -> dict:
        now = self.clock.now()
        doc = {"_id": new_id(), "org_id": org_id, "name": name, "url": url, "events": events,
               "status": "active", "secret": secret_encrypted, "trigger_count": 0, "failure_count": 0,
               "consecutive_failures": 0, "created_at": now, "updated_at": now}
        await self.col.insert_one(doc)
        return out(doc)

    async def list(self, org_id) -> list[dict]:
        cursor = self.col.find({"org_id": org_id}).sort([("created_at", ASCENDING), ("_id", ASCENDING)])
        return [out(d) async for d in cursor]

    async def update(self, org_id, webhook_id, changes: dict) -> dict | None:
        changes = dict(changes, updated_at=self.clock.now())
        if changes.get("status") == "active":
            changes["consecutive_failures"] = 0  # resuming starts the failure count afresh
        return out(await self.col.find_one_and_update(
            {"_id": webhook_id, "org_id": org_id}, {"$set": changes}, return_document=ReturnDocument.AFTER))

    async def subscribed(self, org_id, event_type) -> list[dict]:
        cursor = self.col.find({"org_id": org_id, "status": "active", "events": event_type})
        return [out(d) async for d in cursor]

    async def record_attempt(self, webhook_id, *, success: bool, first: bool, pause_after: int) -> dict | None:
        """Count one attempt; returns the webhook after it. `first` attempts count as triggers.
        Reaching `pause_after` consecutive failures pauses an active webhook."""
        inc = {"trigger_count": 1 if first else 0}
        if success:
            update = {"$inc": inc, "$set": {"consecutive_failures": 0}}
        else:
            update = {"$inc": {**inc, "failure_count": 1, "consecutive_failures": 1}}
        doc = await self.col.find_one_and_update({"_id": webhook_id}, update, return_document=ReturnDocument.AFTER)
        if doc and not success and doc["status"] == "active" and doc["consecutive_failures"] >= pause_after:
            now = self.clock.now()
            await self.col.update_one({"_id": webhook_id, "status": "active"},
                                      {"$set": {"status": "paused", "paused_at": now, "updated_at": now}})
            doc["status"] = "paused"
        return out(doc)


class WebhookDeliveries(Repository):
    collection_name = "webhook_deliveries"
    # the list filters `success` with $in [true, false] when not asked, so one index serves both forms
    indexes = [Index("webhook_success_created", [("webhook_id", ASCENDING), ("org_id", ASCENDING), ("success", ASCENDING),
                                                  ("created_at", DESCENDING), ("order", DESCENDING)])]

    async def record(self, org_id, webhook_id, event, attempt, *, success, response_status, response_time_ms,
                     error_message) -> dict:
        doc = {"_id": new_id(), "org_id": org_id, "webhook_id": webhook_id, "event_id": event["id"],
               "event_type": event["event_type"], "attempt": attempt, "success": success,
               "response_status": response_status, "response_time_ms": response_time_ms,
               "error_message": error_message, "created_at": self.clock.now(),
               # ObjectIds grow within a process, so attempts made at one clock instant keep their order
               "order": ObjectId()}
        await self.col.insert_one(doc)
        return out(doc)

    async def list(self, org_id, webhook_id, success, limit, offset):
        query = {"org_id": org_id, "webhook_id": webhook_id}
        query["success"] = {"$in": [True, False]} if success is None else success
        return await self.page(query, [("created_at", DESCENDING), ("order", DESCENDING)], limit, offset)

    async def delete_for(self, org_id, webhook_id):
        await self.col.delete_many({"org_id": org_id, "webhook_id": webhook_id})

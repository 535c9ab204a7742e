"""Webhooks (secret stored encrypted) and their delivery history.

A delivery record stands for one attempt to send one event to one webhook. The attempt is named by
its key (`attempt_key`), and the record's id is derived from the key, so one attempt has at most one
record and is made at most once, however often its job or the fan-out runs. States: `pending` (held
while the webhook is paused, or queued), `sending` (claimed by one job), `delivered`, `failed`,
`dropped` (never sent). `success` stays None until the attempt is made. A record is removed by the
TTL index at its `expires_at`, set when it is stored: `keep_days` after it, and for a held record
after the longest possible hold as well, so it is kept `keep_days` after its attempt or drop.
"""
from __future__ import annotations

import builtins
import datetime as dt
import uuid
from typing import Any, cast

from esign.db import DuplicateKeyError, ObjectId, ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Page, Repository, new_id, out
from esign.store.records import Json, Webhook

RECORD_NAMESPACE = uuid.UUID("6e249da0-da10-4908-a590-15517978445c")
MAX_SLOTS_TRIED = 1000  # each try loses only to a webhook created meanwhile


def attempt_key(attempt: Json) -> str:
    """The key of the attempt described by a delivery job's payload or by a delivery record (both carry
    webhook_id, event_id, attempt and `key`, the base key of a redelivery or None)."""
    base = attempt.get("key") or f"wh:{attempt['webhook_id']}:{attempt['event_id']}"
    return f"{base}:{attempt['attempt']}" if attempt["attempt"] else base


def record_id(attempt: Json) -> str:
    return str(uuid.uuid5(RECORD_NAMESPACE, attempt_key(attempt)))


class Webhooks(Repository[Webhook]):
    """An organisation has at most `max_count` webhooks: each takes a numbered `slot` below it, and the
    unique index on (org_id, slot) makes the insert the check (webhooks of earlier versions have no
    slot but count all the same)."""

    collection_name = "webhooks"
    indexes = [Index("org_created", [("org_id", ASCENDING), ("created_at", ASCENDING), ("_id", ASCENDING)]),
               Index("org_status_events", [("org_id", ASCENDING), ("status", ASCENDING), ("events", ASCENDING)]),
               Index("org_slot_unique", [("org_id", ASCENDING), ("slot", ASCENDING)], unique=True,
                     partial={"slot": {"$exists": True}}),
               Index("status", [("status", ASCENDING)])]  # /metrics: the paused webhooks of every organisation

    async def paused_count(self) -> int:
        """Webhooks paused after failing deliveries, of every organisation (served by `status`)."""
        return await self.col.count_documents({"status": "paused"})

    async def create(self, org_id: str, name: str | None, url: str, events: builtins.list[str], secret_encrypted: str,
                     *, max_count: int) -> Webhook | None:
        """The new webhook, or None when the organisation has `max_count` already."""
        now = self.clock.now()
        doc = {"org_id": org_id, "name": name, "url": url, "events": events,
               "status": "active", "secret": secret_encrypted, "trigger_count": 0, "failure_count": 0,
               "consecutive_failures": 0, "created_at": now, "updated_at": now}
        for _ in range(MAX_SLOTS_TRIED):
            taken = [d.get("slot") async for d in self.col.find({"org_id": org_id}, {"slot": 1})]
            if len(taken) >= max_count:
                return None
            slot = min(set(range(max_count)) - set(taken))
            new = {"_id": new_id(), **doc, "slot": slot}
            try:
                await self.col.insert_one(new)
            except DuplicateKeyError:
                continue  # another webhook took this slot meanwhile
            return self.record(new)
        raise RuntimeError(f"no webhook slot of organisation {org_id} after {MAX_SLOTS_TRIED} tries")

    async def list(self, org_id: str) -> builtins.list[Webhook]:
        cursor = self.col.find({"org_id": org_id}).sort([("created_at", ASCENDING), ("_id", ASCENDING)])
        return self.records([d async for d in cursor])

    async def update(self, org_id: str, webhook_id: str, changes: Json) -> Webhook | None:
        """Setting status `active` resets the consecutive-failure count and starts a new generation of
        the release of held deliveries (`resumes`)."""
        update = {"$set": dict(changes, updated_at=self.clock.now())}
        if changes.get("status") == "active":
            update["$set"]["consecutive_failures"] = 0
            update["$inc"] = {"resumes": 1}
        return self.record(await self.col.find_one_and_update(
            {"_id": webhook_id, "org_id": org_id}, update, return_document=ReturnDocument.AFTER))

    async def replace_secret(self, org_id: str, webhook_id: str, old_secret: str, new_secret: str, *,
                             keep_previous: dt.timedelta) -> Webhook | None:
        """The webhook with `new_secret`; None when its secret is no longer `old_secret` (or it is gone).
        `old_secret` stays in force as the one `previous_secret` for `keep_previous` (replacing any
        earlier one; none when `keep_previous` is zero)."""
        now = self.clock.now()
        update = {"$set": {"secret": new_secret, "updated_at": now}}
        if keep_previous > dt.timedelta(0):
            update["$set"].update(previous_secret=old_secret, previous_secret_until=now + keep_previous)
        else:
            update["$unset"] = {"previous_secret": "", "previous_secret_until": ""}
        return self.record(await self.col.find_one_and_update(
            {"_id": webhook_id, "org_id": org_id, "secret": old_secret}, update, return_document=ReturnDocument.AFTER))

    async def reencrypt(self, webhook_id: str, field: str, old_encrypted: str, new_encrypted: str) -> bool:
        """Store `new_encrypted` in `field` (`secret` or `previous_secret`) while it still is `old_encrypted`."""
        result = await self.col.update_one({"_id": webhook_id, field: old_encrypted}, {"$set": {field: new_encrypted}})
        return result.matched_count == 1

    async def clear_previous_secret(self, webhook_id: str, until: dt.datetime) -> None:
        """Remove the previous secret that stopped being in force at `until` (not a newer one)."""
        await self.col.update_one({"_id": webhook_id, "previous_secret_until": until},
                                  {"$unset": {"previous_secret": "", "previous_secret_until": ""}})

    async def subscribed(self, org_id: str, event_type: str) -> builtins.list[Webhook]:
        """Active and paused webhooks subscribed to `event_type`."""
        cursor = self.col.find({"org_id": org_id, "status": {"$in": ["active", "paused"]}, "events": event_type})
        return self.records([d async for d in cursor])

    async def record_attempt(self, webhook_id: str, *, success: bool, first: bool, pause_after: int) -> Webhook | None:
        """Count one attempt; returns the webhook after it. `first` attempts count as triggers.
        Reaching `pause_after` consecutive failures pauses an active webhook."""
        inc = {"trigger_count": 1 if first else 0}
        if success:
            update = {"$inc": inc, "$set": {"consecutive_failures": 0}}
        else:
            update = {"$inc": {**inc, "failure_count": 1, "consecutive_failures": 1}}
        doc = await self.col.find_one_and_update({"_id": webhook_id}, update, return_document=ReturnDocument.AFTER)
        if doc and not success and doc["status"] == "active" and doc["consecutive_failures"] >= pause_after:
            # still failing: a resume (or a success) in between reset the count, and then it stays active
            now = self.clock.now()
            paused = await self.col.find_one_and_update(
                {"_id": webhook_id, "status": "active", "consecutive_failures": {"$gte": pause_after}},
                {"$set": {"status": "paused", "paused_at": now, "updated_at": now}}, return_document=ReturnDocument.AFTER)
            return self.record(paused or doc)
        return self.record(doc)


class WebhookDeliveries(Repository[Json]):
    collection_name = "webhook_deliveries"
    indexes = [
        # the history list filters `success` with $in [true, false, null] when not asked (null: not yet
        # attempted), so one index serves both forms
        Index("webhook_success_created", [("webhook_id", ASCENDING), ("org_id", ASCENDING), ("success", ASCENDING),
                                          ("created_at", DESCENDING), ("order", DESCENDING)]),
        Index("webhook_status_event_seq", [("webhook_id", ASCENDING), ("status", ASCENDING), ("event_seq", ASCENDING),
                                           ("order", ASCENDING)]),
        Index("status_hold_until", [("status", ASCENDING), ("hold_until", ASCENDING)]),
        Index("expires_ttl", [("expires_at", ASCENDING)], ttl_seconds=0),  # the history's retention
    ]

    def _new(self, hook: Webhook, event: Json, attempt: Json, status: str, keep: dt.timedelta, **fields: Any) -> Json:
        now = self.clock.now()
        return {"_id": record_id(attempt), "org_id": hook["org_id"], "webhook_id": hook["id"],
                "event_id": event["id"], "event_type": event["event_type"], "event_seq": event["seq"],
                "attempt": attempt["attempt"], "key": attempt.get("key"), "status": status, "success": None,
                "response_status": None, "response_time_ms": None, "error_message": None, "attempted_at": None,
                "redelivery_of": None, "job_id": None, "created_at": now, "expires_at": now + keep,
                # ObjectIds grow within a process, so records made at one clock instant keep their order
                "order": ObjectId(), **fields}

    async def add_pending(self, hook: Webhook, event: Json, attempt: Json, *, hold_days: float, keep_days: float,
                          job_id: str | None = None, redelivery_of: str | None = None) -> Json:
        """Keep the attempt as a `pending` record (at most `hold_days`) until a job sends it. Safe to
        repeat. A record left `sending` by `job_id` (which found the webhook paused when it ran again
        after a crash) goes back to pending."""
        hold_until = self.clock.now() + dt.timedelta(days=hold_days)
        doc = self._new(hook, event, attempt, "pending", dt.timedelta(days=hold_days + keep_days),
                        hold_until=hold_until, redelivery_of=redelivery_of)
        rid = doc.pop("_id")
        if job_id:
            await self.col.update_one({"_id": rid, "status": "sending", "job_id": job_id}, {"$set": {
                "status": "pending", "job_id": None, "hold_until": hold_until, "expires_at": doc["expires_at"]}})
        stored = await self.col.find_one_and_update({"_id": rid}, {"$setOnInsert": doc}, upsert=True,
                                                    return_document=ReturnDocument.AFTER)
        return out(cast(Json, stored))  # an upsert returning the document after it: never None

    async def claim(self, hook: Webhook, event: Json, attempt: Json, job_id: str, *, keep_days: float) -> bool:
        """Let job `job_id` make the attempt: creates its record as `sending` or takes its pending
        record. False when the attempt was made or dropped already, or another job has it."""
        now = self.clock.now()
        doc = self._new(hook, event, attempt, "sending", dt.timedelta(days=keep_days), job_id=job_id, attempted_at=now)
        try:
            await self.col.insert_one(doc)
            return True
        except DuplicateKeyError:
            pass
        taken = await self.col.update_one({"_id": doc["_id"], "status": "pending"},
                                          {"$set": {"status": "sending", "job_id": job_id, "attempted_at": now}})
        if taken.modified_count:
            return True
        return await self.col.find_one({"_id": doc["_id"], "status": "sending", "job_id": job_id}) is not None

    async def finish(self, attempt: Json, job_id: str, *, success: bool, response_status: int | None,
                     response_time_ms: int | None, error_message: str | None) -> None:
        """Record the outcome of an attempt claimed by `job_id`."""
        await self.col.update_one(
            {"_id": record_id(attempt), "status": "sending", "job_id": job_id},
            {"$set": {"status": "delivered" if success else "failed", "success": success, "job_id": None,
                      "response_status": response_status, "response_time_ms": response_time_ms,
                      "error_message": error_message}})

    async def set_expiry(self, record_id: str, expires_at: dt.datetime) -> bool:
        """Give a record stored without `expires_at` (an earlier version) its end; False if it has one."""
        result = await self.col.update_one({"_id": record_id, "expires_at": None}, {"$set": {"expires_at": expires_at}})
        return result.modified_count == 1

    async def drop(self, attempt: Json, reason: str) -> None:
        """A pending attempt that will never be made."""
        await self.col.update_one({"_id": record_id(attempt), "status": "pending"},
                                  {"$set": {"status": "dropped", "success": False, "error_message": reason}})

    async def drop_overdue(self, reason: str) -> int:
        """Drop pending attempts held past their `hold_until`; returns how many."""
        res = await self.col.update_many({"status": "pending", "hold_until": {"$lte": self.clock.now()}},
                                         {"$set": {"status": "dropped", "success": False, "error_message": reason}})
        return res.modified_count

    async def oldest_pending(self, webhook_id: str) -> Json | None:
        """The webhook's pending attempt of the earliest event."""
        return out(await self.col.find_one({"webhook_id": webhook_id, "status": "pending"},
                                           sort=[("event_seq", ASCENDING), ("order", ASCENDING)]))

    async def pending_count(self) -> int:
        """Attempts not made yet (held for a paused webhook, or waiting for their job): for /metrics."""
        return await self.col.count_documents({"status": "pending"})

    async def webhooks_with_pending(self) -> list[str]:
        return await self.col.distinct("webhook_id", {"status": "pending"})

    async def list(self, org_id: str, webhook_id: str, success: bool | None, limit: int, offset: int,
                   after: Json | None = None) -> Page:
        query: Json = {"org_id": org_id, "webhook_id": webhook_id}
        query["success"] = {"$in": [True, False, None]} if success is None else success
        return await self.page(query, [("created_at", DESCENDING), ("order", DESCENDING)], limit, offset, after=after)

    async def delete_for(self, org_id: str, webhook_id: str) -> None:
        await self.col.delete_many({"org_id": org_id, "webhook_id": webhook_id})

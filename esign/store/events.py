import asyncio
import datetime as dt
from collections.abc import Mapping
from typing import Any

from esign.audit_chain import CHAINED, event_hash
from esign.clock import Clock
from esign.db import DuplicateKeyError
from esign.store.base import ASCENDING, DESCENDING, Database, Index, Page, Repository, new_id, out
from esign.store.records import Json

# Types that go to webhooks only and never appear in polling (spec: Events).
WEBHOOK_ONLY = ("document.uploaded", "member.invited")
HEAD = {"seq": 1, "request_seq": 1, "hash": 1, "created_at": 1}
TRAIL_FIELDS = {f: 1 for f in (*CHAINED, "hash", "redacted_at") if f != "id"}
# what a redaction removes from an event (esign.domain.retention): who, from where, and what they gave
PERSONAL = ("signer_name", "signer_email", "ip_address", "user_agent", "country", "city", "region", "metadata",
            "data")
MAX_PLACES_TRIED = 1000  # each try loses only to an event that was stored: this bounds concurrent writers
# A request's chain starts with its creation: that event's place (request_seq 1, nothing before it) needs no
# read; should another event of the request have taken it, the unique index refuses the insert and the
# next try reads the head
OPENS_REQUEST_CHAIN = "signing_request.created"
MAX_TRAIL = 10_000  # events of one request read for its sealed PDF (a request has tens)
MAX_CACHED_HEADS = 10_000  # organisations whose chain head this process remembers


class Events(Repository[Json]):
    """Append-only, hash-chained audit trail and outbox. `seq` is a strictly increasing number per
    organisation (one order across processes even for events sharing a timestamp; organisations never
    contend), and `created_at` never goes back along it: an event takes the later of the clock and the
    time of the event before it, so a writer whose clock reading is older than an event stored meanwhile
    (a slower concurrent append, another process's clock) cannot store an event that a poller asking
    for events `after` the newest time it has seen would never get; `request_seq` numbers the events of
    one signing request. Both chains are described in esign.audit_chain; `append` says how they stay
    one line under concurrent writers.

    The head of each organisation's chain that this process last stored or read is remembered, so an
    append usually needs no read: it tries the place after the remembered head, and when another
    process has taken that place since (events are never deleted, so `seq`s leave no gaps) the unique
    index refuses the insert and the next try reads the head as before.

    The appends of one organisation in this process take their places one after the other (a lock per
    organisation): concurrent appends here would otherwise all try the place after the same head, and
    all but one would lose it and try again. The head of each request's chain stored here is remembered
    too, and forgotten when an insert is refused (the next try reads it)."""

    def __init__(self, db: Database, clock: Clock) -> None:
        super().__init__(db, clock)
        self._org_heads: dict[str, Json] = {}  # org_id -> {"seq", "hash"} of the last event seen here
        self._org_locks: dict[str, asyncio.Lock] = {}  # org_id -> held while an append of it takes its place
        self._request_heads: dict[str | None, Json] = {}  # request id -> {"request_seq", "hash"} of its last event here

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
        # the request's chain: one event per place; its head and its trail in order
        Index("request_chain_unique", [("signing_request_id", ASCENDING), ("request_seq", ASCENDING)], unique=True,
              partial={"in_request_chain": True}),
        # the outbox: only events not yet fanned out are in it
        Index("dispatch_pending", [("seq", ASCENDING)], partial={"dispatch_pending": True}),
    ]

    async def _first_seq(self, org_id: str) -> int:
        """The `seq` of an organisation's first event: after the organisation's counter of earlier
        versions (`counters`, `events:<org_id>`), or the deployment-wide one before it, so numbers keep
        increasing across an upgrade."""
        counters = self.db["counters"]
        for key in (f"events:{org_id}", "events"):
            counter = await counters.find_one({"_id": key})
            if counter:
                return int(counter["seq"]) + 1
        return 1

    async def append(self, org_id: str, event_type: str, *, signing_request_id: str | None = None,
                     signer: Mapping[str, Any] | None = None, ip_address: str | None = None, user_agent: str | None = None,
                     geo: Json | None = None, metadata: Json | None = None, data: Json | None = None,
                     sandbox: bool = False, event_id: str | None = None, origin: Json | None = None,
                     trace: Json | None = None) -> Json | None:
        """Store an event at the head of its organisation's chain and of its request's (see
        esign.audit_chain). The insert is the compare-and-swap: it takes the next `seq` (and
        `request_seq`) after the heads it read, and the unique indexes on both refuse it when another
        writer took that place first; then it reads the new heads and tries again. Nothing is reserved
        before the insert, so a process that dies leaves no gap and no fork.

        `origin` (esign.logs.origin) and `trace` (esign.tracing.carrier): where the event happened, kept
        outside the hash chain for what follows it (its webhook deliveries' log lines, `X-Request-ID`
        and trace). `event_id`, when given, makes this idempotent: an event already stored under that id is not
        stored again (None is returned): its insert meets the id, and nothing is read before it."""
        signer = signer or {}
        geo = geo or {}
        base: Json = {
            "org_id": org_id, "event_type": event_type,
            "signing_request_id": signing_request_id, "signer_id": signer.get("id"),
            "signer_name": signer.get("name"), "signer_email": signer.get("email"),
            "ip_address": ip_address, "user_agent": user_agent, "country": geo.get("country"),
            "city": geo.get("city"), "region": geo.get("region"), "metadata": metadata,
            "data": data, "sandbox": sandbox, "pollable": event_type not in WEBHOOK_ONLY,
            "dispatch_pending": True,
        }
        if signing_request_id is not None:
            base["in_request_chain"] = True
        # where it happened, outside the chain: the log context (request_id) and trace its webhooks continue
        base.update({k: v for k, v in (("origin", origin), ("trace", trace)) if v})
        async with self._lock(org_id):
            return await self._append(org_id, base, event_type, signing_request_id, event_id)

    def _lock(self, org_id: str) -> asyncio.Lock:
        lock = self._org_locks.get(org_id)
        if lock is None:
            if len(self._org_locks) >= MAX_CACHED_HEADS:  # a lock dropped while held costs a lost place at most
                self._org_locks = {o: held for o, held in self._org_locks.items() if held.locked()}
            lock = self._org_locks[org_id] = asyncio.Lock()
        return lock

    async def _append(self, org_id: str, base: Json, event_type: str, signing_request_id: str | None,
                      event_id: str | None) -> Json | None:
        remembered = True
        for tried in range(MAX_PLACES_TRIED):
            first = tried == 0
            doc = {"_id": event_id or new_id(), **base,
                   **await self._heads(org_id, signing_request_id, first and event_type == OPENS_REQUEST_CHAIN,
                                       remembered)}
            doc["hash"] = event_hash(out(doc))
            try:
                await self.col.insert_one(doc)
            except DuplicateKeyError:
                self._request_heads.pop(signing_request_id, None)
                known = self._org_heads.get(org_id)
                # an append of this process took the place: chain after the head it stored, unread;
                # another process's (or the request chain's place): read the heads
                remembered = known is not None and known["seq"] >= doc["seq"]
                if not remembered:
                    self._org_heads.pop(org_id, None)
                if event_id is not None and await self._stored(event_id):
                    return None  # a concurrent append of the same event won
                continue  # another event took this place in a chain: chain after it
            self._remember(org_id, doc)
            if signing_request_id is not None:
                if len(self._request_heads) >= MAX_CACHED_HEADS:
                    self._request_heads.clear()
                self._request_heads[signing_request_id] = {"request_seq": doc["request_seq"], "hash": doc["hash"]}
            return out(doc)
        raise RuntimeError(f"no place in the audit chain of organisation {org_id} after {MAX_PLACES_TRIED} tries")

    async def _stored(self, event_id: str) -> bool:
        return await self.col.find_one({"_id": event_id}, {"_id": 1}) is not None

    def _remember(self, org_id: str, head: Json) -> None:
        if len(self._org_heads) >= MAX_CACHED_HEADS and org_id not in self._org_heads:
            self._org_heads.clear()
        self._org_heads[org_id] = {"seq": head["seq"], "hash": head.get("hash"), "created_at": head.get("created_at")}

    async def _heads(self, org_id: str, request_id: str | None, opens_request_chain: bool = False,
                     remembered: bool = False) -> Json:
        """The places, previous hashes and time of a new event after the current heads of its chains
        (the request's first place without a read when the event opens the request's chain; the
        organisation's head as remembered here, when `remembered` and it is known)."""
        last = self._org_heads.get(org_id) if remembered else None
        if last is None:
            last = await self.col.find_one({"org_id": org_id}, sort=[("seq", DESCENDING)], projection=HEAD)
            if last is not None:
                self._remember(org_id, last)
        now = self.clock.now()
        place: Json = {"seq": last["seq"] + 1 if last else await self._first_seq(org_id),
                 "prev_org_hash": last.get("hash") if last else None, "request_seq": None, "prev_request_hash": None,
                 "created_at": max(now, (last or {}).get("created_at") or now)}
        if request_id is not None and opens_request_chain:
            place.update(request_seq=1, prev_request_hash=None)
        elif request_id is not None:
            last = self._request_heads.get(request_id) if remembered else None
            if last is None:
                last = await self.col.find_one({"signing_request_id": request_id, "in_request_chain": True},
                                               sort=[("request_seq", DESCENDING)], projection=HEAD)
            place.update(request_seq=last["request_seq"] + 1 if last else 1,
                         prev_request_hash=last["hash"] if last else None)
        return place

    async def trail(self, request_id: str, limit: int = MAX_TRAIL) -> list[Json]:
        """The request's chained events (every type), oldest first: what its sealed PDF embeds."""
        cursor = self.col.find({"signing_request_id": request_id, "in_request_chain": True}, TRAIL_FIELDS)
        return [out(d) async for d in cursor.sort("request_seq", ASCENDING).limit(limit)]

    async def dispatched(self, event_id: str) -> None:
        """The event was fanned out to its webhooks: it leaves the outbox."""
        await self.col.update_one({"_id": event_id}, {"$set": {"dispatch_pending": False}})

    async def pending_dispatch(self, limit: int) -> list[Json]:
        """The outbox: events whose fan-out has not finished, oldest first."""
        cursor = self.col.find({"dispatch_pending": True}).sort("seq", ASCENDING).limit(limit)
        return [out(d) async for d in cursor]

    async def for_request(self, org_id: str, request_id: str) -> list[Json]:
        cursor = self.col.find({"org_id": org_id, "signing_request_id": request_id, "pollable": True}).sort("seq", DESCENDING)
        return [out(d) async for d in cursor]

    async def poll(self, org_id: str, *, event_type: str | None = None, signing_request_id: str | None = None,
                   after: dt.datetime | None = None, before_seq: int | None = None, since_seq: int | None = None,
                   limit: int = 50, offset: int = 0) -> Page:
        """Pollable events, newest first by `seq`; `before_seq` is the `after_id` cursor. With `since_seq`
        (the `since_id` cursor) the events after it, oldest first: an event takes the `seq` after one
        already stored (`append`), so none can appear later behind a page read."""
        query: Json = {"org_id": org_id, "pollable": True}
        if event_type:
            query["event_type"] = event_type
        if signing_request_id:
            query["signing_request_id"] = signing_request_id
        if after is not None:
            query["created_at"] = {"$gt": after}
        if before_seq is not None:
            query["seq"] = {"$lt": before_seq}
        if since_seq is not None:
            query["seq"] = {"$gt": since_seq}
            return await self.page(query, [("seq", ASCENDING)], limit, offset)
        return await self.page(query, [("seq", DESCENDING)], limit, offset)

    async def redact(self, request_id: str, at: dt.datetime) -> int:
        """Remove the personal fields (PERSONAL) of the request's events: each keeps its
        id, type, time, places and hashes, and `redacted_at` (esign.domain.evidence.audit checks a chain
        holding such links). One update of the request's chain (index request_chain_unique)."""
        result = await self.col.update_many(  # a repeated redaction keeps the first time ($min)
            {"signing_request_id": request_id, "in_request_chain": True},
            {"$set": {f: None for f in PERSONAL}, "$min": {"redacted_at": at}})
        return result.modified_count


"""The embedded database stays fast as work piles up (issue 16): its TTL monitor deletes what the
declared TTL indexes expire, as MongoDB's does, and its hash indexes make a query read only the
documents its equality fields select — with exactly the results (and the order of pages) of
mongomock's full scan."""
from __future__ import annotations

import collections
import contextlib
import datetime as dt
import functools
import inspect
import random
import subprocess
import sys
import uuid

import mongomock
import pytest
from mongomock import filtering

from esign import db as dbmod
from esign.clock import Clock
from esign.db import fast_paths, memory, mongomock_patches
from esign.store import Store


async def store() -> Store:
    s = Store(dbmod.connect("memory://?strict", "esign_embedded"), Clock())
    await s.ensure_indexes()
    return s


def raw(s: Store, name: str):
    return s.db.unchecked[name]


async def test_the_ttl_monitor_deletes_what_the_declared_ttl_indexes_expire():
    s = await store()
    now = mongomock.utcnow()
    past, future = now - dt.timedelta(seconds=5), now + dt.timedelta(hours=1)
    await raw(s, "jobs").insert_many([
        {"_id": "done-expired", "status": "done", "expires_at": past},
        {"_id": "done-kept", "status": "done", "expires_at": future},
        {"_id": "queued", "status": "queued"},
        {"_id": "not-a-date", "status": "done", "expires_at": "yesterday"},
    ])
    await raw(s, "idempotency").insert_many([{"_id": "old", "expires_at": past}, {"_id": "new", "expires_at": future}])
    await raw(s, "rate_limits").insert_one({"_id": "key", "times": [past], "expires_at": past})
    # between two passes of the monitor an expired document is still there, as on MongoDB
    assert await s.jobs.by_id("done-expired") is not None
    s.db.expire_now()
    assert sorted([d["_id"] async for d in raw(s, "jobs").find({})]) == ["done-kept", "not-a-date", "queued"]
    assert [d["_id"] async for d in raw(s, "idempotency").find({})] == ["new"]
    assert [d async for d in raw(s, "rate_limits").find({})] == []


async def test_the_ttl_monitor_runs_by_itself_every_minute(monkeypatch):
    s = await store()
    await raw(s, "idempotency").insert_one({"_id": "old", "expires_at": mongomock.utcnow() - dt.timedelta(seconds=1)})
    passes = []
    original = dbmod.MemoryDatabase.expire_now
    monkeypatch.setattr(dbmod.MemoryDatabase, "expire_now", lambda self: (passes.append(1), original(self)))
    await s.idempotency.by_id("x")
    assert passes == []  # not yet a minute since the last pass
    s.db._next_ttl_pass -= dbmod.TTL_MONITOR_SECONDS
    await s.idempotency.by_id("x")
    assert passes == [1] and await raw(s, "idempotency").find_one({"_id": "old"}) is None


async def test_the_job_claim_reads_only_live_jobs(monkeypatch):
    s = await store()
    now = s.clock.now()
    await raw(s, "jobs").insert_many([
        {"_id": f"done-{i}", "kind": "k", "lane": "email", "status": "done", "run_at": now, "expires_at":
         now + dt.timedelta(days=7)} for i in range(1000)])
    for i in range(3):
        await s.jobs.enqueue("k", {"i": i}, lane="email")
    matched = []  # the documents matched against a filter: what the indexes selected
    original = filtering.filter_applies
    monkeypatch.setattr(filtering, "filter_applies", lambda f, d: (matched.append(d["_id"]), original(f, d))[1])
    select = fast_paths.IndexedDocuments.select

    def selected(documents, query):
        found = select(documents, query)
        matched.extend(doc["_id"] for doc in (found[0] if found else []))
        return found

    monkeypatch.setattr(fast_paths.IndexedDocuments, "select", selected)
    job = await s.jobs.claim("w", 60, ["email"])
    assert job["payload"] == {"i": 0}
    assert 1 <= len(matched) <= 6 and not any(m.startswith("done-") for m in matched), matched
    matched.clear()
    # the rate counter: one key's document, found by `_id`
    assert (await s.rate_limits.hit("key-1", 5))[0] and (await s.rate_limits.hit("key-1", 5))[0]
    assert len(matched) <= 2


VALUES = [None, 0, 1, 1.0, True, False, "a", "b", "", dt.datetime(2026, 1, 1), [], ["a", "b"], [1, True],
          [None], {"x": 1}, [{"x": 1}], float("nan")]


def random_doc(rnd: random.Random, i: int) -> dict:
    doc = {"_id": f"d{i}"}
    for field in ("a", "b", "c"):
        if rnd.random() < 0.8:
            doc[field] = rnd.choice(VALUES)
    if rnd.random() < 0.5:
        doc["n"] = {"a": rnd.choice(VALUES)}
    return doc


def random_query(rnd: random.Random) -> dict:
    query = {}
    for field in rnd.sample(["a", "b", "c", "n.a", "_id"], rnd.randint(1, 3)):
        kind = rnd.random()
        if field == "_id":
            query[field] = f"d{rnd.randint(0, 60)}" if kind < 0.7 else {"$in": [f"d{rnd.randint(0, 60)}", "zz"]}
        elif kind < 0.6:
            query[field] = rnd.choice([v for v in VALUES if not isinstance(v, (dict, list))])
        elif kind < 0.8:
            query[field] = {"$in": rnd.sample([None, 0, 1, True, "a", "b", dt.datetime(2026, 1, 1)], 2)}
        else:
            query[field] = rnd.choice([{"$ne": "a"}, {"$exists": False}, {"$gt": 0}, ["a", "b"], {"x": 1}])
    return query


async def test_hash_indexes_select_exactly_what_a_full_scan_matches():
    rnd = random.Random(16)
    db = dbmod.connect("memory://", "esign_hash_indexes")
    col = db["things"]
    for keys in ([("a", 1)], [("b", 1), ("c", 1)], [("n.a", 1)]):
        await col.create_index(keys)
    await col.insert_many([random_doc(rnd, i) for i in range(60)])
    sync = col._sync

    def compare(query):
        indexed = [d["_id"] for d in sync._iter_documents(query)]
        scanned = [d["_id"] for d in mongomock_patches._ORIGINAL_ITER(sync, query)]
        assert indexed == scanned, query

    def compare_pages(query):
        sort = rnd.sample([("a", 1), ("b", -1), ("c", 1), ("_id", -1), ("n.a", 1)], rnd.randint(1, 3))
        skip, limit = rnd.choice([(0, 0), (0, 1), (2, 5)])
        mine = [d["_id"] for d in col.page(query, None, sort, skip, limit)]
        cursor = sync.find(query, sort=sort, skip=skip, limit=limit)
        assert mine == [d["_id"] for d in cursor], (query, sort, skip, limit)

    for round_ in range(30):
        for _ in range(40):
            query = random_query(rnd)
            compare(query)
            compare_pages(query)
        # documents change in place, are replaced, deleted and inserted between the rounds
        target = {"_id": f"d{rnd.randint(0, 60)}"}
        change = rnd.choice([{"$set": {"a": rnd.choice(VALUES)}}, {"$unset": {"b": ""}},
                             {"$push": {"c": rnd.choice(["a", 1, None])}}, {"$set": {"n.a": rnd.choice(VALUES)}}])
        with contextlib.suppress(Exception):  # e.g. $push onto a scalar: mongomock refuses it (in its own ways)
            await col.update_one(target, change)
        await col.replace_one({"_id": f"d{rnd.randint(0, 60)}"}, {"a": rnd.choice(VALUES)})
        await col.delete_one({"_id": f"d{rnd.randint(0, 60)}"})
        await col.insert_one(random_doc(rnd, 100 + round_))
    compare({"a": "a"})


def test_a_mongomock_without_a_patched_method_fails_at_import_naming_its_version():
    """The embedded database replaces private methods of mongomock (esign.db.mongomock_patches): a
    mongomock release that renames one must stop `import esign.db`, not change its behaviour silently."""
    script = ("import mongomock.collection\n"
              "del mongomock.collection.Collection._ensure_uniques\n"
              "import esign.db\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: mongomock ") and mongomock.__version__ in last, result.stderr
    assert "Collection._ensure_uniques" in last and "tested with mongomock 4.3.x" in last, last



@pytest.mark.parametrize("removal, missing", [
    pytest.param("del mongomock.collection.Collection._store\n", "Collection._store", id="class"),
    pytest.param("import mongomock.database\n"
     "init = mongomock.database.Database.__init__\n"
     "def without(self, *args, **kwargs):\n"
     "    init(self, *args, **kwargs)\n"
     "    del self._store\n"
     "mongomock.database.Database.__init__ = without\n", "Database._store", id="database-instance"),
    pytest.param("import mongomock.store\n"
     "init = mongomock.store.CollectionStore.__init__\n"
     "def without(self, *args, **kwargs):\n"
     "    init(self, *args, **kwargs)\n"
     "    del self._documents\n"
     "mongomock.store.CollectionStore.__init__ = without\n", "CollectionStore._documents", id="store-instance"),
])
def test_a_mongomock_without_an_attribute_it_reads_fails_at_import(removal, missing):
    """What the embedded database reads of mongomock (esign.db.memory: a database's and a collection's
    `_store`, a collection store's `_documents`, on mongomock's classes or set on their instances) is
    checked at import too: a mongomock without one stops `import esign.db`, naming it."""
    script = "import mongomock.collection\n" + removal + "import esign.db\n"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: mongomock ") and missing in last, last

async def outcome(call):
    """What an update answers (its modified count, or the document) or the type of its error."""
    try:
        result = call()
        result = await result if inspect.isawaitable(result) else result
    # mongomock's refusals: $inc of a string, $push onto a date, a duplicate unique value...
    except (AttributeError, TypeError, ValueError, dbmod.PyMongoError) as exc:
        return type(exc)
    return result.raw_result["nModified"] if hasattr(result, "raw_result") else result


async def test_updates_by_id_answer_as_mongomock_without_its_update(monkeypatch):
    """An update by `_id` (the rate counter, job and request state changes) is applied to the stored
    document without mongomock's `_update` and its copy of the whole document (a plain `$set` / `$inc`
    directly, sub-documents and arrays included; other operators through mongomock's own): the same
    results, documents and errors as mongomock's own update, the hash and unique indexes kept."""
    rnd = random.Random(30)
    db = dbmod.connect("memory://", "esign_updates_by_id")
    col = db["things"]
    plain = mongomock.MongoClient(**dbmod.CLIENT_OPTIONS)["plain"]["things"]
    for keys, unique in (([("a", 1)], False), ([("n.a", 1)], False), ([("u", 1)], True)):
        await col.create_index(keys, unique=unique)
        plain.create_index(keys, unique=unique)
    docs = [dict(random_doc(rnd, i), u=i) for i in range(30)]
    await col.insert_many([dict(d) for d in docs])
    plain.insert_many([dict(d) for d in docs])
    updates = []  # mongomock's own updates
    original = mongomock.collection.Collection._update
    monkeypatch.setattr(mongomock.collection.Collection, "_update",
                        lambda self, *a, **k: (updates.append(self.database.name), original(self, *a, **k))[1])
    moment = dt.datetime(2026, 1, 1, 12, 0, 0, 123456, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    sets = [None, 0, 1, 1.5, True, "a", "", moment, moment.replace(tzinfo=None)]
    # sub-documents and arrays set whole (a request's fields and signers): copied as mongomock copies them
    containers = [[1, {"x": moment}], {"k": [moment, None], "l": {"m": "a"}}, (2, "a"), [], {}]
    simple = 0  # pairs of updates the direct path applies
    for _ in range(400):
        key = f"d{rnd.randint(0, 33)}"
        query = {"_id": key}
        if rnd.random() < 0.4:
            query["a"] = rnd.choice([{"$gt": 0}, {"$not": {"$gt": 0}}, "a", {"$in": [0, 1, "a"]}, None])
        update = {}
        if rnd.random() < 0.7:
            update["$set"] = {rnd.choice("abc"): rnd.choice(sets)}
            if rnd.random() < 0.3:  # not on `c`, which $push and $pull treat as an array
                update["$set"] = {rnd.choice("ab"): rnd.choice(containers)}
        if rnd.random() < 0.6 or not update:
            update["$inc"] = {rnd.choice("abn"): rnd.choice([1, -2, 0.5])}
        if rnd.random() < 0.3:  # other operators: mongomock's own operators, without its `_update`
            update = rnd.choice([{"$push": {"c": rnd.choice(sets)}}, {"$unset": {"b": ""}}, {"$pull": {"c": "a"}},
                                 {"$addToSet": {"c": 1}}, {"$max": {"a": 1}}, {"$set": {"n.a": rnd.choice(sets)}},
                                 {"$rename": {"b": "e"}}, {"$set": {"b": [1, {"x": moment}]}, "$unset": {"e": ""}}])
        if rnd.random() < 0.05:
            update = {"$set": {"u": rnd.randint(0, 40)}}  # a unique field: mongomock's update checks it
        returned = rnd.choice([dbmod.ReturnDocument.BEFORE, dbmod.ReturnDocument.AFTER])
        target = plain.find_one(query)
        simple += (target is not None and "u" not in update.get("$set", {})
                   and all(type(target.get(f, 0)) in (int, float) for f in update.get("$inc", {})))
        projection = rnd.choice([None, {"a": 1}, {"b": 1, "c": 1}])
        outcomes = [await outcome(functools.partial(c.find_one_and_update, query, update, projection,
                                                    return_document=returned)) for c in (col, plain)]
        outcomes += [await outcome(functools.partial(c.update_one, query, update)) for c in (col, plain)]
        expected = outcomes[1::2]
        outcomes = outcomes[0::2]
        assert repr(outcomes) == repr(expected), (query, update)  # repr: NaN equals NaN
    # mongomock's update ran (at most twice) only for those that need it: no match, a unique field, an
    # `$inc` of a non-number; before, for every one of the 400 pairs
    assert simple > 100 and updates.count("esign_updates_by_id") <= 2 * (400 - simple), simple
    assert repr(list(col._sync._store._documents.values())) == repr(list(plain.find()))
    sync = col._sync
    for value in sets + [2, 3, 0.5, 1.5, [1, {"x": moment}]]:
        for field in ("a", "n.a"):
            indexed = [d["_id"] for d in sync._iter_documents({field: value})]
            assert indexed == [d["_id"] for d in mongomock_patches._ORIGINAL_ITER(sync, {field: value})], value


def test_datetimes_are_patched_as_mongomock_patches_them():
    """The embedded database's copy of inserted documents and filters (esign.db.mongomock_patches)
    gives what mongomock's own gives, value for value and type for type."""
    moment = dt.datetime(2026, 1, 1, 12, 0, 0, 123456, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    doc = {"a": [1, "x", None, b"b", moment, (moment, 2.5)], "b": {"c": moment.replace(tzinfo=None), "d": True},
           "e": collections.OrderedDict(f=moment), "g": mongomock.ObjectId(), "h": uuid.uuid4(), "i": []}
    mongomock_patches.install()
    mine = mongomock.helpers.patch_datetime_awareness_in_document(doc)
    theirs = mongomock_patches._ORIGINAL_PATCH_DATETIMES(doc)

    def shape(value):
        if isinstance(value, dict):
            return type(value), [(k, shape(v)) for k, v in value.items()]
        if isinstance(value, list):
            return list, [shape(v) for v in value]
        return type(value), value

    assert shape(mine) == shape(theirs) and mine is not doc and mine["i"] is not doc["i"]
    assert mine["a"][4] == dt.datetime(2026, 1, 1, 17, 0, 0, 123000)


async def test_the_outbox_reads_only_pending_events(monkeypatch):
    """A field that a partial index's filter holds equal to a value (`dispatch_pending: true`) is
    hash-indexed too: the outbox's query reads the pending events, not every event ever stored."""
    s = await store()
    await raw(s, "events").insert_many([{"_id": f"done-{i}", "org_id": "o", "seq": i, "dispatch_pending": False}
                                        for i in range(1000)])
    await raw(s, "events").insert_many([{"_id": f"pending-{i}", "org_id": "o", "seq": 1000 + i,
                                         "dispatch_pending": True} for i in range(3)])
    read = []
    original = filtering.filter_applies
    for module in (filtering, mongomock.collection):  # mongomock's scan calls its own import of it
        monkeypatch.setattr(module, "filter_applies", lambda f, d: (read.append(d["_id"]), original(f, d))[1])
    select = fast_paths.IndexedDocuments.select

    def selected(documents, query):
        found = select(documents, query)
        read.extend(doc["_id"] for doc in (found[0] if found else []))
        return found

    monkeypatch.setattr(fast_paths.IndexedDocuments, "select", selected)
    pending = await s.events.pending_dispatch(10)
    assert [e["id"] for e in pending] == ["pending-0", "pending-1", "pending-2"]
    assert read and not any(r.startswith("done-") for r in read), read[:5]


def random_elements(rnd: random.Random):
    """An array on a path (`s.t`): sub-documents with or without `t`, now and then an empty array or
    one holding a plain value."""
    kind = rnd.random()
    if kind < 0.1:
        return []
    if kind < 0.15:
        return [{"t": "a"}, rnd.choice(VALUES)]
    return [{"t": rnd.choice(VALUES)} if rnd.random() < 0.85 else {"u": 1} for _ in range(rnd.randint(1, 3))]


async def test_a_path_through_an_array_is_indexed_by_its_elements(monkeypatch):
    """A field through an array of sub-documents (a signer's `signers.token_hash`) is hash-indexed by
    each element's value, as a multikey index: a query reads the documents holding the value, with
    exactly the results of mongomock's full scan, as the documents change."""
    rnd = random.Random(44)
    db = dbmod.connect("memory://", "esign_multikey")
    col = db["things"]
    await col.create_index([("s.t", 1)])
    await col.create_index([("a", 1)])
    await col.insert_many([{"_id": f"d{i}", "a": rnd.choice(VALUES), "s": random_elements(rnd)}
                           if rnd.random() < 0.9 else {"_id": f"d{i}", "s": rnd.choice(VALUES)} for i in range(80)])
    sync = col._sync
    queries = [{"s.t": v} for v in VALUES if not isinstance(v, dict)] + [
        {"s.t": {"$in": ["a", None]}}, {"s.t": {"$in": [1, "b"]}}, {"s.t": "a", "a": "a"}, {"s.t": {"x": 1}},
        {"s.t": {"$exists": False}}, {"s.t": {"$ne": "a"}}]
    for _ in range(40):
        for query in queries:
            indexed = [d["_id"] for d in sync._iter_documents(query)]
            assert indexed == [d["_id"] for d in mongomock_patches._ORIGINAL_ITER(sync, query)], query
        target = {"_id": f"d{rnd.randint(0, 85)}"}
        change = rnd.choice([{"$set": {"s.0.t": rnd.choice(VALUES)}}, {"$push": {"s": {"t": rnd.choice(VALUES)}}},
                             {"$set": {"s": random_elements(rnd)}}, {"$unset": {"s": ""}}, {"$set": {"a": "a"}}])
        with contextlib.suppress(Exception):  # e.g. $push onto a scalar: mongomock refuses it
            await col.update_one(target, change)
        await col.insert_one({"_id": f"n{_}", "s": random_elements(rnd)})
    # a signer's link: one request read of many
    s = await store()
    await raw(s, "signing_requests").insert_many([
        {"_id": f"r{i}", "org_id": "o", "signers": [{"id": "s1", "token_hash": f"h{i}"}, {"id": "s2", "token_hash": None}]}
        for i in range(500)])
    read = []
    original = filtering.filter_applies
    for module in (filtering, mongomock.collection):
        monkeypatch.setattr(module, "filter_applies", lambda f, d: (read.append(d["_id"]), original(f, d))[1])
    assert (await s.signing_requests.by_signer_token("h321"))["id"] == "r321"
    assert read == ["r321"], read[:5]


async def test_an_insert_answers_as_mongomock(monkeypatch):
    """An insert of a plain document goes straight to the store (one encoding, no version checks):
    the same errors, in the same order, and the same stored documents and unique checks as the size
    check followed by mongomock's own insert (as it was done before)."""
    col = dbmod.connect("memory://", "esign_inserts")["things"]
    before = dbmod.connect("memory://", "esign_inserts_before")["things"]
    for c in (col, before):
        await c.create_index([("u", 1)], unique=True, partialFilterExpression={"u": {"$type": "string"}})

    class Before:  # the embedded database's insert before: its size check, then mongomock's insert_one
        @staticmethod
        def insert_one(doc):
            memory._check_insert_size(doc)
            return before._sync.insert_one(doc)
    moment = dt.datetime(2026, 1, 1, 12, 0, 0, 123456, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    docs = [{"_id": "a", "u": "x", "at": moment, "n": {"b": [1, {"c": moment}]}}, {"_id": "a"},
            {"_id": "b", "u": "x"}, {"_id": "c", "u": 1}, {"_id": "d", "u": 1}, {"_id": "e", "$x": 1},
            {"_id": "f", "n": {"a\0b": 1}}, {"_id": "g", 1: 2}, {"_id": "h", "v": uuid.uuid4()}, {"_id": 7, "w": None},
            {"_id": mongomock.ObjectId(), "x": [b"y"]}]
    stored = []  # inserts that reached mongomock's own insert
    original = mongomock.collection.Collection._insert
    monkeypatch.setattr(mongomock.collection.Collection, "_insert",
                        lambda self, *a, **k: (stored.append(self.database.name), original(self, *a, **k))[1])

    async def outcome(c, doc):
        try:
            result = c.insert_one(dict(doc))
            return (await result if inspect.isawaitable(result) else result).inserted_id
        except Exception as exc:  # noqa: BLE001 - the error's type is the answer
            return type(exc)

    for doc in docs:
        assert await outcome(col, doc) == await outcome(Before, doc), doc
    assert repr(list(col._sync._store._documents.values())) == repr(list(before._sync._store._documents.values()))
    assert stored.count("esign_inserts") == 1  # the native UUID only (mongomock refuses it): its own path
    with pytest.raises(dbmod.DocumentTooLarge):
        await col.insert_one({"_id": "big", "blob": b"x" * (16 * 1024 * 1024)})

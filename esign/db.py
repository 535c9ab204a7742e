"""The only module that imports a MongoDB driver.

`memory://` gives the embedded in-process database: mongomock-motor wrapped so that it behaves like
MongoDB where the application can tell the difference — every call yields to the event loop (two
coroutines interleave as they would against a server) and a write whose document would exceed 16 MiB
is refused with the error MongoDB gives. `memory://?strict` (the test suite) adds the index check:
every query must be served by an index of its collection under the equality-sort-range rule of
design.md §11, otherwise it raises `UnindexedQuery` naming the collection, filter and sort. Anything
else is a MongoDB URL for motor. Moving to PyMongo's async client means changing this file only.
"""
from __future__ import annotations

import asyncio
import collections
import copy
import datetime
import heapq
import itertools
import time
import uuid

import bson
import mongomock
from bson.codec_options import CodecOptions
from mongomock import filtering
from mongomock.collection import Collection as _MockCollection
from pymongo import ASCENDING, DESCENDING, ReturnDocument, monitoring  # noqa: F401  (re-exported)
from pymongo.errors import DocumentTooLarge, DuplicateKeyError, OperationFailure, PyMongoError, WriteError  # noqa: F401

MEMORY_URL = "memory://"
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024  # MongoDB's BSON document limit (16 MiB)
# Server error codes for "the document would be too large": BSONObjectTooLarge and the update path's.
TOO_LARGE_CODES = {10334, 17419, 17420}
INDEX_NOT_FOUND = 27
TTL_MONITOR_SECONDS = 60  # MongoDB's TTL monitor wakes every 60 s (ttlMonitorSleepSecs); so does ours
SLACK = 4096  # what field names and type changes may add to a document beyond the update's own size
# Both clients: naive UTC datetimes (esign.clock's convention) and standard UUIDs.
CLIENT_OPTIONS = {"tz_aware": False, "uuidRepresentation": "standard"}
_CODEC = CodecOptions(tz_aware=False, uuid_representation=4)  # 4 = STANDARD


class RoundTrips(monitoring.CommandListener):
    """Counts the commands this process sends to the database, by command name: on MongoDB a
    command listener of the driver (every command is one round trip, `getMore` included), on the
    embedded database each call of its API. The benchmarks and tests read it with `round_trips(db)`."""

    def __init__(self):
        self.by_command: collections.Counter = collections.Counter()

    @property
    def total(self) -> int:
        return sum(self.by_command.values())

    def started(self, event):
        self.by_command[event.command_name] += 1

    def succeeded(self, event):
        pass

    def failed(self, event):
        pass


def round_trips(db) -> RoundTrips:
    return db.round_trips


def is_memory(url: str) -> bool:
    return url.startswith(MEMORY_URL)


def connect(url: str, name: str, *, timeout_ms: int = 10000):
    """Return a database handle for `url`; the client is reachable as `db.client`.

    MongoDB: majority write concern, retryable reads and writes, and a client-side time-out of
    `timeout_ms` for every operation (0 = none)."""
    if is_memory(url):
        from mongomock_motor import AsyncMongoMockClient

        _install_hash_indexes()
        raw = AsyncMongoMockClient(**CLIENT_OPTIONS)[name]
        return MemoryDatabase(raw, check_indexes=url.partition("?")[2] == "strict")
    from motor.motor_asyncio import AsyncIOMotorClient

    options = dict(CLIENT_OPTIONS, w="majority", retryWrites=True, retryReads=True, serverSelectionTimeoutMS=5000)
    if timeout_ms:
        options["timeoutMS"] = timeout_ms
    counter = RoundTrips()
    db = AsyncIOMotorClient(url, event_listeners=[counter], **options)[name]
    db.round_trips = counter
    return db


def is_too_large(exc: BaseException) -> bool:
    """True for the client's DocumentTooLarge and the server's "resulting document too large"."""
    return isinstance(exc, DocumentTooLarge) or (isinstance(exc, OperationFailure) and exc.code in TOO_LARGE_CODES)


def is_index_not_found(exc: BaseException) -> bool:
    return isinstance(exc, OperationFailure) and exc.code == INDEX_NOT_FOUND


async def ping(db) -> bool:
    try:
        await db.command("ping")
        return True
    except Exception:  # any driver failure means "not ready"
        return False


# --- the embedded database ----------------------------------------------------------------------------

class UnindexedQuery(AssertionError):
    """A query that no index of its collection serves (strict memory database only)."""


def _size(doc) -> int:
    return len(bson.encode(doc, codec_options=_CODEC))


def _check_insert_size(doc) -> int:
    size = _size(doc)
    if size > MAX_DOCUMENT_BYTES:
        raise DocumentTooLarge(f"BSON document too large ({size} bytes) - the connected server supports "
                               f"BSON document sizes up to {MAX_DOCUMENT_BYTES} bytes.")
    return size


def _update_too_large(find_and_modify: bool):
    message = f"Resulting document after update is larger than {MAX_DOCUMENT_BYTES}"
    details = {"code": 17419, "errmsg": message}
    return OperationFailure(message, 17419, details) if find_and_modify else WriteError(message, 17419, details)


def _sort_spec(key_or_list, direction=None) -> list[tuple[str, int]]:
    if key_or_list is None:
        return []
    if isinstance(key_or_list, str):
        return [(key_or_list, direction or ASCENDING)]
    return [(k, d) for k, d in key_or_list]


def _filter_fields(query: dict, eq: dict, rng: set) -> None:
    """Split a filter into equality fields (field -> value or $in list) and range fields."""
    for field, value in (query or {}).items():
        if field == "$and":
            for sub in value:
                _filter_fields(sub, eq, rng)
        elif field in ("$or", "$nor"):
            for sub in value:
                sub_eq: dict = {}
                _filter_fields(sub, sub_eq, rng)
                rng.update(sub_eq)
        elif field.startswith("$"):
            rng.add(field)  # $expr, $where...: never served
        elif isinstance(value, dict) and value and all(k.startswith("$") for k in value):
            if set(value) == {"$eq"}:
                eq[field] = value["$eq"]
            elif set(value) == {"$in"}:
                eq[field] = {"$in": value["$in"]}
            else:
                rng.add(field)
        else:
            eq[field] = value


def _partial_covered(partial: dict, eq: dict) -> set | None:
    """The filter fields a partial index's expression guarantees, or None when the filter does not
    imply the expression (then the index cannot be used)."""
    covered = set()
    for field, cond in partial.items():
        if field not in eq:
            return None
        value = eq[field]
        if cond == {"$exists": True}:
            if value is None or isinstance(value, dict):
                return None
        elif isinstance(cond, dict) and set(cond) == {"$type"}:
            if value is None or isinstance(value, dict):
                return None
        elif value != cond:
            return None
        else:
            covered.add(field)
    return covered


def index_serves(keys: list, partial: dict | None, query: dict, sort: list) -> bool:
    """Whether an index with `keys` (and partial filter `partial`) serves `query` sorted by `sort`:
    every filter field is in the index, equality fields first, then the sort, then range fields. An
    empty filter reads the whole collection and is served by none."""
    if not query:
        return False
    eq: dict = {}
    rng: set = set()
    _filter_fields(query, eq, rng)
    if partial:
        covered = _partial_covered(partial, eq)
        if covered is None:
            return False
        eq = {f: v for f, v in eq.items() if f not in covered}
    names = [k for k, _ in keys]
    directions = [int(d) for _, d in keys]
    n = len(eq)
    if set(names[:n]) != set(eq):
        return False
    rest = [(f, int(d)) for f, d in sort if f not in eq]
    sorted_names = names[n:n + len(rest)]
    if [f for f, _ in rest] != sorted_names:
        return False
    if rest:
        signs = {d * directions[n + i] for i, (_, d) in enumerate(rest)}
        if len(signs) != 1:  # the sort must follow the index in one direction or the other
            return False
    sort_fields = {f for f, _ in rest}
    return (rng - sort_fields) <= set(names[n + len(rest):])


# --- the embedded database's hash indexes and TTL monitor ------------------------------------------------
#
# mongomock matches every document of a collection against every filter (a lookup by `_id`, the
# uniqueness check of each write, the job claim among every job ever run), and removes documents of a
# TTL index by reading the whole collection on every access. The embedded database replaces both:
#
# - Hash indexes: each collection's documents are kept in an `_IndexedDocuments`, which maps every
#   value of every field named in the collection's declared indexes to the documents holding it
#   (kept up to date on insert, delete and each document an update changes). A query then reads
#   only the documents its equality (and `$in`) fields select, `_id` included; a filter made only of
#   such fields is answered from the indexes without matching. Results are the same as mongomock's
#   (same documents, same natural order): the indexes only choose what is matched.
# - A TTL monitor: every TTL_MONITOR_SECONDS (wall clock, like the server's), on the next call, each
#   collection's documents past any of its TTL indexes (`expireAfterSeconds`, honouring the index's
#   partial filter) are deleted, as MongoDB's TTL monitor does: driven by the declared indexes alone.

_NOTHING = object()
_OVERFLOW = object()  # a value the hash index cannot hold (a sub-document, an array of them, NaN)
_PLAIN = (str, int, float, bool, datetime.datetime, uuid.UUID, bson.ObjectId, type(None))


def _hash_key(value):
    """A key under which equal values meet (as mongomock compares them: True equals 1), or _OVERFLOW."""
    if isinstance(value, _PLAIN) and value == value:  # NaN is not equal to itself
        return value
    return _OVERFLOW


def _document_keys(doc, field: str):
    """The keys under which `doc` is found for `field` (a set), or _OVERFLOW."""
    value = doc
    for part in field.split("."):
        if isinstance(value, dict):
            value = value.get(part, None)
        elif isinstance(value, list):
            return _OVERFLOW  # a path through an array: matched, not indexed
        else:
            value = None
    if isinstance(value, list):
        keys = {_hash_key(v) for v in value}
        return _OVERFLOW if _OVERFLOW in keys else keys
    key = _hash_key(value)
    return _OVERFLOW if key is _OVERFLOW else {key}


def _query_keys(condition):
    """The keys a filter condition selects (an equality or `$in` of plain values), or None."""
    values = condition["$in"] if isinstance(condition, dict) and set(condition) == {"$in"} else [condition]
    if not isinstance(values, list) or isinstance(condition, list):
        return None
    keys = {_hash_key(v) for v in values}
    return None if _OVERFLOW in keys else keys


def _conditions(query: dict):
    """(field, condition) of a filter, those of its `$and` included (other operators as they are)."""
    for field, condition in query.items():
        if field == "$and" and isinstance(condition, list) and all(isinstance(c, dict) for c in condition):
            for sub in condition:
                yield from _conditions(sub)
        else:
            yield field, condition


class _IndexedDocuments(collections.OrderedDict):
    """mongomock's documents of one collection, with a hash index on each of `fields`."""

    def __init__(self, fields: tuple, documents):
        super().__init__()
        self.fields = fields
        self.buckets = {f: collections.defaultdict(set) for f in fields}
        self.overflow = {f: set() for f in fields}
        self.keys: dict = {}  # _id -> {field: its keys or _OVERFLOW}
        self.order: dict = {}  # _id -> natural order
        self.index_names: tuple = ()  # the collection's indexes these fields were taken from
        self._next = 0
        for key, doc in documents.items():
            self[key] = doc

    def __setitem__(self, key, doc):
        if key in self.order:
            self._unindex(key)
        else:
            self.order[key] = self._next
            self._next += 1
        super().__setitem__(key, doc)
        self._index(key, doc)

    def __delitem__(self, key):
        self._unindex(key)
        del self.order[key]
        super().__delitem__(key)

    def _index(self, key, doc):
        entry = self.keys[key] = {}
        for field in self.fields:
            keys = entry[field] = _document_keys(doc, field)
            if keys is _OVERFLOW:
                self.overflow[field].add(key)
            else:
                for k in keys:
                    self.buckets[field][k].add(key)

    def _unindex(self, key):
        for field, keys in self.keys.pop(key).items():
            if keys is _OVERFLOW:
                self.overflow[field].discard(key)
            else:
                bucket = self.buckets[field]
                for k in keys:
                    ids = bucket[k]
                    ids.discard(key)
                    if not ids:
                        del bucket[k]

    def changed(self, doc) -> None:
        """`doc` (a stored document) was changed in place by an update."""
        key = doc.get("_id", _NOTHING)
        if key in self.order and dict.get(self, key) is doc:
            self._unindex(key)
            self._index(key, doc)

    def select(self, query: dict):
        """(documents that may match `query` in natural order, whether all of them match), or None
        when no index narrows it."""
        if not isinstance(query, dict) or not query:
            return None
        parts, exact = [], True
        for field, condition in _conditions(query):
            keys = _query_keys(condition) if not field.startswith("$") else None
            if keys is None or (field != "_id" and field not in self.buckets):
                exact = False
                continue
            if field == "_id":
                part = {k for k in keys if k in self.order}
            else:
                bucket, overflow = self.buckets[field], self.overflow[field]
                sets = [bucket[k] for k in keys if k in bucket]
                part = sets[0] if len(sets) == 1 else set().union(*sets)  # a bucket itself is not copied
                if overflow:
                    exact = False
                    part = part | overflow
            parts.append(part)
        if not parts:
            return None
        parts.sort(key=len)
        best = parts[0]
        for part in parts[1:]:
            best = best & part  # walks the smaller set
        ordered = sorted(best, key=self.order.__getitem__) if len(best) > 1 else best
        return [dict.__getitem__(self, key) for key in ordered], exact


def _indexed_store(collection: _MockCollection) -> _IndexedDocuments | None:
    """The collection's indexed documents, (re)built when its declared indexes changed; None for
    collections of databases that are not the embedded database's."""
    store = collection._store
    if not getattr(store, "esign_indexed", False):
        return None
    documents = store._documents
    if not isinstance(documents, _IndexedDocuments) or documents.index_names != tuple(store.indexes):
        fields = tuple(sorted({f for info in store.indexes.values() for f, _ in info["key"] if f != "_id"}))
        documents = store._documents = _IndexedDocuments(fields, documents)
        documents.index_names = tuple(store.indexes)
    return documents


_COMPARE = {"$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b, "$gt": lambda a, b: a > b,
            "$gte": lambda a, b: a >= b}
_ORDERED = (str, int, float, datetime.datetime)


def _plain_test(field: str, condition):
    """A quick test of one top-level field's condition for documents whose value is a plain scalar of
    the condition's own kind: True/False, or None when the document needs the full matcher."""
    if "." in field or field.startswith("$"):
        return None
    if isinstance(condition, dict):
        if not condition or not all(op in _COMPARE or op in ("$in", "$nin") for op in condition):
            return None
        tests = []
        for op, operand in condition.items():
            if op in _COMPARE:
                if not isinstance(operand, _ORDERED) or isinstance(operand, bool):
                    return None
                kind = (int, float) if isinstance(operand, (int, float)) else type(operand)
                tests.append((op, operand, kind))
            else:
                keys = _query_keys({"$in": operand}) if isinstance(operand, list) else None
                if keys is None or None in keys:
                    return None
                tests.append((op, keys, None))

        def test(doc):
            value = doc.get(field, _NOTHING)
            if type(value) not in _ORDERED:  # missing, None, arrays, bools...
                return None
            for op, operand, kind in tests:
                if kind is None:
                    if (value in operand) != (op == "$in"):
                        return False
                elif not isinstance(value, kind):
                    return None
                elif not _COMPARE[op](value, operand):
                    return False
            return True

        return test
    key = _hash_key(condition)
    if key is _OVERFLOW or condition is None or isinstance(condition, bool):
        return None

    def test(doc):
        value = doc.get(field, _NOTHING)
        if type(value) not in _ORDERED:
            return None
        return value == key

    return test


def _quick_filter(filter):
    """A function that tells whether a document matches `filter` without mongomock's matcher when it
    can (plain values, simple conditions), falling back to it otherwise; None for other filters."""
    tests = [_plain_test(field, condition) for field, condition in filter.items()] if isinstance(filter, dict) else [None]
    if not tests or None in tests:
        return None

    def matches(doc):
        for test in tests:
            verdict = test(doc)
            if verdict is None:
                return filtering.filter_applies(filter, doc)
            if not verdict:
                return False
        return True

    return matches


def _iter_documents(self, filter):
    documents = _indexed_store(self)
    selected = documents.select(filter) if documents is not None else None
    if selected is None:
        return _ORIGINAL_ITER(self, filter)
    candidates, exact = selected
    if exact:
        return iter(candidates)
    matches = _quick_filter(filter) or (lambda doc: filtering.filter_applies(filter, doc))
    return (doc for doc in candidates if matches(doc))


def _apply_update_document(self, existing_document, *args, **kwargs):
    try:
        return _ORIGINAL_APPLY(self, existing_document, *args, **kwargs)
    finally:  # an update mongomock refuses halfway may have changed the document already
        documents = _indexed_store(self)
        if documents is not None:
            documents.changed(existing_document)


def _copy_value(value):
    """A stored document's copy, as mongomock's (dicts and lists copied; stored scalars are immutable)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy_value(v) for k, v in value.items()}
    if kind is list:
        return [_copy_value(v) for v in value]
    return copy.copy(value) if kind not in _IMMUTABLE else value


_IMMUTABLE = frozenset({str, int, float, bool, type(None), bytes, datetime.datetime, uuid.UUID, bson.ObjectId})


def _plain_sort_key(documents: list, fields: list):
    """A sort key of the fields' own values when every document holds, for each field, a value of
    one plain kind (so they compare as mongomock's BSON order compares them); else None."""
    for field in fields:
        if "." in field:
            return None
        values = {type(doc.get(field, _NOTHING)) for doc in documents}
        if not (values <= {int, float} or (len(values) == 1 and values <= set(_ORDERED))):
            return None
    if len(fields) == 1:
        field = fields[0]
        return lambda doc: doc[field]
    return lambda doc: tuple(doc[f] for f in fields)


def _ensure_uniques(self, new_data):
    """mongomock's uniqueness check, except that a document outside a partial index's filter is not
    in that index, so the index does not constrain it (as on MongoDB); checked through the hash
    indexes."""
    for index in self._store.indexes.values():
        if not index.get("unique"):
            continue
        partial = index.get("partialFilterExpression")
        if partial is not None and not filtering.filter_applies(partial, new_data):
            continue
        query = {}
        for key, _ in index["key"]:
            try:
                query[key] = mongomock.helpers.get_value_by_dot(new_data, key)
            except KeyError:
                query[key] = None
        if index.get("sparse") and all(v is None for v in query.values()):
            continue
        if len(list(itertools.islice(self._iter_documents(query), 2))) > 1:
            raise DuplicateKeyError("E11000 Duplicate Key Error", 11000)


_ORIGINAL_ITER = _MockCollection._iter_documents
_ORIGINAL_APPLY = _MockCollection._apply_update_document


def _install_hash_indexes() -> None:
    """Route mongomock's matching through the hash indexes (only collections of the embedded
    database, marked `esign_indexed`, use them; others behave as before)."""
    _MockCollection._iter_documents = _iter_documents
    _MockCollection._apply_update_document = _apply_update_document
    _MockCollection._ensure_uniques = _ensure_uniques


def _expire(store, now: datetime.datetime) -> None:
    """Delete the documents of `store` (one collection) that its TTL indexes have expired."""
    for info in list(store.indexes.values()):
        seconds = info.get("expireAfterSeconds")
        if seconds is None or len(info["key"]) != 1:
            continue
        field = info["key"][0][0]
        cutoff = now - datetime.timedelta(seconds=int(seconds))
        partial = info.get("partialFilterExpression")
        expired = [key for key, doc in store._documents.items()
                   if isinstance(doc.get(field), datetime.datetime) and doc[field] <= cutoff
                   and (partial is None or filtering.filter_applies(partial, doc))]
        for key in expired:
            del store._documents[key]


class MemoryDatabase:
    """mongomock-motor with MongoDB's behaviour where it matters (see the module docstring)."""

    def __init__(self, raw, check_indexes: bool):
        self.unchecked = raw  # the plain mongomock database: tests inspect stored documents through it
        self.check_indexes = check_indexes
        self.client = raw.client
        self.name = raw.name
        self._collections: dict[str, MemoryCollection] = {}
        self.round_trips = RoundTrips()
        self._store = raw.delegate._store  # mongomock's documents of this database
        self._next_ttl_pass = time.monotonic() + TTL_MONITOR_SECONDS

    def __getitem__(self, name: str) -> MemoryCollection:
        if name not in self._collections:
            self._adopt(self._store[name])
            self._collections[name] = MemoryCollection(self, name)
        return self._collections[name]

    async def command(self, *args, **kwargs):
        await self.trip("command")
        return await self.unchecked.command(*args, **kwargs)

    async def list_collection_names(self):
        await self.trip("listCollections")
        return await self.unchecked.list_collection_names()

    async def trip(self, command: str) -> None:
        """One call of the database: counted, and a yield to the event loop (as a server would)."""
        self.round_trips.by_command[command] += 1
        if time.monotonic() >= self._next_ttl_pass:
            self.expire_now()
        await asyncio.sleep(0)

    def expire_now(self) -> None:
        """One pass of the TTL monitor over every collection (it also runs by itself every
        TTL_MONITOR_SECONDS)."""
        self._next_ttl_pass = time.monotonic() + TTL_MONITOR_SECONDS
        now = mongomock.utcnow()
        for store in list(self._store._collections.values()):
            self._adopt(store)
            _expire(store, now)

    @staticmethod
    def _adopt(store) -> None:
        """Give a collection's documents the hash indexes and the TTL monitor (instead of
        mongomock's removal of expired documents on every access)."""
        if not getattr(store, "esign_indexed", False):
            store.esign_indexed = True
            store._remove_expired_documents = lambda: None


class MemoryCursor:
    """A query's cursor: the page is computed when first read, sorting the matching documents
    where they are stored and copying only the page (mongomock's own cursor copies every match)."""

    def __init__(self, collection: MemoryCollection, query: dict, projection=None):
        self._collection = collection
        self._query = query
        self._projection = projection
        self._sort: list = []
        self._skip = 0
        self._limit = 0
        self._results: list | None = None
        self._next = 0

    def sort(self, key_or_list, direction=None):
        self._sort = _sort_spec(key_or_list, direction)
        return self

    def skip(self, n):
        self._skip = n
        return self

    def limit(self, n):
        self._limit = n
        return self

    async def _start(self) -> list:
        if self._results is None:
            self._collection.check(self._query, self._sort)
            await self._collection.database.trip("find")
            self._results = self._collection.page(self._query, self._projection, self._sort, self._skip, self._limit)
        return self._results

    def __aiter__(self):
        return self

    async def __anext__(self):
        results = await self._start()
        if self._next >= len(results):
            raise StopAsyncIteration
        self._next += 1
        return results[self._next - 1]

    async def to_list(self, length=None):
        results = await self._start()
        stop = len(results) if length is None else self._next + length
        taken = results[self._next:stop]
        self._next += len(taken)
        return taken


class MemoryCollection:
    def __init__(self, database: MemoryDatabase, name: str):
        self.database = database
        self.name = name
        # the collection without motor's wrapper: the checks run synchronously, inside the call
        self._sync = database.unchecked.delegate[name]
        # an upper bound of the largest document's size (None: not known yet), so that most updates
        # need no document read to know they stay far below the limit
        self._largest: int | None = None

    # -- the index check --------------------------------------------------------------------------------
    def check(self, query: dict | None, sort: list | None = None) -> None:
        if not self.database.check_indexes:
            return
        query = query or {}
        if "_id" in query and (not isinstance(query["_id"], dict) or set(query["_id"]) <= {"$eq", "$in"}):
            return
        sort = _sort_spec(sort) if not isinstance(sort, list) else sort
        for info in self._sync.index_information().values():
            if index_serves(info["key"], info.get("partialFilterExpression"), query, sort):
                return
        raise UnindexedQuery(f"no index of {self.name!r} serves filter {query!r} sort {sort!r} "
                             "(equality fields, then the sort, then range fields: design.md §11)")

    # -- sizes --------------------------------------------------------------------------------------------
    def _check_update_size(self, query, update, *, many=False, upsert=False, sort=None, find_and_modify=False,
                           array_filters=None):
        """Apply the update to a scratch copy of each target document first and measure the result."""
        if not isinstance(update, dict):
            return  # aggregation-pipeline updates are not used
        update_size = _size(update)
        # `$[]` and `$[x]` paths change every (matching) element: the result may grow by a multiple
        all_elements = any("$[" in path for paths in update.values() if isinstance(paths, dict) for path in paths)
        if not all_elements and self._far_below(update_size):
            self._largest += update_size  # a document grows by at most the update
            return
        if many:
            targets = list(self._matching(query, _sort_spec(sort)))
        else:
            target = self._target(query, sort)
            targets = [target] if target else []
        if not targets and not upsert:
            return
        scratch = self._scratch()
        for doc in targets or [None]:
            if doc is not None and _size(doc) + update_size + SLACK < MAX_DOCUMENT_BYTES and not all_elements:
                continue  # the result cannot reach the limit
            scratch.delete_many({})
            if doc is not None:
                scratch.insert_one(copy.deepcopy(doc))
            scratch.update_one(query, update, upsert=upsert, array_filters=array_filters)
            result = scratch.find_one({})
            if result is not None and _size(result) > MAX_DOCUMENT_BYTES:
                raise _update_too_large(find_and_modify)

    def _far_below(self, update_size: int) -> bool:
        """Whether every document of the collection stays below the limit after growing by `update_size`
        (the bound is measured again, reading every document, only when it gets near the limit)."""
        if self._largest is None or self._largest + update_size + SLACK >= MAX_DOCUMENT_BYTES:
            self._largest = max((_size(doc) for doc in self._matching({}, [])), default=0)
        return self._largest + update_size + SLACK < MAX_DOCUMENT_BYTES

    def _inserted(self, size: int) -> None:
        if self._largest is not None:
            self._largest = max(self._largest, size)

    def _target(self, query: dict, sort) -> dict | None:
        """The document a single-document update changes (by `_id` straight from mongomock's store:
        mongomock's own find reads every document)."""
        key = query.get("_id")
        if key is not None and not isinstance(key, dict):
            try:
                return self._sync._store[key]
            except KeyError:
                return None
        return self._first(query, sort)

    async def _upsert(self, query: dict) -> None:
        """MongoDB runs an upsert as "match, then insert": another upsert can insert between the two,
        and the insert then fails on a unique index. The server retries it only when the filter is
        equality on exactly the fields of that unique index; otherwise the caller gets the
        DuplicateKeyError. This opens the same window."""
        if self._first(query) is not None:
            return
        await asyncio.sleep(0)  # between the server's match and its insert
        plain = {f: v for f, v in query.items() if not f.startswith("$") and not isinstance(v, dict)}
        for info in self._sync.index_information().values():
            if info["key"] != [("_id", 1)] and not info.get("unique"):
                continue
            fields = [f for f, _ in info["key"]]
            if not all(f in plain for f in fields) or self._first({f: plain[f] for f in fields}) is None:
                continue
            if set(query) == set(fields) and len(plain) == len(query):
                return  # the server retries: the update now matches the document inserted meanwhile
            raise DuplicateKeyError(f"E11000 duplicate key error collection: {self.name} index: {fields}", 11000)

    def _scratch(self):
        if not hasattr(self.database, "_scratch"):
            self.database._scratch = mongomock.MongoClient(**CLIENT_OPTIONS)["scratch"]["scratch"]
        return self.database._scratch

    # -- reads ----------------------------------------------------------------------------------------------
    def find(self, filter=None, projection=None, *, sort=None):
        cursor = MemoryCursor(self, filter or {}, projection)
        return cursor.sort(sort) if sort else cursor

    def _matching(self, query: dict, sort: list, first: int | None = None):
        """The stored documents (not copies) matching `query`, in the order mongomock gives them (only
        the `first` ones are sure to be in order when given)."""
        dataset = self._sync._iter_documents(mongomock.helpers.patch_datetime_awareness_in_document(query or {}))
        if not sort:
            return dataset
        directions = {direction for _, direction in sort}
        dataset = list(dataset)
        key = _plain_sort_key(dataset, [field for field, _ in sort]) if len(directions) == 1 else None
        if key is not None:
            # one direction and plain values of one kind per field: one sort by all the keys gives
            # mongomock's order (stable: ties in natural order)
            reverse = directions.pop() < 0
            if first is not None and first < len(dataset) // 4:
                return (heapq.nlargest if reverse else heapq.nsmallest)(first, dataset, key=key)
            return sorted(dataset, key=key, reverse=reverse)
        for key, direction in reversed(sort):  # mongomock's order: one stable sort per key, the last key first
            dataset = sorted(dataset, key=lambda doc, key=key: filtering.resolve_sort_key(key, doc),
                             reverse=direction < 0)
        return dataset

    def _first(self, query: dict, sort=None) -> dict | None:
        return next(iter(self._matching(query, _sort_spec(sort), first=1)), None)

    def _copy(self, doc: dict | None, projection=None) -> dict | None:
        if doc is None:
            return None
        return _copy_value(doc) if projection is None else self._sync._copy_only_fields(doc, projection, dict)

    def page(self, query: dict, projection, sort: list, skip: int, limit: int) -> list[dict]:
        """The documents of a find, as mongomock's cursor gives them (same order, same copies), with
        only the page copied."""
        stop = skip + limit if limit else None
        return [self._copy(doc, projection) for doc in itertools.islice(self._matching(query, sort, stop), skip, stop)]

    async def find_one(self, filter=None, projection=None, *, sort=None):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("find")
        return self._copy(self._first(filter, sort), projection)

    async def count_documents(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("count")
        return self._sync.count_documents(filter, **kwargs)

    async def distinct(self, key, filter=None, **kwargs):
        self.check(filter)
        await self.database.trip("distinct")
        return self._sync.distinct(key, filter, **kwargs)

    # -- writes ---------------------------------------------------------------------------------------------
    async def insert_one(self, doc, **kwargs):
        await self.database.trip("insert")
        self._inserted(_check_insert_size(doc))
        return self._sync.insert_one(doc, **kwargs)

    async def insert_many(self, docs, **kwargs):
        await self.database.trip("insert")
        docs = list(docs)
        for doc in docs:
            self._inserted(_check_insert_size(doc))
        return self._sync.insert_many(docs, **kwargs)

    async def replace_one(self, filter, replacement, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        self._inserted(_check_insert_size(replacement))
        return self._sync.replace_one(filter, replacement, **kwargs)

    async def update_one(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, array_filters=kwargs.get("array_filters"))
        return self._sync.update_one(filter, update, upsert=upsert, **kwargs)

    async def update_many(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, many=True, upsert=upsert, array_filters=kwargs.get("array_filters"))
        return self._sync.update_many(filter, update, upsert=upsert, **kwargs)

    async def find_one_and_update(self, filter, update, projection=None, *, sort=None, upsert=False,
                                  return_document=ReturnDocument.BEFORE, **kwargs):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("findAndModify")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, sort=sort, find_and_modify=True,
                                array_filters=kwargs.get("array_filters"))
        # as mongomock does it (the first match in `sort` order, updated by `_id`), without copying
        # every match first
        found = self._first(filter, sort)
        if found is None and not upsert:
            return None
        before = self._copy(found, projection)
        if found is not None:
            key = found["_id"]
            self._sync.update_one({"_id": key}, update, **kwargs)
        else:
            key = self._sync.update_one(filter, update, upsert=True, **kwargs).upserted_id
        if return_document is ReturnDocument.AFTER:
            return self._copy(self._first({"_id": key}), projection)
        return before

    async def find_one_and_delete(self, filter, projection=None, *, sort=None):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("findAndModify")
        found = self._first(filter, sort)
        if found is None:
            return None
        before = self._copy(found, projection)
        self._sync.delete_one({"_id": found["_id"]})
        return before

    async def delete_one(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("delete")
        return self._sync.delete_one(filter, **kwargs)

    async def delete_many(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("delete")
        return self._sync.delete_many(filter, **kwargs)

    # -- indexes --------------------------------------------------------------------------------------------
    async def create_index(self, keys, **kwargs):
        await self.database.trip("createIndexes")
        return self._sync.create_index(keys, **kwargs)

    async def drop_index(self, name):
        await self.database.trip("dropIndexes")
        return self._sync.drop_index(name)

    async def index_information(self):
        await self.database.trip("listIndexes")
        return self._sync.index_information()

"""The embedded database (`memory://`): mongomock-motor wrapped so that it behaves like MongoDB where the
application can tell the difference.

- Every call yields to the event loop (two coroutines interleave as they would against a server), is
  counted in `round_trips` by command and timed for its observers.
- A write whose document would exceed 16 MiB is refused with the error MongoDB gives.
- An upsert is "match, then insert" with a window between the two, as on the server.
- A TTL monitor: every TTL_MONITOR_SECONDS (wall clock, like the server's), on the next call, each
  collection's documents past any of its TTL indexes (`expireAfterSeconds`, honouring the index's
  partial filter) are deleted, as MongoDB's TTL monitor does: driven by the declared indexes alone.
- `memory://?strict` (the test suite) adds the index rule (esign.db.index_rule): a query no index
  of its collection serves raises `UnindexedQuery`.

Queries run through the hash indexes and fast paths of esign.db.fast_paths (installed into mongomock by
esign.db.mongomock_patches), which give mongomock's own results; a filter with a plain `_id` is one
lookup, and an update by `_id` changes the stored document without mongomock's whole-document copy
(`MemoryCollection._update_in_place`) unless it touches `_id` or a unique index's field.
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime
import functools
import heapq
import itertools
import time
import uuid

import bson
import mongomock
from bson.errors import InvalidDocument
from mongomock import filtering, helpers
from pymongo import ReturnDocument
from pymongo.errors import DocumentTooLarge, DuplicateKeyError, OperationFailure, WriteError
from pymongo.results import InsertOneResult, UpdateResult

from esign.db.driver import CLIENT_OPTIONS, CODEC, RoundTrips
from esign.db.fast_paths import (
    apply_simple_update,
    copy_value,
    include_fields,
    plain_sort_key,
    project,
    quick_filter,
    simple_update,
    touched_fields,
)
from esign.db.index_rule import UnindexedQuery, index_serves, sort_spec
from esign.db.memory_cursor import MemoryCursor
from esign.db.mongomock_patches import adopt, indexed_store

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024  # MongoDB's BSON document limit (16 MiB)
TTL_MONITOR_SECONDS = 60  # MongoDB's TTL monitor wakes every 60 s (ttlMonitorSleepSecs); so does ours
SLACK = 4096  # what field names and type changes may add to a document beyond the update's own size
_KEYS = (str, int, uuid.UUID, bson.ObjectId)  # `_id` values a filter selects by one dictionary lookup
_NO_KEY = object()


def _size(doc) -> int:
    return len(bson.encode(doc, codec_options=CODEC))


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


def _call(command: str):
    """A method of MemoryCollection that is one call of the database (as `MemoryDatabase.call`, written
    out: this runs for every call)."""
    def wrap(method):
        @functools.wraps(method)
        async def call(self, *args, **kwargs):
            database = self.database
            await database.trip(command)
            started = time.perf_counter()
            try:
                return await method(self, *args, **kwargs)
            finally:
                database.round_trips.took(command, time.perf_counter() - started)
        return call
    return wrap


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
            adopt(self._store[name])
            self._collections[name] = MemoryCollection(self, name)
        return self._collections[name]

    async def command(self, *args, **kwargs):
        async with self.call("command"):
            return await self.unchecked.command(*args, **kwargs)

    async def list_collection_names(self):
        async with self.call("listCollections"):
            return await self.unchecked.list_collection_names()

    @contextlib.asynccontextmanager
    async def call(self, command: str):
        """One call of the database's API: a round trip (`trip`), timed to its end for the observers
        of `round_trips` (esign's metrics)."""
        await self.trip(command)
        started = time.perf_counter()
        try:
            yield
        finally:
            self.round_trips.took(command, time.perf_counter() - started)

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
            adopt(store)
            _expire(store, now)


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
        recorder = getattr(self.database, "query_recorder", None)  # esign.db.index_rule.QueryRecorder
        if recorder is not None:
            recorder.record(self.name, query)
        if not self.database.check_indexes:
            return
        query = query or {}
        if "_id" in query and (not isinstance(query["_id"], dict) or set(query["_id"]) <= {"$eq", "$in"}):
            return
        sort = sort_spec(sort) if not isinstance(sort, list) else sort
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
            targets = list(self._matching(query, sort_spec(sort)))
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
        dataset = self._sync._iter_documents(helpers.patch_datetime_awareness_in_document(query or {}))
        if not sort:
            return dataset
        directions = {direction for _, direction in sort}
        dataset = list(dataset)
        key = plain_sort_key(dataset, [field for field, _ in sort]) if len(directions) == 1 else None
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
        if not sort:
            found = self._by_id(query)
            if found is not _NO_KEY:
                return found
        return next(iter(self._matching(query, sort_spec(sort), first=1)), None)

    def _by_id(self, query):
        """For a filter with a plain `_id` (a string, an integer, a UUID or an ObjectId): the stored document
        with that `_id` if the rest of the filter matches it, else None (one lookup instead of
        mongomock's query); _NO_KEY for other filters."""
        key = query.get("_id", _NO_KEY) if type(query) is dict else _NO_KEY
        if type(key) not in _KEYS:
            return _NO_KEY
        doc = self._sync._store._documents.get(key)
        if doc is None or len(query) == 1:
            return doc
        rest = helpers.patch_datetime_awareness_in_document({f: c for f, c in query.items() if f != "_id"})
        matches = quick_filter(rest)
        return doc if (matches(doc) if matches is not None else filtering.filter_applies(rest, doc)) else None

    def _update_in_place(self, doc: dict, update, options: dict, query: dict) -> bool | None:
        """Apply an update by `_id` to the stored `doc` without mongomock's `_update` (which deep-copies
        the whole document first to compare and roll back): a plain `$set` / `$inc`
        (esign.db.fast_paths.simple_update) directly, other update operators through mongomock's own
        `_apply_update_document`, comparing only the top-level fields they touch. Returns whether the
        document changed; None, with nothing done, when mongomock's update must run (options, a
        pipeline, `_id` or a field of a unique index touched: its check and roll-back are needed)."""
        documents = indexed_store(self._sync)
        if options or documents is None:
            return None
        changes = simple_update(update, documents.unique_fields)
        if changes is not None:
            modified = apply_simple_update(doc, changes)
            if modified is not None:
                documents.changed(doc, changes.keys())
            return modified
        touched = touched_fields(update)
        if touched is None or "_id" in touched or touched & documents.unique_fields:
            return None
        before = {f: copy_value(doc[f]) for f in touched if f in doc}
        self._sync._apply_update_document(doc, helpers.patch_datetime_awareness_in_document(query),
                                          helpers.patch_datetime_awareness_in_document(update), False)
        # compared as dicts, which (as mongomock's comparison of whole documents) take a value as
        # equal to itself: a NaN left alone is no change
        return {f: doc.get(f, _NO_KEY) for f in touched} != {f: before.get(f, _NO_KEY) for f in touched}

    def _copy(self, doc: dict | None, projection=None) -> dict | None:
        if doc is None:
            return None
        if projection is None:
            return copy_value(doc)
        fields = include_fields(projection)
        return project(doc, fields) if fields is not None else self._sync._copy_only_fields(doc, projection, dict)

    def page(self, query: dict, projection, sort: list, skip: int, limit: int) -> list[dict]:
        """The documents of a find, as mongomock's cursor gives them (same order, same copies), with
        only the page copied."""
        stop = skip + limit if limit else None
        return [self._copy(doc, projection) for doc in itertools.islice(self._matching(query, sort, stop), skip, stop)]

    @_call("find")
    async def find_one(self, filter=None, projection=None, *, sort=None):
        self.check(filter, sort_spec(sort))
        return self._copy(self._first(filter, sort), projection)

    @_call("count")
    async def count_documents(self, filter, **kwargs):
        self.check(filter)
        return self._sync.count_documents(filter, **kwargs)

    @_call("distinct")
    async def distinct(self, key, filter=None, **kwargs):
        self.check(filter)
        return self._sync.distinct(key, filter, **kwargs)

    # -- writes ---------------------------------------------------------------------------------------------
    @_call("insert")
    async def insert_one(self, doc, **kwargs):
        key = doc.get("_id") if type(doc) is dict else None
        if kwargs or type(key) not in _KEYS or indexed_store(self._sync) is None:
            self._inserted(_check_insert_size(doc))
            return self._sync.insert_one(doc, **kwargs)
        return self._insert_directly(doc, key)

    def _insert_directly(self, doc: dict, key) -> InsertOneResult:
        """mongomock's insert_one of a plain document with a plain `_id`, its checks in its order, without
        its second encoding of the document, its check of every key for NUL (the encoding refuses those)
        and its version checks."""
        try:
            size = len(bson.encode(doc))  # mongomock's check, with its codec: it refuses native UUIDs
        except Exception:  # noqa: BLE001 - refused: the usual path raises what it raises
            self._inserted(_check_insert_size(doc))
            return self._sync.insert_one(doc)
        if size > MAX_DOCUMENT_BYTES:
            _check_insert_size(doc)  # raises DocumentTooLarge
        self._inserted(size)
        for field in doc:
            if field.startswith("$"):  # mongomock's own check and message
                raise InvalidDocument(f'Top-level field names cannot start with the "$" sign (found: {field})')
        store = self._sync._store
        if key in store._documents:
            raise DuplicateKeyError("E11000 Duplicate Key Error", 11000)
        data = helpers.patch_datetime_awareness_in_document(doc)
        store[key] = data
        try:
            self._sync._ensure_uniques(data)
        except DuplicateKeyError:
            del store[key]
            raise
        return InsertOneResult(key, acknowledged=True)

    @_call("insert")
    async def insert_many(self, docs, **kwargs):
        docs = list(docs)
        for doc in docs:
            self._inserted(_check_insert_size(doc))
        return self._sync.insert_many(docs, **kwargs)

    @_call("update")
    async def replace_one(self, filter, replacement, **kwargs):
        self.check(filter)
        self._inserted(_check_insert_size(replacement))
        return self._sync.replace_one(filter, replacement, **kwargs)

    @_call("update")
    async def update_one(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, array_filters=kwargs.get("array_filters"))
        found = self._by_id(filter) if not upsert else None
        if found is not None and found is not _NO_KEY:
            modified = self._update_in_place(found, update, kwargs, filter)
            if modified is not None:
                return UpdateResult({"n": 1, "nModified": int(modified), "ok": 1, "upserted": None,
                                     "updatedExisting": True}, acknowledged=True)
        return self._sync.update_one(filter, update, upsert=upsert, **kwargs)

    @_call("update")
    async def update_many(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, many=True, upsert=upsert, array_filters=kwargs.get("array_filters"))
        return self._sync.update_many(filter, update, upsert=upsert, **kwargs)

    @_call("findAndModify")
    async def find_one_and_update(self, filter, update, projection=None, *, sort=None, upsert=False,
                                  return_document=ReturnDocument.BEFORE, **kwargs):
        self.check(filter, sort_spec(sort))
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, sort=sort, find_and_modify=True,
                                array_filters=kwargs.get("array_filters"))
        # as mongomock does it (the first match in `sort` order, updated by `_id`), without copying
        # every match first
        found = self._first(filter, sort)
        if found is None and not upsert:
            return None
        before = self._copy(found, projection) if return_document is not ReturnDocument.AFTER else None
        if found is not None:
            key = found["_id"]
            if self._update_in_place(found, update, kwargs, filter) is None:
                self._sync.update_one({"_id": key}, update, **kwargs)
        else:
            key = self._sync.update_one(filter, update, upsert=True, **kwargs).upserted_id
        if return_document is ReturnDocument.AFTER:
            return self._copy(self._first({"_id": key}), projection)
        return before

    @_call("findAndModify")
    async def find_one_and_delete(self, filter, projection=None, *, sort=None):
        self.check(filter, sort_spec(sort))
        found = self._first(filter, sort)
        if found is None:
            return None
        before = self._copy(found, projection)
        self._sync.delete_one({"_id": found["_id"]})
        return before

    @_call("delete")
    async def delete_one(self, filter, **kwargs):
        self.check(filter)
        return self._sync.delete_one(filter, **kwargs)

    @_call("delete")
    async def delete_many(self, filter, **kwargs):
        self.check(filter)
        return self._sync.delete_many(filter, **kwargs)

    # -- indexes --------------------------------------------------------------------------------------------
    @_call("createIndexes")
    async def create_index(self, keys, **kwargs):
        return self._sync.create_index(keys, **kwargs)

    @_call("dropIndexes")
    async def drop_index(self, name):
        return self._sync.drop_index(name)

    @_call("listIndexes")
    async def index_information(self):
        return self._sync.index_information()

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

import bson
from bson.codec_options import CodecOptions
from pymongo import ASCENDING, DESCENDING, ReturnDocument, monitoring  # noqa: F401  (re-exported)
from pymongo.errors import DocumentTooLarge, DuplicateKeyError, OperationFailure, PyMongoError, WriteError  # noqa: F401

MEMORY_URL = "memory://"
MAX_DOCUMENT_BYTES = 16 * 1024 * 1024  # MongoDB's BSON document limit (16 MiB)
# Server error codes for "the document would be too large": BSONObjectTooLarge and the update path's.
TOO_LARGE_CODES = {10334, 17419, 17420}
INDEX_NOT_FOUND = 27
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


class MemoryDatabase:
    """mongomock-motor with MongoDB's behaviour where it matters (see the module docstring)."""

    def __init__(self, raw, check_indexes: bool):
        self.unchecked = raw  # the plain mongomock database: tests inspect stored documents through it
        self.check_indexes = check_indexes
        self.client = raw.client
        self.name = raw.name
        self._collections: dict[str, MemoryCollection] = {}
        self.round_trips = RoundTrips()

    def __getitem__(self, name: str) -> MemoryCollection:
        if name not in self._collections:
            self._collections[name] = MemoryCollection(self, self.unchecked[name])
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
        await asyncio.sleep(0)


class MemoryCursor:
    def __init__(self, collection: MemoryCollection, query: dict, cursor):
        self._collection = collection
        self._query = query
        self._cursor = cursor
        self._sort: list = []
        self._started = False

    def sort(self, key_or_list, direction=None):
        self._sort = _sort_spec(key_or_list, direction)
        self._cursor.sort(self._sort)
        return self

    def skip(self, n):
        self._cursor.skip(n)
        return self

    def limit(self, n):
        self._cursor.limit(n)
        return self

    async def _start(self):
        if not self._started:
            self._started = True
            self._collection.check(self._query, self._sort)
            await self._collection.database.trip("find")

    def __aiter__(self):
        return self

    async def __anext__(self):
        await self._start()
        return await self._cursor.__anext__()

    async def to_list(self, length=None):
        await self._start()
        return await self._cursor.to_list(length)


class MemoryCollection:
    def __init__(self, database: MemoryDatabase, raw):
        self.database = database
        self.raw = raw
        self.name = raw.name
        # the same collection without motor's wrapper: the checks run synchronously, inside the call
        self._sync = database.unchecked.delegate[raw.name]
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
            targets = list(self._sync.find(query, sort=sort))
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
            self._largest = max((_size(doc) for doc in self._sync.find({})), default=0)
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
        return self._sync.find_one(query, sort=sort)

    async def _upsert(self, query: dict) -> None:
        """MongoDB runs an upsert as "match, then insert": another upsert can insert between the two,
        and the insert then fails on a unique index. The server retries it only when the filter is
        equality on exactly the fields of that unique index; otherwise the caller gets the
        DuplicateKeyError. This opens the same window."""
        if self._sync.find_one(query) is not None:
            return
        await asyncio.sleep(0)  # between the server's match and its insert
        plain = {f: v for f, v in query.items() if not f.startswith("$") and not isinstance(v, dict)}
        for info in self._sync.index_information().values():
            if info["key"] != [("_id", 1)] and not info.get("unique"):
                continue
            fields = [f for f, _ in info["key"]]
            if not all(f in plain for f in fields) or self._sync.find_one({f: plain[f] for f in fields}) is None:
                continue
            if set(query) == set(fields) and len(plain) == len(query):
                return  # the server retries: the update now matches the document inserted meanwhile
            raise DuplicateKeyError(f"E11000 duplicate key error collection: {self.name} index: {fields}", 11000)

    def _scratch(self):
        from mongomock import MongoClient

        if not hasattr(self.database, "_scratch"):
            self.database._scratch = MongoClient(**CLIENT_OPTIONS)["scratch"]["scratch"]
        return self.database._scratch

    # -- reads ----------------------------------------------------------------------------------------------
    def find(self, filter=None, *args, **kwargs):
        cursor = MemoryCursor(self, filter or {}, self.raw.find(filter or {}, *args, **kwargs))
        if kwargs.get("sort"):
            cursor._sort = _sort_spec(kwargs["sort"])
        return cursor

    async def find_one(self, filter=None, *args, sort=None, **kwargs):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("find")
        return await self.raw.find_one(filter or {}, *args, sort=sort, **kwargs)

    async def count_documents(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("count")
        return await self.raw.count_documents(filter, **kwargs)

    async def distinct(self, key, filter=None, **kwargs):
        self.check(filter)
        await self.database.trip("distinct")
        return await self.raw.distinct(key, filter, **kwargs)

    # -- writes ---------------------------------------------------------------------------------------------
    async def insert_one(self, doc, **kwargs):
        await self.database.trip("insert")
        self._inserted(_check_insert_size(doc))
        return await self.raw.insert_one(doc, **kwargs)

    async def insert_many(self, docs, **kwargs):
        await self.database.trip("insert")
        docs = list(docs)
        for doc in docs:
            self._inserted(_check_insert_size(doc))
        return await self.raw.insert_many(docs, **kwargs)

    async def replace_one(self, filter, replacement, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        self._inserted(_check_insert_size(replacement))
        return await self.raw.replace_one(filter, replacement, **kwargs)

    async def update_one(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, array_filters=kwargs.get("array_filters"))
        return await self.raw.update_one(filter, update, upsert=upsert, **kwargs)

    async def update_many(self, filter, update, upsert=False, **kwargs):
        self.check(filter)
        await self.database.trip("update")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, many=True, upsert=upsert, array_filters=kwargs.get("array_filters"))
        return await self.raw.update_many(filter, update, upsert=upsert, **kwargs)

    async def find_one_and_update(self, filter, update, *args, sort=None, upsert=False, **kwargs):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("findAndModify")
        if upsert:
            await self._upsert(filter)
        self._check_update_size(filter, update, upsert=upsert, sort=sort, find_and_modify=True,
                                array_filters=kwargs.get("array_filters"))
        return await self.raw.find_one_and_update(filter, update, *args, sort=sort, upsert=upsert, **kwargs)

    async def find_one_and_delete(self, filter, *args, sort=None, **kwargs):
        self.check(filter, _sort_spec(sort))
        await self.database.trip("findAndModify")
        return await self.raw.find_one_and_delete(filter, *args, sort=sort, **kwargs)

    async def delete_one(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("delete")
        return await self.raw.delete_one(filter, **kwargs)

    async def delete_many(self, filter, **kwargs):
        self.check(filter)
        await self.database.trip("delete")
        return await self.raw.delete_many(filter, **kwargs)

    # -- indexes --------------------------------------------------------------------------------------------
    async def create_index(self, keys, **kwargs):
        await self.database.trip("createIndexes")
        return await self.raw.create_index(keys, **kwargs)

    async def drop_index(self, name):
        await self.database.trip("dropIndexes")
        return await self.raw.drop_index(name)

    async def index_information(self):
        await self.database.trip("listIndexes")
        return await self.raw.index_information()

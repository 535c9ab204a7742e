"""Shared repository plumbing. A repository wraps one collection and takes the database in its
constructor; records use the UUID string `id` as MongoDB `_id`."""
import dataclasses
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, cast, overload

from esign import db as dbmod
from esign.clock import Clock
from esign.db import ASCENDING as ASCENDING
from esign.db import DESCENDING as DESCENDING
from esign.errors import ApiError, not_found
from esign.store.records import Json

#: the database esign.db connects to (motor's, or the embedded one): the drivers are untyped, and so
#: are the documents they return (the repositories cast them to the record types, esign.store.records)
Database = Any


class WriteResult(Protocol):
    """What the driver answers a write (pymongo's UpdateResult, DeleteResult ...: each has its own)."""
    matched_count: int
    modified_count: int
    deleted_count: int


class Cursor(Protocol):
    """The part of the drivers' cursor the repositories use."""
    def sort(self, key: Any, direction: int | None = None) -> "Cursor": ...
    def skip(self, n: int) -> "Cursor": ...
    def limit(self, n: int) -> "Cursor": ...
    async def to_list(self, length: int | None) -> list[Json]: ...
    def __aiter__(self) -> AsyncIterator[Json]: ...


class Collection(Protocol):
    """The part of the drivers' collection the repositories use (through GuardedCollection)."""
    async def find_one(self, filter: Json, projection: Json | None = None, **kwargs: Any) -> Json | None: ...
    def find(self, filter: Json | None = None, projection: Json | None = None, **kwargs: Any) -> Cursor: ...
    async def find_one_and_update(self, filter: Json, update: Json, projection: Json | None = None,
                                  **kwargs: Any) -> Json | None: ...
    async def insert_one(self, document: Json, **kwargs: Any) -> Any: ...
    async def insert_many(self, documents: list[Json], **kwargs: Any) -> Any: ...
    async def update_one(self, filter: Json, update: Json, **kwargs: Any) -> WriteResult: ...
    async def update_many(self, filter: Json, update: Json, **kwargs: Any) -> WriteResult: ...
    async def delete_one(self, filter: Json, **kwargs: Any) -> WriteResult: ...
    async def delete_many(self, filter: Json, **kwargs: Any) -> WriteResult: ...
    async def count_documents(self, filter: Json, **kwargs: Any) -> int: ...
    async def distinct(self, key: str, filter: Json | None = None, **kwargs: Any) -> list[Any]: ...
    async def index_information(self) -> dict[str, Json]: ...
    async def drop_index(self, name: str) -> None: ...
    async def create_index(self, keys: list[tuple[str, int]], **kwargs: Any) -> str: ...


#: a sort order: (field, direction) pairs
Sort = list[tuple[str, int]]
#: a repository's record type: one of esign.store.records, or Json for a collection without one
R = TypeVar("R", bound=Mapping[str, Any])


def new_id() -> str:
    return str(uuid.uuid4())


@overload
def out(doc: None) -> None: ...
@overload
def out(doc: Json) -> Json: ...
def out(doc: Json | None) -> Json | None:
    """A stored document with `_id` renamed to `id`."""
    if doc is None:
        return None
    doc = dict(doc)
    doc["id"] = doc.pop("_id")
    return doc


@dataclasses.dataclass(frozen=True)
class Index:
    """One declared index. `partial` is a partialFilterExpression (only documents matching it are
    indexed); `ttl_seconds` makes a TTL index on a single date field."""

    name: str
    keys: Sequence[tuple[str, int]]  # a tuple once made
    unique: bool = False
    partial: Json | None = None
    ttl_seconds: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "keys", tuple((field, int(direction)) for field, direction in self.keys))

    def options(self) -> Json:
        options: Json = {"name": self.name}
        if self.unique:
            options["unique"] = True
        if self.partial is not None:
            options["partialFilterExpression"] = self.partial
        if self.ttl_seconds is not None:
            options["expireAfterSeconds"] = self.ttl_seconds
        return options

    def matches(self, info: Json) -> bool:
        """Whether an existing index (as `index_information` describes it) is this one."""
        return (tuple((f, int(d)) for f, d in info["key"]) == self.keys
                and bool(info.get("unique")) == self.unique and not info.get("sparse")
                and info.get("partialFilterExpression") == self.partial
                and (None if info.get("expireAfterSeconds") is None else int(info["expireAfterSeconds"]))
                == self.ttl_seconds)


async def migrate_indexes(col: Collection, indexes: list[Index]) -> None:
    """Make the collection's indexes exactly `indexes`: drop the undeclared ones and those whose keys
    or options changed (except `_id_`), then create what is missing. Processes starting together may
    run it at once: an index another process dropped first is not an error."""
    declared = {index.name: index for index in indexes}
    existing = await col.index_information()
    for name, info in existing.items():
        if name != "_id_" and (name not in declared or not declared[name].matches(info)):
            try:
                await col.drop_index(name)
            except dbmod.OperationFailure as exc:
                if not dbmod.is_index_not_found(exc):
                    raise
    current = await col.index_information()
    for index in indexes:
        if index.name not in current:
            await col.create_index(list(index.keys), **index.options())


def too_large() -> ApiError:
    return ApiError(422, "record_too_large",
                    "the record would exceed the database's 16 MiB document limit; store less in it",
                    details=[{"field": "", "message": "the record would exceed the 16 MiB document limit"}])


class GuardedCollection:
    """A collection whose writes turn MongoDB's document-size errors (the client's DocumentTooLarge,
    the server's "resulting document too large") into one API error: 422 `record_too_large`, and
    call `after_write` once each write is done (a repository's cache to clear: esign.store.cache)."""

    WRITES = frozenset({"insert_one", "insert_many", "replace_one", "update_one", "update_many",
                        "find_one_and_update", "find_one_and_replace", "find_one_and_delete",
                        "delete_one", "delete_many"})

    def __init__(self, col: Any, after_write: Callable[[], None] | None = None) -> None:
        self._col = col
        self._after_write = after_write

    def __getattr__(self, name: str) -> Any:
        """The collection's method `name`; a write wrapped as the class says. Kept on the instance,
        so this runs once a name."""
        attr = getattr(self._col, name)
        if name not in self.WRITES:
            if callable(attr):
                setattr(self, name, attr)
            return attr

        async def write(*args: Any, **kwargs: Any) -> Any:
            try:
                return await attr(*args, **kwargs)
            except (dbmod.PyMongoError, dbmod.DocumentTooLarge) as exc:
                if dbmod.is_too_large(exc):
                    raise too_large() from exc
                raise
            finally:
                if self._after_write is not None:
                    self._after_write()

        setattr(self, name, write)
        return write


def after_condition(sort: Sort, record: Json) -> Json:
    """Records strictly after `record` in `sort` order (a list of (field, direction) ending with a unique
    field such as `_id`)."""
    def value(field: str) -> Any:
        return record["id"] if field == "_id" else record.get(field)

    branches = []
    for i, (field, direction) in enumerate(sort):
        branch = {f: value(f) for f, _ in sort[:i]}
        branch[field] = {"$lt" if direction == DESCENDING else "$gt": value(field)}
        branches.append(branch)
    return {"$or": branches}


class Page(NamedTuple):
    """One page of a list (Repository.page)."""
    items: list[Json]
    total: int
    has_more: bool


class Repository(Generic[R]):
    """The repository of one collection, whose records are of type `R`."""

    collection_name = ""
    #: the collection's indexes, created and migrated at start-up (Index)
    indexes: list[Index] = []
    #: the fields its lists sort by (besides `_id`): all that an `after_id` cursor reads of its record
    #: (None: the whole record)
    cursor_fields: tuple[str, ...] | None = None

    def __init__(self, db: Database, clock: Clock, after_write: Callable[[], None] | None = None) -> None:
        self.db = db
        self.clock = clock
        self.col = cast(Collection, GuardedCollection(db[self.collection_name], after_write))

    async def ensure_indexes(self) -> None:
        await migrate_indexes(self.col, self.indexes)

    def record(self, doc: Json | None) -> R | None:
        """A stored document (as the driver returns it) as this repository's record (`out`)."""
        return None if doc is None else cast(R, out(doc))

    def records(self, docs: list[Json]) -> list[R]:
        return [cast(R, out(doc)) for doc in docs]

    async def by_id(self, record_id: str) -> R | None:
        """Any organisation's record (jobs and the signer pages know no organisation)."""
        return self.record(await self.col.find_one({"_id": record_id}))

    async def get(self, org_id: str, record_id: str) -> R | None:
        return self.record(await self.col.find_one({"_id": record_id, "org_id": org_id}))

    async def cursor_at(self, org_id: str, record_id: str) -> Json | None:
        """The record an `after_id` cursor names, with only `cursor_fields` (a template's roles or a
        request's fields may take megabytes); None when the organisation has no such record."""
        fields = None if self.cursor_fields is None else {f: 1 for f in ("org_id", *self.cursor_fields)}
        return out(await self.col.find_one({"_id": record_id, "org_id": org_id}, fields))

    async def require(self, org_id: str, record_id: str, what: str) -> R:
        """The organisation's record, or 404 not_found naming `what`."""
        record = await self.get(org_id, record_id)
        if record is None:
            raise not_found(what)
        return record

    async def delete(self, org_id: str, record_id: str) -> bool:
        return (await self.col.delete_one({"_id": record_id, "org_id": org_id})).deleted_count == 1

    async def insert(self, doc: Json) -> R:
        """Insert `doc` (a record with `_id` for `id`)."""
        await self.col.insert_one(doc)
        return cast(R, out(doc))

    async def capped_increment(self, record_id: str, query: Json, field: str, on_insert: Json) -> bool:
        """Count one in `field` of the record `record_id` where `query` (which names it by `_id` and holds
        the limit) matches: one conditional `$inc`, so concurrent callers never overshoot the limit. Only
        when it matches nothing is the record created (`on_insert`), by an upsert whose filter is the
        `_id` only (MongoDB retries an equality upsert that loses the race to insert, so it never fails
        with a duplicate key), and the `$inc` tried once more: one round trip once the record exists,
        three for its first unit or a refusal. False when the limit is reached."""
        if (await self.col.update_one(query, {"$inc": {field: 1}})).modified_count == 1:
            return True
        await self.col.update_one({"_id": record_id}, {"$setOnInsert": on_insert}, upsert=True)
        return (await self.col.update_one(query, {"$inc": {field: 1}})).modified_count == 1

    async def page(self, query: Json, sort: Sort, limit: int, offset: int, *, after: Json | None = None,
                   projection: Json | None = None) -> Page:
        """One page of `query` in `sort` order, the total it matches and whether more follow. `after` (a
        record of the list) is the keyset cursor: only records that come after it in the order, so deep
        pages cost what the first does. `projection` names the fields a summary reads. One record more
        than the page is read, to tell whether more follow; the total is counted only when the page
        cannot tell it (read without `after`, a page with none after it ends the list: the total is
        `offset` plus its length, unless it is empty past the first page), saving a round trip on short
        lists."""
        paged = query if after is None else {"$and": [query, after_condition(sort, after)]}
        cursor = self.col.find(paged, projection).sort(sort).skip(offset).limit(limit + 1)
        items = [out(d) async for d in cursor]
        more = len(items) > limit
        del items[limit:]
        if after is None and not more and (items or offset == 0):
            return Page(items, offset + len(items), False)
        return Page(items, await self.col.count_documents(query), more)

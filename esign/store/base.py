"""Shared repository plumbing. A repository wraps one collection and takes the database in its
constructor; records use the UUID string `id` as MongoDB `_id`."""
import uuid

from esign.db import ASCENDING, DESCENDING  # noqa: F401
from esign.errors import not_found


def new_id() -> str:
    return str(uuid.uuid4())


def out(doc: dict | None) -> dict | None:
    """A stored document with `_id` renamed to `id`."""
    if doc is None:
        return None
    doc = dict(doc)
    doc["id"] = doc.pop("_id")
    return doc


class Repository:
    collection_name = ""
    #: list of (keys, options) given to create_index at start-up
    indexes: list = []

    def __init__(self, db, clock):
        self.db = db
        self.clock = clock
        self.col = db[self.collection_name]

    async def ensure_indexes(self):
        for keys, options in self.indexes:
            await self.col.create_index(keys, **options)

    async def by_id(self, record_id: str) -> dict | None:
        """Any organisation's record (jobs and the signer pages know no organisation)."""
        return out(await self.col.find_one({"_id": record_id}))

    async def get(self, org_id: str, record_id: str) -> dict | None:
        return out(await self.col.find_one({"_id": record_id, "org_id": org_id}))

    async def require(self, org_id: str, record_id: str, what: str) -> dict:
        """The organisation's record, or 404 not_found naming `what`."""
        record = await self.get(org_id, record_id)
        if record is None:
            raise not_found(what)
        return record

    async def delete(self, org_id: str, record_id: str) -> bool:
        return (await self.col.delete_one({"_id": record_id, "org_id": org_id})).deleted_count == 1

    async def insert(self, doc: dict) -> dict:
        await self.col.insert_one(doc)
        return out(doc)

    async def page(self, query: dict, sort: list, limit: int, offset: int) -> tuple[list[dict], int]:
        total = await self.col.count_documents(query)
        cursor = self.col.find(query).sort(sort).skip(offset).limit(limit)
        return [out(d) async for d in cursor], total

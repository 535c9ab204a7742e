"""The database: connect to MongoDB or the embedded database, and the driver's names esign uses.

`esign.db` is the only package of esign that imports a MongoDB driver (pymongo, bson, motor) or
mongomock: the rest of esign, esign/store above all, imports the names it needs from here (the
errors, `ReturnDocument`, the sort directions, `ObjectId`). Moving to PyMongo's async client means
changing this package only. (The esign-gridfs plugin imports the driver itself: its storage is GridFS.)

`memory://` gives the embedded in-process database (esign.db.memory: mongomock-motor made to behave
like MongoDB where the application can tell the difference); `memory://?strict` (the test suite)
adds the index rule of design.md §11 (esign.db.index_rule). Anything else is a MongoDB URL for motor.

The package: this facade and `connect`; `driver` (client options and the round-trip counter both
databases share); `index_rule`; `memory` (the embedded database and its TTL monitor); `fast_paths`
(its hash indexes); `mongomock_patches` (mongomock's private methods it replaces, checked at import).
"""
from __future__ import annotations

from bson import ObjectId
from mongomock_motor import AsyncMongoMockClient
from motor.motor_asyncio import AsyncIOMotorClient
from pymongo import ASCENDING, DESCENDING, ReturnDocument
from pymongo.errors import (
    DocumentTooLarge,
    DuplicateKeyError,
    OperationFailure,
    PyMongoError,
    WriteError,
)

from esign.db import mongomock_patches
from esign.db.driver import CLIENT_OPTIONS, RoundTrips
from esign.db.index_rule import UnindexedQuery, index_serves
from esign.db.memory import TTL_MONITOR_SECONDS, MemoryDatabase

__all__ = [
    "ASCENDING", "DESCENDING", "DocumentTooLarge", "DuplicateKeyError", "MemoryDatabase", "ObjectId",
    "OperationFailure", "PyMongoError", "ReturnDocument", "RoundTrips", "TTL_MONITOR_SECONDS",
    "UnindexedQuery", "WriteError", "connect", "index_serves", "is_index_not_found", "is_memory",
    "is_too_large", "ping", "round_trips",
]

MEMORY_URL = "memory://"
# Server error codes for "the document would be too large": BSONObjectTooLarge and the update path's.
TOO_LARGE_CODES = {10334, 17419, 17420}
INDEX_NOT_FOUND = 27


def round_trips(db) -> RoundTrips:
    return db.round_trips


def is_memory(url: str) -> bool:
    return url.startswith(MEMORY_URL)


def connect(url: str, name: str, *, timeout_ms: int = 10000):
    """Return a database handle for `url`; the client is reachable as `db.client`.

    MongoDB: majority write concern, retryable reads and writes, and a client-side time-out of
    `timeout_ms` for every operation (0 = none)."""
    if is_memory(url):
        mongomock_patches.install()
        raw = AsyncMongoMockClient(**CLIENT_OPTIONS)[name]
        return MemoryDatabase(raw, check_indexes=url.partition("?")[2] == "strict")
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
    except Exception:  # noqa: BLE001 - any driver failure means "not ready"
        return False

"""Blob storage in MongoDB GridFS, in the database esign already uses (`uses_database`): a deployment
needs MongoDB alone, and every esign host sees the same blobs.

A blob is a GridFS file whose `filename` is the esign key. Writes are streamed in chunks of
`chunk_size_kb` (`upload_from_stream`), reads streamed chunk by chunk. GridFS has no overwrite: a
put uploads a new revision and then removes the older ones, so a reader sees the old blob or the new
one, never a mix; when two hosts put the same key at once the newest upload (uploadDate, then _id)
wins on both. The files collection gets one index of ours, `filename_uploadDate_id`, which serves
every query this module makes (the newest revision of a key, all revisions of a key).

The driver: on MongoDB (motor's database) the bucket is motor's `AsyncIOMotorGridFSBucket`, which
runs PyMongo's GridFS in motor's thread pool. On the embedded database (`memory://`, mongomock-motor)
motor's bucket refuses the mock database, so PyMongo's own `GridFSBucket` — the very code motor
delegates to — runs over the mock, on the event loop (every call is in memory), with mongomock-motor's
GridFS integration switched on around each call. Both are wrapped in the same small async interface.

Errors: a network failure, server selection or an operation timing out, a retryable error label
are temporary (ProviderUnavailable); any other refusal of the server (not authorised, quota, disk
full) is a fault the operator must fix (ProviderFault, also retried). A missing blob is KeyError
(get_bytes, stream) or None (size)."""
from __future__ import annotations

import asyncio
import io
import logging
import os

import gridfs
import gridfs.errors
import pymongo
import pymongo.errors
from motor.motor_asyncio import AsyncIOMotorDatabase, AsyncIOMotorGridFSBucket

from esign import db as dbmod
from esign.config import ConfigError
from esign.providers.base import BlobStorage, Option, ProviderFault, ProviderUnavailable

log = logging.getLogger("esign.storage.gridfs")

NEWEST = [("uploadDate", pymongo.DESCENDING), ("_id", pymongo.DESCENDING)]
INDEX_KEYS = [("filename", pymongo.ASCENDING), ("uploadDate", pymongo.ASCENDING), ("_id", pymongo.ASCENDING)]
INDEX_NAME = "filename_uploadDate_id"
TEMPORARY = (pymongo.errors.ConnectionFailure, pymongo.errors.ExecutionTimeout, pymongo.errors.WTimeoutError,
             pymongo.errors.NetworkTimeout)


def translate(exc: BaseException, what: str) -> Exception:
    """The provider error for a driver failure of `what` (an operation and key, never the URL)."""
    if isinstance(exc, TEMPORARY) or (isinstance(exc, pymongo.errors.PyMongoError)
                                      and (exc.timeout or exc.has_error_label("RetryableWriteError")
                                           or exc.has_error_label("TransientTransactionError"))):
        return ProviderUnavailable(f"GridFS {what}: {type(exc).__name__}")
    if isinstance(exc, gridfs.errors.CorruptGridFile):  # a revision removed while it was read: read again
        return ProviderUnavailable(f"GridFS {what}: the blob changed while it was read")
    if isinstance(exc, pymongo.errors.OperationFailure):
        refusal = str(exc.details and exc.details.get("errmsg") or exc)[:200]
        return ProviderFault(f"GridFS {what}: MongoDB refused (code {exc.code}): {refusal}")
    return ProviderFault(f"GridFS {what}: {type(exc).__name__}")


class MotorBucket:
    """motor's GridFS bucket on a MongoDB server."""

    def __init__(self, database, name: str, chunk_size: int):
        self.bucket = AsyncIOMotorGridFSBucket(database, bucket_name=name, chunk_size_bytes=chunk_size)
        self.files = database[f"{name}.files"]
        self.database = database

    async def upload(self, key: str, source) -> object:
        return await self.bucket.upload_from_stream(key, source)

    async def revisions(self, key: str, limit: int = 0) -> list[dict]:
        cursor = self.files.find({"filename": key}, {"_id": 1, "length": 1}, sort=NEWEST, limit=limit)
        return await cursor.to_list(None)

    async def open(self, file_id):
        return await self.bucket.open_download_stream(file_id)

    @staticmethod
    async def read(grid_out, size: int) -> bytes:
        return await grid_out.read(size)

    async def delete(self, file_id) -> None:
        await self.bucket.delete(file_id)

    async def ensure_index(self) -> None:
        await self.files.create_index(INDEX_KEYS, name=INDEX_NAME)

    async def ping(self) -> None:
        await self.database.command("ping")


class EmbeddedBucket:
    """PyMongo's GridFS bucket over the embedded database's mongomock (the code motor runs in its
    threads), called on the event loop with a yield before each call, as esign.db does."""

    def __init__(self, database: dbmod.MemoryDatabase, name: str, chunk_size: int):
        from mongomock_motor import enabled_gridfs_integration  # the embedded database's own dependency

        self.integration = enabled_gridfs_integration
        mock = database.unchecked.delegate
        with self.integration():
            self.bucket = gridfs.GridFSBucket(mock, bucket_name=name, chunk_size_bytes=chunk_size)
        self.files = mock[f"{name}.files"]

    async def _run(self, fn, *args, **kwargs):
        await asyncio.sleep(0)
        with self.integration():
            return fn(*args, **kwargs)

    async def upload(self, key: str, source) -> object:
        return await self._run(self.bucket.upload_from_stream, key, source)

    async def revisions(self, key: str, limit: int = 0) -> list[dict]:
        return await self._run(lambda: list(self.files.find({"filename": key}, {"_id": 1, "length": 1},
                                                            sort=NEWEST, limit=limit)))

    async def open(self, file_id):
        return await self._run(self.bucket.open_download_stream, file_id)

    async def read(self, grid_out, size: int) -> bytes:
        return await self._run(grid_out.read, size)

    async def delete(self, file_id) -> None:
        await self._run(self.bucket.delete, file_id)

    async def ensure_index(self) -> None:
        await self._run(self.files.create_index, INDEX_KEYS, name=INDEX_NAME)

    async def ping(self) -> None:
        await self._run(self.files.find_one, {}, {"_id": 1})


def open_bucket(database, name: str, chunk_size: int):
    if isinstance(database, AsyncIOMotorDatabase):
        return MotorBucket(database, name, chunk_size)
    if isinstance(database, dbmod.MemoryDatabase):
        return EmbeddedBucket(database, name, chunk_size)
    raise ConfigError(f"storage.provider = \"gridfs\" needs esign's MongoDB database, not {type(database).__name__}")


class GridFSStorage(BlobStorage):
    identifier = "gridfs"
    contract_version = 2
    uses_database = True
    options = {
        "bucket": Option("esign_blobs", required=True,
                         help="GridFS bucket: collections <bucket>.files and <bucket>.chunks"),
        "chunk_size_kb": Option(255, help="GridFS chunk size (MongoDB's default 255 kB), at most 15360"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        name = settings["bucket"]
        if "$" in name or "\0" in name or name.startswith("system."):
            raise ConfigError("storage.bucket: a MongoDB collection-name prefix such as \"esign_blobs\"")
        if not 1 <= settings["chunk_size_kb"] <= 15 * 1024:
            raise ConfigError("storage.chunk_size_kb: 1 to 15360 (a chunk is one MongoDB document)")
        self.grid = None

    def use_database(self, database):
        super().use_database(database)
        self.grid = open_bucket(database, self.settings["bucket"], self.settings["chunk_size_kb"] * 1024)

    async def _call(self, what: str, fn, *args):
        try:
            return await fn(*args)
        except (KeyError, gridfs.errors.NoFile):
            raise
        except Exception as exc:  # noqa: BLE001 - every driver failure becomes a provider error
            raise translate(exc, what) from None

    async def start(self):
        if self.grid is None:
            raise ConfigError("storage.provider = \"gridfs\": esign did not hand the provider its database")
        try:
            await self.grid.ensure_index()
        except Exception as exc:  # noqa: BLE001 - every driver error is sorted by translate()
            error = translate(exc, "create index")
            if isinstance(error, ProviderFault):  # refused (not authorised ...): the configuration is wrong
                raise ConfigError(f"storage.provider = \"gridfs\": {error}") from None
            log.warning("GridFS storage not reachable at start-up (%s); continuing", error)  # /readyz tells

    async def ready(self):
        await self._call("ping", self.grid.ping)

    async def _put(self, key: str, source) -> None:
        if not key or key.startswith("/"):
            raise ValueError(f"bad blob key {key!r}")
        await self._call(f"put {key}", self.grid.upload, key, source)
        older = (await self._call(f"put {key}", self.grid.revisions, key))[1:]  # the newest stays
        for doc in older:
            await self._call(f"put {key}", self.grid.delete, doc["_id"])

    async def put_file(self, key, path):
        with open(path, "rb") as fh:  # read chunk by chunk by the upload
            await self._put(key, fh)
        return os.path.getsize(path)

    async def put_bytes(self, key, data):
        await self._put(key, io.BytesIO(data))
        return len(data)

    async def _open(self, key):
        for _ in range(2):  # a revision replaced between the lookup and the open: look again once
            newest = await self._call(f"get {key}", self.grid.revisions, key, 1)
            if not newest:
                raise KeyError(key)
            try:
                return await self._call(f"get {key}", self.grid.open, newest[0]["_id"])
            except gridfs.errors.NoFile:
                continue
        raise ProviderUnavailable(f"GridFS get {key}: the blob changed while it was opened")

    async def get_bytes(self, key):
        return b"".join([chunk async for chunk in self.stream(key, 1024 * 1024)])

    async def stream(self, key, chunk_size=256 * 1024):
        grid_out = await self._open(key)
        while True:
            chunk = await self._call(f"get {key}", self.grid.read, grid_out, chunk_size)
            if not chunk:
                return
            yield chunk

    async def size(self, key):
        newest = await self._call(f"size {key}", self.grid.revisions, key, 1)
        return newest[0]["length"] if newest else None

    async def delete(self, key):
        for doc in await self._call(f"delete {key}", self.grid.revisions, key):
            try:
                await self._call(f"delete {key}", self.grid.delete, doc["_id"])
            except gridfs.errors.NoFile:
                pass  # removed at the same time by another host

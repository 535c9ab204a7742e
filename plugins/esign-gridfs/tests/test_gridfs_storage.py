"""The gridfs provider beyond the conformance suite: registration and settings, blobs cut into
GridFS chunks and streamed back, one revision kept per key, its index serving every query, and
MongoDB down, hung or refusing sorted into provider errors."""
from __future__ import annotations

import logging
import os

import pymongo.errors
import pytest
from esign_gridfs.storage import INDEX_KEYS, INDEX_NAME, NEWEST, GridFSStorage, translate
from gridfs_support import make_storage, silent_server, unreachable_storage

from esign import db as dbmod
from esign.config import ConfigError
from esign.providers.base import ProviderFault, ProviderUnavailable

KEY = "org/o1/documents/d1.pdf"


def driver(storage):
    """The bucket's collections without the strict index check (async on both the embedded database and motor)."""
    database = storage.database
    return getattr(database, "unchecked", database)


async def documents(collection, query, projection=None) -> list:
    return await collection.find(query, projection).to_list(None)


async def test_registered_and_settings_checked(esign_database):
    assert isinstance(make_storage(esign_database), GridFSStorage)
    for changes, message in [({"bucket": ""}, "storage.bucket"), ({"bucket": "a$b"}, "storage.bucket"),
                             ({"chunk_size_kb": 0}, "chunk_size_kb"), ({"chunk_size_kb": 20000}, "chunk_size_kb"),
                             ({"colour": "red"}, "unknown key storage.colour")]:
        with pytest.raises(ConfigError, match=message):
            make_storage(esign_database, **changes)
    with pytest.raises(ConfigError, match="needs esign's MongoDB database"):
        make_storage(object())


async def test_blob_is_stored_in_chunks_and_streamed(storage, tmp_path):
    data = os.urandom(200 * 1024 + 17)
    path = tmp_path / "upload.pdf"
    path.write_bytes(data)
    assert await storage.put_file(KEY, str(path)) == len(data)
    db = driver(storage)
    files = await documents(db["blobs.files"], {"filename": KEY})
    assert len(files) == 1 and files[0]["length"] == len(data) and files[0]["chunkSize"] == 64 * 1024
    chunks = await documents(db["blobs.chunks"], {"files_id": files[0]["_id"]}, {"n": 1, "data": 1})
    assert sorted(c["n"] for c in chunks) == [0, 1, 2, 3] and all(len(c["data"]) <= 64 * 1024 for c in chunks)
    got = [c async for c in storage.stream(KEY, chunk_size=50_000)]
    assert b"".join(got) == data and [len(c) for c in got[:-1]] == [50_000] * 4


async def test_one_revision_per_key(storage):
    for i in range(3):
        await storage.put_bytes(KEY, f"version {i}".encode())
    db = driver(storage)
    files = await documents(db["blobs.files"], {"filename": KEY})
    assert len(files) == 1 and await storage.get_bytes(KEY) == b"version 2"
    assert len(await documents(db["blobs.chunks"], {})) == 1  # the older revisions' chunks are gone too
    await storage.delete(KEY)
    assert await documents(db["blobs.files"], {}) == [] and await documents(db["blobs.chunks"], {}) == []


async def test_the_index_serves_every_query(storage):
    await storage.put_bytes(KEY, b"x")
    indexes = await driver(storage)["blobs.files"].index_information()
    assert [tuple(k) for k in indexes[INDEX_NAME]["key"]] == INDEX_KEYS
    # the queries this provider makes: the newest revision of a key, all revisions of a key
    assert dbmod.index_serves(INDEX_KEYS, None, {"filename": KEY}, NEWEST)


@pytest.mark.slow
async def test_mongodb_down_is_temporary(caplog):
    with caplog.at_level(logging.WARNING):
        provider = await unreachable_storage()
    assert "not reachable at start-up" in caplog.text
    with pytest.raises(ProviderUnavailable, match="GridFS put"):
        await provider.put_bytes(KEY, b"x")
    await provider.close()
    provider.database.client.close()


@pytest.mark.slow
async def test_mongodb_hung_is_temporary():
    server, port = await silent_server()
    try:
        provider = await unreachable_storage(port, timeout_ms=300)
        for call in (provider.put_bytes(KEY, b"x"), provider.get_bytes(KEY), provider.size(KEY), provider.ready()):
            with pytest.raises(ProviderUnavailable):
                await call
        provider.database.client.close()
    finally:
        server.close()


def test_refusals_are_faults_for_the_operator():
    refused = translate(pymongo.errors.OperationFailure("not authorized on esign", 13,
                                                        {"errmsg": "not authorized on esign", "code": 13}), "put k")
    assert isinstance(refused, ProviderFault) and "code 13" in str(refused)
    full = translate(pymongo.errors.WriteError("quota exceeded", 12501, {"errmsg": "quota exceeded"}), "put k")
    assert isinstance(full, ProviderFault)
    busy = translate(pymongo.errors.AutoReconnect("primary stepped down"), "put k")
    assert isinstance(busy, ProviderUnavailable) and not isinstance(busy, ProviderFault)


async def test_a_revision_replaced_while_opening_is_read_anew(storage, monkeypatch):
    await storage.put_bytes(KEY, b"first")
    stale = await storage.grid.revisions(KEY)
    await storage.put_bytes(KEY, b"second")  # removes the first revision
    real = storage.grid.revisions
    views = [stale]  # the first lookup still sees the first revision, as a reader racing the put would

    async def racing(key, limit=0):
        return views.pop() if views else await real(key, limit)

    monkeypatch.setattr(storage.grid, "revisions", racing)
    assert await storage.get_bytes(KEY) == b"second"

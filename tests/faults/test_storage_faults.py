"""Storage faults (issue 11, point 2; design.md §11): a blob store that cannot be written or read and
a full temp directory answer 502 `upstream_unavailable` in the Error shape, never 500 and never a
connection reset; nothing is half-recorded and a retry succeeds once the fault is gone.

The failures are real ones from the kernel (a path that is a file where a directory should be,
writes to /dev/full), since chmod does not stop root, which the tests may run as."""
from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from esign.providers import local_storage
from esign.providers.base import ProviderUnavailable
from tests.support import KEYS, assert_error, raw_db
from tests.support.documents import multipart, sized_pdf
from tests.support.rawhttp import parse_answer, raw_exchange

MB = 1024 * 1024
REAL_MKSTEMP = tempfile.mkstemp


def upload_head(length: int, idempotency_key: str | None = None) -> bytes:
    extra = f"Idempotency-Key: {idempotency_key}\r\n" if idempotency_key else ""
    return (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS['a']}\r\n{extra}"
            f"Content-Type: multipart/form-data; boundary=b0undaryXYZ\r\nContent-Length: {length}\r\n\r\n").encode()


async def upload_raw(server, body: bytes, idempotency_key: str | None = None):
    raw, _ = await raw_exchange(server.port, upload_head(len(body), idempotency_key),
                                (body[i:i + MB] for i in range(0, len(body), MB)), read_timeout=60)
    assert raw, "the connection was closed without an answer"
    return parse_answer(raw)


def full_mkstemp(only_with_dir: bool):
    """mkstemp whose file descriptor is /dev/full: every write fails with ENOSPC."""

    def mkstemp(*args, **kwargs):
        fd, path = REAL_MKSTEMP(*args, **kwargs)
        if only_with_dir != ("dir" in kwargs):
            return fd, path
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), path

    return mkstemp


async def documents_and_storage(server) -> tuple[int, int]:
    org = await raw_db(server.services)["organizations"].find_one({"name": "Org B"})
    return await raw_db(server.services)["documents"].count_documents({}), org.get("storage_bytes", 0)


async def test_a_blob_store_that_cannot_be_written_answers_502_and_a_retry_succeeds(server, tmp_path, sample_pdf,
                                                                                   caplog):
    """...and says so once in the log, with its cause and without tracebacks (an outage answered on
    purpose: logging three chained tracebacks per request flooded the log)."""
    blobs = tmp_path / "blobs"
    shutil.rmtree(blobs / "orgs", ignore_errors=True)
    (blobs / "orgs").write_text("a file where the store needs a directory")
    before = await documents_and_storage(server)
    headers = {"Idempotency-Key": "store-down"}
    resp = await server.client.upload(sample_pdf, "c.pdf", key="b", headers=headers)
    err = assert_error(resp, 502, "upstream_unavailable")
    assert "storage" in err["message"]
    mine = [r for r in caplog.records if err["request_id"] in r.getMessage() and r.name == "esign.api"]
    assert len(mine) == 1 and mine[0].levelname == "WARNING" and err["message"] in mine[0].getMessage(), mine
    assert not any(r.exc_info for r in caplog.records), [r.getMessage() for r in caplog.records if r.exc_info]
    assert await documents_and_storage(server) == before  # no record, no storage counted
    (blobs / "orgs").unlink()
    again = await server.client.upload(sample_pdf, "c.pdf", key="b", headers=headers)
    assert again.status == 201, again  # the 502 was not remembered
    assert "Idempotent-Replayed" not in again.headers


@pytest.fixture
def other_file_system(monkeypatch):
    """The upload's temporary file on another file system than the blobs (tmpfs): the blob store
    cannot keep it by a hard link and copies it."""
    if os.stat("/dev/shm").st_dev == os.stat(tempfile.gettempdir()).st_dev:
        pytest.skip("/dev/shm is on the same file system as the temp directory")
    spool = tempfile.mkdtemp(dir="/dev/shm", prefix="esign-test-")
    monkeypatch.setattr(tempfile, "tempdir", spool)
    yield spool
    monkeypatch.setattr(tempfile, "tempdir", None)
    shutil.rmtree(spool, ignore_errors=True)


async def test_a_full_blob_store_answers_502(server, monkeypatch, other_file_system):
    monkeypatch.setattr(local_storage.tempfile, "mkstemp", full_mkstemp(only_with_dir=True))
    status, _, body = await upload_raw(server, multipart(sized_pdf(3 * MB)))
    assert status == 502 and body["error"]["code"] == "upstream_unavailable", body
    assert "No space left on device" in body["error"]["message"]
    assert (await server.client.get("/v1/documents")).json["total"] == 0


async def test_a_file_on_the_same_file_system_is_kept_by_a_link_and_another_one_is_copied(tmp_path, other_file_system):
    storage = local_storage.LocalStorage({"path": str(tmp_path / "blobs")})
    await storage.start()
    data = os.urandom(300_000)
    for where, name in ((tmp_path, "linked.pdf"), (other_file_system, "copied.pdf")):
        path = os.path.join(where, "upload.pdf")
        with open(path, "wb") as fh:
            fh.write(data)
        assert await storage.put_file(f"orgs/o/{name}", path) == len(data)
        linked = os.stat(path).st_ino == os.stat(tmp_path / "blobs" / "orgs" / "o" / name).st_ino
        assert linked == (where == tmp_path), name
        os.unlink(path)  # the caller removes its file: the blob stays whole
        assert await storage.get_bytes(f"orgs/o/{name}") == data
    assert sorted(os.listdir(tmp_path / "blobs" / "orgs" / "o")) == ["copied.pdf", "linked.pdf"]  # no temporary names


async def test_blob_reads_that_fail_are_provider_unavailable(server, document_id):
    storage = server.services.storage
    key = (await raw_db(server.services)["documents"].find_one({"_id": document_id}))["blob_key"]
    path = os.path.join(storage.root, *key.split("/"))
    os.unlink(path)
    os.mkdir(path)  # a directory where the blob should be: reading fails (EISDIR)
    with pytest.raises(ProviderUnavailable):
        await storage.get_bytes(key)
    with pytest.raises(ProviderUnavailable):
        async for _ in storage.stream(key):
            pass
    with pytest.raises(ProviderUnavailable):
        await storage.put_bytes(key, b"x")
    os.rmdir(path)
    with pytest.raises(KeyError):  # a missing blob is still just missing
        await storage.get_bytes(key)
    assert await storage.size(key) is None


async def test_a_full_temp_directory_answers_502_without_a_reset(server, client, monkeypatch, sample_pdf):
    monkeypatch.setattr(tempfile, "mkstemp", full_mkstemp(only_with_dir=False))
    status, _, body = await upload_raw(server, multipart(sized_pdf(8 * MB)), "spool-full")
    assert status == 502 and body["error"]["code"] == "upstream_unavailable", body
    assert "temporary file" in body["error"]["message"]
    monkeypatch.setattr(tempfile, "mkstemp", REAL_MKSTEMP)
    status, _, body = await upload_raw(server, multipart(sized_pdf(8 * MB)), "spool-full")
    assert status == 201, body  # the same key: the 502 was not remembered
    assert (await client.get("/v1/documents")).json["total"] == 1


async def test_a_temp_directory_that_cannot_be_used_answers_502_before_the_body(server, client, monkeypatch, tmp_path):
    not_a_dir = tmp_path / "spool"
    not_a_dir.write_text("")
    monkeypatch.setattr(tempfile, "tempdir", str(not_a_dir))
    status, _, body = await upload_raw(server, multipart(sized_pdf(8 * MB)))
    assert status == 502 and body["error"]["code"] == "upstream_unavailable", body
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert (await client.get("/healthz", key=None)).status == 200

"""The s3 provider against moto's S3 server on 127.0.0.1: put/get/stream/size/delete, a multipart
upload, presigned URLs fetched over HTTP, and every failure sorted (server down, slow, answering 5xx,
refusing for good, no such bucket)."""
from __future__ import annotations

import asyncio
import logging
import os

import pytest
import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web
from esign_s3.storage import S3Storage
from s3_support import CREDENTIALS, make_storage, storage_down

from esign import config as configmod
from esign import plugins as pluginsmod
from esign.config import ConfigError
from esign.providers.base import ProviderRejected, ProviderUnavailable

MB = 1024 * 1024


async def fetch(url: str) -> tornado.httpclient.HTTPResponse:
    http = tornado.httpclient.AsyncHTTPClient(force_instance=True)
    try:
        return await http.fetch(url, raise_error=False, request_timeout=30)
    finally:
        http.close()


async def test_registered_under_s3_and_options_checked(moto_url, bucket):
    assert isinstance(make_storage(moto_url, bucket), S3Storage)
    with pytest.raises(ConfigError, match="storage.colour"):
        make_storage(moto_url, bucket, colour="blue")
    with pytest.raises(ConfigError, match="storage.bucket is required by the 's3' provider"):
        make_storage(moto_url, "")
    with pytest.raises(ConfigError, match="set both or neither"):
        make_storage(moto_url, bucket, secret_access_key="")
    with pytest.raises(ConfigError, match="storage.endpoint_url"):
        make_storage("minio.internal:9000", bucket)


async def test_settings_from_the_environment(moto_url, bucket):
    environ = {"ESIGN_STORAGE_PROVIDER": "s3", "ESIGN_STORAGE_BUCKET": bucket, "ESIGN_STORAGE_ENDPOINT_URL": moto_url,
               "ESIGN_STORAGE_ACCESS_KEY_ID": CREDENTIALS["access_key_id"],
               "ESIGN_STORAGE_SECRET_ACCESS_KEY": CREDENTIALS["secret_access_key"],
               "ESIGN_STORAGE_PRESIGN_DOWNLOADS": "false", "ESIGN_STORAGE_MULTIPART_CHUNK_MB": "6"}
    cfg = configmod.load(None, environ=environ)
    provider = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "storage")
    assert provider.settings["presign_downloads"] is False and provider.settings["multipart_chunk_mb"] == 6
    await provider.start()
    assert await provider.put_bytes("env.pdf", b"%PDF-1.4") == 8
    assert await provider.presigned_url("env.pdf", 60, "env.pdf") is None
    await provider.close()


async def test_put_get_stream_size_delete(storage, s3, bucket):
    data = os.urandom(300_000)
    assert await storage.put_bytes("org/o1/documents/d1.pdf", data) == len(data)
    assert await storage.get_bytes("org/o1/documents/d1.pdf") == data
    chunks = [c async for c in storage.stream("org/o1/documents/d1.pdf", chunk_size=64 * 1024)]
    assert b"".join(chunks) == data and len(chunks) == 5 and all(len(c) == 64 * 1024 for c in chunks[:4])
    assert await storage.size("org/o1/documents/d1.pdf") == len(data)
    # stored under the prefix, with a content type
    head = s3.head_object(Bucket=bucket, Key="esign-test/org/o1/documents/d1.pdf")
    assert head["ContentLength"] == len(data) and head["ContentType"] == "application/pdf"

    assert await storage.put_bytes("org/o1/documents/d1.pdf", b"replaced") == 8
    assert await storage.get_bytes("org/o1/documents/d1.pdf") == b"replaced"

    await storage.delete("org/o1/documents/d1.pdf")
    await storage.delete("org/o1/documents/d1.pdf")  # no error when it is gone
    assert await storage.size("org/o1/documents/d1.pdf") is None
    with pytest.raises(KeyError):
        await storage.get_bytes("org/o1/documents/d1.pdf")
    with pytest.raises(KeyError):
        [c async for c in storage.stream("org/o1/documents/d1.pdf")]
    await storage.ready()


async def test_large_file_goes_up_in_parts(moto_url, bucket, s3, tmp_path):
    provider = make_storage(moto_url, bucket, multipart_threshold_mb=5, multipart_chunk_mb=5)
    await provider.start()
    try:
        data = os.urandom(12 * MB)
        path = tmp_path / "big.pdf"
        path.write_bytes(data)
        assert await provider.put_file("big/file.pdf", str(path)) == len(data)
        etag = s3.head_object(Bucket=bucket, Key="esign-test/big/file.pdf")["ETag"]
        assert etag.strip('"').endswith("-3"), etag  # a multipart object: 5 + 5 + 2 MB
        got = bytearray()
        async for chunk in provider.stream("big/file.pdf", chunk_size=MB):
            assert len(chunk) <= MB
            got += chunk
        assert bytes(got) == data

        assert await provider.put_bytes("big/bytes.pdf", data) == len(data)
        assert s3.head_object(Bucket=bucket, Key="esign-test/big/bytes.pdf")["ETag"].strip('"').endswith("-3")
        assert await provider.get_bytes("big/bytes.pdf") == data
    finally:
        await provider.close()


async def test_presigned_download(storage, moto_url, bucket):
    data = os.urandom(50_000)
    await storage.put_bytes("org/o1/signed/r1.pdf", data)
    url = await storage.presigned_url("org/o1/signed/r1.pdf", 3600, "Zoë contract-signed.pdf")
    assert url.startswith(f"{moto_url}/{bucket}/esign-test/org/o1/signed/r1.pdf?") and "X-Amz-Signature=" in url
    assert CREDENTIALS["secret_access_key"] not in url
    resp = await fetch(url)
    assert resp.code == 200 and resp.body == data
    assert resp.headers["Content-Type"] == "application/pdf"
    disposition = resp.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="Zo_ contract-signed.pdf"')
    assert "filename*=UTF-8''Zo%C3%AB%20contract-signed.pdf" in disposition

    off = make_storage(moto_url, bucket, presign_downloads=False)
    await off.start()
    assert await off.presigned_url("org/o1/signed/r1.pdf", 3600, "x.pdf") is None
    await off.close()


async def test_server_down_is_temporary(bucket, caplog):
    provider = storage_down(bucket)
    with caplog.at_level(logging.DEBUG):
        await provider.start()  # start-up goes on; /readyz tells
        for call in (provider.ready(), provider.put_bytes("k.pdf", b"x"), provider.get_bytes("k.pdf"),
                     provider.size("k.pdf"), provider.delete("k.pdf")):
            with pytest.raises(ProviderUnavailable):
                await call
        with pytest.raises(ProviderUnavailable):
            [c async for c in provider.stream("k.pdf")]
    await provider.close()
    assert "not reachable at start-up" in caplog.text
    assert CREDENTIALS["secret_access_key"] not in caplog.text


async def test_no_such_bucket(moto_url, s3, bucket):
    with pytest.raises(ConfigError, match="storage.bucket 'esign-not-there': no such bucket"):
        await make_storage(moto_url, "esign-not-there").start()
    # a bucket that disappears after start-up: refusals for good
    provider = make_storage(moto_url, bucket)
    await provider.start()
    s3.delete_bucket(Bucket=bucket)
    with pytest.raises(ProviderRejected, match="NoSuchBucket"):
        await provider.put_bytes("k.pdf", b"x")
    with pytest.raises(ProviderRejected):
        await provider.ready()
    await provider.close()


class FaultyS3(tornado.web.RequestHandler):
    """Answers every S3 call as the fault in `self.application.settings['fault']` says."""

    async def prepare(self):
        fault = self.application.settings["fault"]
        self.application.settings["calls"].append(self.request.method)
        if fault == "slow":
            await asyncio.sleep(1)
        code, status = {"slow": ("SlowDown", 503), "busy": ("SlowDown", 503), "broken": ("InternalError", 500),
                        "denied": ("AccessDenied", 403)}[fault]
        self.set_status(status)
        self.set_header("Content-Type", "application/xml")
        self.finish(f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code>"
                    f"<Message>fault injected</Message></Error>")


@pytest.fixture
async def faulty():
    settings = {"fault": "busy", "calls": []}
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    server = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/.*", FaultyS3)], **settings))
    server.add_sockets(sockets)
    app_settings = server.request_callback.settings
    yield f"http://127.0.0.1:{sockets[0].getsockname()[1]}", app_settings
    server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("fault, error, attempts", [
    ("busy", ProviderUnavailable, 2), ("broken", ProviderUnavailable, 2), ("slow", ProviderUnavailable, 2),
    ("denied", ProviderRejected, 1)])
async def test_faults_are_sorted(faulty, fault, error, attempts, tmp_path):
    url, state = faulty
    state["fault"] = fault
    provider = make_storage(url, "esign-bucket", max_attempts=2, read_timeout_seconds=0.5)
    provider.client = provider._make_client()  # no start(): the fault would stop it
    with pytest.raises(error):
        await provider.put_bytes("k.pdf", b"x")
    assert len(state["calls"]) == attempts  # botocore retries temporary errors only, max_attempts in all
    state["calls"].clear()
    with pytest.raises(error):
        await provider.get_bytes("k.pdf")
    path = tmp_path / "up.pdf"
    path.write_bytes(b"%PDF-1.4")
    with pytest.raises(error):  # boto3's managed upload wraps the S3 error: the cause decides
        await provider.put_file("up.pdf", str(path))
    await provider.close()


async def test_start_refuses_a_bucket_it_may_not_use(faulty):
    url, state = faulty
    state["fault"] = "denied"
    with pytest.raises(ConfigError, match="storage.bucket 'esign-bucket': access denied"):
        await make_storage(url, "esign-bucket").start()

"""Blob storage on an S3 API with boto3. boto3 is blocking, so every call runs in a worker thread
(`asyncio.to_thread`); its client is thread-safe and shared.

Errors are sorted for the core: a connection that cannot be made or breaks, a timeout, a 5xx, a 429
or S3's throttling codes are temporary (ProviderUnavailable: jobs retry, the API answers 502); any
other refusal (no such bucket, access denied, bad credentials) is permanent (ProviderRejected). A
missing object is KeyError (get_bytes, stream) or None (size), as the BlobStorage contract says."""
from __future__ import annotations

import asyncio
import io
import logging
import mimetypes
import os
import urllib.parse

import boto3
import botocore.config
import botocore.exceptions
from boto3.s3.transfer import TransferConfig

from esign.config import ConfigError
from esign.providers.base import BlobStorage, Option, ProviderRejected, ProviderUnavailable

log = logging.getLogger("esign.storage.s3")

MB = 1024 * 1024
MAX_PRESIGN_SECONDS = 7 * 24 * 3600  # SigV4 presigned URLs live at most a week
TEMPORARY_CODES = {"SlowDown", "Throttling", "ThrottlingException", "RequestTimeout", "RequestTimeTooSkewed",
                   "InternalError", "ServiceUnavailable", "RequestLimitExceeded", "TooManyRequests"}
MISSING_CODES = {"NoSuchKey", "404", "NotFound"}
# botocore's network failures: connection refused/reset, DNS, timeouts, a body cut short
NETWORK_ERRORS = (botocore.exceptions.EndpointConnectionError, botocore.exceptions.ConnectionError,
                  botocore.exceptions.HTTPClientError, botocore.exceptions.ReadTimeoutError,
                  botocore.exceptions.ConnectTimeoutError, botocore.exceptions.ResponseStreamingError,
                  botocore.exceptions.IncompleteReadError)


def _error_code(exc: botocore.exceptions.ClientError) -> tuple[str, int]:
    error = exc.response.get("Error", {})
    status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
    return str(error.get("Code", "")), int(status or 0)


def translate(exc: BaseException, what: str) -> Exception:
    """The provider error for a boto3 failure of `what` (an operation and key, never credentials)."""
    if isinstance(exc, botocore.exceptions.ClientError):
        code, status = _error_code(exc)
        if status >= 500 or status == 429 or code in TEMPORARY_CODES:
            return ProviderUnavailable(f"S3 {what}: temporary error {code or status}")
        return ProviderRejected(f"S3 {what}: {code or status}")
    if isinstance(exc, NETWORK_ERRORS):
        return ProviderUnavailable(f"S3 {what}: {type(exc).__name__}")
    if isinstance(exc, (botocore.exceptions.NoCredentialsError, botocore.exceptions.PartialCredentialsError)):
        return ProviderRejected(f"S3 {what}: no usable credentials")
    if isinstance(exc, boto3.exceptions.S3UploadFailedError):  # the managed upload's wrapper of a ClientError
        cause = exc.__context__ or exc.__cause__
        if cause is not None and cause is not exc:
            return translate(cause, what)
        return ProviderUnavailable(f"S3 {what}: upload failed")
    return ProviderUnavailable(f"S3 {what}: {type(exc).__name__}")


def _missing(exc: BaseException) -> bool:
    return isinstance(exc, botocore.exceptions.ClientError) and _error_code(exc)[0] in MISSING_CODES


def content_disposition(filename: str) -> str:
    """`attachment` with an ASCII fallback name and the exact name as RFC 6266/5987 `filename*`."""
    fallback = "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "_" for c in filename) or "download"
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{urllib.parse.quote(filename, safe='')}"


class S3Storage(BlobStorage):
    identifier = "s3"
    contract_version = 2
    options = {
        "bucket": Option(type=str, required=True, help="the bucket's name"),
        "region": Option("us-east-1", help="the bucket's region"),
        "endpoint_url": Option("", help="empty: AWS; MinIO, Ceph and the like: their http(s) URL"),
        "access_key_id": Option("", help="empty (with secret_access_key): boto3's default chain (environment, role)"),
        "secret_access_key": Option("", secret=True, help="the secret of access_key_id"),
        "prefix": Option("", help="keys become <prefix>/<esign key>"),
        "presign_downloads": Option(True, help="download links point at S3 itself (else esign streams the blob)"),
        "addressing_style": Option("auto", help="auto, path (MinIO and most self-hosted) or virtual"),
        "multipart_threshold_mb": Option(16, help="files from this size are uploaded in parts"),
        "multipart_chunk_mb": Option(8, help="the size of one part (at least 5)"),
        "connect_timeout_seconds": Option(5.0, help="bounds connecting to S3"),
        "read_timeout_seconds": Option(60.0, help="bounds each read from S3"),
        "max_attempts": Option(3, help="botocore's own retries of one call before the error reaches esign"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        if settings["addressing_style"] not in ("auto", "path", "virtual"):
            raise ConfigError("storage.addressing_style: auto, path or virtual")
        if bool(settings["access_key_id"]) != bool(settings["secret_access_key"]):
            raise ConfigError("storage.access_key_id and storage.secret_access_key: set both or neither")
        if settings["endpoint_url"] and urllib.parse.urlsplit(settings["endpoint_url"]).scheme not in ("http", "https"):
            raise ConfigError("storage.endpoint_url: an http(s) URL such as https://minio.internal:9000")
        if settings["multipart_chunk_mb"] < 5:
            raise ConfigError("storage.multipart_chunk_mb: S3 parts are at least 5 MB")
        self.bucket = settings["bucket"]
        self.prefix = settings["prefix"].strip("/")
        self.transfer = TransferConfig(multipart_threshold=settings["multipart_threshold_mb"] * MB,
                                       multipart_chunksize=settings["multipart_chunk_mb"] * MB,
                                       max_concurrency=4)
        self.client = None

    def _make_client(self):
        s = self.settings
        config = botocore.config.Config(
            region_name=s["region"] or None, signature_version="s3v4",
            s3={"addressing_style": s["addressing_style"]},
            connect_timeout=s["connect_timeout_seconds"], read_timeout=s["read_timeout_seconds"],
            retries={"total_max_attempts": max(1, s["max_attempts"]), "mode": "standard"})
        credentials = {}
        if s["access_key_id"]:
            credentials = {"aws_access_key_id": s["access_key_id"], "aws_secret_access_key": s["secret_access_key"]}
        session = boto3.session.Session()
        return session.client("s3", endpoint_url=s["endpoint_url"] or None, config=config, **credentials)

    def _key(self, key: str) -> str:
        if not key or key.startswith("/"):
            raise ValueError(f"bad blob key {key!r}")
        return f"{self.prefix}/{key}" if self.prefix else key

    async def _call(self, what: str, fn, *args, **kwargs):
        try:
            return await asyncio.to_thread(fn, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - every boto3 failure becomes a provider error
            raise translate(exc, what) from None

    async def start(self):
        self.client = await asyncio.to_thread(self._make_client)
        try:
            await asyncio.to_thread(self.client.head_bucket, Bucket=self.bucket)
        except Exception as exc:  # noqa: BLE001 - every driver error is sorted by translate()
            error = translate(exc, f"head_bucket {self.bucket}")
            if isinstance(error, ProviderUnavailable):  # S3 down at start-up: /readyz says so until it is back
                log.warning("S3 storage not reachable at start-up (%s); continuing", error)
                return
            # the bucket is missing or not ours: a configuration error that stops start-up
            status = _error_code(exc)[1] if isinstance(exc, botocore.exceptions.ClientError) else 0
            why = {404: "no such bucket", 403: "access denied (check the credentials and the bucket policy)"}
            raise ConfigError(f"storage.bucket {self.bucket!r}: {why.get(status, str(error))}") from None

    async def close(self):
        if self.client is not None:
            await asyncio.to_thread(self.client.close)

    async def ready(self):
        await self._call(f"head_bucket {self.bucket}", self.client.head_bucket, Bucket=self.bucket)

    def _content_type(self, key: str) -> dict:
        guessed = mimetypes.guess_type(key)[0]
        return {"ContentType": guessed} if guessed else {}

    async def put_file(self, key, path):
        # upload_file switches to a multipart upload above multipart_threshold_mb (parts in parallel)
        await self._call(f"put {key}", self.client.upload_file, path, self.bucket, self._key(key),
                         ExtraArgs=self._content_type(key), Config=self.transfer)
        return os.path.getsize(path)

    async def put_bytes(self, key, data):
        if len(data) >= self.transfer.multipart_threshold:
            await self._call(f"put {key}", self.client.upload_fileobj, io.BytesIO(data), self.bucket, self._key(key),
                             ExtraArgs=self._content_type(key), Config=self.transfer)
        else:
            await self._call(f"put {key}", self.client.put_object, Bucket=self.bucket, Key=self._key(key),
                             Body=data, **self._content_type(key))
        return len(data)

    async def _open(self, key):
        try:
            return (await asyncio.to_thread(self.client.get_object, Bucket=self.bucket, Key=self._key(key)))["Body"]
        except Exception as exc:  # noqa: BLE001 - every driver error is sorted by translate()
            if _missing(exc):
                raise KeyError(key) from None
            raise translate(exc, f"get {key}") from None

    async def get_bytes(self, key):
        body = await self._open(key)
        try:
            return await self._call(f"get {key}", body.read)
        finally:
            body.close()

    async def stream(self, key, chunk_size=256 * 1024):
        body = await self._open(key)
        try:
            while True:
                chunk = await self._call(f"get {key}", body.read, chunk_size)
                if not chunk:
                    return
                yield chunk
        finally:
            body.close()

    async def size(self, key):
        try:
            head = await asyncio.to_thread(self.client.head_object, Bucket=self.bucket, Key=self._key(key))
        except Exception as exc:  # noqa: BLE001 - every driver error is sorted by translate()
            if _missing(exc):
                return None
            raise translate(exc, f"head {key}") from None
        return head["ContentLength"]

    async def delete(self, key):
        await self._call(f"delete {key}", self.client.delete_object, Bucket=self.bucket, Key=self._key(key))

    async def presigned_url(self, key, expires_in, filename):
        if not self.settings["presign_downloads"]:
            return None
        params = {"Bucket": self.bucket, "Key": self._key(key),
                  "ResponseContentDisposition": content_disposition(filename)}
        content_type = mimetypes.guess_type(filename)[0]
        if content_type:
            params["ResponseContentType"] = content_type
        return await self._call(f"presign {key}", self.client.generate_presigned_url, "get_object", Params=params,
                                ExpiresIn=max(1, min(int(expires_in), MAX_PRESIGN_SECONDS)))

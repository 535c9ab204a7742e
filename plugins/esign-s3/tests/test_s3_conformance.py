"""The s3 provider passes the kit's blob-storage conformance suite against moto's S3 server on
127.0.0.1 (a fresh bucket per test), and against a closed port for the unreachable case."""
from __future__ import annotations

import socket

import pytest
from s3_support import make_storage

from esign.testing import BlobStorageConformance


class TestS3Conformance(BlobStorageConformance):
    @pytest.fixture
    def blob_storage(self, storage):
        return storage

    @pytest.fixture
    async def blob_storage_down(self, bucket):
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        provider = make_storage(f"http://127.0.0.1:{port}", bucket, max_attempts=1, connect_timeout_seconds=1)
        await provider.start()
        yield provider
        await provider.close()

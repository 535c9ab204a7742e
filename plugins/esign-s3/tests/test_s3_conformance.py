"""The s3 provider passes the kit's blob-storage conformance suite against moto's S3 server on
127.0.0.1 (a fresh bucket per test), and against a closed port for the unreachable case."""
from __future__ import annotations

import pytest
from s3_support import storage_down

from esign.testing import BlobStorageConformance


class TestS3Conformance(BlobStorageConformance):
    @pytest.fixture
    def blob_storage(self, storage):
        return storage

    @pytest.fixture
    async def blob_storage_down(self, bucket):
        provider = storage_down(bucket)
        await provider.start()
        yield provider
        await provider.close()

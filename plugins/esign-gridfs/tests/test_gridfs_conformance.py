"""The gridfs provider passes the kit's blob-storage conformance suite: on the embedded database
(PyMongo's GridFS over mongomock), or on a real MongoDB through motor when `ESIGN_TEST_DATABASE_URL`
is set; the unreachable case always runs through motor against a closed port."""
from __future__ import annotations

import pytest
from gridfs_support import unreachable_storage

from esign.testing import BlobStorageConformance


class TestGridFSConformance(BlobStorageConformance):
    @pytest.fixture
    def blob_storage(self, storage):
        return storage

    @pytest.fixture
    async def blob_storage_down(self):
        provider = await unreachable_storage()
        yield provider
        await provider.close()
        provider.database.client.close()

"""Fixtures: the gridfs provider made through the kit's `esign_provider` (esign's own plugin manager)
over a fresh database: the embedded one, or the real MongoDB of `ESIGN_TEST_DATABASE_URL`."""
from __future__ import annotations

import pytest


@pytest.fixture
async def storage(esign_provider):
    return await esign_provider("storage", {"provider": "gridfs", "bucket": "blobs", "chunk_size_kb": 64})

"""Fixtures of the signer tests."""
from __future__ import annotations

import pytest

from tests.support.server import running_server


@pytest.fixture
async def id_server(tmp_path):
    """A server whose identity provider is the builtin `basic` one."""
    async with running_server(tmp_path, overrides={"identity": {"provider": "basic"}}) as srv:
        yield srv

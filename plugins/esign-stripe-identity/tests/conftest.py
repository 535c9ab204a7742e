"""Fixtures: a fake Stripe on 127.0.0.1 per test and an esign server using it."""
from __future__ import annotations

import pytest
from stripe_fake import FakeStripe
from stripe_support import stripe_server


@pytest.fixture
async def stripe():
    fake = FakeStripe()
    yield fake
    fake.stop()


@pytest.fixture
async def srv(stripe, tmp_path):
    async with stripe_server(tmp_path, stripe) as server:
        yield server

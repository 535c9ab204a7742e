"""Fixtures: a fake Twilio on 127.0.0.1 per test and the twilio provider, started, against it."""
from __future__ import annotations

import pytest
from twilio_fake import FakeTwilio
from twilio_support import make_sms


@pytest.fixture
async def twilio():
    fake = FakeTwilio()
    yield fake
    fake.stop()


@pytest.fixture
async def sms(twilio):
    provider = make_sms(twilio.url)
    await provider.start()
    yield provider
    await provider.close()

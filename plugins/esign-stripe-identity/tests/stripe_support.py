"""Helpers of the esign-stripe-identity tests: `[identity]` settings for the fake Stripe, and a real
esign server whose identity provider is `stripe` pointed at it (the fake's webhooks go to the server)."""
from __future__ import annotations

import contextlib

from stripe_fake import SECRET_KEY, WEBHOOK_SECRET

from tests.support import running_server


def identity_settings(fake_url: str, **changes) -> dict:
    return {"provider": "stripe", "secret_key": SECRET_KEY, "webhook_secret": WEBHOOK_SECRET,
            "api_base_url": fake_url, "timeout_seconds": 2, **changes}


@contextlib.asynccontextmanager
async def stripe_server(tmp_path, stripe, **changes):
    async with running_server(tmp_path, overrides={"identity": identity_settings(stripe.url, **changes)}) as srv:
        stripe.webhook_url = f"{srv.url}/identity/webhooks/stripe"
        yield srv

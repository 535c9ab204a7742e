"""The stripe provider passes the kit's identity (redirect flow) conformance suite against the fake
Stripe on 127.0.0.1, which signs its webhooks as Stripe does."""
from __future__ import annotations

import time

import pytest
from stripe_fake import WEBHOOK_SECRET, sign
from stripe_support import identity_settings

from esign.testing import IdentityRedirectConformance

# the suite's outcomes as the person ends Stripe's hosted flow
OUTCOMES = {"approved": "verified", "rejected": "requires_input", "abandoned": "canceled"}


class TestStripeIdentityConformance(IdentityRedirectConformance):
    @pytest.fixture
    async def identity_provider(self, stripe, esign_provider):
        return await esign_provider("identity", identity_settings(stripe.url))

    @pytest.fixture
    def identity_complete(self, stripe):
        async def complete(reference, outcome):
            payload = await stripe.finish(reference, OUTCOMES[outcome], deliver=False)
            return {"stripe-signature": sign(WEBHOOK_SECRET, payload, int(time.time()))}, payload

        return complete

    @pytest.fixture
    async def identity_down(self, stripe, esign_provider):
        stripe.faults[:] = ["drop"] * 5
        return await esign_provider("identity", identity_settings(stripe.url))

"""The twilio provider passes the kit's SMS conformance suite against the fake Twilio on 127.0.0.1,
in each mode: Messaging (esign's code in the text), Verify (Twilio makes and checks the code) and
Verify with esign's code as a custom code."""
from __future__ import annotations

import contextlib

import pytest
from twilio_support import make_sms

from esign.testing import SmsConformance

MODES = {"messaging": ("messaging", {}), "verify": ("verify", {}),
         "verify-custom-code": ("verify", {"verify_custom_code": True})}
FAULTS = {"temporary": (503, 20503), "number_refused": (400, 21211)}


class TestTwilioConformance(SmsConformance):
    @pytest.fixture(params=list(MODES))
    async def sms_provider(self, request, twilio):
        mode, changes = MODES[request.param]
        provider = make_sms(twilio.url, mode, **changes)
        await provider.start()
        yield provider
        await provider.close()

    @pytest.fixture
    def sms_outbox(self, twilio):
        def outbox(phone):
            return [m["Body"] for m in twilio.messages if m["To"] == phone] + \
                   [text for to, text in twilio.texts if to == phone]

        return outbox

    @pytest.fixture
    def sms_fault(self, twilio):
        @contextlib.contextmanager
        def fault(kind):
            twilio.faults[:] = [FAULTS[kind]] * 10
            yield
            twilio.faults.clear()

        return fault

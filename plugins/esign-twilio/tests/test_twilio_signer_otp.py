"""Phone verification of a signer on a real esign server whose `[sms] provider = "twilio"` points at
the fake Twilio: the code esign makes reaches Twilio (as the text, or as Verify's custom code), the
signer types it and signs; Twilio failing for a moment is a 502 the signer can retry at once, Twilio
refusing the number is a 422 on `phone`."""
from __future__ import annotations

import re

import pytest
from twilio_support import sms_settings

from tests.conftest import assert_error, start_server, stop_server
from tests.signer.api_helpers import ANN, make_request, spost, typed

SIGN = {"signature": typed(), "consent": True}


def sent_code(twilio, mode: str) -> str:
    if mode == "verify":
        last = twilio.verifications[-1]
        return last["CustomCode"]
    last = twilio.messages[-1]
    return re.search(r"\b(\d{6})\b", last["Body"]).group(1)


@pytest.mark.parametrize("mode", ["messaging", "verify"])
async def test_signer_verifies_the_phone_with_a_code_sent_by_twilio(twilio, tmp_path, mode):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url, mode)})
    try:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)

        twilio.faults.append((503, 20503))
        error = assert_error(await spost(srv, token, "otp"), 502, "upstream_unavailable")
        assert "Twilio 503" in error["message"] and "fake-auth-token" not in error["message"]

        resp = await spost(srv, token, "otp")  # no resend wait after a failure: the code was never sent
        assert resp.status == 200 and resp.json["requirements"]["phone_verification"]["code_sent"] is True, resp
        sent = twilio.verifications if mode == "verify" else twilio.messages
        assert len(sent) == 1 and sent[0]["To"] == "+15550100123"
        code = sent_code(twilio, mode)

        resp = await spost(srv, token, "otp/verify", {"code": code})
        assert resp.status == 200 and resp.json["requirements"]["phone_verification"]["verified"] is True, resp
        assert (await spost(srv, token, "sign", SIGN)).status == 200
    finally:
        await stop_server(srv)


async def test_a_number_twilio_refuses_is_the_signers_to_fix(twilio, tmp_path):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url)})
    try:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        twilio.faults.append((400, 21211))
        error = assert_error(await spost(srv, token, "otp"), 422, "validation_error")
        assert error["details"][0]["field"] == "phone" and "21211" in error["details"][0]["message"]
        assert twilio.messages == []
        # no code was sent, so no resend gap: asking again at once reaches the provider
        assert (await spost(srv, token, "otp")).status == 200
        assert len(twilio.messages) == 1
    finally:
        await stop_server(srv)

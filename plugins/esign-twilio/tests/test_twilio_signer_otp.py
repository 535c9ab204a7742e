"""Phone verification of a signer on a real esign server whose `[sms] provider = "twilio"` points at
the fake Twilio: the code reaches the phone (esign's in the text or as Verify's custom code, or one
Verify makes and checks), the signer types it and signs; Twilio failing for a moment is a 502 the signer can retry at once, Twilio
refusing the number is a 422 on `phone`."""
from __future__ import annotations

import re

import pytest
from twilio_support import sms_settings

from tests.support import assert_error, running_server
from tests.support.signing import ANN, make_request, spost, typed

SIGN = {"signature": typed(), "consent": True}


MODES = {"messaging": {}, "verify": {}, "verify-custom-code": {"verify_custom_code": True}}


def sent_code(twilio, mode: str) -> str:
    text = twilio.messages[-1]["Body"] if mode == "messaging" else twilio.texts[-1][1]
    return re.search(r"\b(\d{6})\b", text).group(1)


@pytest.mark.parametrize("mode", list(MODES))
async def test_signer_verifies_the_phone_with_a_code_sent_by_twilio(twilio, tmp_path, mode):
    settings = sms_settings(twilio.url, mode.partition("-")[0], **MODES[mode])
    async with running_server(tmp_path, overrides={"sms": settings}) as srv:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)

        twilio.faults.append((503, 20503))
        error = assert_error(await spost(srv, token, "otp"), 502, "upstream_unavailable")
        assert "Twilio 503" in error["message"] and "fake-auth-token" not in error["message"]

        resp = await spost(srv, token, "otp")  # no resend wait after a failure: the code was never sent
        assert resp.status == 200 and resp.json["requirements"]["phone_verification"]["code_sent"] is True, resp
        sent = twilio.messages if mode == "messaging" else twilio.verifications
        assert len(sent) == 1 and sent[0]["To"] == "+12025550123"
        assert ("CustomCode" in sent[0]) == (mode == "verify-custom-code")
        code = sent_code(twilio, mode)
        if mode == "verify":  # a wrong code is Twilio's to judge and esign's to count
            wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
            error = assert_error(await spost(srv, token, "otp/verify", {"code": wrong}), 422, "validation_error")
            assert "wrong code; 2 tries left" in error["details"][0]["message"], error
            assert twilio.pending["+12025550123"]["checks"] == 1

        resp = await spost(srv, token, "otp/verify", {"code": code})
        assert resp.status == 200 and resp.json["requirements"]["phone_verification"]["verified"] is True, resp
        assert (await spost(srv, token, "sign", SIGN)).status == 200


async def test_a_number_twilio_refuses_is_the_signers_to_fix(twilio, tmp_path):
    async with running_server(tmp_path, overrides={"sms": sms_settings(twilio.url)}) as srv:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        twilio.faults.append((400, 21211))
        error = assert_error(await spost(srv, token, "otp"), 422, "validation_error")
        assert error["details"][0]["field"] == "phone" and "21211" in error["details"][0]["message"]
        assert twilio.messages == []
        # no code was sent, so no resend gap: asking again at once reaches the provider
        assert (await spost(srv, token, "otp")).status == 200
        assert len(twilio.messages) == 1


async def test_verify_mode_faults_while_checking(twilio, tmp_path):
    async with running_server(tmp_path, overrides={"sms": sms_settings(twilio.url, "verify")}) as srv:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        assert (await spost(srv, token, "otp")).status == 200
        code = sent_code(twilio, "verify")
        twilio.faults.append((503, 20503))  # Twilio down while checking: 502, no attempt counted
        assert_error(await spost(srv, token, "otp/verify", {"code": code}), 502, "upstream_unavailable")
        twilio.pending.clear()  # Twilio forgot the verification (expired there): ask for a new code
        error = assert_error(await spost(srv, token, "otp/verify", {"code": code}), 422, "validation_error")
        assert "ask for a new one" in error["details"][0]["message"]
        error = assert_error(await spost(srv, token, "otp/verify", {"code": code}), 422, "validation_error")
        assert "ask for a new one" in error["details"][0]["message"] and len(twilio.requests) == 3  # not asked again


async def test_verify_mode_code_past_esigns_expiry_is_not_checked(twilio, tmp_path):
    async with running_server(tmp_path, overrides={"sms": sms_settings(twilio.url, "verify")}) as srv:
        made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        assert (await spost(srv, token, "otp")).status == 200
        code = sent_code(twilio, "verify")
        srv.services.clock.advance(seconds=srv.services.config.signer.otp_ttl_seconds + 1)
        error = assert_error(await spost(srv, token, "otp/verify", {"code": code}), 422, "validation_error")
        assert "expired" in error["details"][0]["message"]
        assert [path for _, path in twilio.requests if path.endswith("VerificationCheck")] == []  # Twilio not asked

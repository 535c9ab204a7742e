"""The twilio provider against the fake Twilio on 127.0.0.1: the Messaging and Verify requests as
Twilio documents them (`twilio-verify`: Verify making and checking the code; `twilio`: Messaging, or
Verify taking esign's as a custom code), the settings checked at start-up, and every failure sorted into temporary
(ProviderUnavailable) and for good (ProviderRejected)."""
from __future__ import annotations

import logging

import pytest
from esign_twilio.sms import TwilioSms, TwilioVerify
from twilio_fake import ACCOUNT_SID, API_KEY_SECRET, API_KEY_SID, AUTH_TOKEN, FROM_NUMBER, MESSAGING_SERVICE_SID, SERVICE_SID
from twilio_support import make_sms, provider_from, sms_settings

from esign.config import ConfigError
from esign.providers.base import CodeCheckingSmsProvider, ProviderRejected, ProviderUnavailable, SmsProvider
from tests.support.mail import free_port

TEXT = "Your signing code is 048213. It expires in 10 minutes."


async def started(url, mode="messaging", **changes):
    provider = make_sms(url, mode, **changes)
    await provider.start()
    return provider


async def test_registered_and_settings_checked(twilio):
    assert isinstance(make_sms(twilio.url), TwilioSms)
    for changes, message in [({"mode": "carrier-pigeon"}, "sms.mode"), ({"account_sid": ""}, "Account SID"),
                             ({"auth_token": ""}, "sms.auth_token"), ({"api_key_sid": API_KEY_SID}, "api_key_secret"),
                             ({"messaging_service_sid": MESSAGING_SERVICE_SID}, "exactly one"),
                             ({"from_number": ""}, "exactly one"), ({"api_base_url": "api.twilio.com"}, "http"),
                             ({"colour": "red"}, "unknown key sms.colour")]:
        with pytest.raises(ConfigError, match=message):
            make_sms(twilio.url, **changes)
    with pytest.raises(ConfigError, match="sms.verify_service_sid is required by the 'twilio-verify' provider"):
        make_sms(twilio.url, "verify", verify_service_sid="")
    with pytest.raises(ConfigError, match="sms.verify_service_sid: required"):
        make_sms(twilio.url, "verify", verify_service_sid="", verify_custom_code=True)
    with pytest.raises(ConfigError, match="sms.provider = \"twilio-verify\""):  # contract 1's verify mode, named
        provider_from(sms_settings(twilio.url, "verify", verify_custom_code=True) | {"verify_custom_code": False})
    verify = make_sms(twilio.url, "verify")
    assert isinstance(verify, TwilioVerify) and isinstance(verify, CodeCheckingSmsProvider)
    assert not isinstance(verify, SmsProvider)
    with pytest.raises(ConfigError, match="unknown key sms.from_number"):  # twilio-verify sends no texts
        make_sms(twilio.url, "verify", from_number="+15550100000")


async def test_messaging_sends_the_text(sms, twilio):
    await sms.send("+1 555 0100-123", TEXT)
    assert twilio.requests == [("POST", f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages.json")]
    assert twilio.messages == [{"To": "+15550100123", "From": FROM_NUMBER, "Body": TEXT}]


async def test_messaging_service_and_api_key(twilio):
    provider = await started(twilio.url, from_number="", messaging_service_sid=MESSAGING_SERVICE_SID,
                             api_key_sid=API_KEY_SID, api_key_secret=API_KEY_SECRET, auth_token="")
    await provider.send("+447700900123", TEXT)
    await provider.close()
    assert twilio.messages == [{"To": "+447700900123", "MessagingServiceSid": MESSAGING_SERVICE_SID, "Body": TEXT}]


async def test_verify_makes_and_checks_the_code(twilio):
    provider = await started(twilio.url, "verify")
    await provider.send_code("+1 (555) 0100 123", 600)
    assert twilio.requests == [("POST", f"/v2/Services/{SERVICE_SID}/Verifications")]
    assert twilio.verifications == [{"To": "+15550100123", "Channel": "sms"}]
    code = twilio.pending["+15550100123"]["code"]
    wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
    assert await provider.check_code("+15550100123", wrong) is False
    assert await provider.check_code("+1 555 0100 123", code) is True
    assert twilio.requests[-1] == ("POST", f"/v2/Services/{SERVICE_SID}/VerificationCheck")
    with pytest.raises(ProviderRejected, match="20404"):  # approved: nothing left to check
        await provider.check_code("+15550100123", code)
    await provider.close()


async def test_verify_check_attempts_run_out(twilio):
    provider = await started(twilio.url, "verify")
    await provider.send_code("+15550100123", 600)
    code = twilio.pending["+15550100123"]["code"]
    wrong = f"{(int(code) + 1) % 10 ** 6:06d}"
    for _ in range(5):
        assert await provider.check_code("+15550100123", wrong) is False
    with pytest.raises(ProviderRejected, match="60202"):  # Twilio's own limit: no code to check any more
        await provider.check_code("+15550100123", code)
    await provider.close()


async def test_verify_with_esigns_code_as_custom_code(twilio):
    provider = await started(twilio.url, "verify", verify_custom_code=True)
    assert isinstance(provider, TwilioSms) and not isinstance(provider, CodeCheckingSmsProvider)
    await provider.send_code("+15550100123", "048213", 600)
    assert twilio.verifications == [{"To": "+15550100123", "Channel": "sms", "CustomCode": "048213"}]
    with pytest.raises(ProviderRejected, match="one-time codes only"):
        await provider.send("+15550100123", "Hello, no code here.")
    await provider.close()


@pytest.mark.parametrize("fault, error", [((503, 20503), ProviderUnavailable), ((429, 20429), ProviderUnavailable),
                                          ("slow", ProviderUnavailable), ("drop", ProviderUnavailable),
                                          ((400, 60200), ProviderRejected)])
async def test_verify_check_faults_are_sorted(twilio, fault, error):
    provider = await started(twilio.url, "verify", timeout_seconds=0.3)
    await provider.send_code("+15550100123", 600)
    twilio.faults.append(fault)
    with pytest.raises(error):
        await provider.check_code("+15550100123", "000000")
    assert await provider.check_code("+15550100123", twilio.pending["+15550100123"]["code"]) is True
    await provider.close()


@pytest.mark.parametrize("mode", ["messaging", "verify"])
@pytest.mark.parametrize("fault, error, shown", [
    ((429, 20429), ProviderUnavailable, "Twilio 429 error 20429: Too Many Requests"),
    ((500, 20500), ProviderUnavailable, "Twilio 500 error 20500"),
    ((503, 20503), ProviderUnavailable, "Twilio 503"),
    ((429, 60203), ProviderUnavailable, "60203: Max send attempts reached"),
    ((400, 21211), ProviderRejected, "Twilio 400 error 21211: The 'To' number is not a valid phone number."),
    ((400, 21610), ProviderRejected, "21610"),
    ((400, 60200), ProviderRejected, "60200: Invalid parameter"),
    ((404, 20404), ProviderRejected, "20404"),
    ("slow", ProviderUnavailable, "cannot be reached"),
    ("drop", ProviderUnavailable, "cannot be reached"),
])
async def test_faults_are_sorted(twilio, mode, fault, error, shown):
    provider = await started(twilio.url, mode, timeout_seconds=0.3)
    args = ("+15550100123", 600) if isinstance(provider, CodeCheckingSmsProvider) else ("+15550100123", "048213", 600)
    twilio.faults.append(fault)
    with pytest.raises(error) as caught:
        await provider.send_code(*args)
    assert shown in str(caught.value)
    await provider.send_code(*args)  # the fault has passed: the next text goes
    assert len(twilio.messages) + len(twilio.verifications) == 1 and len(twilio.requests) == 2
    await provider.close()


async def test_twilio_down_is_temporary(twilio):
    provider = await started(f"http://127.0.0.1:{free_port()}")
    with pytest.raises(ProviderUnavailable, match="cannot be reached"):
        await provider.send("+15550100123", TEXT)
    await provider.close()


async def test_wrong_credentials_are_the_operators_to_fix(twilio, caplog):
    provider = await started(twilio.url, auth_token="not-the-token")
    with caplog.at_level(logging.INFO, logger="esign"):
        with pytest.raises(ProviderUnavailable, match="Twilio 401 error 20003: Authenticate") as caught:
            await provider.send("+15550100123", TEXT)
    await provider.close()
    assert "check [sms] account_sid / auth_token" in caplog.text
    assert "not-the-token" not in caplog.text + str(caught.value) and twilio.messages == []


async def test_logs_mask_the_number_and_hold_no_secret(sms, twilio, caplog):
    with caplog.at_level(logging.INFO, logger="esign"):
        await sms.send("+15550100123", TEXT)
    assert "twilio messaging accepted for +15…23: SM" in caplog.text
    assert "5550100" not in caplog.text and AUTH_TOKEN not in caplog.text and "048213" not in caplog.text

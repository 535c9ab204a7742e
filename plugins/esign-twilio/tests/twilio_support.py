"""Helpers of the esign-twilio tests: `[sms]` settings for the fake Twilio and the provider made
through esign's own plugin manager, exactly as `[sms] provider = "twilio"` makes it."""
from __future__ import annotations

from twilio_fake import ACCOUNT_SID, AUTH_TOKEN, FROM_NUMBER, SERVICE_SID

from esign import config as configmod
from esign import plugins as pluginsmod


def sms_settings(fake_url: str, mode: str = "messaging", **changes) -> dict:
    base = {"provider": "twilio", "mode": mode, "account_sid": ACCOUNT_SID, "auth_token": AUTH_TOKEN,
            "api_base_url": fake_url, "verify_base_url": fake_url, "timeout_seconds": 5}
    base.update({"from_number": FROM_NUMBER} if mode == "messaging" else {"verify_service_sid": SERVICE_SID})
    return {**base, **changes}


def make_sms(fake_url: str, mode: str = "messaging", **changes):
    cfg = configmod.load(None, environ={}, overrides={"sms": sms_settings(fake_url, mode, **changes)})
    return pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "sms")

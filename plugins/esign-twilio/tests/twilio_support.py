"""Helpers of the esign-twilio tests: `[sms]` settings for the fake Twilio and the provider made
through esign's own plugin manager, exactly as `[sms] provider = "twilio"` (or "twilio-verify") makes it.
`mode`: messaging, verify (Twilio Verify makes and checks the code: the `twilio-verify` provider) or
verify with `verify_custom_code = True` (esign's code through Verify: the `twilio` provider)."""
from __future__ import annotations

from twilio_fake import ACCOUNT_SID, AUTH_TOKEN, FROM_NUMBER, SERVICE_SID

from esign import config as configmod
from esign import plugins as pluginsmod


def sms_settings(fake_url: str, mode: str = "messaging", **changes) -> dict:
    base = {"provider": "twilio", "mode": mode, "account_sid": ACCOUNT_SID, "auth_token": AUTH_TOKEN,
            "api_base_url": fake_url, "verify_base_url": fake_url, "timeout_seconds": 5}
    base.update({"from_number": FROM_NUMBER} if mode == "messaging" else {"verify_service_sid": SERVICE_SID})
    if mode == "verify" and not changes.get("verify_custom_code"):
        base = {**base, "provider": "twilio-verify"}
        for key in ("mode", "api_base_url"):
            base.pop(key)
    return {**base, **changes}


def make_sms(fake_url: str, mode: str = "messaging", **changes):
    return provider_from(sms_settings(fake_url, mode, **changes))


def provider_from(settings: dict):
    cfg = configmod.load(None, environ={}, overrides={"sms": settings})
    return pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "sms")

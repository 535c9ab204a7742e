"""SMS through Twilio with Tornado's HTTP client.

`mode = "messaging"` (default): the core's text as is, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
with To, From or MessagingServiceSid, and Body.

`mode = "verify"`: `POST /v2/Services/{ServiceSid}/Verifications` with To, Channel=sms and CustomCode.
esign's SMS interface is `send(phone, text)`: the core makes the one-time code, puts it in the text and
checks what the signer types itself. So this mode takes the code out of the text and hands it to Verify
as a custom code (a Verify feature Twilio enables per account); Verify sends its own localised template
with that code. Verify's VerificationCheck is not used: the core never asks the provider to check a code.

Errors: a connection that fails, a timeout, HTTP 429, 5xx and a rejected account (401) are temporary
(ProviderUnavailable); any other 4xx (21211 invalid number, 21610 unsubscribed recipient, 21614 not a
mobile number, 60200 invalid parameter, ...) is a refusal for good (ProviderRejected) carrying
Twilio's error code and message."""
from __future__ import annotations

import json
import logging
import re
import urllib.parse

import tornado.httpclient

from esign.config import ConfigError
from esign.providers.base import ProviderRejected, ProviderUnavailable, SmsProvider

log = logging.getLogger("esign.sms.twilio")

MODES = ("messaging", "verify")
CODE_IN_TEXT = re.compile(r"\b(\d{4,10})\b")  # Verify custom codes are 4 to 10 digits
SEPARATORS = re.compile(r"[\s\-().]")


def e164(phone: str) -> str:
    """The number without the separators people type (`+1 555 0100-123` -> `+15550100123`)."""
    return SEPARATORS.sub("", phone)


def masked(phone: str) -> str:
    return phone[:3] + "…" + phone[-2:] if len(phone) > 6 else "…"


class TwilioSms(SmsProvider):
    identifier = "twilio"
    options = {
        "mode": "messaging",                      # messaging or verify
        "account_sid": "",                        # AC..., required
        "auth_token": "",                         # the account's auth token (or api_key_secret below)
        "api_key_sid": "",                        # SK...: authenticate with an API key instead of the token
        "api_key_secret": "",
        "from_number": "",                        # messaging: the sender (E.164 or an alphanumeric sender ID)
        "messaging_service_sid": "",              # messaging: MG..., instead of from_number
        "verify_service_sid": "",                 # verify: VA..., required
        "api_base_url": "https://api.twilio.com",
        "verify_base_url": "https://verify.twilio.com",
        "timeout_seconds": 15.0,
        "ca_file": "",                            # PEM bundle for the TLS certificate; empty = system CAs
    }

    def __init__(self, settings):
        super().__init__(settings)
        s = settings
        if s["mode"] not in MODES:
            raise ConfigError(f"sms.mode: {' or '.join(MODES)}")
        if not s["account_sid"]:
            raise ConfigError("sms.account_sid: the twilio provider needs the Account SID")
        if s["api_key_sid"]:
            if not s["api_key_secret"]:
                raise ConfigError("sms.api_key_secret: required with sms.api_key_sid")
        elif not s["auth_token"]:
            raise ConfigError("sms.auth_token: required (or sms.api_key_sid and sms.api_key_secret)")
        if s["mode"] == "messaging" and bool(s["from_number"]) == bool(s["messaging_service_sid"]):
            raise ConfigError("sms.from_number or sms.messaging_service_sid: set exactly one")
        if s["mode"] == "verify" and not s["verify_service_sid"]:
            raise ConfigError("sms.verify_service_sid: required with mode = \"verify\"")
        for key in ("api_base_url", "verify_base_url"):
            if urllib.parse.urlsplit(s[key]).scheme not in ("http", "https"):
                raise ConfigError(f"sms.{key}: an http(s) URL")
        self.http = None

    async def start(self):
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def close(self):
        if self.http is not None:
            self.http.close()

    async def send(self, phone, text):
        to = e164(phone)
        s = self.settings
        if s["mode"] == "verify":
            found = CODE_IN_TEXT.search(text)
            if not found:
                raise ProviderRejected("twilio verify mode sends one-time codes only; this text has none")
            url = f"{s['verify_base_url'].rstrip('/')}/v2/Services/{s['verify_service_sid']}/Verifications"
            form = {"To": to, "Channel": "sms", "CustomCode": found.group(1)}
        else:
            url = f"{s['api_base_url'].rstrip('/')}/2010-04-01/Accounts/{s['account_sid']}/Messages.json"
            sender = {"MessagingServiceSid": s["messaging_service_sid"]} if s["messaging_service_sid"] \
                else {"From": s["from_number"]}
            form = {"To": to, **sender, "Body": text}
        answer = await self._post(url, form)
        log.info("twilio %s accepted for %s: %s (%s)", s["mode"], masked(to), answer.get("sid", "?"),
                 answer.get("status", "?"))

    async def _post(self, url: str, form: dict) -> dict:
        s = self.settings
        user, password = (s["api_key_sid"], s["api_key_secret"]) if s["api_key_sid"] else (s["account_sid"], s["auth_token"])
        request = tornado.httpclient.HTTPRequest(
            url, method="POST", body=urllib.parse.urlencode(form), auth_username=user, auth_password=password,
            auth_mode="basic", headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
            connect_timeout=s["timeout_seconds"], request_timeout=s["timeout_seconds"], ca_certs=s["ca_file"] or None,
            follow_redirects=False)
        try:
            response = await self.http.fetch(request, raise_error=False)
        except (OSError, tornado.httpclient.HTTPClientError) as exc:  # refused, reset, DNS, TLS, timeout
            raise ProviderUnavailable(f"Twilio cannot be reached ({type(exc).__name__})") from None
        if response.code == 599:  # tornado's code for a request that got no answer (timeout, connection cut)
            raise ProviderUnavailable(f"Twilio cannot be reached ({type(response.error).__name__})")
        body = self._json(response.body)
        if 200 <= response.code < 300:
            return body  # accepted: never raise now, a retry would send the text twice
        code, message = body.get("code"), str(body.get("message") or "")[:300]
        what = f"Twilio {response.code}" + (f" error {code}" if code else "") + (f": {message}" if message else "")
        if response.code == 429 or response.code >= 500:
            raise ProviderUnavailable(what)
        if response.code == 401:  # the account's credentials: the operator's to fix, not the recipient's fault
            log.error("twilio refused the configured credentials (%s); check [sms] account_sid / auth_token", what)
            raise ProviderUnavailable(what)
        raise ProviderRejected(what)

    @staticmethod
    def _json(raw: bytes | None) -> dict:
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}

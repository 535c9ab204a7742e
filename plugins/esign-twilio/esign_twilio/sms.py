"""SMS through Twilio with Tornado's HTTP client.

`mode = "messaging"` (default): esign makes the one-time code and checks it; its text goes as is,
`POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with To, From or MessagingServiceSid, and Body.

`mode = "verify"`: Twilio Verify makes, sends and checks the code (`checks_codes` is True):
`POST /v2/Services/{ServiceSid}/Verifications` with To and Channel=sms, then
`POST /v2/Services/{ServiceSid}/VerificationCheck` with To and Code when the signer types it (status
`approved` = right; `pending` = wrong; 404 / 60202 = no code to check any more). With
`verify_custom_code = true` esign makes the code instead and hands it to Verify as `CustomCode` (a
feature Twilio enables per account); esign then checks it itself and VerificationCheck is not used.

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
SEPARATORS = re.compile(r"[\s\-().]")


def e164(phone: str) -> str:
    """The number without the separators people type (`+1 555 0100-123` -> `+15550100123`)."""
    return SEPARATORS.sub("", phone)


def masked(phone: str) -> str:
    return phone[:3] + "…" + phone[-2:] if len(phone) > 6 else "…"


# VerificationCheck: 20404 no pending verification for the number (expired, approved, cancelled),
# 60202 max check attempts reached, 60023 no pending verifications
NO_CODE_TO_CHECK = {20404, 60202, 60023}


class TwilioError(Exception):
    def __init__(self, message: str, code):
        super().__init__(message)
        self.code = code


class TwilioUnavailable(TwilioError, ProviderUnavailable):
    """Temporary, with Twilio's error code."""


class TwilioRejected(TwilioError, ProviderRejected):
    """For good, with Twilio's error code."""


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
        "verify_custom_code": False,              # verify: send esign's code as CustomCode (esign checks it)
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

    @property
    def checks_codes(self):
        return self.settings["mode"] == "verify" and not self.settings["verify_custom_code"]

    def _verify_url(self, resource: str) -> str:
        s = self.settings
        return f"{s['verify_base_url'].rstrip('/')}/v2/Services/{s['verify_service_sid']}/{resource}"

    async def send(self, phone, text):
        to = e164(phone)
        s = self.settings
        if s["mode"] == "verify":
            raise ProviderRejected("twilio verify mode sends one-time codes only, not texts")
        url = f"{s['api_base_url'].rstrip('/')}/2010-04-01/Accounts/{s['account_sid']}/Messages.json"
        sender = {"MessagingServiceSid": s["messaging_service_sid"]} if s["messaging_service_sid"] \
            else {"From": s["from_number"]}
        self._accepted(to, await self._post(url, {"To": to, **sender, "Body": text}))

    async def send_code(self, phone, code, ttl_seconds):
        if self.settings["mode"] == "messaging":
            return await super().send_code(phone, code, ttl_seconds)
        to = e164(phone)
        form = {"To": to, "Channel": "sms"} | ({"CustomCode": code} if code is not None else {})
        self._accepted(to, await self._post(self._verify_url("Verifications"), form))

    async def check_code(self, phone, code):
        to = e164(phone)
        try:
            answer = await self._post(self._verify_url("VerificationCheck"), {"To": to, "Code": code})
        except TwilioError as exc:
            if exc.code in NO_CODE_TO_CHECK:  # expired, approved already, or too many checks
                raise ProviderRejected(str(exc)) from None
            raise
        log.info("twilio verification check for %s: %s", masked(to), answer.get("status", "?"))
        return answer.get("status") == "approved"

    def _accepted(self, to: str, answer: dict) -> None:
        log.info("twilio %s accepted for %s: %s (%s)", self.settings["mode"], masked(to), answer.get("sid", "?"),
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
        if response.code == 401:  # the account's credentials: the operator's to fix, not the recipient's fault
            log.error("twilio refused the configured credentials (%s); check [sms] account_sid / auth_token", what)
        temporary = response.code in (401, 429) or response.code >= 500
        raise (TwilioUnavailable if temporary else TwilioRejected)(what, code)

    @staticmethod
    def _json(raw: bytes | None) -> dict:
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}

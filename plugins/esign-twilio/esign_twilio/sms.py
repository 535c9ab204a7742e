"""SMS through Twilio with Tornado's HTTP client.

Two providers, one per capability:

`[sms] provider = "twilio"` (an SmsProvider: esign makes the one-time code and checks it):
- `mode = "messaging"` (default): the text goes as is, `POST
  /2010-04-01/Accounts/{AccountSid}/Messages.json` with To, From or MessagingServiceSid, and Body;
- `mode = "verify"` with `verify_custom_code = true`: esign's code is handed to Twilio Verify as
  `CustomCode` (a feature Twilio enables per account), `POST /v2/Services/{ServiceSid}/Verifications`.

`[sms] provider = "twilio-verify"` (a CodeCheckingSmsProvider): Twilio Verify makes, sends and checks
the code: `POST /v2/Services/{ServiceSid}/Verifications` with To and Channel=sms, then `POST
/v2/Services/{ServiceSid}/VerificationCheck` with To and Code when the signer types it (status
`approved` = right; `pending` = wrong; 404 / 60202 = no code to check any more).

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
from esign.providers.base import CodeCheckingSmsProvider, Option, ProviderRejected, ProviderUnavailable, SmsProvider

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


#: the options both providers read: the account, its credentials and the HTTP client's
ACCOUNT_OPTIONS = {
    "account_sid": Option(type=str, required=True, help="the Account SID (AC...)"),
    "auth_token": Option("", secret=True, help="the account's auth token (or api_key_sid and api_key_secret)"),
    "api_key_sid": Option("", help="SK...: authenticate with an API key instead of the auth token"),
    "api_key_secret": Option("", secret=True, help="the secret of api_key_sid"),
    "timeout_seconds": Option(15.0, help="bounds each request to Twilio"),
    "ca_file": Option("", help="PEM bundle for the TLS certificate; empty = system CAs"),
}
VERIFY_OPTIONS = {
    "verify_service_sid": Option("", help="VA...: the Verify service (required with mode = \"verify\")"),
    "verify_base_url": Option("https://verify.twilio.com", help="the Verify API's base URL"),
}


class _TwilioApi:
    """What both providers share: the credentials' check, the HTTP client and Twilio's error split."""

    settings: dict

    def _check_account(self) -> None:
        s = self.settings
        if s["api_key_sid"]:
            if not s["api_key_secret"]:
                raise ConfigError("sms.api_key_secret: required with sms.api_key_sid")
        elif not s["auth_token"]:
            raise ConfigError("sms.auth_token: required (or sms.api_key_sid and sms.api_key_secret)")
        for key in ("api_base_url", "verify_base_url"):
            if key in s and urllib.parse.urlsplit(s[key]).scheme not in ("http", "https"):
                raise ConfigError(f"sms.{key}: an http(s) URL")
        self.http = None

    async def start(self):
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def close(self):
        if self.http is not None:
            self.http.close()

    def _verify_url(self, resource: str) -> str:
        s = self.settings
        return f"{s['verify_base_url'].rstrip('/')}/v2/Services/{s['verify_service_sid']}/{resource}"

    async def _verification(self, phone: str, code: str | None) -> None:
        to = e164(phone)
        form = {"To": to, "Channel": "sms"} | ({"CustomCode": code} if code is not None else {})
        self._accepted(to, await self._post(self._verify_url("Verifications"), form))

    def _accepted(self, to: str, answer: dict) -> None:
        log.info("twilio %s accepted for %s: %s (%s)", self.settings.get("mode", "verify"), masked(to),
                 answer.get("sid", "?"), answer.get("status", "?"))

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


class TwilioSms(_TwilioApi, SmsProvider):
    """`[sms] provider = "twilio"`: esign's code by the Messaging API, or handed to Verify as a custom code."""

    identifier = "twilio"
    contract_version = 2
    options = {
        "mode": Option("messaging", help="messaging, or verify (with verify_custom_code = true)"),
        **ACCOUNT_OPTIONS,
        "from_number": Option("", help="messaging: the sender (E.164 or an alphanumeric sender ID)"),
        "messaging_service_sid": Option("", help="messaging: MG..., instead of from_number"),
        "api_base_url": Option("https://api.twilio.com", help="the Messaging API's base URL"),
        **VERIFY_OPTIONS,
        "verify_custom_code": Option(False, help="verify: send esign's code as CustomCode (esign checks it)"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        s = settings
        if s["mode"] not in MODES:
            raise ConfigError(f"sms.mode: {' or '.join(MODES)}")
        if s["mode"] == "messaging" and bool(s["from_number"]) == bool(s["messaging_service_sid"]):
            raise ConfigError("sms.from_number or sms.messaging_service_sid: set exactly one")
        if s["mode"] == "verify" and not s["verify_custom_code"]:
            raise ConfigError("sms.mode = \"verify\": with provider = \"twilio\" esign's code goes to Verify as a "
                              "custom code (set sms.verify_custom_code = true); for Twilio Verify making and checking "
                              "the codes itself, set sms.provider = \"twilio-verify\"")
        if s["mode"] == "verify" and not s["verify_service_sid"]:
            raise ConfigError("sms.verify_service_sid: required with mode = \"verify\"")
        self._check_account()

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
        await self._verification(phone, code)


class TwilioVerify(_TwilioApi, CodeCheckingSmsProvider):
    """`[sms] provider = "twilio-verify"`: Twilio Verify makes, sends and checks the codes."""

    identifier = "twilio-verify"
    contract_version = 2
    options = {**ACCOUNT_OPTIONS, **VERIFY_OPTIONS,
               "verify_service_sid": Option(type=str, required=True, help="VA...: the Verify service")}  # required here

    def __init__(self, settings):
        super().__init__(settings)
        self._check_account()

    async def send_code(self, phone, ttl_seconds):
        await self._verification(phone, None)

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

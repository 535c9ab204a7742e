"""Stripe Identity (https://docs.stripe.com/identity) as a redirect-flow identity provider, over
Stripe's REST API with Tornado's HTTP client.

- `start_session`: `POST /v1/identity/verification_sessions` (form-encoded) with `type=document`,
  `return_url`, `client_reference_id` (the signer's id), `metadata[esign_signer_id]`,
  `metadata[esign_signing_request_id]`, `provided_details[email]` and, when configured,
  `options[document][require_matching_selfie]=true`. The session's `url` is where the signer goes;
  Stripe says it works for 48 hours.
- `fetch_result`: `GET /v1/identity/verification_sessions/{id}` with `expand[]=verified_outputs` and
  `expand[]=last_verification_report` (the verified name, date of birth and address; the document's
  type, expiry and issuing country; the selfie check).
- `verify_webhook`: the `Stripe-Signature` header `t=<unix time>,v1=<hex>[,v1=...]`, each v1 being
  HMAC-SHA256 with the endpoint's signing secret over `"<t>.<raw body>"`; a timestamp more than
  `tolerance_seconds` (300) away from now is refused. Events `identity.verification_session.verified`,
  `.requires_input`, `.canceled` and `.processing` carry a result; a verified session is fetched again
  for its verified outputs (webhooks do not carry them). Other events are ignored.

Statuses: verified -> approved; processing -> pending; requires_input without `last_error` -> pending
(the person has not submitted yet); requires_input with `last_error.code` `abandoned` or
`consent_declined` -> abandoned, any other code -> rejected (the reason in words); canceled -> abandoned.

Errors: a failed connection, a timeout, HTTP 429 and 5xx are temporary (ProviderUnavailable); 401 (the
secret key) is too, logged as an error for the operator; other 4xx are ProviderRejected with Stripe's
error type and message. The secret key and the webhook secret are never logged."""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import logging
import time
import urllib.parse

import tornado.httpclient

from esign.config import ConfigError
from esign.providers.base import (
    IdentityResult,
    IdentitySession,
    Option,
    ProviderRejected,
    ProviderUnavailable,
    RedirectIdentityProvider,
    WebhookRefused,
)

log = logging.getLogger("esign.identity.stripe")

URL_LIFETIME = dt.timedelta(hours=47)  # Stripe: the session URL expires after 48 hours; a margin
RESULT_EVENTS = {"identity.verification_session.verified", "identity.verification_session.requires_input",
                 "identity.verification_session.canceled", "identity.verification_session.processing"}
DOCUMENT_TYPES = {"passport": "passport", "id_card": "id_card", "driving_license": "driving_licence"}
ABANDONED = {"abandoned": "you left the identity check before finishing it",
             "consent_declined": "you declined the identity check"}
REASONS = {
    "document_expired": "the document has expired",
    "document_type_not_supported": "this kind of document is not accepted",
    "document_unverified_other": "the document could not be verified",
    "selfie_document_missing_photo": "the document has no photo to compare with",
    "selfie_face_mismatch": "the selfie does not match the photo on the document",
    "selfie_unverified_other": "the selfie could not be verified",
    "selfie_manipulated": "the selfie could not be verified",
    "under_supported_age": "the person is under the supported age",
    "country_not_supported": "documents of this country are not accepted",
    "device_not_supported": "this device cannot take the pictures the check needs",
}


def _date(value) -> str | None:
    """Stripe's `{day, month, year}` as YYYY-MM-DD (None when incomplete)."""
    if not isinstance(value, dict) or not all(isinstance(value.get(k), int) for k in ("day", "month", "year")):
        return None
    try:
        return dt.date(value["year"], value["month"], value["day"]).isoformat()
    except ValueError:
        return None


def _address(value) -> str | None:
    if not isinstance(value, dict):
        return None
    parts = [value.get(k) for k in ("line1", "line2", "postal_code", "city", "state", "country")]
    return ", ".join(p for p in parts if isinstance(p, str) and p) or None


def normalise(session: dict) -> IdentityResult:
    """A VerificationSession object (expanded or not) as esign's IdentityResult."""
    status, error = session.get("status"), session.get("last_error") or {}
    reference = session.get("id")
    if status == "verified":
        outputs = session.get("verified_outputs") if isinstance(session.get("verified_outputs"), dict) else {}
        report = session.get("last_verification_report")
        report = report if isinstance(report, dict) else {}
        document = report.get("document") or {}
        names = [outputs.get("first_name"), outputs.get("last_name")]
        return IdentityResult(
            status="approved", reference=reference,
            verified_name=" ".join(n for n in names if isinstance(n, str) and n) or None,
            document_type=DOCUMENT_TYPES.get(document.get("type")), date_of_birth=_date(outputs.get("dob")),
            document_expiry=_date(document.get("expiration_date")), issued_country=document.get("issuing_country"),
            address=_address(outputs.get("address")),
            details={"selfie_verified": (report.get("selfie") or {}).get("status") == "verified"})
    if status == "requires_input" and error.get("code"):
        code = error["code"]
        if code in ABANDONED:
            return IdentityResult(status="abandoned", reference=reference, reason=ABANDONED[code])
        return IdentityResult(status="rejected", reference=reference,
                              reason=REASONS.get(code, f"the identity check failed ({code})"))
    if status == "canceled":
        return IdentityResult(status="abandoned", reference=reference, reason="the identity check was cancelled")
    return IdentityResult(status="pending", reference=reference)  # processing, or not submitted yet


def signature_ok(secret: str, header: str, raw_body: bytes, now: float, tolerance: float) -> None:
    """Check a `Stripe-Signature` header as Stripe's libraries do; raise WebhookRefused if it fails."""
    timestamp, signatures = None, []
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        if key == "t":
            timestamp = value
        elif key == "v1":
            signatures.append(value)
    if timestamp is None or not timestamp.isdigit() or not signatures:
        raise WebhookRefused("the Stripe-Signature header has no timestamp or no v1 signature")
    if abs(now - int(timestamp)) > tolerance:
        raise WebhookRefused("the Stripe-Signature timestamp is outside the tolerance (a replayed or delayed event)")
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    if not any(hmac.compare_digest(expected, s) for s in signatures):
        raise WebhookRefused("no Stripe-Signature v1 signature matches the payload")


class StripeIdentity(RedirectIdentityProvider):
    identifier = "stripe"
    contract_version = 2
    charges = True
    options = {
        "secret_key": Option(type=str, required=True, secret=True,
                             help="the secret API key (sk_live_... or a restricted key with Identity write access)"),
        "webhook_secret": Option(type=str, required=True, secret=True,
                                 help="the webhook endpoint's signing secret, as Stripe shows it"),
        "api_base_url": Option("https://api.stripe.com", help="Stripe's API base URL"),
        "timeout_seconds": Option(15.0, help="bounds each request to Stripe"),
        "tolerance_seconds": Option(300, help="how old a webhook's signed timestamp may be"),
        "require_matching_selfie": Option(False, help="options[document][require_matching_selfie]"),
        "stripe_version": Option("", help="a Stripe-Version header; empty = the account's default"),
        "ca_file": Option("", help="PEM bundle for the TLS certificate; empty = system CAs"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        s = settings
        if urllib.parse.urlsplit(s["api_base_url"]).scheme not in ("http", "https"):
            raise ConfigError("identity.api_base_url: an http(s) URL")
        if s["tolerance_seconds"] < 1:
            raise ConfigError("identity.tolerance_seconds: at least 1")
        self.http = None

    async def start(self):
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def close(self):
        if self.http is not None:
            self.http.close()

    # --- the identity interface --------------------------------------------------------------------

    async def start_session(self, signer, return_url):
        form = [("type", "document"), ("return_url", return_url), ("client_reference_id", signer["id"]),
                ("metadata[esign_signer_id]", signer["id"]),
                ("metadata[esign_signing_request_id]", signer["signing_request_id"])]
        if signer.get("email"):
            form.append(("provided_details[email]", signer["email"]))
        if self.settings["require_matching_selfie"]:
            form.append(("options[document][require_matching_selfie]", "true"))
        session = await self._call("POST", "/v1/identity/verification_sessions", form)
        if not isinstance(session.get("id"), str) or not isinstance(session.get("url"), str):
            raise ProviderUnavailable("Stripe answered without a session id or url")
        log.info("stripe identity session %s opened for signer %s", session["id"], signer["id"])
        return IdentitySession(reference=session["id"], redirect_url=session["url"],
                               expires_at=dt.datetime.now(dt.timezone.utc) + URL_LIFETIME)

    async def fetch_result(self, reference):
        path = f"/v1/identity/verification_sessions/{urllib.parse.quote(reference, safe='')}"
        query = urllib.parse.urlencode([("expand[]", "verified_outputs"), ("expand[]", "last_verification_report")])
        return normalise(await self._call("GET", f"{path}?{query}"))

    async def verify_webhook(self, headers, raw_body):
        signature_ok(self.settings["webhook_secret"], headers.get("stripe-signature", ""), raw_body, time.time(),
                     self.settings["tolerance_seconds"])
        try:
            event = json.loads(raw_body)
            kind, session = event["type"], event["data"]["object"]
        except (ValueError, TypeError, KeyError) as exc:
            raise WebhookRefused(f"the event cannot be read ({type(exc).__name__})") from None
        if kind not in RESULT_EVENTS or not isinstance(session, dict) or not isinstance(session.get("id"), str):
            return None
        if kind == "identity.verification_session.verified":
            return await self.fetch_result(session["id"])  # the event does not carry the verified outputs
        return normalise(session)

    # --- HTTP --------------------------------------------------------------------------------------

    async def _call(self, method: str, path: str, form: list | None = None) -> dict:
        s = self.settings
        headers = {"Authorization": f"Bearer {s['secret_key']}", "Accept": "application/json"}
        if s["stripe_version"]:
            headers["Stripe-Version"] = s["stripe_version"]
        body = None
        if form is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urllib.parse.urlencode(form)
        request = tornado.httpclient.HTTPRequest(
            s["api_base_url"].rstrip("/") + path, method=method, body=body, headers=headers,
            connect_timeout=s["timeout_seconds"], request_timeout=s["timeout_seconds"], ca_certs=s["ca_file"] or None,
            follow_redirects=False)
        try:
            response = await self.http.fetch(request, raise_error=False)
        except (OSError, tornado.httpclient.HTTPClientError) as exc:  # refused, reset, DNS, TLS, timeout
            raise ProviderUnavailable(f"Stripe cannot be reached ({type(exc).__name__})") from None
        try:
            answer = json.loads(response.body or b"{}")
        except ValueError:
            answer = {}
        answer = answer if isinstance(answer, dict) else {}
        if 200 <= response.code < 300:
            return answer
        error = answer.get("error") if isinstance(answer.get("error"), dict) else {}
        what = f"Stripe {response.code}" + (f" {error['type']}" if error.get("type") else "") \
            + (f": {str(error.get('message'))[:300]}" if error.get("message") else "")
        if response.code == 429 or response.code >= 500:
            raise ProviderUnavailable(what)
        if response.code == 401:
            log.error("stripe refused the configured secret key (%s); check [identity] secret_key", what)
            raise ProviderUnavailable(what)
        raise ProviderRejected(what)

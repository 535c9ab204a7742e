"""A fake Stripe Identity on 127.0.0.1 (Tornado) that behaves as Stripe's documented API does:
bearer authentication with the secret key, form-encoded `POST /v1/identity/verification_sessions`
(`type` document or id_number, `return_url`, `metadata[...]`, `client_reference_id`, `options[...]`,
`provided_details[...]`), `GET /v1/identity/verification_sessions/{id}` with `expand[]` of
`verified_outputs` and `last_verification_report`, errors as `{"error": {type, code, message}}`.

The person's side: `finish(id, ...)` does what Stripe does when the person completes the hosted
flow (the session becomes `verified` or `requires_input` with a `last_error`, or `canceled`) and
delivers the event to `webhook_url`, signed as Stripe signs it (`Stripe-Signature: t=..,v1=..`, an
HMAC-SHA256 over `"{t}.{payload}"` with the endpoint's secret). `deliver(...)` sends an event again or
with a wrong secret or an old timestamp.

`faults` is a list of answers to give first, one per API request: an HTTP status, `"slow"` (answer
after `slow_seconds`) or `"drop"` (close the connection without an answer)."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import secrets
import time

import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web

SECRET_KEY = "sk_test_fake_0123456789abcdefghijklmnop"
WEBHOOK_SECRET = "whsec_fake_0123456789abcdefghijklmnop"
ERRORS = {400: ("invalid_request_error", "parameter_invalid"), 401: ("invalid_request_error", None),
          404: ("invalid_request_error", "resource_missing"), 429: ("invalid_request_error", "rate_limit"),
          500: ("api_error", None), 503: ("api_error", None)}


def sign(secret: str, payload: bytes, timestamp: int) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


class StripeHandler(tornado.web.RequestHandler):
    @property
    def fake(self) -> FakeStripe:
        return self.application.settings["fake"]

    def answer(self, status: int, body: dict):
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(body))

    def error(self, status: int, message: str = "error"):
        kind, code = ERRORS.get(status, ("api_error", None))
        self.answer(status, {"error": {"type": kind, "code": code, "message": message}})

    async def prepare(self):
        self.fake.requests.append((self.request.method, self.request.uri))
        if self.fake.faults:
            fault = self.fake.faults.pop(0)
            if fault == "slow":
                await asyncio.sleep(self.fake.slow_seconds)
            elif fault == "drop":
                self.request.connection.stream.close()
                raise tornado.web.Finish()
            else:
                return self.error(fault, "An error occurred with our connection to Stripe.")
        if self.request.headers.get("Authorization") != f"Bearer {SECRET_KEY}":
            return self.error(401, "Invalid API Key provided: sk_****")


class SessionsHandler(StripeHandler):
    def post(self):
        if not self.request.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
            return self.error(400, "Invalid request: form encoding expected")
        form = {k: v[-1].decode() for k, v in self.request.body_arguments.items()}
        if form.get("type") not in ("document", "id_number"):
            return self.error(400, "Invalid type: must be one of document or id_number")
        unknown = [k for k in form if not re.fullmatch(
            r"type|return_url|client_reference_id|metadata\[\w+\]|options\[document\]\[\w+\]|provided_details\[\w+\]", k)]
        if unknown:
            return self.error(400, f"Received unknown parameter: {unknown[0]}")
        sid = "vs_" + secrets.token_hex(12)
        session = {
            "id": sid, "object": "identity.verification_session", "client_reference_id": form.get("client_reference_id"),
            "client_secret": f"{sid}_secret_" + secrets.token_hex(8), "created": int(time.time()), "last_error": None,
            "last_verification_report": None, "livemode": False,
            "metadata": {k[9:-1]: v for k, v in form.items() if k.startswith("metadata[")},
            "options": {"document": {k[18:-1]: v == "true" for k, v in form.items() if k.startswith("options[document]")}},
            "redaction": None, "status": "requires_input", "type": form["type"],
            "url": f"{self.fake.url}/verify/{sid}", "verified_outputs": None, "return_url": form.get("return_url"),
        }
        self.fake.sessions[sid] = session
        self.fake.created.append(form)
        self.answer(200, self.fake.public(session, ()))


class SessionHandler(StripeHandler):
    def get(self, sid):
        session = self.fake.sessions.get(sid)
        if session is None:
            return self.error(404, f"No such verification session: '{sid}'")
        self.answer(200, self.fake.public(session, self.get_query_arguments("expand[]")))


class HostedPage(tornado.web.RequestHandler):
    """Stripe's hosted verification page, reduced to one button: submitting verifies the document,
    sends the webhook and takes the person back to the session's return_url."""

    def get(self, sid):
        if sid not in self.application.settings["fake"].sessions:
            raise tornado.web.HTTPError(404)
        self.finish(f"<!doctype html><title>Verify your identity</title><h1>Stripe Identity</h1>"
                    f"<form method='post' action='/verify/{sid}'><button id='submit-document'>Submit</button></form>")

    async def post(self, sid):
        fake = self.application.settings["fake"]
        await fake.finish(sid, "verified")
        self.redirect(fake.sessions[sid]["return_url"], status=303)


class FakeStripe:
    def __init__(self):
        self.faults: list = []
        self.slow_seconds = 1.0
        self.requests: list[tuple[str, str]] = []
        self.created: list[dict] = []
        self.sessions: dict[str, dict] = {}
        self.webhook_url = ""
        app = tornado.web.Application([
            (r"/v1/identity/verification_sessions", SessionsHandler),
            (r"/v1/identity/verification_sessions/([^/]+)", SessionHandler),
            (r"/verify/([^/]+)", HostedPage),
        ], fake=self)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        self.url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        self.server = tornado.httpserver.HTTPServer(app)
        self.server.add_sockets(sockets)
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    def stop(self):
        self.http.close()
        self.server.stop()

    def public(self, session: dict, expand) -> dict:
        """The session as the API shows it: verified_outputs only when expanded, the report as its id
        unless expanded."""
        out = {k: v for k, v in session.items() if k != "return_url"}
        if "verified_outputs" not in expand:
            out["verified_outputs"] = None
        report = session["last_verification_report"]
        if report and "last_verification_report" not in expand:
            out["last_verification_report"] = report["id"]
        return out

    # --- the person on Stripe's page ----------------------------------------------------------------

    async def finish(self, sid: str, outcome: str = "verified", *, first_name="Ann", last_name="Example",
                     error_code="document_expired", deliver: bool = True):
        """The person completes (or leaves) the hosted flow; Stripe then sends the event."""
        session = self.sessions[sid]
        if outcome == "verified":
            report = {"id": "vr_" + secrets.token_hex(12), "object": "identity.verification_report", "type": "document",
                      "document": {"status": "verified", "type": "driving_license", "issuing_country": "GB",
                                   "first_name": first_name, "last_name": last_name,
                                   "expiration_date": {"day": 1, "month": 6, "year": 2031}, "error": None},
                      "selfie": {"status": "verified", "error": None}}
            session.update(status="verified", last_error=None, last_verification_report=report, verified_outputs={
                "first_name": first_name, "last_name": last_name, "dob": {"day": 2, "month": 3, "year": 1990},
                "address": {"line1": "1 High Street", "line2": None, "city": "London", "postal_code": "N1 1AA",
                            "state": None, "country": "GB"}, "id_number": None, "id_number_type": None})
        elif outcome == "requires_input":
            session.update(status="requires_input", last_error={"code": error_code, "reason": "Verification failed."})
        elif outcome == "canceled":
            session.update(status="canceled")
        else:
            raise ValueError(outcome)
        event = self.event(sid, f"identity.verification_session.{outcome}")
        if deliver:
            return await self.deliver(event)
        return event

    def event(self, sid: str, kind: str) -> bytes:
        return json.dumps({"id": "evt_" + secrets.token_hex(12), "object": "event", "api_version": "2024-06-20",
                           "created": int(time.time()), "type": kind, "livemode": False, "pending_webhooks": 1,
                           "data": {"object": self.public(self.sessions[sid], ())}}).encode()

    async def deliver(self, payload: bytes, *, secret: str = WEBHOOK_SECRET, timestamp: int | None = None,
                      header: str | None = None) -> tornado.httpclient.HTTPResponse:
        """POST an event to the webhook URL as Stripe does."""
        t = int(time.time()) if timestamp is None else timestamp
        headers = {"Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                   "Stripe-Signature": sign(secret, payload, t) if header is None else header}
        return await self.http.fetch(self.webhook_url, method="POST", body=payload, headers=headers, raise_error=False)

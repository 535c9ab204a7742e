"""A fake Twilio on 127.0.0.1 (Tornado) that checks what the real one checks: HTTP Basic auth with the
Account SID and auth token (or an API key SID and secret), the Account SID in the path, a form body,
`To` in E.164, exactly one of `From` / `MessagingServiceSid`, a `Body` of at most 1600 characters;
Verify's service SID, `Channel` and `CustomCode`; Verify makes a 6-digit code (or takes the custom one),
keeps one pending verification per number, and VerificationCheck answers `approved` (then the
verification is gone), `pending` for a wrong code, 429 60202 after 5 checks, 404 20404 when none is
pending. It answers in Twilio's shapes: 201 with the
resource (`sid`, `status`, ...) or an error `{code, message, more_info, status}`.

`faults` is a list of answers to give first, one per request: `(http_status, twilio_code)`, `"slow"`
(answer after `slow_seconds`) or `"drop"` (close the connection without an answer)."""
from __future__ import annotations

import asyncio
import base64
import json
import re
import secrets

import tornado.httpserver
import tornado.netutil
import tornado.web

ACCOUNT_SID = "AC" + "0123456789abcdef" * 2
AUTH_TOKEN = "fake-auth-token-0123456789abcdef"
API_KEY_SID = "SK" + "fedcba9876543210" * 2
API_KEY_SECRET = "fake-api-key-secret-0123456789ab"
SERVICE_SID = "VA" + "00112233445566778899aabbccddeeff"
MESSAGING_SERVICE_SID = "MG" + "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
FROM_NUMBER = "+15005550006"
E164 = re.compile(r"\+[1-9]\d{1,14}")
ERROR_MESSAGES = {20003: "Authenticate", 20404: "The requested resource was not found", 20429: "Too Many Requests",
                  20500: "Internal Server Error", 20503: "Service Unavailable",
                  21211: "The 'To' number is not a valid phone number.", 21602: "Message body is required.",
                  21603: "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
                  21610: "Attempt to send to unsubscribed recipient",
                  21617: "The concatenated message body exceeds the 1600 character limit.",
                  60200: "Invalid parameter", 60202: "Max check attempts reached", 60203: "Max send attempts reached"}
MAX_CHECKS = 5


class TwilioHandler(tornado.web.RequestHandler):
    @property
    def fake(self) -> "FakeTwilio":
        return self.application.settings["fake"]

    def error(self, status: int, code: int):
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"code": code, "message": ERROR_MESSAGES.get(code, "error"),
                                "more_info": f"https://www.twilio.com/docs/errors/{code}", "status": status}))

    def created(self, resource: dict):
        self.set_status(201)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(resource))

    async def prepare(self):
        self.fake.requests.append((self.request.method, self.request.path))
        if self.fake.faults:
            fault = self.fake.faults.pop(0)
            if fault == "slow":
                await asyncio.sleep(self.fake.slow_seconds)
            elif fault == "drop":
                self.request.connection.stream.close()
                raise tornado.web.Finish()
            else:
                return self.error(*fault)
        header = self.request.headers.get("Authorization", "")
        try:
            user, _, password = base64.b64decode(header.removeprefix("Basic "), validate=True).decode().partition(":")
        except ValueError:
            user = password = ""
        if not header.startswith("Basic ") or (user, password) not in self.fake.credentials:
            return self.error(401, 20003)
        if not self.request.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
            return self.error(400, 60200)
        self.form = {k: v[-1].decode() for k, v in self.request.body_arguments.items()}


class MessagesHandler(TwilioHandler):
    def post(self, account_sid):
        if account_sid != ACCOUNT_SID:
            return self.error(404, 20404)
        f = self.form
        if not E164.fullmatch(f.get("To", "")):
            return self.error(400, 21211)
        if ("From" in f) == ("MessagingServiceSid" in f):
            return self.error(400, 21603)
        if not f.get("Body"):
            return self.error(400, 21602)
        if len(f["Body"]) > 1600:
            return self.error(400, 21617)
        sid = "SM" + secrets.token_hex(16)
        self.fake.messages.append(f)
        self.created({"sid": sid, "account_sid": account_sid, "to": f["To"], "from": f.get("From"),
                      "messaging_service_sid": f.get("MessagingServiceSid"), "body": f["Body"], "status": "queued",
                      "num_segments": "1", "direction": "outbound-api", "error_code": None, "error_message": None,
                      "uri": f"/2010-04-01/Accounts/{account_sid}/Messages/{sid}.json"})


class VerificationsHandler(TwilioHandler):
    def post(self, service_sid):
        if service_sid != SERVICE_SID:
            return self.error(404, 20404)
        f = self.form
        if not E164.fullmatch(f.get("To", "")) or f.get("Channel") not in ("sms", "call", "email", "whatsapp", "sna"):
            return self.error(400, 60200)
        if "CustomCode" in f and not re.fullmatch(r"\d{4,10}", f["CustomCode"]):
            return self.error(400, 60200)
        sid = "VE" + secrets.token_hex(16)
        self.fake.verifications.append(f)
        code = f.get("CustomCode") or f"{secrets.randbelow(10 ** 6):06d}"
        self.fake.pending[f["To"]] = {"sid": sid, "code": code, "checks": 0}
        self.fake.texts.append((f["To"], f"Your verification code is: {code}"))  # what Twilio's template texts
        self.created({"sid": sid, "service_sid": service_sid, "account_sid": ACCOUNT_SID, "to": f["To"],
                      "channel": f["Channel"], "status": "pending", "valid": False, "lookup": {},
                      "send_code_attempts": [{"channel": f["Channel"]}],
                      "url": f"https://verify.twilio.com/v2/Services/{service_sid}/Verifications/{sid}"})


class VerificationCheckHandler(TwilioHandler):
    def post(self, service_sid):
        if service_sid != SERVICE_SID:
            return self.error(404, 20404)
        f = self.form
        if not E164.fullmatch(f.get("To", "")) or not re.fullmatch(r"\d{4,10}", f.get("Code", "")):
            return self.error(400, 60200)
        pending = self.fake.pending.get(f["To"])
        if pending is None:
            return self.error(404, 20404)
        if pending["checks"] >= MAX_CHECKS:
            return self.error(429, 60202)
        pending["checks"] += 1
        approved = secrets.compare_digest(pending["code"], f["Code"])
        if approved:
            del self.fake.pending[f["To"]]
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"sid": pending["sid"], "service_sid": service_sid, "account_sid": ACCOUNT_SID,
                                "to": f["To"], "channel": "sms", "status": "approved" if approved else "pending",
                                "valid": approved}))


class FakeTwilio:
    def __init__(self):
        self.credentials = {(ACCOUNT_SID, AUTH_TOKEN), (API_KEY_SID, API_KEY_SECRET)}
        self.faults: list = []
        self.slow_seconds = 1.0
        self.requests: list[tuple[str, str]] = []
        self.messages: list[dict] = []
        self.verifications: list[dict] = []
        self.pending: dict[str, dict] = {}  # To -> {sid, code, checks}
        self.texts: list[tuple[str, str]] = []  # what reached phones through Verify
        app = tornado.web.Application([
            (r"/2010-04-01/Accounts/([^/]+)/Messages\.json", MessagesHandler),
            (r"/v2/Services/([^/]+)/Verifications", VerificationsHandler),
            (r"/v2/Services/([^/]+)/VerificationCheck", VerificationCheckHandler),
        ], fake=self)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        self.url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        self.server = tornado.httpserver.HTTPServer(app)
        self.server.add_sockets(sockets)

    def stop(self):
        self.server.stop()

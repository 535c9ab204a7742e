"""A provider's bounce webhook (issue 27 item 1): `POST /email/webhooks/<provider>` hands the raw body to
the configured email provider's `parse_bounce_webhook`, which checks the service's signature; each
permanent failure it reports marks the signer bounced, once, however often the service repeats it."""
from __future__ import annotations

import hashlib
import hmac
import json

from esign import plugins as pluginsmod
from esign.domain.mail import bounces
from esign.hookspecs import hookimpl
from esign.providers.base import BounceReport, WebhookRefused
from esign.providers.maildir_email import MaildirEmail
from tests.support import running_server
from tests.support.signing import new_request

SECRET = b"the vendor's signing secret"


class HookedMail(MaildirEmail):
    """The Maildir provider, with a vendor's bounce webhook: JSON events signed with an HMAC header."""

    identifier = "hookedmail"

    async def parse_bounce_webhook(self, headers, raw_body):
        expected = hmac.new(SECRET, raw_body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(headers.get("x-vendor-signature", ""), expected):
            raise WebhookRefused("the signature does not match")
        events = json.loads(raw_body)["events"]
        return [BounceReport(recipient=e["to"], status=e.get("status", ""), reason=e.get("reason", ""),
                             return_path=e.get("return_path", ""), request_id=e.get("request_id", ""),
                             permanent=e["type"] == "bounce")
                for e in events if e["type"] in ("bounce", "delay")]


class Vendor:
    @hookimpl
    def esign_email_providers(self):
        return [HookedMail]


def signed(body: dict) -> tuple[bytes, dict]:
    raw = json.dumps(body).encode()
    return raw, {"Content-Type": "application/json",
                 "X-Vendor-Signature": hmac.new(SECRET, raw, hashlib.sha256).hexdigest()}


async def test_a_bounce_reported_by_the_providers_webhook_marks_the_signer_once(tmp_path):
    pm = pluginsmod.make_plugin_manager()
    pm.register(Vendor(), name="vendor-mail")
    async with running_server(tmp_path, overrides={"email": {"provider": "hookedmail", "path": str(tmp_path / "mail")}},
                              pm=pm) as srv:
        request = await new_request(srv)
        ann = request["signers"][0]
        raw, headers = signed({"events": [
            {"type": "delay", "to": ann["email"], "request_id": request["id"]},
            {"type": "bounce", "to": ann["email"], "request_id": request["id"], "status": "5.1.1",
             "reason": "550 5.1.1 no such mailbox"}]})
        forged = await srv.client.post("/email/webhooks/hookedmail", body=raw, key=None,
                                       headers={**headers, "X-Vendor-Signature": "0" * 64})
        assert forged.status == 400 and forged.json["error"]["code"] == "bad_request", forged
        signer = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]
        assert signer.get("email_bounced_at") is None
        for _ in range(2):  # the service repeats a delivery: recorded once
            resp = await srv.client.post("/email/webhooks/hookedmail", body=raw, key=None, headers=headers)
            assert resp.status == 200 and resp.json["received"] is True, resp
        signer = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]
        assert signer["email_bounced_at"] is not None
        events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
        assert [e["event_type"] for e in events].count("signing_event.email_bounced") == 1
        other = await srv.client.post("/email/webhooks/maildir", body=raw, key=None, headers=headers)
        assert other.status == 404  # not the configured provider


async def test_a_reported_return_path_without_a_valid_token_is_not_matched_by_request_id(tmp_path):
    """When the service reports the message's return path, its VERP token alone names the signer: a
    token esign did not make is ignored, whatever request id and recipient come with it; the real
    return path is recorded."""
    pm = pluginsmod.make_plugin_manager()
    pm.register(Vendor(), name="vendor-mail")
    overrides = {"email": {"provider": "hookedmail", "path": str(tmp_path / "mail"), "bounce_address": "b@example.org"}}
    async with running_server(tmp_path, overrides=overrides, pm=pm) as srv:
        request = await new_request(srv)
        ann = request["signers"][0]
        real = bounces.verp_address(srv.services, request["id"], ann["id"], "<invitation@example.org>")
        local, _, domain = real.partition("@")
        forged = f"{local[:-1]}{'a' if local[-1] != 'a' else 'b'}@{domain}"
        for return_path, bounced in ((forged, False), (real, True)):
            raw, headers = signed({"events": [
                {"type": "bounce", "to": ann["email"], "request_id": request["id"], "return_path": return_path,
                 "status": "5.1.1", "reason": "550 5.1.1 no such mailbox"}]})
            resp = await srv.client.post("/email/webhooks/hookedmail", body=raw, key=None, headers=headers)
            assert resp.status == 200, resp
            signer = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]
            assert (signer.get("email_bounced_at") is not None) is bounced, (return_path, signer)


async def test_a_provider_without_a_bounce_webhook_says_none(tmp_path):
    """The base class's default: None, which esign answers 404."""
    assert await MaildirEmail({"path": str(tmp_path)}).parse_bounce_webhook({}, b"{}") is None
    async with running_server(tmp_path) as srv:
        assert (await srv.client.post("/email/webhooks/maildir", body=b"{}", key=None)).status == 404

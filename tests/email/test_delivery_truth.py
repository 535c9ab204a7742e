"""Mail delivery that tells the truth (issue 27, item 1), against real SMTP servers (aiosmtpd on
127.0.0.1): a relay's policy refusal at RCPT (5.7.1 relay denied, 5.5.2 HELO policy), a 4xx that lasts,
and TLS failures are the sending side's problem — retried, never a bounce, an ERROR and `/readyz`
degraded with the reason; 5.1.1 is still a bounce. A relay that accepts and then bounces (an aiosmtpd
`BouncingRelay`) writes an RFC 3464 notice to the VERP address's Maildir, which the service reads: it
runs everywhere and lets a test choose the notice (a policy bounce, a forgery). The same path with a
real MTA — Debian's Postfix bouncing a 550 5.1.1 of the remote server, and refusing by its own relay
and HELO policies — is tests/email/test_postfix_bounce.py (skipped where Postfix cannot run)."""
from __future__ import annotations

import datetime as dt
import email
import email.policy
import ipaddress
import logging
import mailbox
import os
import ssl
import threading

import pytest
from aiosmtpd.controller import Controller
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from esign.config import ConfigError
from esign.domain.mail import bounces
from esign.providers.base import recipient_refusal
from tests.support import raw_db, start_server, stop_server
from tests.support.mail import PolicyHandler, PolicySmtp, free_port
from tests.support.notices import dsn

ANN = [{"name": "Ann", "email": "ann@example.test", "order": 1}]
NOTIFY_KEY = "esk_live_org_notify_only_000000000000"
NOTIFY_ORG = f"""
[[organizations]]
name = "Org Notify"
notify_email = "desk@notify.example.test"
[[organizations.api_keys]]
key = "{NOTIFY_KEY}"
"""


class RelayHandler(PolicyHandler):
    """The policy server of tests/faults/smtp_policy.py that also remembers the client's HELO name, the
    envelope sender and whether the session was upgraded to TLS; `helo_policy` refuses RCPT from a
    client whose HELO name is not fully qualified, as Postfix's reject_non_fqdn_helo_hostname does."""

    def __init__(self):
        super().__init__()
        self.helo_policy = False
        self.sessions: list[dict] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.helo_policy and "." not in (session.host_name or ""):
            self.commands.append("RCPT 504 helo")
            return f"504 5.5.2 <{session.host_name}>: Helo command rejected: need fully-qualified hostname"
        return await super().handle_RCPT(server, session, envelope, address, rcpt_options)

    async def handle_DATA(self, server, session, envelope):
        reply = await super().handle_DATA(server, session, envelope)
        self.sessions.append({"helo": session.host_name, "mail_from": envelope.mail_from, "tls": session.ssl is not None})
        return reply


class Relay(PolicySmtp):
    def __init__(self, tls_context=None):
        self.handler = RelayHandler()
        self.port = free_port()
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port, tls_context=tls_context,
                                     require_starttls=False, auth_require_tls=False,
                                     authenticator=self.handler.authenticate)
        self.controller.start()


@pytest.fixture
async def relay():
    server = Relay()
    yield server
    server.down()


async def serve(tmp_path, relay, extra_config="", **email_settings):
    tmp_path.mkdir(exist_ok=True)
    return await start_server(tmp_path, extra_config, overrides=relay.settings(**email_settings))


async def invite(srv, key=None):
    doc = (await srv.client.upload(open(__import__("tests.conftest", fromlist=["SAMPLE_PDF"]).SAMPLE_PDF, "rb").read(),
                                   **({"key": key} if key else {}))).json["id"]
    resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": ANN, "auto_send": True},
                                 **({"key": key} if key else {}))
    assert resp.status == 201, resp
    return resp.json


async def ann(srv, request_id) -> dict:
    resp = await srv.client.get(f"/v1/signing-requests/{request_id}")
    assert resp.status == 200, resp
    return resp.json["signers"][0]


async def readyz(srv) -> dict:
    resp = await srv.client.get("/readyz", key=None)
    assert resp.status == 200, resp
    return resp.json


async def invitation_job(srv) -> dict:
    return await raw_db(srv.services)["jobs"].find_one({"kind": "email", "payload.template": "invitation"})


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def events_of(srv, request_id) -> list[dict]:
    return (await srv.client.get(f"/v1/signing-requests/{request_id}/events")).json


@pytest.mark.parametrize("reply", [
    "554 5.7.1 <ann@example.test>: Relay access denied",
    "550 5.7.1 Client host rejected: cannot find your reverse hostname",
    "554 5.3.0 mail system misconfigured",
    "553 5.7.1 Sender address rejected: not owned by user esign",
])
async def test_a_policy_refusal_at_rcpt_is_retried_loudly_never_a_bounce(tmp_path, relay, reply, caplog):
    relay.handler.fail_next("RCPT", reply, times=2)
    srv = await serve(tmp_path, relay)
    try:
        request = await invite(srv)
        await srv.run_jobs()
        signer = await ann(srv, request["id"])
        assert signer["email_bounced_at"] is None and signer["email_failed_at"] is None
        job = await invitation_job(srv)
        assert job["status"] == "queued" and reply[:3] in job["last_error"]
        assert any(reply[4:9] in line for line in errors(caplog)), errors(caplog)
        health = await readyz(srv)
        assert health["status"] == "degraded" and health["degraded"][0]["field"] == "mail"
        assert reply.split(" ", 2)[2] in health["degraded"][0]["message"]
        scraped = (await srv.client.get("/metrics", key=None)).body.decode()
        assert 'esign_emails_total{outcome="sender_fault"} 1.0' in scraped
        assert 'esign_degraded{component="mail"} 1.0' in scraped
        strict = await srv.client.get("/readyz?strict=true", key=None)  # a probe that alerts on it
        assert strict.status == 503 and strict.json["error"]["code"] == "degraded", strict
        assert strict.json["error"]["details"][0]["field"] == "mail"
        for _ in range(6):  # the operator fixes the relay: the retries get through, and readyz is ready again
            srv.clock.advance(hours=1)
            await srv.run_jobs()
        assert len(relay.handler.to("ann@example.test")) == 1
        assert await readyz(srv) == {"status": "ready"}
        assert (await srv.client.get("/readyz?strict=true", key=None)).json == {"status": "ready"}
        assert 'esign_degraded{component="mail"} 0.0' in (await srv.client.get("/metrics", key=None)).body.decode()
        assert (await ann(srv, request["id"]))["email_bounced_at"] is None
    finally:
        await stop_server(srv)


async def test_a_refusal_of_the_recipient_is_still_a_bounce(tmp_path, relay):
    """The control case: 5.1.1 (and a bare 550) at RCPT bounces the signer at once, and /readyz stays ready."""
    relay.handler.fail_next("RCPT", "550 5.1.1 <ann@example.test>: Recipient address rejected: User unknown")
    srv = await serve(tmp_path, relay)
    try:
        request = await invite(srv)
        await srv.run_jobs()
        signer = await ann(srv, request["id"])
        assert signer["email_bounced_at"] is not None and signer["email_failed_at"] is None
        assert (await invitation_job(srv))["status"] == "failed"
        assert await readyz(srv) == {"status": "ready"}
    finally:
        await stop_server(srv)
    assert recipient_refusal(550, "no such user here") and recipient_refusal(552, "5.2.2 mailbox full")
    assert not recipient_refusal(554, "5.7.1 Relay access denied") and not recipient_refusal(504, "5.5.2 Helo rejected")
    assert not recipient_refusal(554, "no") and not recipient_refusal(450, "4.1.1 try later")


@pytest.mark.slow
async def test_the_client_introduces_itself_with_the_public_host_and_a_helo_refusal_is_not_a_bounce(tmp_path, relay,
                                                                                                      caplog):
    relay.handler.helo_policy = True
    srv = await start_server(tmp_path, overrides={**relay.settings(), "server": {"public_url": "https://sign.example.org"}})
    try:
        await invite(srv)
        await srv.run_jobs()
        assert [s["helo"] for s in relay.handler.sessions] == ["sign.example.org"]
    finally:
        await stop_server(srv)

    relay.handler.sessions.clear()
    srv = await serve(tmp_path / "2", relay, helo_hostname="localhost")  # a name the relay's policy refuses
    try:
        request = await invite(srv)
        await srv.run_jobs()
        assert relay.handler.sessions == [] and "RCPT 504 helo" in relay.handler.commands
        assert (await ann(srv, request["id"]))["email_bounced_at"] is None
        assert any("5.5.2" in line for line in errors(caplog))
        assert "Helo command rejected" in (await readyz(srv))["degraded"][0]["message"]
    finally:
        await stop_server(srv)

    srv = await serve(tmp_path / "3", relay, helo_hostname="mta.example.net")
    try:
        await invite(srv)
        await srv.run_jobs()
        assert [s["helo"] for s in relay.handler.sessions] == ["mta.example.net"]
    finally:
        await stop_server(srv)


async def test_a_deferral_that_lasts_is_given_up_visibly(tmp_path, relay):
    """A 4xx is retried quietly (greylisting), but one that lasts to the horizon gives email_failed_at, never
    a bounce, and /readyz says why."""
    relay.handler.fail_next("RCPT", "451 4.3.0 <ann@example.test>: Temporary lookup failure", times=1000)
    srv = await serve(tmp_path, relay)
    try:
        request = await invite(srv)
        await srv.run_jobs()
        assert await readyz(srv) == {"status": "ready"}  # one deferral is normal
        for _ in range(int(srv.services.config.jobs.message_retry_hours) + 3):
            srv.clock.advance(hours=1)
            await srv.run_jobs()
        signer = await ann(srv, request["id"])
        assert signer["email_failed_at"] is not None and signer["email_bounced_at"] is None
        health = await readyz(srv)
        assert health["status"] == "degraded" and "Temporary lookup failure" in health["degraded"][0]["message"]
    finally:
        await stop_server(srv)


# --- TLS ----------------------------------------------------------------------------------------------

def self_signed(tmp_path) -> tuple[str, ssl.SSLContext]:
    """A self-signed certificate for 127.0.0.1 (made with cryptography): its PEM file, and a server context."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "relay.test")])
    now = dt.datetime.now(dt.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                                        x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = tmp_path / "relay.pem", tmp_path / "relay.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_file, key_file)
    return str(cert_file), context


@pytest.fixture
async def tls_relay(tmp_path):
    cert_file, context = self_signed(tmp_path)
    server = Relay(tls_context=context)
    server.cert_file = cert_file
    yield server
    server.down()


async def test_starttls_is_used_when_offered_and_checked_against_ca_file(tmp_path, tls_relay):
    srv = await serve(tmp_path, tls_relay, ca_file=tls_relay.cert_file)  # default starttls: opportunistic
    try:
        await invite(srv)
        await srv.run_jobs()
        assert [s["tls"] for s in tls_relay.handler.sessions] == [True]
    finally:
        await stop_server(srv)


@pytest.mark.parametrize("starttls", ["opportunistic", True])  # true: the boolean of earlier releases, required
async def test_a_certificate_that_fails_verification_is_a_loud_fault_not_a_silent_retry(tmp_path, tls_relay, caplog,
                                                                                      starttls):
    srv = await serve(tmp_path, tls_relay, starttls=starttls)  # no ca_file: the self-signed certificate fails
    try:
        request = await invite(srv)
        await srv.run_jobs()
        assert tls_relay.handler.messages == []  # never sent in the clear after a failed upgrade
        signer = await ann(srv, request["id"])
        assert signer["email_bounced_at"] is None and signer["email_failed_at"] is None
        assert any("TLS" in line and "certificate" in line.lower() for line in errors(caplog)), errors(caplog)
        health = await readyz(srv)
        assert health["status"] == "degraded" and "ca_file" in health["degraded"][0]["message"]
    finally:
        await stop_server(srv)


async def test_starttls_required_but_not_offered_is_a_fault(tmp_path, relay, caplog):
    srv = await serve(tmp_path, relay, starttls="required")
    try:
        request = await invite(srv)
        await srv.run_jobs()
        assert relay.handler.messages == [] and (await ann(srv, request["id"]))["email_bounced_at"] is None
        assert "STARTTLS" in (await readyz(srv))["degraded"][0]["message"]
    finally:
        await stop_server(srv)


async def test_unchecked_certificates_are_a_startup_warning_and_bad_tls_settings_are_refused(tmp_path, relay, caplog):
    caplog.set_level(logging.WARNING)
    srv = await serve(tmp_path, relay, validate_certs=False)
    await stop_server(srv)
    assert any("validate_certs is false" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
    with pytest.raises(ConfigError, match="starttls must be one of opportunistic, required, off"):
        await serve(tmp_path / "2", relay, starttls="sometimes")
    with pytest.raises(ConfigError, match="ca_file: no such file"):
        await serve(tmp_path / "3", relay, ca_file=str(tmp_path / "missing.pem"))


# --- headers, envelope sender ---------------------------------------------------------------------------

async def test_every_message_is_auto_submitted_and_replies_go_to_the_organisation(tmp_path, relay):
    srv = await serve(tmp_path, relay, NOTIFY_ORG, bounce_address="bounces@example.org")
    try:
        await invite(srv, key=NOTIFY_KEY)
        await srv.run_jobs()
        [message] = relay.handler.to("ann@example.test")
        assert message["Auto-Submitted"] == "auto-generated"
        assert message["Reply-To"] == "Org Notify <desk@notify.example.test>"  # the key has no owner_email
        assert message["Return-Path"] is None  # the envelope carries it, the receiving server writes the header
        [session] = relay.handler.sessions
        local, _, domain = session["mail_from"].partition("@")
        assert domain == "example.org" and local.startswith("bounces+") and len(local) <= 64
        assert bounces.read_token(srv.services, session["mail_from"])[0] == (await invitation_job(srv))["payload"]["request_id"]
        forged = session["mail_from"].replace(local[-1], "a" if local[-1] != "a" else "b")
        assert bounces.read_token(srv.services, forged) is None
    finally:
        await stop_server(srv)


# --- bounces after acceptance -------------------------------------------------------------------------

class BouncingRelay(RelayHandler):
    """Accepts every message, then, for the recipients in `fail` ({address: (status, diagnostic)}), writes
    the RFC 3464 notice a relay sends back to the envelope sender into that address's Maildir (the
    mailbox of the bounce address), as Postfix's bounce daemon and local delivery would."""

    def __init__(self, maildir: str):
        super().__init__()
        self.maildir = maildir
        self.fail: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        reply = await super().handle_DATA(server, session, envelope)
        original = email.message_from_bytes(envelope.content, policy=email.policy.default)
        for rcpt in envelope.rcpt_tos:
            if rcpt in self.fail:
                status, diagnostic = self.fail[rcpt]
                mailbox.Maildir(self.maildir, create=True).add(dsn(envelope.mail_from, rcpt, status, diagnostic,
                                                                   original))
        return reply


@pytest.fixture
async def bouncing(tmp_path):
    maildir = str(tmp_path / "bounces")
    server = Relay()
    server.handler = BouncingRelay(maildir)
    server.down()
    server.controller = None
    server.up()
    server.maildir = maildir
    yield server
    server.down()


async def test_a_bounce_after_acceptance_reaches_the_signer(tmp_path, bouncing):
    bouncing.handler.fail["ann@example.test"] = (
        "5.1.1", "550 5.1.1 <ann@example.test>: Recipient address rejected: User unknown in virtual mailbox table")
    srv = await serve(tmp_path, bouncing, bounce_mailbox=bouncing.maildir,
                      bounce_address="bounces@example.org")
    try:
        request = await invite(srv)
        await srv.run_jobs()  # sent (the relay accepts), then the notice arrives
        assert len(bouncing.handler.messages) == 1
        await srv.run_jobs()  # the sweep reads the mailbox
        signer = await ann(srv, request["id"])
        assert signer["email_bounced_at"] is not None and signer["email_failed_at"] is None
        bounced = [e for e in await events_of(srv, request["id"]) if e["event_type"] == "signing_event.email_bounced"]
        assert len(bounced) == 1 and "User unknown" in bounced[0]["metadata"]["error"]
        assert os.listdir(os.path.join(bouncing.maildir, "new")) == []  # read once: removed
        await srv.run_jobs()
        assert len([e for e in await events_of(srv, request["id"])
                    if e["event_type"] == "signing_event.email_bounced"]) == 1
        assert await readyz(srv) == {"status": "ready"}
    finally:
        await stop_server(srv)


async def test_a_policy_bounce_after_acceptance_is_the_sending_side(tmp_path, bouncing, caplog):
    bouncing.handler.fail["ann@example.test"] = ("5.7.1", "550 5.7.1 Message rejected: SPF check failed")
    srv = await serve(tmp_path, bouncing, bounce_mailbox=bouncing.maildir,
                      bounce_address="bounces@example.org")
    try:
        request = await invite(srv)
        await srv.run_jobs()
        await srv.run_jobs()
        signer = await ann(srv, request["id"])
        assert signer["email_bounced_at"] is None and signer["email_failed_at"] is not None
        assert any("SPF check failed" in line for line in errors(caplog))
        assert "SPF check failed" in (await readyz(srv))["degraded"][0]["message"]
    finally:
        await stop_server(srv)


async def test_a_forged_notice_bounces_nobody(tmp_path, bouncing):
    srv = await serve(tmp_path, bouncing, bounce_mailbox=bouncing.maildir,
                      bounce_address="bounces@example.org")
    try:
        request = await invite(srv)
        await srv.run_jobs()
        [session] = bouncing.handler.sessions
        local = session["mail_from"].partition("@")[0]
        forged = session["mail_from"].replace(local[-3:], "aaa" if local[-3:] != "aaa" else "bbb")
        original = bouncing.handler.messages[0]
        mailbox.Maildir(bouncing.maildir, create=True).add(
            dsn(forged, "ann@example.test", "5.1.1", "550 5.1.1 unknown", original))  # X-Esign-Request returned
        await srv.run_jobs()
        assert (await ann(srv, request["id"]))["email_bounced_at"] is None
        assert os.listdir(os.path.join(bouncing.maildir, "new")) == []
        assert len(os.listdir(os.path.join(bouncing.maildir, "cur"))) == 1  # kept, seen, for the operator
    finally:
        await stop_server(srv)


async def test_bounce_address_is_checked(tmp_path, relay):
    with pytest.raises(ConfigError, match="email.bounce_address must be"):
        await serve(tmp_path, relay, bounce_address="very-long-bounces-local-part@example.org")

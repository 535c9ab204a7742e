"""Builtin email providers against real mail software: SMTP (aiosmtplib) talking to a real aiosmtpd
server on 127.0.0.1 — plain, STARTTLS, refused recipients, server down — and Maildir read back with
Python's `mailbox` module."""
from __future__ import annotations

import datetime as dt
import email.policy
import ipaddress
import mailbox
import socket
import ssl
from email.message import EmailMessage
from email.parser import BytesParser

import pytest
from aiosmtpd.controller import Controller
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from esign import config as configmod
from esign import plugins as pluginsmod
from esign.providers.base import ProviderRejected, ProviderUnavailable

REFUSED = "nobody@refused.example.test"


class Recorder:
    """An aiosmtpd handler keeping what it received; refuses one address with 550."""

    def __init__(self):
        self.envelopes = []
        self.tls_sessions = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address == REFUSED:
            return "550 5.1.1 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append(envelope)
        self.tls_sessions.append(session.ssl is not None)
        return "250 Message accepted for delivery"


class PortZeroController(Controller):
    """aiosmtpd's Controller bound to a free port (port 0) — it learns the real port before its
    start-up self-check connects."""

    def _trigger_server(self):
        self.port = self.server.sockets[0].getsockname()[1]
        return super()._trigger_server()


@pytest.fixture
def smtp_server():
    started = []

    def start(**kwargs):
        handler = Recorder()
        controller = PortZeroController(handler, hostname="127.0.0.1", port=0, **kwargs)
        controller.start()
        started.append(controller)
        return controller, handler

    yield start
    for controller in started:
        controller.stop()


@pytest.fixture(scope="module")
def tls_context(tmp_path_factory):
    """A server TLS context with a freshly made self-signed certificate for 127.0.0.1."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    folder = tmp_path_factory.mktemp("tls")
    (folder / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "key.pem").write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                       serialization.NoEncryption()))
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    return ctx


def provider(tmp_path, section_text: str):
    (tmp_path / "esign.toml").write_text("[email]\n" + section_text)
    cfg = configmod.load(str(tmp_path / "esign.toml"), environ={})
    return pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")


def smtp(tmp_path, port: int, **options):
    lines = ['provider = "smtp"', 'host = "127.0.0.1"', f"port = {port}", "timeout_seconds = 5"]
    for key, value in options.items():
        lines.append(f"{key} = {str(value).lower() if isinstance(value, bool) else repr(value)}")
    return provider(tmp_path, "\n".join(lines) + "\n")


def message(to="signer@example.test", subject="Please sign: NDA") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "esign <no-reply@esign.example.test>"
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = "<test-123@esign.example.test>"
    msg.set_content("Hello,\nplease sign the NDA.\n")
    msg.add_alternative("<p>Hello,<br>please <b>sign</b> the NDA.</p>", subtype="html")
    return msg


def parts_of(raw: bytes):
    parsed = BytesParser(policy=email.policy.default).parsebytes(raw)
    types = {part.get_content_type(): part.get_content() for part in parsed.walk() if not part.is_multipart()}
    return parsed, types


async def test_smtp_delivers_headers_and_both_parts(tmp_path, smtp_server):
    controller, handler = smtp_server()
    email_provider = smtp(tmp_path, controller.port)
    assert email_provider.identifier == "smtp"
    await email_provider.start()
    result = await email_provider.send(message())
    assert result.message_id == "<test-123@esign.example.test>"
    [envelope] = handler.envelopes
    assert envelope.mail_from == "no-reply@esign.example.test"
    assert envelope.rcpt_tos == ["signer@example.test"]
    parsed, types = parts_of(envelope.original_content)
    assert parsed["From"] == "esign <no-reply@esign.example.test>"
    assert parsed["To"] == "signer@example.test"
    assert parsed["Subject"] == "Please sign: NDA"
    assert "please sign the NDA" in types["text/plain"]
    assert "<b>sign</b>" in types["text/html"]
    assert handler.tls_sessions == [False]


async def test_starttls_required_but_not_offered_is_unavailable(tmp_path, smtp_server):
    controller, handler = smtp_server()
    with pytest.raises(ProviderUnavailable) as info:
        await smtp(tmp_path, controller.port, starttls=True).send(message())
    assert "smtp" in str(info.value).lower()
    assert handler.envelopes == []  # nothing was sent in clear text


async def test_starttls_against_a_tls_server(tmp_path, smtp_server, tls_context):
    controller, handler = smtp_server(tls_context=tls_context, require_starttls=True)
    # the server insists on STARTTLS: a plain client is refused and nothing is delivered
    with pytest.raises((ProviderUnavailable, ProviderRejected)):
        await smtp(tmp_path, controller.port).send(message())
    assert handler.envelopes == []
    # the certificate is self-signed: with validation on, the connection is refused as unavailable
    with pytest.raises(ProviderUnavailable):
        await smtp(tmp_path, controller.port, starttls=True).send(message())
    assert handler.envelopes == []
    await smtp(tmp_path, controller.port, starttls=True, validate_certs=False).send(message())
    [envelope] = handler.envelopes
    assert handler.tls_sessions == [True]
    assert parts_of(envelope.original_content)[0]["Subject"] == "Please sign: NDA"


async def test_smtp_server_down_is_unavailable(tmp_path):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    with pytest.raises(ProviderUnavailable):
        await smtp(tmp_path, port).send(message())


async def test_refused_recipient_is_rejected_not_retried(tmp_path, smtp_server):
    controller, handler = smtp_server()
    with pytest.raises(ProviderRejected) as info:
        await smtp(tmp_path, controller.port).send(message(to=REFUSED))
    assert REFUSED in str(info.value)
    assert handler.envelopes == []


async def test_maildir_delivers_a_message_mail_tools_read(tmp_path):
    path = tmp_path / "mail"
    email_provider = provider(tmp_path, f'provider = "maildir"\npath = "{path}"\n')
    await email_provider.start()
    for sub in ("new", "cur", "tmp"):
        assert (path / sub).is_dir()
    await email_provider.send(message(subject="First"))
    await email_provider.send(message(to="other@example.test", subject="Second"))
    assert len(list((path / "new").iterdir())) == 2
    box = mailbox.Maildir(str(path), factory=None, create=False)
    messages = sorted(box, key=lambda m: m["Subject"])
    assert [m["Subject"] for m in messages] == ["First", "Second"]
    assert [m["To"] for m in messages] == ["signer@example.test", "other@example.test"]
    raw = (path / "new" / sorted(box.keys(), key=lambda k: box[k]["Subject"])[0]).read_bytes()
    parsed, types = parts_of(raw)
    assert parsed["From"] == "esign <no-reply@esign.example.test>"
    assert set(types) == {"text/plain", "text/html"}


async def test_maildir_unwritable_is_unavailable(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the Maildir should be")
    email_provider = provider(tmp_path, f'provider = "maildir"\npath = "{blocker / "mail"}"\n')
    with pytest.raises(ProviderUnavailable):
        await email_provider.send(message())

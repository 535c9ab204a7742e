"""Real SMTP servers (aiosmtpd) on 127.0.0.1: an inbox that keeps every message and an esign server that
sends its mail there (the `smtp_server` fixture, tests/conftest.py, is the default one); a server whose
behaviour a test sets (down, a reply per command for the next N uses, a slow acknowledgement of DATA),
which keeps every message it accepted, including those acknowledged after the client gave up; and the
branded organisation of the email tests."""
from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import pathlib
import re
import socket
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from tests.support.server import running_server


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def smtp_controller(handler):
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    return controller, port


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def to(self, addr):
        return [m for m in self.messages if addr in m["To"]]


def maildir(server) -> list[email.message.EmailMessage]:
    """The messages the `maildir` email provider (the test config's default) has written, by file name."""
    folder = pathlib.Path(server.services.config.email["path"]) / "new"
    return [email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            for path in sorted(folder.glob("*"))] if folder.is_dir() else []


def link_of(msg):
    """The signing link in a message's plain-text part."""
    text = msg.get_body(("plain",)).get_content()
    return re.search(r"(http://\S+/sign/\S+)", text).group(1)


@contextlib.asynccontextmanager
async def mail_server(tmp_path, extra_config="", **sections):
    """An esign server sending to an aiosmtpd inbox (`server.inbox`); `sections`: config overrides."""
    inbox = Inbox()
    controller, port = smtp_controller(inbox)
    sections["email"] = {"provider": "smtp", "host": "127.0.0.1", "port": port, **sections.get("email", {})}
    try:
        async with running_server(tmp_path, extra_config, overrides=sections) as srv:
            srv.inbox = inbox
            yield srv
    finally:
        controller.stop()


# --- an SMTP server that fails as a test says ------------------------------------------------------

class PolicyHandler:
    def __init__(self):
        self.messages = []
        self.replies: dict[str, list[str]] = {}  # command -> replies given to its next uses
        self.data_delay = 0.0                    # seconds before DATA is acknowledged
        self.commands: list[str] = []            # every MAIL/RCPT/AUTH/DATA seen, with its reply
        self._lock = threading.Lock()

    def fail_next(self, command: str, reply: str, times: int = 1):
        with self._lock:
            self.replies.setdefault(command, []).extend([reply] * times)

    def _reply(self, command: str) -> str | None:
        with self._lock:
            queue = self.replies.get(command) or []
            reply = queue.pop(0) if queue else None
            self.commands.append(f"{command} {reply or 'ok'}")
            return reply

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        reply = self._reply("MAIL")
        if reply:
            return reply
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        reply = self._reply("RCPT")
        if reply:
            return reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        reply = self._reply("DATA")
        if reply:
            return reply
        # the message is kept before the (slow) acknowledgement: a client that gives up waiting and
        # closes the connection cancels this handler, but the server already has the message
        with self._lock:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        if self.data_delay:
            await asyncio.sleep(self.data_delay)
        return "250 OK"

    def authenticate(self, server, session, envelope, mechanism, auth_data):
        reply = self._reply("AUTH")
        if reply:
            return AuthResult(success=False, handled=False, message=reply)
        return AuthResult(success=True)

    def to(self, addr):
        with self._lock:
            return [m for m in self.messages if addr in m["To"]]

    def wait_for_messages(self, count: int, timeout: float = 10) -> None:
        """Wait (bounded) until the server holds `count` messages (it may store one after the client
        has given up on the acknowledgement)."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count:
            assert time.monotonic() < deadline, f"{len(self.messages)} messages, expected {count}"
            time.sleep(0.05)


class PolicySmtp:
    """The server; `down()` stops listening, `up()` listens again on the same port."""

    def __init__(self):
        self.handler = PolicyHandler()
        self.port = free_port()
        self.controller = None
        self.up()

    def up(self):
        if self.controller is None:
            self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port,
                                         auth_require_tls=False, authenticator=self.handler.authenticate)
            self.controller.start()

    def down(self):
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def settings(self, **extra) -> dict:
        """The `[email]` overrides that point esign at this server."""
        return {"email": {"provider": "smtp", "host": "127.0.0.1", "port": self.port, **extra}}


# --- the branded organisation of the email tests -------------------------------------------------

LEGAL = {"email": "legal@example.test", "name": "Legal"}
BRAND_KEY = "esk_live_brand_co_read_write_0000000000"
BRANDED = f"""
[[organizations]]
name = "Brand Co"
plan = "pro"
display_name = "Brand & Co Legal"
logo_url = "https://logo.example.test/brand.png"
accent_color = "#0a7d3b"
notify_email = "contracts@brand.example.test"
[[organizations.api_keys]]
key = "{BRAND_KEY}"
"""


def assert_reads_well(text: str) -> None:
    """A plain-text part without HTML leftovers, ISO timestamps or template debris, whose every link
    stands on a line of its own."""
    for leftover in ("<p", "<a ", "<br", "</", "&lt;", "&gt;", "&amp;", "&quot;", "{%", "{{", "style="):
        assert leftover not in text, (leftover, text)
    assert not re.search(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", text), text
    assert "\n\n\n" not in text and not any(line != line.rstrip() for line in text.splitlines())
    for link in links_in(text):
        assert link + "\n" in text and ("\n" + link) in text, (link, text)


def links_in(text: str) -> list[str]:
    return re.findall(r"https?://\S+", text)


def text_of(msg) -> str:
    return msg.get_body(("plain",)).get_content().replace("\r\n", "\n")

"""A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps every message, and an esign server that
sends its mail there: the `smtp_server` fixture (import it into a test module to use it)."""
import contextlib
import email
import email.policy
import re
import socket

import pytest
from aiosmtpd.controller import Controller

from tests.conftest import start_server, stop_server


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
    srv = await start_server(tmp_path, extra_config, overrides=sections)
    srv.inbox = inbox
    try:
        yield srv
    finally:
        await stop_server(srv)
        controller.stop()


@pytest.fixture
async def smtp_server(tmp_path):
    async with mail_server(tmp_path) as srv:
        yield srv

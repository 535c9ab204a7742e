"""Hostile text on the mail path (CVE-2024-6923): the payloads, an inbox that keeps raw messages, and
the checks that no header was injected (tests/hostile/test_mail_headers.py, tests/email)."""
from __future__ import annotations

import email
import email.policy

from tests.support import SAMPLE_PDF

BCC = "a=?utf-8?q?=0D=0ABcc:_x@evil.test?=.pdf"
BODY = "b=?utf-8?q?=0D=0AX-Injected:_yes=0D=0A=0D=0AInjected_body_text?=.pdf"
WORD = "=?utf-8?q?=0D=0ABcc:_x@evil.test?="
ANN = {"name": "Ann", "email": "ann@example.test"}
HOSTILE_KEY = "esk_live_org_hostile_names_000000000000"
# names that an operator configures (never checked by the API): organisation and API key owner
HOSTILE_ORG = f"""
[[organizations]]
name = "Hostile"
plan = "pro"
display_name = "Zoë =?utf-8?q?=0D=0AX-Injected:_yes?= Ltd"
[[organizations.api_keys]]
key = "{HOSTILE_KEY}"
owner_name = "Ådа =?utf-8?q?=0D=0ABcc:_x@evil.test?="
owner_email = "owner@hostile.example.test"
"""


class RawInbox:
    """Keeps what an SMTP server receives as it came: the envelope's recipients and the raw bytes."""

    def __init__(self):
        self.received: list[tuple[list[str], bytes]] = []

    async def handle_DATA(self, server, session, envelope):
        self.received.append((list(envelope.rcpt_tos), envelope.original_content or envelope.content))
        return "250 OK"


async def send_invitation(srv, file_name="contract.pdf", key="a", **extra) -> None:
    upload = await srv.client.upload(SAMPLE_PDF.read_bytes(), file_name, key=key)
    assert upload.status == 201, upload
    resp = await srv.client.post("/v1/signing-requests", {"document_id": upload.json["id"], "signers": [ANN],
                                                          "auto_send": True, **extra}, key=key)
    assert resp.status == 201, resp
    await srv.run_jobs()


def assert_no_injection(raw: bytes, recipients) -> email.message.EmailMessage:
    """No header the sender did not write, no header that decodes to a line break, nothing of the
    attacker's in the body; over SMTP the envelope names the signer only."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    names = {name.lower() for name in msg.keys()}
    assert not names & {"bcc", "cc", "x-injected"}, raw[:800]
    for name, value in msg.items():
        assert "\r" not in str(value) and "\n" not in str(value), (name, str(value))
    for part in msg.walk():
        for name, value in part.items():
            assert "\r" not in str(value) and "\n" not in str(value), (name, str(value))
    assert b"Injected body text" not in raw and b"X-Injected: yes" not in raw, raw[:800]
    head = raw.split(b"\n\n" if b"\r\n\r\n" not in raw else b"\r\n\r\n", 1)[0]
    assert b"\nBcc:" not in head and b"\nX-Injected:" not in head, head
    if recipients is not None:
        assert recipients == [ANN["email"]]
    return msg

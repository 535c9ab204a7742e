"""Mail header injection through RFC 2047 encoded words (CVE-2024-6923, issue 24 item 1), on this
machine's Python whatever its version: hostile text sent through the real mail path (the upload, the
request, the email job, the Maildir or an aiosmtpd server) and the raw message read back; encoded
words refused (422) wherever the API takes text that reaches a header."""
from __future__ import annotations

import email
import email.policy
import pathlib
import sys

import pytest

from esign import cli
from esign import config as configmod
from esign.domain import notifications
from tests.support import SAMPLE_PDF, assert_error, running_server, write_config
from tests.support.mail import smtp_controller

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


@pytest.fixture(params=["maildir", "smtp"])
async def mail(request, tmp_path):
    """(server, a function giving every raw message sent so far as (recipients or None, bytes))."""
    if request.param == "maildir":
        async with running_server(tmp_path, HOSTILE_ORG) as srv:
            folder = pathlib.Path(tmp_path) / "mail" / "new"

            def sent():
                return [(None, path.read_bytes()) for path in sorted(folder.iterdir())]
            yield srv, sent
    else:
        inbox = RawInbox()
        controller, port = smtp_controller(inbox)
        async with running_server(tmp_path, HOSTILE_ORG,
                                  overrides={"email": {"provider": "smtp", "host": "127.0.0.1", "port": port}}) as srv:
            yield srv, lambda: list(inbox.received)
        controller.stop()


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


@pytest.mark.parametrize("file_name", [BCC, BODY])
async def test_a_document_name_with_encoded_words_writes_no_header(mail, file_name):
    srv, sent = mail
    await send_invitation(srv, file_name)
    messages = sent()
    assert len(messages) == 1
    recipients, raw = messages[0]
    msg = assert_no_injection(raw, recipients)
    # the subject shows the name with its encoded word neutralised (`=?` as `= ?`), never decoded; the
    # body, which is no header, shows it as given
    assert msg["Subject"] == f"Please sign: {file_name.replace('=?', '= ?')}"
    assert f'sign "{file_name}"' in msg.get_body(("plain",)).get_content()


async def test_configured_names_with_encoded_words_write_no_header(mail):
    """The organisation's display name (From) and the key owner's name (Reply-To) come from the
    configuration, not the API: they are neutralised too, also when not ASCII (which makes the email
    package encode the header itself, after decoding the attacker's encoded word)."""
    srv, sent = mail
    await send_invitation(srv, key=HOSTILE_KEY)
    (recipients, raw), = sent()
    msg = assert_no_injection(raw, recipients)
    assert msg["From"].addresses[0].display_name.startswith("Zoë = ?utf-8?q?=0D=0AX-Injected:_yes?= Ltd")
    assert msg["Reply-To"].addresses[0].display_name == "Ådа = ?utf-8?q?=0D=0ABcc:_x@evil.test?="


def assert_refused(resp, field: str) -> None:
    error = assert_error(resp, 422, "validation_error")
    assert any(d["field"] == field and "encoded word" in d["message"] for d in error["details"]), error


async def test_encoded_words_in_header_bound_input_are_refused(server, client, document_id):
    base = {"document_id": document_id, "signers": [ANN]}
    cases = [
        ({**base, "email_subject": f"Contract {WORD}"}, "email_subject"),
        ({**base, "email_subject": "=?UTF-8?B?DQpCY2M6IHhAZXZpbC50ZXN0?="}, "email_subject"),
        ({**base, "signers": [{**ANN, "name": f"Ann {WORD}"}]}, "signers.0.name"),
        ({**base, "signers": [{**ANN, "email": "=?utf-8?q?=0D=0A?=@example.test"}]}, "signers.0.email"),
        ({**base, "cc_emails": [{"email": "legal@example.test", "name": WORD}]}, "cc_emails.0.name"),
    ]
    for body, field in cases:
        assert_refused(await client.post("/v1/signing-requests", body), field)
    assert_refused(await client.post("/v1/contacts", {"name": f"Eve {WORD}", "email": "eve@example.test"}), "name")
    assert_refused(await client.post("/v1/templates", {"name": "T", "email_subject": WORD}), "email_subject")
    # a subject still counts as text: "=?" alone is no encoded word
    ok = await client.post("/v1/signing-requests", {**base, "email_subject": "Is 2+2=? Sign to agree"})
    assert ok.status == 201, ok


async def test_template_variables_cannot_make_the_subject_an_encoded_word(server, client, document_id):
    template = await client.post("/v1/templates", {"name": "T", "document_id": document_id,
                                                   "email_subject": "Contract {{ who }}", "roles": [{"name": "Signer"}]})
    assert template.status == 201, template
    send = {"signers": [{**ANN, "role": "Signer"}], "variables": {"who": WORD}}
    resp = await client.post(f"/v1/templates/{template.json['id']}/send", send)
    error = assert_error(resp, 422, "validation_error")
    assert any(d["field"] == "variables" and "encoded word" in d["message"] for d in error["details"]), error
    assert (await client.get("/v1/signing-requests")).json["total"] == 0
    send["variables"]["who"] = "Ann"
    assert (await client.post(f"/v1/templates/{template.json['id']}/send", send)).status == 201


@pytest.mark.parametrize("version, affected", [((3, 11, 7), True), ((3, 11, 9), True), ((3, 11, 10), False),
                                               ((3, 12, 4), True), ((3, 12, 5), False), ((3, 13, 0), False)])
def test_which_pythons_are_affected(version, affected):
    assert (notifications.interpreter_notice(version) is not None) is affected


async def test_start_up_warns_on_an_affected_python(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(sys, "version_info", (3, 11, 7, "final", 0))
    cfg = configmod.load(write_config(tmp_path), environ={})
    services = await cli.start_services(cfg)
    await services.close()
    [warning] = [r for r in caplog.records if "CVE-2024-6923" in r.getMessage()]
    assert warning.levelname == "WARNING" and "3.11.10" in warning.getMessage()

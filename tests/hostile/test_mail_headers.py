"""Mail header injection through RFC 2047 encoded words (CVE-2024-6923, issue 24 item 1), on this
machine's Python whatever its version: hostile text sent through the real mail path (the upload, the
request, the email job, the Maildir or an aiosmtpd server) and the raw message read back; encoded
words refused (422) wherever the API takes text that reaches a header."""
from __future__ import annotations

import sys

import pytest

from esign import cli
from esign import config as configmod
from esign.domain.mail import notifications
from tests.support import assert_error, write_config
from tests.support.hostile_mail import ANN, BCC, BODY, HOSTILE_KEY, WORD, assert_no_injection, send_invitation


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

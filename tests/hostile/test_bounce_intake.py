"""Bounce intake, hostile (issue 35, part 2): anyone can mail the bounce address. A notice of 79,000
MIME parts (about 9.7 MB, under Postfix's default size limit) is never parsed on the event loop — it is
moved, unread, into the Maildir's `.Junk` folder with one log line, by its size or, with the size cap
raised, by the reading child's cap on parts — while `/healthz` keeps answering; a notice the child does
not read in time goes there too, as does one whose child dies (the next gets a new child). A forged
notice — no valid VERP token, but the returned `X-Esign-Request` of a real invitation and its signer's
`Final-Recipient` — changes no signer and not `/readyz`, with one log line however many recipients it
lists. An RFC 2047 encoded `Final-Recipient` carrying CR/LF and an ANSI escape makes one clean log
line."""
from __future__ import annotations

import asyncio
import logging
import os
import time

import pytest

from esign import logs
from esign.domain.mail.bounce_notices import NoticeReader
from tests.support import running_server
from tests.support.mail import maildir
from tests.support.notices import deliver, dsn, recipient_blocks, stuffed_notice
from tests.support.signing import new_request

BOUNCE_ADDRESS = "bounces@example.org"
ANSWER_WITHIN_SECONDS = 5.0  # /healthz on a loaded machine; the notice held the loop for minutes before


def settings(tmp_path, **email):
    return {"email": {"bounce_address": BOUNCE_ADDRESS, "bounce_mailbox": str(tmp_path / "bounces"), **email}}


async def invited(srv) -> tuple[dict, object]:
    """A request whose invitation was sent (by the `maildir` provider, which keeps its Return-Path)."""
    request = await new_request(srv)
    await srv.run_jobs()
    [invitation] = maildir(srv)
    assert invitation["Return-Path"].startswith("<bounces+") and invitation["X-Esign-Request"] == request["id"]
    return request, invitation


def verp(invitation) -> str:
    return invitation["Return-Path"].strip("<>")


def forged(address: str) -> str:
    """The VERP address with its token's last character changed (its MAC no longer matches)."""
    local, _, domain = address.partition("@")
    return f"{local[:-1]}{'a' if local[-1] != 'a' else 'b'}@{domain}"


def folder(srv, *parts) -> list[str]:
    path = os.path.join(srv.services.config.email["bounce_mailbox"], *parts)
    return os.listdir(path) if os.path.isdir(path) else []


@pytest.fixture(autouse=True)
def _info(caplog):
    caplog.set_level(logging.INFO, logger="esign.email")  # a recorded bounce logs INFO


def notice_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "esign.email"]


async def signer(srv, request_id) -> dict:
    return (await srv.client.get(f"/v1/signing-requests/{request_id}")).json["signers"][0]


async def answers_meanwhile(srv, work) -> list[float]:
    """Run `work` (a coroutine) while asking `/healthz` again and again; how long each answer took."""
    times: list[float] = []
    done = asyncio.Event()

    async def poll():
        while not done.is_set():
            started = time.monotonic()
            assert (await srv.client.get("/healthz", key=None)).status == 200
            times.append(time.monotonic() - started)

    poller = asyncio.create_task(poll())
    while not times:  # a question is in flight when the work starts
        await asyncio.sleep(0.01)
    try:
        await work
    finally:
        done.set()
        await poller
    return times


@pytest.mark.parametrize("cap", ["size", "parts"])
async def test_a_notice_of_79000_parts_is_moved_aside_while_the_api_answers(tmp_path, caplog, cap):
    """`size`: over `[email] bounce_max_mb` (1 MB), never opened; `parts`: with a cap of 20 MB, the child
    stops at the 201st part."""
    overrides = settings(tmp_path, **({"bounce_max_mb": 20.0} if cap == "parts" else {}))
    async with running_server(tmp_path, overrides=overrides) as srv:
        request, invitation = await invited(srv)
        name = deliver(srv.services.config.email["bounce_mailbox"], stuffed_notice(verp(invitation), 79_000))
        caplog.clear()
        times = await answers_meanwhile(srv, srv.run_jobs())
        assert max(times) < ANSWER_WITHIN_SECONDS, times
        assert folder(srv, "new") == [] and folder(srv, "cur") == []
        assert folder(srv, ".Junk", "new") == [name]  # unread, for the operator
        [line] = notice_lines(caplog)
        reason = "larger than 1048576 bytes" if cap == "size" else "more than 200 MIME parts"
        assert line.levelno == logging.WARNING and reason in line.getMessage() and name in line.getMessage(), line
        assert (await signer(srv, request["id"]))["email_bounced_at"] is None
        metrics = (await srv.client.get("/metrics", key=None)).body.decode()
        assert 'esign_bounce_notices_total{outcome="set_aside"} 1.0' in metrics


async def test_a_notice_not_read_in_time_is_moved_aside(tmp_path, caplog):
    """The child's time bound: a well-formed notice with a valid token, not read within the (here tiny)
    `[email] bounce_read_timeout_seconds` (the child's own start is not counted), records nothing and
    goes to `.Junk`."""
    async with running_server(tmp_path, overrides=settings(tmp_path, bounce_read_timeout_seconds=0.001)) as srv:
        request, invitation = await invited(srv)
        ann = request["signers"][0]["email"]
        name = deliver(srv.services.config.email["bounce_mailbox"],
                       dsn(verp(invitation), ann, "5.1.1", "550 5.1.1 User unknown", invitation,
                           recipient_blocks(180)))  # some 80 ms to read: far over the bound
        caplog.clear()
        await srv.run_jobs()
        assert folder(srv, ".Junk", "new") == [name] and folder(srv, "new") == []
        [line] = notice_lines(caplog)
        assert "not read within 0.001 s" in line.getMessage(), line
        assert (await signer(srv, request["id"]))["email_bounced_at"] is None


async def test_a_notice_whose_child_dies_is_set_aside_and_the_next_gets_a_new_child(tmp_path):
    """The reading child killed (as the memory bound or the OOM killer would) while it holds a notice: that
    notice's answer is an error (the sweep moves it aside), and the next notice is read by a new child."""
    path = tmp_path / "notice"
    path.write_bytes(dsn("bounces+x@example.org", "ann@example.test", "5.1.1", "550 5.1.1 unknown", {}))
    reader = NoticeReader(1 << 20, 200, 30.0)
    try:
        assert (await reader.read(str(path)))["reports"][0]["recipient"] == "ann@example.test"
        first = reader.proc
        first.kill()
        await first.wait()
        assert (await reader.read(str(path))) == {"error": "its reading process died (out of memory?)"}
        assert (await reader.read(str(path)))["reports"][0]["status"] == "5.1.1"
        assert reader.proc is not None and reader.proc.pid != first.pid
    finally:
        await reader.close()
    assert reader.proc is None


@pytest.mark.parametrize("status", ["5.1.1", "5.7.1"])
async def test_a_notice_without_a_valid_token_changes_no_signer_and_not_readyz(tmp_path, caplog, status):
    """The notice returns the invitation's headers (`X-Esign-Request`) and names its signer, and lists 150
    more recipients: with a forged token, or none, nothing changes and each notice logs one line. The
    same notice to the real VERP address is recorded (the control)."""
    async with running_server(tmp_path, overrides=settings(tmp_path)) as srv:
        request, invitation = await invited(srv)
        ann = request["signers"][0]["email"]
        box = srv.services.config.email["bounce_mailbox"]
        for address in (forged(verp(invitation)), BOUNCE_ADDRESS):
            deliver(box, dsn(address, ann, status, f"550 {status} refused", invitation, recipient_blocks(150)))
        caplog.clear()
        await srv.run_jobs()
        assert len(notice_lines(caplog)) == 2, [r.getMessage() for r in notice_lines(caplog)]
        assert all("carries no VERP token esign made" in r.getMessage() for r in notice_lines(caplog))
        got = await signer(srv, request["id"])
        assert got["email_bounced_at"] is None and got["email_failed_at"] is None, got
        events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
        assert not [e for e in events if e["event_type"] in ("signing_event.email_bounced", "signing_event.email_failed")]
        assert (await srv.client.get("/readyz", key=None)).json == {"status": "ready"}
        assert len(folder(srv, "cur")) == 2 and folder(srv, "new") == []  # kept, seen, for the operator

        deliver(box, dsn(verp(invitation), ann, status, f"550 {status} refused", invitation, recipient_blocks(150)))
        caplog.clear()
        await srv.run_jobs()
        assert len(notice_lines(caplog)) == 1
        got = await signer(srv, request["id"])
        if status == "5.1.1":
            assert got["email_bounced_at"] is not None
        else:
            assert got["email_failed_at"] is not None
            assert (await srv.client.get("/readyz", key=None)).json["status"] == "degraded"


FORGED_LINE = "2026-11-28 12:00:00,000 ERROR esign: forged"


@pytest.mark.parametrize("token", ["valid", "forged"])
async def test_an_encoded_final_recipient_makes_one_clean_log_line(tmp_path, caplog, token):
    """`=?utf-8?q?...=0D=0A...=1B[31m?=` decodes to CR, LF and ESC: the line logged (and the text format
    of it) is one line without them; the audit event's error has none either."""
    async with running_server(tmp_path, overrides=settings(tmp_path)) as srv:
        request, invitation = await invited(srv)
        address = verp(invitation) if token == "valid" else forged(verp(invitation))
        recipient = f"=?utf-8?q?ann=40example.test=0D=0A{FORGED_LINE.replace(' ', '_')}=1B[31m=E2=80=AE?="
        diagnostic = "550 5.1.1 unknown =?utf-8?q?=0D=0Ax=1B[2J?= \x1b[31m"
        deliver(srv.services.config.email["bounce_mailbox"], dsn(address, recipient, "5.1.1", diagnostic, invitation))
        caplog.clear()
        await srv.run_jobs()
        [line] = notice_lines(caplog)
        message = line.getMessage()
        assert "ann@example.test" in message and FORGED_LINE in message  # decoded, then cleaned
        assert logs.UNPRINTABLE.search(message) is None, repr(message)
        text = logs.formatter("text").format(line)
        assert "\n" not in text and "\r" not in text and "\x1b" not in text, repr(text)
        if token == "valid":
            events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
            [bounced] = [e for e in events if e["event_type"] == "signing_event.email_bounced"]
            assert logs.UNPRINTABLE.search(bounced["metadata"]["error"]) is None, bounced


def test_the_text_format_escapes_control_characters_whatever_logs_them():
    record = logging.LogRecord("esign.email", logging.WARNING, __file__, 1, "notice for %s", (
        f"x\r\n{FORGED_LINE}\x1b[31m\u202e\x85",), None)
    text = logs.formatter("text").format(record)
    assert text.endswith(f"notice for x\\r\\n{FORGED_LINE}\\x1b[31m\\u202e\\x85"), repr(text)
    assert logs.printable(f"x\r\n{FORGED_LINE}\x1b[31m\u202e") == f"x  {FORGED_LINE} [31m "

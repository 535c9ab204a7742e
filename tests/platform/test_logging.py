"""Log lines an operator can follow (issue 27, item 3): `[logging] format = "json"` writes one JSON
object a line; an incoming X-Request-ID is kept (a bad one replaced) and followed from the access-log
line to the job that sent the invitation, with the organisation, route and signing request; the text
format carries the same context; a delivery that succeeds after failures logs INFO, one given up
logs ERROR; signing-link tokens never reach the log."""
from __future__ import annotations

import asyncio
import json
import logging
import re

import pytest

from esign import logs
from tests.support import SAMPLE_PDF, Client
from tests.support.processes import ServeProcess
from tests.support.signing import new_request
from tests.support.webhooks import create_hook, emit, org_id

TRACE = "op-trace_42.A-b"
SIGNERS = [{"name": "Ann", "email": "ann@example.test", "order": 1}]


async def create_request(client: Client, request_id: str | None = None):
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    headers = {"X-Request-ID": request_id} if request_id is not None else {}
    resp = await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS, "auto_send": True},
                             headers=headers)
    assert resp.status == 201, resp
    return resp


@pytest.mark.slow
async def test_json_lines_follow_an_incoming_request_id_to_the_invitation(tmp_path):
    proc = ServeProcess(tmp_path, extra_config='[logging]\nformat = "json"\n')
    client = Client(proc.url)
    try:
        resp = await create_request(client, TRACE)
        assert resp.headers["X-Request-ID"] == TRACE
        await asyncio.to_thread(proc.wait_for_log, "invitation email sent", 30)
        token_page = await client.get("/sign/a-secret-signing-token-value", key=None)
        assert token_page.status in (404, 410)
        await asyncio.to_thread(proc.wait_for_log, "/sign/<token>", 10)
    finally:
        client.close()
        proc.kill()
    text = proc.log()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)

    access = [line for line in lines if line["logger"] == "tornado.access" and line.get("request_id") == TRACE]
    assert len(access) == 1, access
    (created,) = access
    assert created["route"] == "/v1/signing-requests" and created["method"] == "POST" and created["status"] == 201
    assert created["org_id"] and created["level"] == "INFO"

    (sent,) = [line for line in lines if line["message"].startswith("invitation email sent")]
    assert sent["request_id"] == TRACE and sent["org_id"] == created["org_id"]
    assert sent["signing_request_id"] == resp.json["id"] and sent["job_kind"] == "email" and sent["job_id"]

    assert "a-secret-signing-token-value" not in text
    (page,) = [line for line in lines if line.get("route") == "/sign/{token}" and line["logger"] == "tornado.access"]
    assert page["path"] == "/sign/<token>"


@pytest.mark.slow
async def test_a_bad_request_id_is_replaced_and_text_lines_carry_the_context(tmp_path):
    proc = ServeProcess(tmp_path)
    client = Client(proc.url)
    try:
        for bad in ("has spaces", "x" * 129, "semi;colon", "ünïcode"):
            resp = await client.get("/v1/signing-requests", headers={"X-Request-ID": bad})
            assert resp.status == 200 and re.fullmatch(r"[0-9a-f]{32}", resp.headers["X-Request-ID"]), bad
        longest = "y" * 128
        assert (await client.get("/v1/documents", headers={"X-Request-ID": longest})).headers["X-Request-ID"] == longest
        resp = await create_request(client, TRACE)
        await asyncio.to_thread(proc.wait_for_log, "invitation email sent", 30)
        missing = await client.get("/no/such/path", key=None)
        assert missing.status == 404 and missing.json["error"]["request_id"] == missing.headers["X-Request-ID"]
        await asyncio.to_thread(proc.wait_for_log, "/no/such/path", 10)
    finally:
        client.close()
        proc.kill()
    text = proc.log()
    (access,) = [line for line in text.splitlines() if "201 POST /v1/signing-requests" in line]
    match = re.search(r"\[request_id=(\S+) org_id=(\S+) route=(\S+)\]$", access)
    assert match and match[1] == TRACE and match[3] == "/v1/signing-requests", access
    (sent,) = [line for line in text.splitlines() if "invitation email sent" in line]
    assert f"request_id={TRACE} org_id={match[2]} " in sent and f"signing_request_id={resp.json['id']}" in sent
    assert "route=(unmatched)" in [line for line in text.splitlines() if "/no/such/path" in line][0]


def context_capture(caplog):
    caplog.set_level(logging.INFO)
    caplog.handler.addFilter(logs.ContextFilter())


async def test_an_email_sent_after_failures_logs_info(srv, smtp, caplog):  # noqa: F811
    context_capture(caplog)
    smtp.down()
    request = await new_request(srv, signers=SIGNERS, order="parallel")
    await srv.run_jobs()
    smtp.up()
    srv.clock.advance(minutes=10)
    await srv.run_jobs()
    assert len(smtp.handler.messages) == 1
    (info,) = [r for r in caplog.records if "succeeded at attempt 2" in r.getMessage()]
    assert info.levelno == logging.INFO and info.job_kind == "email" and info.signing_request_id == request["id"]


async def test_a_webhook_given_up_logs_error_and_one_delivered_on_retry_info(server, receiver, caplog):  # noqa: F811
    context_capture(caplog)
    org = await org_id(server)
    await create_hook(server.client, receiver.url("down"), name="down")
    await create_hook(server.client, receiver.url("flaky"), name="flaky")
    receiver.statuses.update({"down": 500, "flaky": 500})
    await emit(server, org)
    for round_ in range(4):  # the first attempt and the three retries of [webhooks] retry_delays_seconds
        await server.run_jobs()
        if round_ == 1:
            receiver.statuses["flaky"] = 200
        server.clock.advance(seconds=1000)
    assert len(receiver.at("down")) == 4 and len(receiver.answered_2xx("flaky")) == 1
    errors = [r for r in caplog.records if r.levelno == logging.ERROR and "given up" in r.getMessage()]
    assert len(errors) == 1 and "after 4 attempts" in errors[0].getMessage(), [r.getMessage() for r in errors]
    (retried,) = [r for r in caplog.records if "delivered at retry 2" in r.getMessage()]
    assert retried.levelno == logging.INFO and retried.job_kind == "webhooks.deliver"

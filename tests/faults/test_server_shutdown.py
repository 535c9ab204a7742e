"""Graceful shutdown of `esign serve` (issue 11, point 6): on SIGTERM or SIGINT new connections are
refused, an upload in flight still gets its 201, idle connections do not hold the exit up, a request
that outlives `[server] shutdown_grace_seconds` is cut off, and the process exits 0."""
from __future__ import annotations

import asyncio
import json
import mailbox
import os
import re
import signal
import socket
import time

import pytest

from esign import __version__
from tests.support import KEYS, Client
from tests.support.documents import multipart, sized_pdf
from tests.support.processes import ServeProcess
from tests.support.rawhttp import parse_answer

pytestmark = pytest.mark.slow  # `esign serve` in a process of its own

MB = 1024 * 1024
PIECE = 256 * 1024


def upload_head(length: int) -> bytes:
    return (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS['a']}\r\n"
            f"Content-Type: multipart/form-data; boundary=b0undaryXYZ\r\nContent-Length: {length}\r\n\r\n").encode()


async def send_slowly(writer, data: bytes, pause: float = 0.03) -> None:
    for i in range(0, len(data), PIECE):
        writer.write(data[i:i + PIECE])
        await asyncio.wait_for(writer.drain(), 10)
        await asyncio.sleep(pause)


async def wait_for_log(srv: ServeProcess, text: str) -> None:
    await asyncio.to_thread(srv.wait_for_log, text)


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_an_upload_in_flight_gets_its_201_and_the_process_exits_0(tmp_path, sig):
    srv = ServeProcess(tmp_path)
    try:
        assert not refused(srv.port)
        body = multipart(sized_pdf(8 * MB), filename="in-flight.pdf")
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(upload_head(len(body)))
        half = len(body) // 2
        await send_slowly(writer, body[:half])

        srv.proc.send_signal(sig)
        await wait_for_log(srv, "stopping")
        assert refused(srv.port)  # while the upload is still under way
        assert srv.proc.poll() is None

        await send_slowly(writer, body[half:])
        answer = await asyncio.wait_for(reader.read(), 60)  # to the end: the server closes after answering
        writer.close()
        status, _, payload = parse_answer(answer)
        assert status == 201, answer[:500]
        # the size of the stored copy, the upload normalised (esign.pdf.normalise): a few bytes from 8 MB
        assert payload["name"] == "in-flight.pdf" and abs(payload["file_size"] - 8 * MB) < 64 * 1024
        assert await asyncio.to_thread(srv.proc.wait, 60) == 0
        log = srv.log()
        assert "Traceback" not in log and "cut off" not in log and "stopped" in log
    finally:
        srv.kill()


async def test_idle_connections_do_not_hold_up_the_exit(tmp_path):
    srv = ServeProcess(tmp_path)
    socks = []
    try:
        socks = [socket.create_connection(("127.0.0.1", srv.port), timeout=5) for _ in range(5)]
        assert srv.get("/healthz") == (200, {"status": "ok", "version": __version__})
        started = time.monotonic()
        assert await asyncio.to_thread(srv.stop) == 0
        assert time.monotonic() - started < 5  # not the 25 s grace
        for s in socks:
            assert s.recv(1) == b""  # closed by the server
    finally:
        for s in socks:
            s.close()
        srv.kill()


async def test_a_request_that_outlives_the_grace_is_cut_off(tmp_path):
    srv = ServeProcess(tmp_path, server_keys="shutdown_grace_seconds = 1.0")
    try:
        body = multipart(sized_pdf(2 * MB))
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(upload_head(len(body)) + body[:MB])  # and then nothing more
        await asyncio.wait_for(writer.drain(), 10)
        await asyncio.sleep(0.2)
        started = time.monotonic()
        srv.proc.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(srv.proc.wait, 30) == 0
        assert 0.9 < time.monotonic() - started < 10
        assert await asyncio.wait_for(reader.read(), 5) == b""
        writer.close()
        assert "1 requests were still running after 1.0 s and were cut off" in srv.log()
    finally:
        srv.kill()


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as fh:
        return [int(p) for p in fh.read().split()]


async def test_a_signal_to_the_whole_process_group_does_not_fail_the_upload_being_checked(tmp_path):
    """Ctrl-C in a terminal and systemd's default stop signal every process of the service, the PDF
    check's child process too: the upload it is checking is still accepted."""
    srv = ServeProcess(tmp_path)
    try:
        body = multipart(sized_pdf(30 * MB), filename="checked.pdf")
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(upload_head(len(body)) + body)
        await asyncio.wait_for(writer.drain(), 30)
        deadline = time.monotonic() + 20
        while not children(srv.pid):  # the check has started
            assert time.monotonic() < deadline, "the PDF check never started"
            await asyncio.sleep(0.005)
        for pid in [*children(srv.pid), srv.pid]:
            os.kill(pid, signal.SIGTERM)
        answer = await asyncio.wait_for(reader.read(), 60)
        writer.close()
        status, _, payload = parse_answer(answer)
        assert status == 201, answer[:500]
        assert payload["name"] == "checked.pdf"
        assert await asyncio.to_thread(srv.proc.wait, 60) == 0
    finally:
        srv.kill()


async def test_on_the_embedded_database_invitations_of_requests_answered_during_the_drain_go_out(tmp_path):
    """memory://: no other process can run the queue, so on SIGTERM the worker runs the jobs that the
    requests still in flight queue before the process exits (issue 27: 2 of 20 went out)."""
    srv = ServeProcess(tmp_path)
    writers = []
    try:
        upload = multipart(sized_pdf(64 * 1024), filename="contract.pdf")
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        writer.write(upload_head(len(upload)).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n") + upload)
        status, _, document = parse_answer(await asyncio.wait_for(reader.read(), 30))
        writer.close()
        assert status == 201, document
        pending = []
        for i in range(20):
            body = json.dumps({"document_id": document["id"], "auto_send": True,
                               "signers": [{"name": f"Signer {i}", "email": f"signer{i}@example.test"}]}).encode()
            reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
            writer.write((f"POST /v1/signing-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS['a']}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                          ).encode() + body[:10])
            await writer.drain()
            pending.append((reader, writer, body[10:]))
            writers.append(writer)
        await asyncio.sleep(0.2)

        srv.proc.send_signal(signal.SIGTERM)
        await wait_for_log(srv, "stopping")
        answers = []
        for _reader, writer, rest in pending:  # the requests in flight are answered during the drain
            writer.write(rest)
            await writer.drain()
        for reader, _writer, _rest in pending:
            answers.append(parse_answer(await asyncio.wait_for(reader.read(), 30))[0])
        assert answers == [201] * 20
        assert await asyncio.to_thread(srv.proc.wait, 60) == 0
        delivered = mailbox.Maildir(tmp_path / "mail", create=False)
        assert sorted(message["To"] for message in delivered) == sorted(
            f"Signer {i} <signer{i}@example.test>" for i in range(20))
        assert "every background job due was run before stopping" in srv.log()
    finally:
        for writer in writers:
            writer.close()
        srv.kill()


async def test_on_the_embedded_database_jobs_left_at_exit_are_counted_in_the_log(tmp_path):
    """A webhook whose receiver is down leaves its retry queued (due in 60 s): the exit says how many
    jobs the memory:// database loses, the due ones apart from those scheduled for later."""
    srv = ServeProcess(tmp_path, server_keys="shutdown_grace_seconds = 1.0")
    client = Client(srv.url)
    try:
        closed = socket.socket()
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        closed.close()  # nothing listens there
        hook = await client.post("/v1/webhooks", {"name": "down", "url": f"http://127.0.0.1:{port}/hook",
                                                  "events": ["document.uploaded"]})
        assert hook.status == 201, hook
        assert (await client.upload(sized_pdf(16 * 1024))).status == 201
        deadline = time.monotonic() + 20
        deliveries = f"/v1/webhooks/{hook.json['id']}/deliveries"
        while [d["status"] for d in (await client.get(deliveries)).json["items"]] != ["failed"]:  # its retry queued
            assert time.monotonic() < deadline, "the delivery was never attempted"
            await asyncio.sleep(0.1)
        started = time.monotonic()
        assert await asyncio.to_thread(srv.stop) == 0
        assert time.monotonic() - started < 10
        # the retry is not due yet: it is counted as scheduled, not as due work the grace cut off
        assert "every background job due was run before stopping" in srv.log(), srv.log()[-2000:]
        assert re.search(r"[1-9]\d* background jobs scheduled for later \(reminders, retries, sweeps\) are lost with "
                         r"the memory:// database", srv.log()), srv.log()[-2000:]
    finally:
        client.close()
        srv.kill()

"""Connection and body limits (issue 11, point 7; design.md §11): JSON bodies over `[limits]
json_body_mb` are 413 before they are read, with or without a key; error bodies are bounded; an
idle-connection flood beyond the file limit leaves real clients served without a traceback loop;
many large unauthenticated posts leave the server's memory flat."""
from __future__ import annotations

import asyncio
import json
import socket
import time

import pytest

from esign import __version__
from tests.support import KEYS, assert_error, running_server
from tests.support.processes import ServeProcess
from tests.support.rawhttp import parse_answer, raw_exchange

MB = 1024 * 1024


def json_head(length: int | None, key: str | None = None, path: str = "/v1/contacts") -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
    if key:
        lines.append(f"X-API-Key: {key}")
    lines.append(f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def body_pieces(total: int, piece: int = MB, chunked: bool = False):
    """`total` bytes of a JSON-ish body, made lazily (the same piece each time)."""
    data = b" " * piece
    sent = 0
    while sent < total:
        part = data[:min(piece, total - sent)]
        sent += len(part)
        yield b"%x\r\n" % len(part) + part + b"\r\n" if chunked else part
    if chunked:
        yield b"0\r\n\r\n"


@pytest.mark.parametrize("key", [None, KEYS["a"], "esk_live_wrong_wrong_wrong_wrong"])
async def test_json_body_over_the_limit_is_413_before_it_is_read(server, key):
    # only the head is sent: the answer cannot wait for the body
    raw, took = await raw_exchange(server.port, json_head(2 * MB + 1, key))
    status, headers, body = parse_answer(raw)
    assert status == 413, raw[:300]
    assert body["error"]["code"] == "payload_too_large" and "2 MB" in body["error"]["message"]
    assert body["error"]["request_id"] == headers["x-request-id"]
    assert took < 5


async def test_json_body_at_the_limit_is_read(server):
    payload = json.dumps({"name": "n", "email": "e@example.test", "pad": "x" * (2 * MB - 60)}).encode()
    assert len(payload) <= 2 * MB
    raw, _ = await raw_exchange(server.port, json_head(len(payload), KEYS["a"]), [payload])
    status, _, body = parse_answer(raw)
    assert status == 422 and body["error"]["details"][0]["field"] == "pad"  # read and validated


async def test_a_large_answer_still_reaches_a_client_that_keeps_sending(server):
    """The client sends the whole 12 MB body before reading: the server answered at the head and
    discards the rest (a lingering close), so the client reads the 413 instead of a reset."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(json_head(12 * MB, KEYS["a"]))
    for piece in body_pieces(12 * MB):
        writer.write(piece)
        await asyncio.wait_for(writer.drain(), 10)
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    status, _, body = parse_answer(answer)
    assert status == 413 and body["error"]["code"] == "payload_too_large"


async def test_chunked_json_body_is_cut_off_at_the_limit(server):
    raw, _ = await raw_exchange(server.port, json_head(None, KEYS["a"]), body_pieces(6 * MB, 64 * 1024, chunked=True))
    status, _, body = parse_answer(raw)
    assert status == 413 and body["error"]["code"] == "payload_too_large"
    assert (await server.client.get("/v1/contacts")).json["total"] == 0


async def test_a_smaller_json_limit_is_configurable(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"json_body_mb": 1}}) as server:
        raw, _ = await raw_exchange(server.port, json_head(MB + 1, KEYS["a"]))
        assert parse_answer(raw)[0] == 413
        resp = await server.client.post("/v1/contacts", {"name": "Small", "email": "s@example.test"})
        assert resp.status == 201, resp


async def test_error_bodies_list_at_most_100_details(client):
    body = {f"unknown_{i}": i for i in range(5000)}
    resp = await client.post("/v1/contacts", body)
    err = assert_error(resp, 422, "validation_error")
    assert len(err["details"]) == 100
    long_name = {"x" * 100_000: 1, "name": "N", "email": "n@example.test"}
    err = assert_error(await client.post("/v1/contacts", long_name), 422, "validation_error")
    assert len(resp.body) < 64 * 1024 and len(err["message"]) <= 1000 and len(err["details"][0]["field"]) <= 300


@pytest.mark.slow
async def test_idle_and_slow_connections_are_closed_after_their_time_outs(tmp_path):
    timeouts = {"idle_timeout_seconds": 0.5, "body_timeout_seconds": 0.5}
    async with running_server(tmp_path, overrides={"server": timeouts}) as server:
        cases = [b"", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n",  # idle; headers never finished
                 json_head(100, KEYS["a"]) + b'{"name": ']  # a body that stops coming
        for sent in cases:
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(sent)
            started = time.monotonic()
            assert await asyncio.wait_for(reader.read(), 5) == b""  # closed by the server, nothing answered
            assert 0.4 < time.monotonic() - started < 3
            writer.close()
        assert (await server.client.get("/healthz", key=None)).status == 200


# --- process level -------------------------------------------------------------------------------

def open_idle(port: int, count: int) -> list[socket.socket]:
    socks = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", port))
        except OSError:
            s.close()
            continue
        socks.append(s)
    return socks


@pytest.mark.parametrize("server_keys", [
    "",  # the cap derived from the file limit: 256 - 128 = 128 connections
    "max_connections = 100000",  # a cap above the file limit: accept() meets EMFILE
], ids=["derived-cap", "emfile"])
@pytest.mark.slow
def test_idle_connection_flood_beyond_the_file_limit(tmp_path, server_keys):
    srv = ServeProcess(tmp_path, server_keys=server_keys, nofile=256)
    socks = []
    try:
        if not server_keys:
            assert srv.started["max_connections"] == 128
        # the fork server and the JSON-body children start in the background: a flood while they do
        # exhausts the descriptors their start needs (the fork server's handshake fails, loudly)
        srv.wait_for_log("the JSON-body child processes are ready", timeout=60)
        socks = open_idle(srv.port, 400)
        assert len(socks) >= 250  # well past the 256 descriptors the server may open
        started = time.monotonic()
        for _ in range(5):  # real clients keep being served
            assert srv.get("/v1/documents", key=KEYS["a"]) == (200, {"items": [], "total": 0, "has_more": False})
        assert time.monotonic() - started < 10
        assert srv.open_files() < 256
        time.sleep(1)  # a spinning accept loop would log on and on meanwhile
        log = srv.log()
        assert "Traceback" not in log and "Exception in callback" not in log, log[-3000:]
        assert len(log) < 20_000
        assert log.count("connection cap of") + log.count("accepting a connection failed") <= 2
        for s in socks:
            s.close()
        socks = []
        assert srv.stop() == 0
    finally:
        for s in socks:
            s.close()
        srv.kill()


@pytest.mark.slow
async def test_large_unauthenticated_posts_leave_memory_flat(tmp_path):
    """60 concurrent 60 MB JSON posts without a key (and 10 with one): each is answered 413 at its
    head; the server's peak memory grows by a few MB, not by the 3.6 GB offered."""
    srv = ServeProcess(tmp_path)
    try:
        srv.reset_peak_memory()
        before = srv.status("VmRSS")
        heads = [json_head(60 * MB)] * 60 + [json_head(60 * MB, KEYS["a"])] * 10
        answers = await asyncio.gather(*(
            raw_exchange(srv.port, head, body_pieces(60 * MB), read_timeout=30) for head in heads))
        statuses = [parse_answer(raw)[0] for raw, _ in answers]
        assert statuses == [413] * 70
        peak = srv.status("VmHWM")
        assert peak - before < 64 * MB, (before, peak)
        assert srv.get("/healthz") == (200, {"status": "ok", "version": __version__})
        assert srv.stop() == 0
        assert "Traceback" not in srv.log()
    finally:
        srv.kill()


@pytest.mark.parametrize("length, status", [("abc", 400), ("-1", 400), ("10, 11", 400), ("3000000, 3000000", 413)])
async def test_malformed_or_repeated_content_length(server, length, status):
    head = json_head(0, KEYS["a"]).replace(b"Content-Length: 0", f"Content-Length: {length}".encode())
    raw, _ = await raw_exchange(server.port, head)
    assert parse_answer(raw)[0] == status


async def _answer_then_next(port: int, first: bytes) -> tuple[int, dict, bytes]:
    """Send `first` on a new keep-alive connection, read its answer, then try a second request on the
    same connection: (first status, first headers, what the second request got back)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(first)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        status, headers, _ = parse_answer(head + b"{}")
        await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), 10)
        await asyncio.sleep(0.2)  # the server has closed by now, or kept the connection
        try:
            writer.write(f"GET /v1/usage HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS['a']}\r\n\r\n".encode())
            await writer.drain()
            second = await asyncio.wait_for(reader.read(12), 10)
        except ConnectionError:
            second = b""
        return status, headers, second
    finally:
        writer.close()


@pytest.mark.parametrize("request_line, key, status", [
    ("GET /v1/no-such-endpoint", KEYS["a"], 404),
    ("GET /v1/usage", None, 401),
    ("GET /v1/usage", "esk_live_not_a_key_000000000000000", 401),
    ("POST /v1/contacts", KEYS["a_read"], 403),
])
async def test_an_answer_before_the_request_was_read_says_the_connection_closes(server, request_line, key, status):
    """An error from prepare() (it runs before the body is read, even an empty one) makes Tornado close
    the connection: the answer says `Connection: close`, so a client does not send its next request
    into a closing socket (httpx met `RemoteProtocolError: Server disconnected` under load)."""
    head = f"{request_line} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (f"X-API-Key: {key}\r\n" if key else "") + "\r\n"
    got, headers, second = await _answer_then_next(server.port, head.encode())
    assert got == status
    assert headers.get("connection") == "close"
    assert second == b""


async def test_an_answer_after_the_request_was_read_keeps_the_connection(server):
    head = f"GET /v1/signing-requests/{'0' * 8}-0000-4000-8000-{'0' * 12} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    got, headers, second = await _answer_then_next(server.port, f"{head}X-API-Key: {KEYS['a']}\r\n\r\n".encode())
    assert got == 404 and "connection" not in headers
    assert second == b"HTTP/1.1 200"

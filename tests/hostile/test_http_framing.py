"""Requests Tornado cannot read (issue 24 item 6): a malformed request line or header, a bad
Content-Length, a broken chunked encoding or an unsupported Transfer-Encoding are answered 400 in the
Error shape (with the X-Request-ID every answer carries), not Tornado's bare `400 Bad Request`. (A
Content-Length that is negative, not a number or given twice with different values reaches the
application (esign.api.base), which already answered it in the Error shape.)"""
from __future__ import annotations

import pytest

from tests.support import KEYS
from tests.support.rawhttp import parse_answer, raw_exchange

KEY = KEYS["a"].encode()
JSON_POST = b"POST /v1/contacts HTTP/1.1\r\nHost: x\r\nX-API-Key: " + KEY + b"\r\nContent-Type: application/json\r\n"

CASES = {
    "request line": (b"GARBAGE\r\n\r\n", ()),
    "http version": (b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n", ()),
    "header line": (b"GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", ()),
    "content-length and chunked": (JSON_POST + b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n",
                                   (b"2\r\n{}\r\n0\r\n\r\n",)),
    "unsupported transfer-encoding": (JSON_POST + b"Transfer-Encoding: gzip\r\n\r\n", (b"{}",)),
    "chunk size not hex": (JSON_POST + b"Transfer-Encoding: chunked\r\n\r\n", (b"zz\r\n{}\r\n0\r\n\r\n",)),
    "chunk not terminated": (JSON_POST + b"Transfer-Encoding: chunked\r\n\r\n", (b"2\r\n{}XX0\r\n\r\n",)),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_unreadable_requests_are_answered_in_the_error_shape(server, client, case):
    head, body = CASES[case]
    raw, _ = await raw_exchange(server.port, head, body)
    status, headers, payload = parse_answer(raw)
    assert status == 400, raw[:300]
    assert headers["content-type"].startswith("application/json")
    assert set(payload) == {"error"} and payload["error"]["code"] == "bad_request", payload
    assert payload["error"]["request_id"] == headers["x-request-id"]
    assert payload["error"]["message"]
    assert (await client.get("/healthz", key=None)).status == 200

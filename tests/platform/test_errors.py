"""Errors (issue 2, point 6): every error — Tornado's own 404/405 included — in the Error shape with a
code from design.md §6, 422 with field details, X-Request-ID on every answer, and no input producing
a 500."""
from __future__ import annotations

import asyncio
import json
import socket

import pytest

from tests.support import KEYS, assert_error

DESIGN_CODES = {
    "bad_request", "invalid_pdf", "unauthorized", "forbidden", "insufficient_scope", "plan_restricted",
    "quota_exceeded", "not_found", "invalid_state", "idempotency_key_reused", "idempotency_in_progress",
    "payload_too_large", "origin_not_allowed", "validation_error", "rate_limited", "upstream_unavailable",
    "internal_error", "method_not_allowed",
}


def check_error(resp, status):
    err = assert_error(resp, status)
    assert err["code"] in DESIGN_CODES, err
    assert set(err) <= {"code", "message", "request_id", "details"}
    return err


def details_of(resp):
    err = check_error(resp, 422)
    assert err["code"] == "validation_error"
    assert isinstance(err["details"], list) and err["details"]
    for d in err["details"]:
        assert set(d) == {"field", "message"} and isinstance(d["message"], str) and d["message"]
    return {d["field"] for d in err["details"]}


@pytest.mark.parametrize("key", [None, "a"])
@pytest.mark.parametrize("path", ["/nope", "/v1/nope", "/v1/documents/extra/segments", "/v2/documents",
                                  "/v1/contacts/", "/v1/openapi.yaml"])
async def test_unknown_path_is_404_json(client, path, key):
    resp = await client.get(path, key=key)
    err = check_error(resp, 404)
    assert err["code"] == "not_found"
    assert resp.headers["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("method, path", [
    ("PUT", "/v1/contacts"), ("PATCH", "/v1/contacts"), ("DELETE", "/v1/documents"), ("GET", "/v1/documents/upload"),
    ("POST", "/v1/usage"), ("GET", "/v1/contacts/6f1c3a5e-0000-4000-8000-000000000000"), ("POST", "/healthz"),
    ("DELETE", "/v1/openapi.json"),
])
async def test_wrong_method_is_405_json(client, method, path):
    resp = await client.request(method, path, body=b"{}" if method != "GET" else None,
                                headers={"Content-Type": "application/json"})
    err = check_error(resp, 405)
    assert err["code"] == "method_not_allowed" and method in err["message"]
    allowed = {m.strip() for m in resp.headers["Allow"].split(",")}
    assert allowed and method not in allowed and allowed <= {"GET", "HEAD", "POST", "PATCH", "DELETE"}
    assert ("GET" in allowed) == ("HEAD" in allowed)


async def test_unsupported_http_method_is_405_json(client):
    resp = await client.request("PROPFIND", "/v1/contacts")
    assert check_error(resp, 405)["code"] == "method_not_allowed"
    assert resp.headers["Allow"] == "GET, HEAD, POST"


@pytest.mark.parametrize("path, key", [("/healthz", None), ("/readyz", None), ("/v1/seal-certificate", None),
                                       ("/v1/documents", "a"), ("/v1/usage", "a"), ("/v1/documents", None)])
async def test_head_answers_as_get_without_the_body(client, path, key):
    """Uptime monitors and caches probe with HEAD (RFC 9110: every GET resource answers HEAD)."""
    got = await client.request("GET", path, key=key)
    head = await client.request("HEAD", path, key=key)
    assert head.status == got.status
    assert head.headers["Content-Type"] == got.headers["Content-Type"]
    assert head.headers["Content-Length"] == got.headers["Content-Length"] and head.body == b""


async def test_head_where_there_is_no_get_is_405(client):
    resp = await client.request("HEAD", "/v1/documents/upload")
    assert resp.status == 405 and resp.headers["Allow"] == "POST" and resp.body == b""


async def test_malformed_json_is_400(client):
    for body in (b"{oops", b'{"name": "x",}', b"\xff\xfe\x00garbage", b'{"name": "x"} trailing', b"nul",
                 b'"just a string', b"{" * 3):
        resp = await client.request("POST", "/v1/contacts", body=body, headers={"Content-Type": "application/json"})
        err = check_error(resp, 400)
        assert err["code"] == "bad_request", body


@pytest.mark.parametrize("body", [b"[]", b'[{"name": "x", "email": "x@example.test"}]', b'"text"', b"42",
                                  b"null", b"true"])
async def test_json_that_is_not_an_object_is_400(client, body):
    resp = await client.request("POST", "/v1/contacts", body=body, headers={"Content-Type": "application/json"})
    assert check_error(resp, 400)["code"] == "bad_request"


async def test_empty_body_is_400(client):
    resp = await client.request("POST", "/v1/contacts", body=b"", headers={"Content-Type": "application/json"})
    assert check_error(resp, 400)["code"] == "bad_request"


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                   "application/xml"])
async def test_wrong_content_type_is_400(client, ctype):
    body = json.dumps({"name": "Ct", "email": "ct@example.test"}).encode()
    resp = await client.request("POST", "/v1/contacts", body=body, headers={"Content-Type": ctype})
    err = check_error(resp, 400)
    assert err["code"] == "bad_request"
    assert (await client.get("/v1/contacts")).json["total"] == 0


async def test_json_content_type_with_charset_is_accepted(client):
    body = json.dumps({"name": "Cs", "email": "cs@example.test"}).encode()
    resp = await client.request("POST", "/v1/contacts", body=body,
                                headers={"Content-Type": "application/json; charset=utf-8"})
    assert resp.status == 201, resp


async def test_contact_bounds_each_give_422_with_the_field(client):
    ok_email = "bound@example.test"
    cases = [
        ({"email": ok_email}, "name"),                                      # required
        ({"name": "", "email": ok_email}, "name"),                          # 1 ..
        ({"name": "n" * 256, "email": ok_email}, "name"),                   # .. 255
        ({"name": 42, "email": ok_email}, "name"),
        ({"name": None, "email": ok_email}, "name"),
        ({"name": "N"}, "email"),                                           # required
        ({"name": "N", "email": "a@"}, "email"),                            # 3 ..
        ({"name": "N", "email": "ab"}, "email"),
        ({"name": "N", "email": "a" * 310 + "@example.test"}, "email"),     # .. 320 (323 here)
        ({"name": "N", "email": "not-an-email"}, "email"),                  # syntax
        ({"name": "N", "email": "two@@example.test"}, "email"),
        ({"name": "N", "email": "spa ce@example.test"}, "email"),
        ({"name": "N", "email": "x@nodot"}, "email"),
        ({"name": "N", "email": ["x@example.test"]}, "email"),
        ({"name": "N", "email": ok_email, "phone": 12345}, "phone"),
        ({"name": "N", "email": ok_email, "phone": "1" * 1000}, "phone"),
        ({"name": "N", "email": ok_email, "nickname": "Nick"}, "nickname"),  # unknown field
    ]
    for body, field in cases:
        resp = await client.post("/v1/contacts", body)
        assert field in details_of(resp), (body, resp)
    # several bad fields are all reported
    assert details_of(await client.post("/v1/contacts", {"name": "", "email": "bad", "extra": 1})) == \
        {"name", "email", "extra"}
    assert (await client.get("/v1/contacts")).json["total"] == 0


async def test_contact_bounds_accept_their_limits(client):
    email_320 = "e" * (320 - len("@example.test")) + "@example.test"
    for body in ({"name": "n", "email": "a@b.c"}, {"name": "n" * 255, "email": email_320},
                 {"name": "P", "email": "p@example.test", "phone": None},
                 {"name": "Q", "email": "q@example.test", "phone": "+44 20 7946 0000"},
                 {"name": "Internal", "email": "x@intranet.internal"}, {"name": "Local", "email": "y@box.local"}):
        resp = await client.post("/v1/contacts", body)
        assert resp.status == 201, (body, resp)
    assert (await client.get("/v1/contacts")).json["total"] == 6


@pytest.mark.parametrize("bad_id", ["not-a-uuid", "123", "6f1c3a5e-0000-4000-8000-00000000000",
                                    "6f1c3a5e-0000-4000-8000-0000000000000", "%20", "..%2F..%2Fetc",
                                    "6f1c3a5e-0000-4000-8000-000000000000x"])
async def test_non_uuid_path_id_is_404(client, bad_id):
    assert check_error(await client.delete(f"/v1/contacts/{bad_id}"), 404)["code"] == "not_found"


async def test_request_id_on_every_answer(client, sample_pdf):
    answers = [
        await client.get("/healthz", key=None),
        await client.get("/readyz", key=None),
        await client.get("/v1/openapi.json", key=None),
        await client.get("/docs", key=None),
        await client.get("/v1/documents"),
        await client.upload(sample_pdf),
        await client.post("/v1/contacts", {"name": "R", "email": "r@example.test"}),
        await client.get("/v1/usage"),
    ]
    contact_id = answers[-2].json["id"]
    answers.append(await client.delete(f"/v1/contacts/{contact_id}"))
    assert [r.status for r in answers] == [200, 200, 200, 200, 200, 201, 201, 200, 204]
    seen = set()
    for resp in answers:
        rid = resp.headers.get("X-Request-ID")
        assert rid and rid not in seen, resp
        seen.add(rid)
    errors = [
        await client.get("/v1/documents", key=None),
        await client.get("/v1/documents", key="nope-nope-nope"),
        await client.post("/v1/contacts", {}, key="a_read"),
        await client.get("/missing"),
        await client.request("PUT", "/v1/usage", body=b"{}"),
        await client.post("/v1/contacts", {"name": ""}),
        await client.upload(b"%PDF-1.4 nothing else"),
        await client.get("/v1/documents?limit=0"),
    ]
    for resp in errors:
        err = check_error(resp, resp.status)
        assert err["request_id"] not in seen
        seen.add(err["request_id"])


async def test_errors_are_not_cached_or_sniffed(client):
    resp = await client.get("/v1/documents", key=None)
    assert resp.headers["Cache-Control"] == "no-store"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"


def deep(n):
    return "[" * n + "]" * n


WEIRD_BODIES = [
    b'{"name": "\\u0000", "email": "nul@example.test"}',
    b'{"name": "\\ud800", "email": "lone@example.test"}',
    '{"name": "名前 😀", "email": "ünï@exämple.test"}'.encode(),
    b'{"name": 1e999, "email": "inf@example.test"}',
    b'{"name": NaN, "email": "nan@example.test"}',
    b'{"name": {"$ne": null}, "email": {"$gt": ""}}',
    b'{"name": "x", "email": "x@example.test", "phone": {"$where": "1"}}',
    b'{"name": "x", "email": "x@example.test", "name": "dup"}',
    b'{"__proto__": {}, "name": "x", "email": "p@example.test"}',
    b'{"name": ' + deep(50_000).encode() + b', "email": "d@example.test"}',
    b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    b'{"name": "' + b"x" * 2_000_000 + b'", "email": "big@example.test"}',
    b'{"name": [' + b"1," * 200_000 + b'1], "email": "l@example.test"}',
    b"\xef\xbb\xbf" + b'{"name": "bom", "email": "bom@example.test"}',
    b"\x00\x00\x00{",
    "{\"name\": \"x\", \"email\": \"x@example.test\"}".encode("utf-16"),
]


@pytest.mark.parametrize("index", range(len(WEIRD_BODIES)))
async def test_weird_json_bodies_never_500(client, index):
    resp = await client.request("POST", "/v1/contacts", body=WEIRD_BODIES[index],
                                headers={"Content-Type": "application/json"})
    assert resp.status in (201, 400, 422), resp
    if resp.status != 201:
        check_error(resp, resp.status)


WEIRD_QUERIES = [
    "limit=abc", "limit=-1", "limit=0", "limit=101", "limit=1e3", "limit=", "limit=50.5", "offset=-1",
    "offset=x", "offset=99999999999999999999999999", "limit=1&limit=2", "unknown=1", "search=" + "s" * 101,
    "search=%ff%fe", "search=%00", "search=(", "search=[a-z]*", "search=.*", "search=%5C", "search=$where",
    "limit=%00", "a=%ZZ", "limit=10;offset=2", "&&&", "=x", "search=" + "😀" * 100,
]


@pytest.mark.parametrize("query", WEIRD_QUERIES)
async def test_weird_query_strings_never_500(client, query):
    for path in ("/v1/contacts", "/v1/documents"):
        resp = await client.get(f"{path}?{query}")
        assert resp.status in (200, 400, 422), (path, query, resp)
        if resp.status != 200:
            check_error(resp, resp.status)


WEIRD_PATHS = ["/v1/contacts/%00", "/v1/contacts/%ff", "/v1/contacts/" + "a" * 5000, "/v1//contacts",
               "/v1/contacts/../documents", "/v1/contacts/%2e%2e", "/V1/CONTACTS", "/v1/contacts/D3623096-5E85-403E-ACFD-246C61B10486"]


@pytest.mark.parametrize("path", WEIRD_PATHS)
async def test_weird_paths_never_500(client, path):
    for method in ("GET", "DELETE", "POST"):
        resp = await client.request(method, path, body=b"{}" if method == "POST" else None,
                                    headers={"Content-Type": "application/json"})
        assert resp.status in (400, 404, 405), (method, path, resp)
        check_error(resp, resp.status)


async def test_weird_headers_never_500(client):
    for headers in ({"X-API-Key": "ä" * 10}, {"X-API-Key": "x" * 8000}, {"Idempotency-Key": "ü" * 10},
                    {"Idempotency-Key": ""}, {"Content-Type": "application/json; charset=nonsense"},
                    {"Content-Type": "application/json; charset=utf-16"}):
        resp = await client.request("POST", "/v1/contacts", body=b'{"name": "h", "email": "h@example.test"}',
                                    headers={"Content-Type": "application/json", **headers}, key=None
                                    if "X-API-Key" in headers else "a")
        assert resp.status < 500, (headers, resp)
        if resp.status >= 400:
            check_error(resp, resp.status)


async def test_raw_protocol_garbage_does_not_kill_the_server(server, client):
    host, port = "127.0.0.1", server.port

    def send(raw: bytes) -> bytes:
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.sendall(raw)
            sock.shutdown(socket.SHUT_WR)
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
            return data

    for raw in (b"GARBAGE\r\n\r\n", b"GET /v1/documents HTTP/1.1\r\nHost: x\r\nX-API-Key: " + KEYS["a"].encode()
                + b"\r\nContent-Length: -5\r\n\r\n", b"POST /v1/contacts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked"
                b"\r\nX-API-Key: " + KEYS["a"].encode() + b"\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
                b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 100):
        answer = await asyncio.to_thread(send, raw)
        assert not answer.startswith(b"HTTP/1.1 5"), answer[:200]
    assert (await client.get("/healthz", key=None)).status == 200

"""The test client: real HTTP to the server, an API key picked by name from KEYS, and the check of
the spec's Error shape."""
from __future__ import annotations

import json

import tornado.httpclient

KEYS = {
    "a": "esk_live_org_a_read_write_000000000000",
    "a_read": "esk_live_org_a_read_only_0000000000000",
    "a_sandbox": "esk_test_org_a_sandbox_00000000000000",
    "b": "esk_live_org_b_read_write_000000000000",
    "free": "esk_live_org_free_read_write_0000000000",
}


class Response:
    def __init__(self, resp: tornado.httpclient.HTTPResponse):
        self.status = resp.code
        self.headers = resp.headers
        self.body = resp.body or b""

    @property
    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<Response {self.status} {self.body[:300]!r}>"


class Client:
    """Talks to the server over real HTTP. `key` picks an API key from KEYS (None = no key)."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def request(self, method: str, path: str, *, json_body=None, body=None, key: str | None = "a",
                      headers=None, timeout: float = 60) -> Response:
        hdrs = dict(headers or {})
        if key is not None:
            hdrs.setdefault("X-API-Key", KEYS.get(key, key))
        if json_body is not None:
            body = json.dumps(json_body)
            hdrs.setdefault("Content-Type", "application/json")
        if body is None and method in ("POST", "PUT", "PATCH"):
            body = b""
        req = tornado.httpclient.HTTPRequest(self.base_url + path, method=method, headers=hdrs, body=body,
                                             request_timeout=timeout, allow_nonstandard_methods=True)
        resp = await self.http.fetch(req, raise_error=False)
        if resp.code == 599:
            raise resp.error
        return Response(resp)

    async def get(self, path, **kw):
        return await self.request("GET", path, **kw)

    async def post(self, path, json_body=None, **kw):
        return await self.request("POST", path, json_body=json_body, **kw)

    async def patch(self, path, json_body=None, **kw):
        return await self.request("PATCH", path, json_body=json_body, **kw)

    async def delete(self, path, **kw):
        return await self.request("DELETE", path, **kw)

    async def upload(self, data: bytes, filename: str = "doc.pdf", key: str | None = "a", headers=None) -> Response:
        boundary = "esignTestBoundary7MA4YWxkTrZu0gW"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
                f"Content-Type: application/pdf\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
        hdrs = {"Content-Type": f"multipart/form-data; boundary={boundary}", **(headers or {})}
        return await self.request("POST", "/v1/documents/upload", body=body, key=key, headers=hdrs)

    def close(self):
        self.http.close()


def assert_error(resp: Response, status: int, code: str | None = None):
    assert resp.status == status, resp
    body = resp.json
    assert set(body) == {"error"}, body
    assert body["error"]["request_id"] == resp.headers["X-Request-ID"]
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if code:
        assert body["error"]["code"] == code, body
    return body["error"]

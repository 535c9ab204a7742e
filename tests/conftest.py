"""Shared fixtures: a real esign server on 127.0.0.1 (random port) over a fresh database, a fake clock,
provisioned organisations and keys, and an HTTP client.

The database is the strict embedded one (`memory://?strict`: calls interleave, 16 MiB documents are
refused, every query must be served by a declared index), or with `ESIGN_TEST_DATABASE_URL=mongodb://...`
a real MongoDB server, each test in a database of its own that is dropped afterwards."""
from __future__ import annotations

import json
import os
import pathlib
import uuid

import pytest
import tornado.httpclient
import tornado.netutil

from esign import config as configmod
from esign import services as servicesmod
from esign.app import make_app, make_server
from esign.clock import FakeClock
from esign.job_registry import make_worker

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"  # the PDF corpus ships with the tests (CC-BY-SA-4.0, see its README)
SAMPLE_PDF = CORPUS / "pdflatex-4-pages.pdf"
TEST_DATABASE_URL = os.environ.get("ESIGN_TEST_DATABASE_URL") or "memory://?strict"

KEYS = {
    "a": "esk_live_org_a_read_write_000000000000",
    "a_read": "esk_live_org_a_read_only_0000000000000",
    "a_sandbox": "esk_test_org_a_sandbox_00000000000000",
    "b": "esk_live_org_b_read_write_000000000000",
    "free": "esk_live_org_free_read_write_0000000000",
}


def raw_db(services):
    """The database without the strict double's index check, for tests that inspect stored documents
    with queries the application never makes."""
    return getattr(services.db, "unchecked", services.db)


def write_config(tmp_path: pathlib.Path, extra: str = "") -> str:
    # a fresh database per server, as memory:// gives; on a real server it is dropped when the server stops
    text = f"""
[server]
public_url = "http://127.0.0.1:1"
[database]
url = "{TEST_DATABASE_URL}"
name = "esign_test_{uuid.uuid4().hex[:16]}"
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[webhooks]
allow_private_networks = true
allow_http = true
retry_delays_seconds = [60, 300, 900]
[limits]
default_rate_per_minute = 1000
[jobs]
poll_interval_seconds = 0.05
[plans.small]
signing_requests_per_month = 3
storage_mb = 1
templates = 2

[[organizations]]
name = "Org A"
plan = "enterprise"
embed_origins = ["https://app.example.test"]
[[organizations.api_keys]]
key = "{KEYS['a']}"
owner_name = "Ada Admin"
owner_email = "ada@a.example.test"
[[organizations.api_keys]]
key = "{KEYS['a_read']}"
scopes = ["read"]
[[organizations.api_keys]]
key = "{KEYS['a_sandbox']}"
sandbox = true
owner_name = "Sandy Box"
owner_email = "sandy@a.example.test"

[[organizations]]
name = "Org B"
plan = "pro"
[[organizations.api_keys]]
key = "{KEYS['b']}"

[[organizations]]
name = "Org Small"
plan = "small"
[[organizations.api_keys]]
key = "{KEYS['free']}"
{extra}
"""
    path = tmp_path / "esign.toml"
    path.write_text(text)
    return str(path)


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


class Server:
    def __init__(self, services, http_server, port):
        self.services = services
        self.http_server = http_server
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.client = Client(self.url)
        self.clock: FakeClock = services.clock
        self.worker = services.worker

    async def run_jobs(self):
        """Run sweeps and every due job now (the fake clock decides what is due)."""
        return await self.worker.drain()


async def start_server(tmp_path, extra_config: str = "", overrides=None, clock=None, pm=None, database=None) -> Server:
    cfg = configmod.load(write_config(tmp_path, extra_config), environ={}, overrides=overrides)
    for section, builtin in (("storage", "local"), ("email", "maildir")):  # `path` is those builtins' option
        if getattr(cfg, section)["provider"] != builtin:
            getattr(cfg, section).pop("path", None)
    services = await servicesmod.build(cfg, clock or FakeClock(), pm=pm, database=database)
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    port = sockets[0].getsockname()[1]
    cfg.server["public_url"] = f"http://127.0.0.1:{port}"
    app = make_app(services)
    http_server = make_server(app, cfg)
    http_server.add_sockets(sockets)
    make_worker(services)  # jobs run when a test calls server.run_jobs(), never in the background
    return Server(services, http_server, port)


async def stop_server(server: Server):
    server.client.close()
    server.http_server.stop()
    await server.services.close()
    if not server.services.config.database.url.startswith("memory://"):
        await server.services.db.client.drop_database(server.services.config.database.name)


@pytest.fixture
async def server(tmp_path):
    srv = await start_server(tmp_path)
    yield srv
    await stop_server(srv)


@pytest.fixture
def client(server) -> Client:
    return server.client


@pytest.fixture
def sample_pdf() -> bytes:
    return SAMPLE_PDF.read_bytes()


@pytest.fixture
async def document_id(client, sample_pdf) -> str:
    resp = await client.upload(sample_pdf, "contract.pdf")
    assert resp.status == 201, resp
    return resp.json["id"]


def assert_error(resp: Response, status: int, code: str | None = None):
    assert resp.status == status, resp
    body = resp.json
    assert set(body) == {"error"}, body
    assert body["error"]["request_id"] == resp.headers["X-Request-ID"]
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if code:
        assert body["error"]["code"] == code, body
    return body["error"]


class Hiccup:
    """`store.method` fails `times` times (a database fail-over between a transition's update and what
    follows it), then works again."""

    def __init__(self, store, method, times=1):
        self.real, self.times = getattr(store, method), times
        setattr(store, method, self)

    async def __call__(self, *args, **kwargs):
        if self.times:
            self.times -= 1
            raise ConnectionError("connection reset by peer")
        return await self.real(*args, **kwargs)

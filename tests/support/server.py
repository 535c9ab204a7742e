"""A real esign server on 127.0.0.1 (random port) over a fresh database and a fake clock, with the
provisioned organisations and keys of KEYS. Use it as `async with running_server(tmp_path) as server:`;
the `server` fixture (tests/conftest.py) is the default one.

The database is the strict embedded one (`memory://?strict`: calls interleave, 16 MiB documents are
refused, every query must be served by a declared index), or with `ESIGN_TEST_DATABASE_URL=mongodb://...`
a real MongoDB server, each server in a database of its own that is dropped when it stops."""
from __future__ import annotations

import contextlib
import os
import pathlib
import uuid
from collections.abc import AsyncIterator

import tornado.netutil

from esign import config as configmod
from esign import services as servicesmod
from esign.app import make_app, make_server
from esign.clock import FakeClock
from esign.job_registry import make_worker
from tests.support.client import KEYS, Client

TEST_DATABASE_URL = os.environ.get("ESIGN_TEST_DATABASE_URL") or "memory://?strict"


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
pdf_check_workers = 1  # one checking process per server, not two: a test uploads one file at a time
[jobs]
poll_interval_seconds = 0.05
finalize_processes = 0  # stamping and sealing in a thread (tests/signing/test_finalize_processes.py: in a child)
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


class Server:
    """A running server: its services, port and URL, a client, the fake clock, the job worker."""

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
    """A started server; the caller stops it with stop_server (prefer `running_server`, which does)."""
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


@contextlib.asynccontextmanager
async def running_server(tmp_path, extra_config: str = "", overrides=None, clock=None, pm=None, database=None
                         ) -> AsyncIterator[Server]:
    """A server for the body of an `async with`, stopped however the body ends (`database`: share
    another server's, as a second process would)."""
    server = await start_server(tmp_path, extra_config, overrides=overrides, clock=clock, pm=pm, database=database)
    try:
        yield server
    finally:
        await stop_server(server)

"""A real local webhook receiver (the `receiver` fixture, tests/conftest.py) and helpers shared by the
webhook tests."""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import socket
import struct
import time
from dataclasses import dataclass

import tornado.httpserver
import tornado.netutil
import tornado.web

from esign.store.base import new_id


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes
    at: float  # time.monotonic() on arrival
    answered: int | None = None  # the status answered; None while waiting, or if it never answered
    connection: int | None = None  # the client's port: requests with the same one came over one connection

    @property
    def json(self):
        return json.loads(self.body)

    def verifies(self, secret: str, header: str = "X-Webhook-Signature") -> bool:
        expected = hmac.new(secret.encode(), self.body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(expected, self.headers.get(header, ""))


class _Handler(tornado.web.RequestHandler):
    async def post(self, path):
        receiver: Receiver = self.settings["receiver"]
        got = Received(path, dict(self.request.headers), self.request.body, time.monotonic(),
                       connection=self.request.connection.stream.socket.getpeername()[1])
        receiver.requests.append(got)
        if receiver.close_every and len(receiver.requests) % receiver.close_every == 0:
            self.set_header("Connection", "close")  # this answer ends its connection
        mode = receiver.modes.get(path)
        if mode == "reset":  # close with a TCP reset, no answer
            self.request.connection.stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                                             struct.pack("ii", 1, 0))
            self.request.connection.stream.close()
            return
        if mode in ("stall", "cut"):  # answer 200 with a body that stops after a few bytes
            got.answered = 200
            self.set_header("Content-Length", str(2 ** 30 if mode == "cut" else 100))
            self.write("RECEIVER")
            await self.flush()
            if mode == "cut":  # then close the connection
                self.request.connection.stream.close()
                return
            mode = "hang"  # then send nothing more
        if mode == "hang":  # never answer (more); wait until the client gives up (bounded)
            self._gone = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._gone.wait(), HANG_LIMIT)
            return
        delay = receiver.delays.get(path, 0)
        if delay:
            await asyncio.sleep(delay)
        status = receiver.statuses.get(path, 200)
        self.set_status(status)
        if 300 <= status < 400:
            self.set_header("Location", f"/{path}-moved")
        got.answered = status
        self.finish("RECEIVER-PRIVATE-BODY")

    def on_connection_close(self):
        if hasattr(self, "_gone"):
            self._gone.set()


HANG_LIMIT = 30  # seconds a hanging request waits for the client to close the connection


class Receiver:
    """Records every POST (raw body and headers) and answers `statuses[path]` (default 200) after
    `delays[path]` seconds; `modes[path]` = "reset" closes the connection with a TCP reset instead,
    "hang" never answers, "stall" answers 200 and sends a few bytes of its body and then nothing
    more, "cut" answers 200 announcing a 1 GiB body and closes the connection after a few bytes.
    `close_every` = n answers every n-th request with `Connection: close`. `stop()` stops listening
    (connections refused) and closes the open ones; `up()` listens again on the same port."""

    def __init__(self):
        self.requests: list[Received] = []
        self.statuses: dict[str, int] = {}
        self.delays: dict[str, float] = {}
        self.modes: dict[str, str] = {}
        self.close_every = 0
        self.port = 0
        self.server = None
        self.up()

    def up(self):
        sockets = tornado.netutil.bind_sockets(self.port, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.server = tornado.httpserver.HTTPServer(
            tornado.web.Application([(r"/(.*)", _Handler)], receiver=self))
        self.server.add_sockets(sockets)

    def url(self, path="hook", host="127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{path}"

    def at(self, path="hook") -> list[Received]:
        return [r for r in self.requests if r.path == path]

    def answered_2xx(self, path="hook") -> list[Received]:
        return [r for r in self.at(path) if r.answered is not None and 200 <= r.answered < 300]

    def stop(self):
        """Stop listening and close the connections kept alive (a receiver that went down)."""
        self.server.stop()
        asyncio.ensure_future(self.close_connections())

    async def close_connections(self):
        """Close every open connection, as a receiver's idle time-out or restart does."""
        await self.server.close_all_connections()


async def org_id(server, name="Org A") -> str:
    return (await server.services.store.organizations.by_name(name))["id"]


async def create_hook(client, url, events=("signing_request.created",), name="hook", key="a") -> dict:
    resp = await client.post("/v1/webhooks", {"name": name, "url": url, "events": list(events)}, key=key)
    assert resp.status == 201, resp
    return resp.json


async def emit(server, org, event_type="signing_request.created", fan_out=True, **fields) -> dict:
    """Store an event; with `fan_out` the worker then follows it at once, as the one an event wakes does
    (esign.domain.mail.outbox); without it the event stays in the outbox (a process that died meanwhile)."""
    fields.setdefault("signing_request_id", new_id())
    event = await server.services.emit(org, event_type, **fields)
    if fan_out:
        await server.worker.run_outbox()
    return event


async def deliveries(client, hook, query=""):
    resp = await client.get(f"/v1/webhooks/{hook['id']}/deliveries{query}")
    assert resp.status == 200, resp
    return resp.json

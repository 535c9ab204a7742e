"""Helpers of the esign-gridfs tests: the provider made through esign's plugin manager over a given
database, and MongoDB servers that are not there (a closed port) or never answer (a silent socket)."""
from __future__ import annotations

import asyncio

from esign import config as configmod
from esign import db as dbmod
from esign import plugins as pluginsmod
from tests.support.mail import free_port


def make_storage(database, **changes):
    cfg = configmod.load(None, environ={}, overrides={"storage": {"provider": "gridfs", **changes}})
    provider = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "storage")
    provider.use_database(database)
    return provider


async def unreachable_storage(port: int | None = None, timeout_ms: int = 300):
    """The provider over motor, as esign connects (esign.db.connect), to a MongoDB that is not there."""
    database = dbmod.connect(f"mongodb://127.0.0.1:{port or free_port()}/", "esign", timeout_ms=timeout_ms)
    provider = make_storage(database)
    await provider.start()  # start-up goes on; /readyz tells
    return provider


async def silent_server():
    """A TCP server on 127.0.0.1 that accepts connections and never answers (a hung MongoDB)."""
    held = []

    async def hold(reader, writer):
        held.append(writer)
        await reader.read()  # until the client gives up

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]

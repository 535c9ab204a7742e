"""The database as tests see it: without the strict double's index check, a fresh store of its own,
and a store method that fails for a while (a fail-over)."""
from __future__ import annotations

from esign import db as dbmod
from esign.clock import FakeClock
from esign.store import Store


def raw_db(services):
    """The database without the strict double's index check, for tests that inspect stored documents
    with queries the application never makes."""
    return getattr(services.db, "unchecked", services.db)


async def fresh_store() -> Store:
    """A store over a strict embedded database of its own, indexes declared (no server)."""
    store = Store(dbmod.connect("memory://?strict", "store_test"), FakeClock())
    await store.ensure_indexes()
    return store


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

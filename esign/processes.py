"""Pools of child processes for CPU work that would otherwise hold the event loop's interpreter: large
JSON bodies (esign.api.bounds.BodyLoader) and finalisation (stamping and sealing, esign.domain.evidence.finalization).

A thread would not do: pypdf, reportlab and pyHanko are Python, and hold the interpreter lock while they
work, so the event loop (the API, the worker's other lanes) would wait for them. A child process runs on
another core. Children start on first use (or at `start()`), from a fork server that has the service's
modules imported, and live until `close()`; a child that dies (killed, out of memory) breaks its pool, which is replaced
for the next call (the call that saw it raises BrokenProcessPool).
"""
from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("esign.processes")
PRELOAD = ["esign.app"]  # what each child has imported before it forks
CLOSE_WAIT = 10  # seconds a closing pool waits for the children still starting (ChildPool.close)


class ChildPool:
    """`processes` children (0: run in a thread of this process instead, for tests and small setups)."""

    def __init__(self, name: str, processes: int):
        self.name, self.processes = name, processes
        self._pool: ProcessPoolExecutor | None = None
        self._warming: asyncio.Future | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context)
        return self._pool

    def start(self) -> asyncio.Future:
        """Start the fork server and every child now, in the background (`esign serve` at start-up): the
        first call would otherwise wait for the fork server to import the service's modules, seconds on a
        busy machine (the 202 of a 500-recipient bulk send waited 5 s for it). Returns what to await for
        the children to be there."""
        if self._warming is None:
            self._warming = asyncio.ensure_future(asyncio.gather(
                *(self.run(_ready) for _ in range(self.processes)), return_exceptions=True))
        return self._warming

    async def run(self, fn, *args, **kwargs):
        """`fn(*args, **kwargs)` in a child (`fn` and its arguments pickled), its result back."""
        call = functools.partial(fn, *args, **kwargs)
        if not self.processes:
            return await asyncio.to_thread(call)
        pool = self._executor()
        try:
            # submitted from a thread: starting a child waits for the fork server (importing the
            # service's modules, on first use), which the event loop must not
            future = await asyncio.to_thread(pool.submit, call)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            log.error("a child process of the %s pool died; the pool is replaced", self.name)
            if self._pool is pool:
                self._pool = None
            raise

    async def close(self) -> None:
        if self._warming is not None and not self._warming.done():
            # a child half-started when the pool shuts down breaks the fork server's hand-over, which
            # prints a traceback: a server stopped right after its start lets the start finish first
            try:
                await asyncio.wait_for(asyncio.shield(self._warming), CLOSE_WAIT)
            except asyncio.TimeoutError:
                self._warming.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _ready() -> None:
    """What `ChildPool.start` runs in each child: nothing, once the child is there."""

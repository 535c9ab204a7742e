"""Waiting for something to happen, for tests that run the background worker or other processes.

The time limit only stops a test that would otherwise hang; it is generous on purpose and never the
thing a test checks (a loaded 2-core machine is slow): tests check what happened, and in what order."""
from __future__ import annotations

import asyncio
import inspect
import time

PATIENCE = 60.0  # seconds


async def until(check, timeout: float = PATIENCE, interval: float = 0.02):
    """Call `check()` (a function or a coroutine function) until it returns something true; return it."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if inspect.isawaitable(got):
            got = await got
        if got:
            return got
        assert time.monotonic() < deadline, f"still waiting for {getattr(check, '__name__', check)} after {timeout} s"
        await asyncio.sleep(interval)

"""Runs jobs from the queue and the periodic sweeps.

Handlers are registered per job kind: `async def handler(services, payload, job)`. A handler that
raises ProviderUnavailable or RetryLater is retried with back-off; ProviderRejected or PermanentJobError
fails the job at once; any other exception is logged and retried up to the job's max_attempts.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
import uuid

from esign.providers.base import ProviderRejected

log = logging.getLogger("esign.jobs")


class RetryLater(Exception):
    def __init__(self, message: str, delay_seconds: float | None = None):
        super().__init__(message)
        self.delay_seconds = delay_seconds


class PermanentJobError(Exception):
    """The job can never succeed; do not retry."""


def backoff(attempts: int) -> float:
    return min(5 * 2 ** (attempts - 1), 3600)


class Worker:
    def __init__(self, services, handlers: dict, sweeps: list):
        """`handlers`: kind -> coroutine function; `sweeps`: list of (interval seconds, coroutine
        function(services)) run periodically."""
        self.services = services
        self.handlers = handlers
        self.sweeps = sweeps
        self.id = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.config = services.config.jobs
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._running: set[asyncio.Task] = set()
        self._last_sweep: dict[int, float] = {}

    def wake(self):
        """Called after enqueueing in this process so the job starts without waiting for a poll."""
        self._wake.set()

    async def run_job(self, job) -> None:
        jobs = self.services.store.jobs
        handler = self.handlers.get(job["kind"])
        if handler is None:
            await jobs.fail(job, f"no handler for job kind {job['kind']!r}")
            return
        try:
            await handler(self.services, job["payload"], job)
        except (ProviderRejected, PermanentJobError) as exc:
            log.warning("job %s (%s) failed for good: %s", job["id"], job["kind"], exc)
            await jobs.fail(job, str(exc))
        except RetryLater as exc:
            await jobs.retry(job, str(exc), exc.delay_seconds if exc.delay_seconds is not None else backoff(job["attempts"]))
        except Exception as exc:  # noqa: BLE001 - a job must never take the worker down
            if not isinstance(exc, asyncio.CancelledError):
                log.warning("job %s (%s) attempt %s failed: %s", job["id"], job["kind"], job["attempts"], exc,
                            exc_info=not _expected(exc))
            status = await jobs.retry(job, f"{type(exc).__name__}: {exc}", backoff(job["attempts"]))
            if status == "failed":
                log.error("job %s (%s) gave up after %s attempts", job["id"], job["kind"], job["attempts"])
        else:
            await jobs.complete(job)

    async def run_due(self, limit: int | None = None) -> int:
        """Run every due job now, one after another (tests and `drain`). Returns how many ran."""
        count = 0
        while limit is None or count < limit:
            job = await self.services.store.jobs.claim(self.id, self.config.lease_seconds, kinds=self.handlers)
            if job is None:
                return count
            await self.run_job(job)
            count += 1
        return count

    async def run_sweeps(self, force: bool = False) -> None:
        now = time.monotonic()
        for i, (interval, sweep) in enumerate(self.sweeps):
            if force or now - self._last_sweep.get(i, 0) >= interval:
                self._last_sweep[i] = now
                try:
                    await sweep(self.services)
                except Exception:  # noqa: BLE001
                    log.exception("sweep %s failed", getattr(sweep, "__name__", sweep))

    async def drain(self, rounds: int = 50) -> int:
        """Run sweeps and due jobs until nothing is due (for tests with a fake clock)."""
        total = 0
        for _ in range(rounds):
            await self.run_sweeps(force=True)
            ran = await self.run_due()
            total += ran
            if not ran:
                return total
        return total

    async def _loop(self):
        limit = asyncio.Semaphore(self.config.concurrency)
        while True:
            # cleared before looking, so a job enqueued while the claim awaits the database still wakes us
            self._wake.clear()
            await self.run_sweeps()
            claimed = False
            while not limit.locked():
                try:
                    job = await self.services.store.jobs.claim(self.id, self.config.lease_seconds, kinds=self.handlers)
                except Exception:  # noqa: BLE001 - database hiccup: wait and try again
                    log.exception("claiming a job failed")
                    job = None
                if job is None:
                    break
                claimed = True
                await limit.acquire()
                task = asyncio.create_task(self._guarded(job, limit))
                self._running.add(task)
                task.add_done_callback(self._running.discard)
            if claimed and not limit.locked():
                continue
            # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancel from stop()
            try:
                async with asyncio.timeout(self.config.poll_interval_seconds):
                    await self._wake.wait()
            except TimeoutError:
                pass

    async def _guarded(self, job, limit):
        try:
            await self.run_job(job)
        except Exception:  # noqa: BLE001
            log.exception("job %s crashed the runner", job["id"])
        finally:
            limit.release()
            self._wake.set()

    def start(self):
        self._task = asyncio.create_task(self._loop())

    async def stop(self):
        if self._task:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        for task in list(self._running):
            task.cancel()
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)


def _expected(exc) -> bool:
    from esign.providers.base import ProviderUnavailable

    return isinstance(exc, ProviderUnavailable)

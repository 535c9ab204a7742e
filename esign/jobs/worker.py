"""Runs jobs from the queue, lane by lane, and the periodic sweeps.

A job kind (esign.jobs.kinds.JobKind) names its handler `async def handler(services, payload, job)`
and its lane. A handler that raises ProviderUnavailable (including ProviderFault) or RetryLater is
retried with back-off; ProviderRejected or PermanentJobError fails the job at once; any other
exception is logged and retried (RetryLater, PermanentJobError and the back-off are the job
contract's: esign.jobs.kinds). A job retries until its kind's horizon (seconds from its first
attempt) or, for kinds without one, until its `max_attempts`; then it fails and the kind's
`on_give_up` runs (a handler that fails a job at once has dealt with the failure itself).

A worker that runs the `webhooks` lane also works off the outbox (`outbox`: what follows each stored
event, esign.domain.mail.outbox): as soon as an event stored in this process wakes it (`wake_outbox`), and
every `[jobs] poll_interval_seconds` for events stored by other processes.

Each lane has `[jobs] lane_<lane>` slots, and at most `[jobs] group_concurrency` jobs of one
group (the deliveries of one webhook) run at once in this process. A lane is claimed from when it is
woken (a job queued here, a slot freed, the poll). A lane whose last claim found nothing due but jobs
of the groups it left out (those at their cap) keeps that knowledge until a job is queued or re-queued
here or the poll comes: meanwhile it is claimed from only when one of those groups is below its cap
(a job of it ended), and taking a job of one of them does not make it look again. So a worker does not
ask the database once more for every job it finishes. A running job renews its lease every third of
`[jobs] lease_seconds`; `stop(grace)` stops claiming, lets running jobs finish within the grace and
releases the rest at once.
"""
from __future__ import annotations

import asyncio
import collections
import datetime as dt
import logging
import os
import socket
import time
import uuid

from esign import logs, tracing
from esign.jobs.kinds import JOB_LANES, LANES, JobKind, PermanentJobError, RetryLater, backoff
from esign.providers.base import ProviderFault, ProviderRejected, ProviderUnavailable

log = logging.getLogger("esign.jobs")


class Worker:
    def __init__(self, services, kinds: list[JobKind], sweeps: list, lanes=None, outbox=None):
        """`kinds`: the job kinds this worker knows; `sweeps`: coroutine functions(services) run
        every `[jobs] sweep_interval_seconds` (only when the `sweeps` lane is run); `lanes`: the lanes
        to run (default: all); `outbox`: coroutine function(services) that works off the outbox (only
        when the `webhooks` lane is run)."""
        lanes = list(LANES if lanes is None else lanes)
        unknown = [lane for lane in lanes if lane not in LANES]
        if unknown or not lanes:
            raise ValueError(f"unknown lanes {unknown}; the lanes are {', '.join(LANES)}")
        self.services = services
        self.config = services.config.jobs
        self.kinds = {k.kind: k for k in kinds}
        self.sweeps = sweeps if "sweeps" in lanes else []
        self.outbox = outbox if "webhooks" in lanes else None
        self.lanes = [lane for lane in JOB_LANES if lane in lanes]
        self.slots = {lane: self.config[f"lane_{lane}"] for lane in self.lanes}
        self.id = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._wake = asyncio.Event()
        self._woken: set[str] = set(self.lanes)  # the lanes the claim loop's next round looks at
        # lane -> the groups its last claim left out, when that claim found nothing due and nothing was
        # queued or re-queued here since: only a job of one of those groups can be claimed, once the group
        # is below its cap (`_queued` counts the wakes that end this knowledge, per lane)
        self._empty: dict[str, frozenset] = {}
        self._queued = collections.Counter()
        self._outbox_wake = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self._running: set[asyncio.Task] = set()
        self._busy = collections.Counter()   # lane -> running jobs
        self._groups = collections.Counter()  # group -> running jobs
        self._last_sweep: dict[int, float] = {}
        self._stopping = False  # the loops end at their next turn, even one that missed its cancel

    def wake(self, lane: str | None = None):
        """Called after enqueueing (a job of `lane`; None: any) in this process so the job starts without
        waiting for a poll. The next round claims from the woken lanes only; a poll looks at all."""
        lanes = self.lanes if lane is None else (lane,)
        self._woken.update(lanes)
        for woken in lanes:
            self._empty.pop(woken, None)
            self._queued[woken] += 1
        self._wake.set()

    def wake_outbox(self):
        """Called after an event is stored in this process so its fan-out starts without waiting for a poll."""
        self._outbox_wake.set()

    # --- one job ---------------------------------------------------------------------------------

    async def run_job(self, job) -> None:
        # its log lines name the job, its signing request and the request that queued it
        origin = job.get("origin", {})
        context = logs.CONTEXT.set({**origin, "job_id": job["id"], "job_kind": job["kind"],
                                    "signing_request_id": job["payload"].get("request_id")
                                    or origin.get("signing_request_id")})
        try:
            with tracing.span(f"job {job['kind']}", {"esign.job_id": job["id"], "esign.lane": job["lane"]},
                              carrier=job.get("trace")):
                await self._run_job(job)
        finally:
            logs.CONTEXT.reset(context)

    async def _run_job(self, job) -> None:
        jobs = self.services.store.jobs
        kind = self.kinds.get(job["kind"])
        if kind is None:
            await jobs.retry(job, f"no handler for job kind {job['kind']!r}", 0, final=True)
            return
        beat = asyncio.create_task(self._heartbeat(job, asyncio.current_task()))
        try:
            await kind.handler(self.services, job["payload"], job)
        except asyncio.CancelledError:
            beat.cancel()  # before the release: a renewal racing it would find the job gone and cancel again
            if await jobs.release(job):
                log.info("job %s (%s) released", job["id"], job["kind"])
                self.services.metrics.job(kind.lane, kind.kind, "released")
            self.wake(job["lane"])  # the job is due again (once stored as such: a claim before would miss it)
            raise
        except (ProviderRejected, PermanentJobError) as exc:
            log.warning("job %s (%s) failed for good: %s", job["id"], job["kind"], exc)
            await jobs.retry(job, str(exc), 0, final=True)
            self.services.metrics.job(kind.lane, kind.kind, "failed")
        except Exception as exc:  # noqa: BLE001 - a job must never take the worker down
            await self._retry(kind, job, exc)
        else:
            await jobs.complete(job)
            self.services.metrics.job(kind.lane, kind.kind, "done")
            if job["attempts"] > 1:
                log.info("job %s (%s) succeeded at attempt %s after: %s", job["id"], job["kind"], job["attempts"],
                         job.get("last_error"))
        finally:
            beat.cancel()

    async def _retry(self, kind: JobKind, job, exc: Exception) -> None:
        if isinstance(exc, RetryLater):
            error = str(exc)
            delay = exc.delay_seconds if exc.delay_seconds is not None else backoff(job["attempts"])
        else:
            error = f"{type(exc).__name__}: {exc}"
            delay = backoff(job["attempts"])
            if isinstance(exc, ProviderFault):
                log.error("job %s (%s) attempt %s: provider fault: %s", job["id"], job["kind"], job["attempts"], exc)
            else:
                log.warning("job %s (%s) attempt %s failed: %s", job["id"], job["kind"], job["attempts"], exc,
                            exc_info=not isinstance(exc, ProviderUnavailable))
        if kind.horizon is not None:
            started = job.get("retry_from") or job["created_at"]
            final = self.services.clock.now() - started >= dt.timedelta(seconds=kind.horizon(self.services.config))
        else:
            final = job["attempts"] >= job["max_attempts"]
        self.services.metrics.job(kind.lane, kind.kind, "failed" if final else "retried")
        if final:
            log.error("job %s (%s) gave up after %s attempts: %s", job["id"], job["kind"], job["attempts"], error)
            await self._give_up(kind, job, error)
        else:
            await self.services.store.jobs.retry(job, error, delay, final=False)
            self.wake(job["lane"])  # queued again (due at once when `delay` is 0), once stored as such

    async def _give_up(self, kind: JobKind, job, error: str) -> None:
        if not await self.services.store.jobs.retry(job, error, 0, final=True):
            return  # the claim was lost: the job is someone else's now
        if kind.on_give_up is not None:
            try:
                await kind.on_give_up(self.services, job, error)
            except Exception:  # noqa: BLE001 - a failing callback must not keep the job from ending as failed
                log.exception("give-up callback of job %s (%s) failed", job["id"], job["kind"])

    async def _heartbeat(self, job, task: asyncio.Task) -> None:
        lease = self.config.lease_seconds
        while True:
            await asyncio.sleep(lease / 3)
            try:
                held = await self.services.store.jobs.renew(job, lease)
            except Exception:  # noqa: BLE001 - a database hiccup: the next beat tries again
                log.exception("renewing the lease of job %s failed", job["id"])
                continue
            if not held:
                log.warning("job %s (%s) lost its lease; cancelling it here", job["id"], job["kind"])
                task.cancel()
                return

    # --- inline runs (tests, drain) --------------------------------------------------------------------

    async def run_due(self, limit: int | None = None) -> int:
        """Run every due job of this worker's lanes now, one after another (tests and `drain`).
        Returns how many ran."""
        count = 0
        while limit is None or count < limit:
            job = await self.services.store.jobs.claim(self.id, self.config.lease_seconds, self.lanes)
            if job is None:
                return count
            await self.run_job(job)
            count += 1
        return count

    async def run_sweeps(self, force: bool = False) -> None:
        now = time.monotonic()
        for i, sweep in enumerate(self.sweeps):
            if force or now - self._last_sweep.get(i, 0) >= self.config.sweep_interval_seconds:
                self._last_sweep[i] = now
                try:
                    await sweep(self.services)
                except Exception:  # noqa: BLE001 - one failing sweep must not stop the others or the next round
                    log.exception("sweep %s failed", getattr(sweep, "__name__", sweep))

    async def run_outbox(self) -> None:
        if self.outbox is None:
            return
        try:
            await self.outbox(self.services)
        except Exception:  # noqa: BLE001 - database hiccup: the next round tries again
            log.exception("working off the outbox failed")

    async def drain(self, rounds: int = 50) -> int:
        """Run sweeps and due jobs until nothing is due (for tests with a fake clock)."""
        total = 0
        for _ in range(rounds):
            await self.run_sweeps(force=True)
            await self.run_outbox()
            ran = await self.run_due()
            total += ran
            if not ran:
                return total
        return total

    # --- the background loops --------------------------------------------------------------------------

    async def _claim_loop(self):
        jobs = self.services.store.jobs
        cap = self.config.group_concurrency
        while not self._stopping:
            # cleared before looking, so a job enqueued while the claim awaits the database still wakes us
            self._wake.clear()
            woken, self._woken = self._woken, set()
            for lane in self.lanes:
                while lane in woken and self._busy[lane] < self.slots[lane]:
                    full = [group for group, n in self._groups.items() if n >= cap]
                    known = self._empty.pop(lane, None)
                    if known is not None and known <= set(full):  # only jobs of groups at their cap are due
                        self._empty[lane] = known
                        break
                    queued = self._queued[lane]
                    try:
                        job = await jobs.claim(self.id, self.config.lease_seconds, [lane], skip_groups=full)
                    except Exception:  # noqa: BLE001 - database hiccup: wait and try again
                        log.exception("claiming a job failed")
                        break
                    unchanged = queued == self._queued[lane]  # nothing queued or re-queued here meanwhile
                    if job is None:
                        if unchanged:  # nothing due but jobs of `full`
                            self._empty[lane] = frozenset(full)
                        break
                    if unchanged and known is not None and job.get("group") in known:
                        self._empty[lane] = known  # still nothing due but jobs of those groups
                    self._start(job)
            # asyncio.timeout, not wait_for: on 3.11 wait_for can swallow a cancel from stop()
            try:
                async with asyncio.timeout(self.config.poll_interval_seconds):
                    await self._wake.wait()
            except TimeoutError:  # the poll: jobs of other processes, retries come due
                self.wake()  # what the lanes knew of their due jobs is forgotten

    def _start(self, job):
        self._busy[job["lane"]] += 1
        if job.get("group") is not None:
            self._groups[job["group"]] += 1
        task = asyncio.create_task(self._guarded(job))
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _guarded(self, job):
        try:
            await self.run_job(job)
        except Exception:  # noqa: BLE001 - the runner outlives any job; the job's lease brings it back
            log.exception("job %s crashed the runner", job["id"])
        finally:
            self._busy[job["lane"]] -= 1
            group = job.get("group")
            if group is not None:
                self._groups[group] -= 1
                if self._groups[group] <= 0:
                    del self._groups[group]
            # a slot of its lane and of its group is free: for a lane that waits for one (what it knows
            # of its due jobs stays true: a job that ends queues none)
            for lane in self.lanes:
                if (lane == job["lane"] and lane not in self._empty) or group in self._empty.get(lane, ()):
                    self._woken.add(lane)
                    self._wake.set()

    async def _outbox_loop(self):
        while not self._stopping:
            self._outbox_wake.clear()  # before looking: an event stored meanwhile wakes the next round
            await self.run_outbox()
            try:
                async with asyncio.timeout(self.config.poll_interval_seconds):
                    await self._outbox_wake.wait()
            except TimeoutError:
                pass

    async def _sweep_loop(self):
        while not self._stopping:
            await self.run_sweeps()
            await asyncio.sleep(min(self.config.poll_interval_seconds, 1))

    def start(self):
        self._stopping = False
        if self.lanes:
            self._tasks.append(asyncio.create_task(self._claim_loop()))
        if self.outbox is not None:
            self._tasks.append(asyncio.create_task(self._outbox_loop()))
        if self.sweeps:
            self._tasks.append(asyncio.create_task(self._sweep_loop()))

    async def finish_queue(self, timeout: float) -> None:
        """Keep working until no job of this worker's lanes is due or running (jobs the running ones
        queue included), for at most `timeout` seconds: what a process whose queue no other process
        can reach (memory://) does before it stops."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self._running and not await self.services.store.jobs.due(self.lanes):
                return
            self.wake()
            await asyncio.sleep(0.05)

    async def stop(self, grace_seconds: float = 0) -> None:
        """Stop claiming, let running jobs finish within `grace_seconds`, then cancel the rest (each
        releases its job at once, so another worker takes it without waiting for the lease).

        The loops end on the flag as well as on the cancel: a wait that returned a wake-up and dropped
        the cancel that came in the same turn (asyncio.wait_for on Python 3.11) still ends its loop."""
        self._stopping = True
        self._wake.set()
        self._outbox_wake.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        if self._running and grace_seconds > 0:
            await asyncio.wait(set(self._running), timeout=grace_seconds)
        left = list(self._running)
        for task in left:
            task.cancel()
        if left:
            await asyncio.gather(*left, return_exceptions=True)

"""The job contract: what a job module exports, its job kinds (`JOBS = [JobKind(...)]`) and its sweeps
(`SWEEPS = [fn]`), and what its handlers use: the errors that tell the worker (esign.jobs.worker) to
retry later (`RetryLater`) or give up at once (`PermanentJobError`), the back-off, and `uncancellable`.

Every kind runs in a lane; each lane has its own number of slots (`[jobs] lane_<lane>`), so a
slow upstream of one lane (a webhook receiver that hangs) never takes the slots of another (invitation
emails). `sweeps` is the lane of the periodic sweeps.
"""
from __future__ import annotations

import asyncio
import dataclasses
from typing import Any, Awaitable, Callable

LANES = ("email", "webhooks", "delivery", "finalize", "bulk", "sms", "retention", "sweeps")
JOB_LANES = LANES[:-1]


@dataclasses.dataclass(frozen=True)
class JobKind:
    kind: str
    #: async (services, payload, job) -> None
    handler: Callable[..., Awaitable[None]]
    lane: str
    #: seconds from the first attempt after which a failing job gives up (from the config); None =
    #: the job's `max_attempts` decide
    horizon: Callable[[Any], float] | None = None
    #: async (services, job, error) -> None, called once when the job finally fails
    on_give_up: Callable[..., Awaitable[None]] | None = None

    def __post_init__(self):
        if self.lane not in JOB_LANES:
            raise ValueError(f"job kind {self.kind}: unknown lane {self.lane!r}")


class RetryLater(Exception):
    def __init__(self, message: str, delay_seconds: float | None = None):
        super().__init__(message)
        self.delay_seconds = delay_seconds


class PermanentJobError(Exception):
    """The job can never succeed; do not retry."""


def backoff(attempts: int) -> float:
    """5 s, 10 s, 20 s ... doubling, at most one hour."""
    return min(5 * 2 ** (attempts - 1), 3600)


async def uncancellable(coro):
    """Await `coro` to its end even when the calling task is cancelled meanwhile (the cancellation
    is re-raised afterwards): for a record that must follow an effect, such as `sent_at`."""
    task = asyncio.ensure_future(coro)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        await task
        raise

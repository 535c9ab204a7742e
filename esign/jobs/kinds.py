"""What a job module exports: its job kinds (`JOBS = [JobKind(...)]`) and its sweeps (`SWEEPS = [fn]`).

Every kind runs in a lane; each lane has its own number of slots (`[jobs] lane_<lane>`), so a
slow upstream of one lane (a webhook receiver that hangs) never takes the slots of another (invitation
emails). `sweeps` is the lane of the periodic sweeps.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Awaitable, Callable

LANES = ("email", "webhooks", "delivery", "finalize", "bulk", "sweeps")
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

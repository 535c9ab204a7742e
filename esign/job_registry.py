"""Composition of the worker: the job modules, each exporting `JOBS` (a list of JobKind) and `SWEEPS` (coroutine
(services) run every `[jobs] sweep_interval_seconds`). The worker is built from this list."""
from esign.domain import public_link_visits
from esign.domain.console import sign_in as console_sign_in
from esign.domain.evidence import finalization
from esign.domain.mail import bounces, enterprise_delivery, notifications, outbox, text_messages
from esign.domain.requests import lifecycle
from esign.domain.retention import deletion as retention_deletion
from esign.domain.retention import policy as retention_policy
from esign.domain.retention import purge as retention_purge
from esign.domain.templating import bulk
from esign.jobs.kinds import JobKind
from esign.jobs.worker import Worker
from esign.webhooks import delivery as webhook_delivery

JOB_MODULES = [lifecycle, notifications, text_messages, bounces, finalization, enterprise_delivery, webhook_delivery, bulk,
               console_sign_in, retention_purge, retention_policy, retention_deletion, public_link_visits]


def job_kinds(modules=JOB_MODULES) -> dict[str, JobKind]:
    return {kind.kind: kind for module in modules for kind in module.JOBS}


def sweeps(modules=JOB_MODULES) -> list:
    return [fn for module in modules for fn in module.SWEEPS]


def make_worker(services, lanes=None) -> Worker:
    """The worker of this process for `lanes` (default: all), registered on `services` so that
    enqueueing in this process wakes it."""
    worker = Worker(services, list(services.job_kinds.values()), sweeps(), lanes=lanes, outbox=outbox.work_off)
    services.worker = worker
    return worker

"""Which function runs each job kind, and the periodic sweeps. Modules register with `@job` and
`@sweep` at import; `load()` imports every module that defines jobs."""
import importlib

JOB_MODULES: list[str] = [
    "esign.domain.notifications",
    "esign.domain.finalization",
    "esign.domain.delivery",
    "esign.webhooks.delivery",
    "esign.domain.bulk",
]

HANDLERS: dict = {}
SWEEPS: list = []


def job(kind: str):
    def deco(fn):
        HANDLERS[kind] = fn
        return fn

    return deco


def sweep(fn):
    """A coroutine function(services) run every `[jobs] sweep_interval_seconds`."""
    SWEEPS.append(fn)
    return fn


def load():
    for name in JOB_MODULES:
        importlib.import_module(name)
    return HANDLERS, SWEEPS


def make_worker(services):
    from esign.jobs.worker import Worker

    handlers, sweeps = load()
    interval = services.config.jobs.sweep_interval_seconds
    worker = Worker(services, handlers, [(interval, fn) for fn in sweeps])
    services.worker = worker
    return worker

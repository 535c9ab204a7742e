"""The durable job queue: atomic claims, lease expiry after a crashed worker, no double runs."""
import asyncio

from esign.jobs.kinds import JobKind, RetryLater
from esign.jobs.worker import Worker
from tests.support import raw_db
from tests.support.waiting import until


async def test_two_workers_never_take_the_same_job(server):
    services = server.services
    jobs = services.store.jobs
    for i in range(20):
        await jobs.enqueue("test.noop", {"i": i}, lane="email")
    claims = await asyncio.gather(*[jobs.claim(f"w{n % 2}", 60, ["email"]) for n in range(30)])
    taken = [c["payload"]["i"] for c in claims if c]
    assert sorted(taken) == list(range(20))  # each once, and no more than exist


async def test_crashed_worker_lease_expires_and_effect_happens_once(server):
    services = server.services
    effects = []

    async def handler(services, payload, job):
        effects.append(payload["n"])

    await services.store.jobs.enqueue("test.effect", {"n": 1}, lane="email")
    # worker A claims the job and "dies" (never completes it)
    dead = await services.store.jobs.claim("dead-worker", services.config.jobs.lease_seconds, ["email"])
    assert dead is not None
    worker = Worker(services, [JobKind("test.effect", handler, lane="email")], [])
    assert await worker.run_due() == 0  # leased: not due yet
    server.clock.advance(seconds=services.config.jobs.lease_seconds + 1)
    assert await worker.run_due() == 1
    assert effects == [1]
    # the dead worker's late completion is refused: its claim is gone
    assert await services.store.jobs.complete(dead) is False
    assert await worker.run_due() == 0
    assert effects == [1]


async def test_retry_with_backoff_then_fail(server):
    services = server.services
    calls = []

    async def flaky(services, payload, job):
        calls.append(job["attempts"])
        raise RetryLater("not yet", delay_seconds=30)

    worker = Worker(services, [JobKind("test.flaky", flaky, lane="bulk")], [])
    await services.store.jobs.enqueue("test.flaky", {}, lane="bulk", max_attempts=3)
    for _ in range(3):
        await worker.run_due()
        server.clock.advance(seconds=10)
        assert await worker.run_due() == 0  # back-off respected
        server.clock.advance(seconds=21)
    assert calls == [1, 2, 3]
    job = await raw_db(services)["jobs"].find_one({"kind": "test.flaky"})
    assert job["status"] == "failed" and job["last_error"] == "not yet"


async def test_dedupe_key(server):
    jobs = server.services.store.jobs
    assert await jobs.enqueue("test.x", {}, lane="email", dedupe_key="k1") is not None
    assert await jobs.enqueue("test.x", {}, lane="email", dedupe_key="k1") is None
    assert await jobs.count(kind="test.x") == 1


async def test_background_loop_runs_jobs(server):
    """The started worker's own loop claims a job enqueued after it started, runs its handler once with
    the job's payload, and marks the job done."""
    services = server.services
    ran = []

    async def handler(services, payload, job):
        ran.append((job["id"], payload))

    worker = Worker(services, [JobKind("test.bg", handler, lane="webhooks")], [])
    services.worker, previous = worker, services.worker
    worker.start()
    try:
        job = await services.store.jobs.enqueue("test.bg", {"n": 7}, lane="webhooks")
        worker.wake()

        async def done():
            return (await services.store.jobs.by_id(job["id"]))["status"] == "done"

        await until(done)
    finally:
        await worker.stop()
        services.worker = previous
    assert ran == [(job["id"], {"n": 7})]


# --- Worker.stop: it returns, however a stop meets the loops ---------------------------------------------

def idle_worker(services) -> Worker:
    """A worker with every loop running (claims, the outbox, sweeps) and nothing to do."""
    async def nothing(services):
        return None

    return Worker(services, [], [nothing], outbox=nothing)


async def test_stop_racing_wake_ups_returns(server):
    """A stop in the same turn of the loop as a wake-up (a job enqueued, an event stored, a job that
    just finished): on Python 3.11 `asyncio.wait_for` returned the wake-up and dropped the cancel, and
    the claim loop polled on forever, so `stop()` never returned."""
    for turns in range(40):
        worker = idle_worker(server.services)
        worker.start()
        await asyncio.sleep(0.01)  # the loops wait on their wake-up events
        worker.wake()
        worker.wake_outbox()
        for _ in range(turns % 8):
            await asyncio.sleep(0)  # the stop comes 0 to 7 turns of the loop after the wake-up
        await asyncio.wait_for(worker.stop(), 5)
        assert all(task.done() for task in worker._tasks) and not worker._running


async def test_stop_ends_a_loop_whose_cancel_was_swallowed(server, monkeypatch):
    """Cancellation alone is not what ends the loops: a wait that swallows the cancel (as 3.11's
    `wait_for` does when a wake-up comes in the same turn) still leaves `stop()` to return."""
    worker = idle_worker(server.services)
    swallowed = []

    def swallowing(event):
        real = event.wait

        async def wait():
            try:
                return await real()
            except asyncio.CancelledError:
                if swallowed:
                    raise  # only the first cancel: a stop that hangs ends when the test gives up
                swallowed.append(event)
                return True

        return wait

    for event in (worker._wake, worker._outbox_wake):
        monkeypatch.setattr(event, "wait", swallowing(event))
    worker.start()
    await asyncio.sleep(0.01)  # the loops are waiting
    await asyncio.wait_for(worker.stop(), 5)
    assert swallowed  # the loop did miss its cancel, and stopped anyway


async def test_a_wake_claims_from_its_lane_only(server, monkeypatch):
    """Enqueueing in this process and a finished job wake the claim loop for their lane: the other
    lanes are looked at by the poll (every `[jobs] poll_interval_seconds`), not once a job."""
    services = server.services
    done = asyncio.Event()
    ran = []

    async def handler(services, payload, job):
        ran.append(payload["n"])
        if len(ran) == 5:
            done.set()

    kind = JobKind("test.lane", handler, lane="email")
    monkeypatch.setitem(services.job_kinds, kind.kind, kind)
    worker = Worker(services, [kind], [])
    claimed = []
    claim = services.store.jobs.claim
    monkeypatch.setattr(services.store.jobs, "claim",
                        lambda worker_id, lease, lanes, **kw: (claimed.extend(lanes), claim(worker_id, lease, lanes, **kw))[1])
    monkeypatch.setattr(services.config.jobs, "poll_interval_seconds", 60)  # no poll during the test
    services.worker, previous = worker, services.worker
    worker.start()
    try:
        await asyncio.sleep(0.05)  # the first round looks at every lane
        assert set(claimed) == set(worker.lanes)
        claimed.clear()
        for n in range(5):
            await services.enqueue("test.lane", {"n": n})
        await asyncio.wait_for(done.wait(), 5)
    finally:
        await worker.stop()
        services.worker = previous
    assert sorted(ran) == list(range(5)) and claimed and set(claimed) == {"email"}, claimed

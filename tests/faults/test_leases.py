"""Leases that last as long as the work: a running job renews its lease (heartbeat), a job cancelled by
a stopping worker is released at once and run again exactly once, an invitation interrupted after
it was sent is never sent twice, and `esign worker` stops on SIGTERM within its grace and exits 0."""
from __future__ import annotations

import asyncio
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from esign.jobs.kinds import JobKind
from esign.jobs.worker import Worker
from tests.support import raw_db, running_server
from tests.support.mail import PolicySmtp
from tests.support.signing import new_request

pytestmark = pytest.mark.slow  # leases and shutdown graces in real time, a worker process

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEASE = 1.5  # seconds; the heartbeat renews every 0.5 s


async def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not await predicate():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.02)


class Blocking:
    """A job handler that runs until `release` is set, counting its runs."""

    def __init__(self):
        self.started = 0
        self.finished = 0
        self.release = asyncio.Event()

    async def __call__(self, services, payload, job):
        self.started += 1
        await self.release.wait()
        self.finished += 1


async def test_heartbeat_keeps_a_long_jobs_lease(tmp_path):
    async with running_server(tmp_path, overrides={"jobs": {"lease_seconds": LEASE}}) as srv:
        handler = Blocking()
        worker = Worker(srv.services, [JobKind("test.long", handler, lane="bulk")], [])
        jobs = srv.services.store.jobs
        try:
            job = await jobs.enqueue("test.long", {}, lane="bulk")
            worker.start()
            worker.wake()

            async def running():
                return handler.started == 1

            await wait_until(running)
            for _ in range(4):  # 4 x 0.9 leases of (fake) time: the job lives well past its first lease
                before = (await raw_db(srv.services)["jobs"].find_one({"_id": job["id"]}))["run_at"]

                async def renewed(before=before):
                    doc = await raw_db(srv.services)["jobs"].find_one({"_id": job["id"]})
                    return doc["run_at"] > before

                srv.clock.advance(seconds=LEASE * 0.3)
                await wait_until(renewed, timeout=LEASE * 3)
                srv.clock.advance(seconds=LEASE * 0.6)
                assert await jobs.claim("other-worker", LEASE, ["bulk"]) is None  # still leased
            handler.release.set()

            async def done():
                return (await raw_db(srv.services)["jobs"].find_one({"_id": job["id"]}))["status"] == "done"

            await wait_until(done)
            assert handler.started == handler.finished == 1
        finally:
            handler.release.set()
            await worker.stop()


async def test_a_lost_lease_cancels_the_job_here(tmp_path):
    async with running_server(tmp_path, overrides={"jobs": {"lease_seconds": LEASE}}) as srv:
        handler = Blocking()
        worker = Worker(srv.services, [JobKind("test.long", handler, lane="bulk")], [])
        try:
            job = await srv.services.store.jobs.enqueue("test.long", {}, lane="bulk")
            worker.start()
            worker.wake()

            async def running():
                return handler.started == 1

            await wait_until(running)
            # another worker took the job over (as after a stall beyond the lease)
            await raw_db(srv.services)["jobs"].update_one({"_id": job["id"]}, {"$set": {"worker": "other"}})

            async def cancelled():
                return not worker._running

            await wait_until(cancelled, timeout=LEASE * 3)
            assert handler.finished == 0
            doc = await raw_db(srv.services)["jobs"].find_one({"_id": job["id"]})
            assert doc["status"] == "running" and doc["worker"] == "other"  # left to its new owner
        finally:
            handler.release.set()
            await worker.stop()


async def test_stop_releases_running_jobs_at_once_and_they_run_again_once(server):
    handler = Blocking()
    kinds = [JobKind("test.long", handler, lane="bulk")]
    worker = Worker(server.services, kinds, [])
    job = await server.services.store.jobs.enqueue("test.long", {}, lane="bulk")
    worker.start()
    worker.wake()

    async def running():
        return handler.started == 1

    await wait_until(running)
    # the handler runs until released: stop returns only because it cancels it after the grace
    await asyncio.wait_for(worker.stop(grace_seconds=0.3), 60)
    assert handler.finished == 0
    doc = await raw_db(server.services)["jobs"].find_one({"_id": job["id"]})
    # released: due now (no lease to wait out), the cut-short attempt not counted
    assert doc["status"] == "queued" and doc["attempts"] == 0 and doc["worker"] is None
    assert doc["run_at"] <= server.clock.now()
    handler.release.set()
    assert await Worker(server.services, kinds, []).run_due() == 1
    assert handler.started == 2 and handler.finished == 1
    doc = await raw_db(server.services)["jobs"].find_one({"_id": job["id"]})
    assert doc["status"] == "done" and doc["attempts"] == 1


async def test_stop_lets_a_job_finish_within_the_grace(server):
    handler = Blocking()
    worker = Worker(server.services, [JobKind("test.short", handler, lane="bulk")], [])
    job = await server.services.store.jobs.enqueue("test.short", {}, lane="bulk")
    worker.start()
    worker.wake()

    async def running():
        return handler.started == 1

    await wait_until(running)
    asyncio.get_running_loop().call_later(0.2, handler.release.set)
    await worker.stop(grace_seconds=5)
    assert handler.finished == 1
    assert (await raw_db(server.services)["jobs"].find_one({"_id": job["id"]}))["status"] == "done"


async def test_an_invitation_interrupted_after_sending_is_never_sent_twice(tmp_path):
    smtp = PolicySmtp()
    try:
        async with running_server(tmp_path, overrides=smtp.settings()) as srv:
            gate = asyncio.Event()
            sent_events = []

            async def slow_listener(event):  # holds the job after the message left, before it completes
                if event["event_type"] == "signing_event.email_sent":
                    sent_events.append(event)
                    gate.set()
                    await asyncio.sleep(3600)

            srv.services.event_listeners.append(slow_listener)
            await new_request(srv, signers=[{"name": "Ann", "email": "ann@example.test"}], order="parallel")
            srv.worker.start()
            await asyncio.wait_for(gate.wait(), 10)
            assert len(smtp.handler.messages) == 1
            await srv.worker.stop(grace_seconds=0.1)  # shutdown: the job is cancelled and released
            job = await raw_db(srv.services)["jobs"].find_one({"kind": "email"})
            assert job["status"] == "queued" and job["sent_at"] is not None

            srv.services.event_listeners.remove(slow_listener)
            await srv.run_jobs()  # the restarted worker runs the job again
            job = await raw_db(srv.services)["jobs"].find_one({"kind": "email"})
            assert job["status"] == "done"
            assert len(smtp.handler.messages) == 1  # one invitation in the inbox
            assert len(await email_sent_events(srv)) == 1  # and one email_sent on the trail
    finally:
        smtp.down()


async def email_sent_events(srv) -> list[dict]:
    return await raw_db(srv.services)["events"].find({"event_type": "signing_event.email_sent"}).to_list(None)


async def test_an_email_sent_event_lost_with_the_process_is_recorded_by_the_rerun_once(tmp_path):
    """The message left and `sent_at` was recorded, then the process died before the event: the re-run
    records the event (once), and sends nothing."""
    smtp = PolicySmtp()
    try:
        async with running_server(tmp_path, overrides=smtp.settings()) as srv:
            events = srv.services.store.events
            append = events.append
            dying = {"left": 1}

            async def dies_once(org_id, event_type, **fields):
                if event_type == "signing_event.email_sent" and dying["left"]:
                    dying["left"] -= 1
                    raise ConnectionError("the process died here")
                return await append(org_id, event_type, **fields)

            events.append = dies_once
            await new_request(srv, signers=[{"name": "Ann", "email": "ann@example.test"}], order="parallel")
            await srv.run_jobs()
            job = await raw_db(srv.services)["jobs"].find_one({"kind": "email"})
            assert job["status"] == "queued" and job["sent_at"] is not None and job["attempts"] == 1
            assert await email_sent_events(srv) == [] and len(smtp.handler.messages) == 1
            for _ in range(2):  # the retry, then a stray re-run of the done job (a lost completion)
                srv.clock.advance(hours=1)
                await srv.run_jobs()
                assert len(await email_sent_events(srv)) == 1
                jobs = raw_db(srv.services)["jobs"]
                assert (await jobs.find_one({"_id": job["_id"]}))["status"] == "done"
                await jobs.update_one({"_id": job["_id"]}, {"$set": {"status": "queued"}})
            assert len(smtp.handler.messages) == 1
    finally:
        smtp.down()


def test_worker_process_exits_0_on_sigterm_within_the_grace(tmp_path):
    config = tmp_path / "esign.toml"
    config.write_text(f"""
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[jobs]
poll_interval_seconds = 0.05
shutdown_grace_seconds = 1
""")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    proc = subprocess.Popen([sys.executable, "-m", "tests.faults.worker_process", str(config), "600"], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 60
        while '"job running"' not in "".join(lines):
            assert time.monotonic() < deadline and proc.poll() is None, (lines, proc.stderr.read())
            lines.append(proc.stdout.readline())
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err
        # the configured grace (1 s), not the default 25 s, nor the job's 600 s: a bound a loaded machine keeps
        assert time.monotonic() - sent < 20
        states = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        assert {"event": "worker stopped"} in states
        # the job did not finish within the grace: released, due at once, its attempt not counted
        assert {"event": "job", "status": "queued", "attempts": 0, "due": True} in states
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

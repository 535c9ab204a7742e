"""Lanes: a webhook receiver that hangs takes only the webhook lane, and at most `[jobs]
group_concurrency` of its own deliveries at once; invitation emails go out at once meanwhile. A worker
started for some lanes runs only their jobs."""
from __future__ import annotations

import asyncio
import time

import pytest

from esign import cli
from esign import config as configmod
from esign.jobs.kinds import JobKind, RetryLater
from esign.jobs.worker import Worker
from esign.store import Store
from tests.support import raw_db, running_server, write_config
from tests.support.mail import PolicySmtp
from tests.support.signing import new_request
from tests.support.webhooks import Receiver, create_hook, emit, org_id

TIMEOUT = 2  # the webhook time-out; the hanging receiver answers after 3 times that


async def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not await predicate():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.02)


@pytest.mark.slow
async def test_hanging_receiver_delays_neither_emails_nor_other_endpoints(tmp_path):
    smtp, receiver = PolicySmtp(), Receiver()
    receiver.delays["hang"] = 3 * TIMEOUT
    try:
        async with running_server(tmp_path, overrides={
             **smtp.settings(), "webhooks": {"timeout_seconds": TIMEOUT},
             "jobs": {"lane_webhooks": 4, "group_concurrency": 2, "lane_email": 2}}) as srv:
            events = ("signing_request.created", "signing_request.sent")
            await create_hook(srv.client, receiver.url("hang"), events=events, name="hang")
            await create_hook(srv.client, receiver.url("fast"), events=events, name="fast")
            org = await org_id(srv)
            for _ in range(4):
                await emit(srv, org)  # 4 deliveries queued for each endpoint ...
            # ... before the invitations
            request = await new_request(srv, signers=[{"name": "Ann", "email": "ann@example.test"},
                                                      {"name": "Bob", "email": "bob@example.test"}], order="parallel")
            srv.worker.start()
            started = time.monotonic()

            async def invited():
                return len(smtp.handler.messages) == 2

            await wait_until(invited, timeout=TIMEOUT * 3)
            assert time.monotonic() - started < TIMEOUT  # not queued behind the hanging deliveries
            assert {m["X-Esign-Request"] for m in smtp.handler.messages} == {request["id"]}

            async def fast_done():
                return len(receiver.at("fast")) >= 4

            await wait_until(fast_done, timeout=TIMEOUT * 3)
            assert receiver.at("fast")[3].at - started < TIMEOUT  # the fast endpoint never waited either
            # the hanging endpoint got at most 2 deliveries at once: 2 in the first time-out window
            first_window = [r for r in receiver.at("hang") if r.at - started < TIMEOUT * 0.9]
            assert len(first_window) == 2, [r.at - started for r in receiver.at("hang")]

            async def next_pair():
                return len(receiver.at("hang")) >= 4

            await wait_until(next_pair, timeout=TIMEOUT * 3)  # the next two once the first timed out
            assert receiver.at("hang")[2].at - started >= TIMEOUT * 0.9
    finally:
        receiver.stop()
        smtp.down()


async def test_worker_for_some_lanes_runs_only_their_jobs(server):
    ran = []

    async def handler(services, payload, job):
        ran.append(payload["n"])

    kinds = [JobKind("test.mail", handler, lane="email"), JobKind("test.hook", handler, lane="webhooks")]
    jobs = server.services.store.jobs
    await jobs.enqueue("test.mail", {"n": "mail"}, lane="email")
    await jobs.enqueue("test.hook", {"n": "hook"}, lane="webhooks")
    assert await Worker(server.services, kinds, [], lanes=["webhooks"]).run_due() == 1
    assert ran == ["hook"]
    assert await Worker(server.services, kinds, [], lanes=["email", "sweeps"]).run_due() == 1
    assert ran == ["hook", "mail"]
    with pytest.raises(ValueError):
        Worker(server.services, kinds, [], lanes=["mail"])


async def test_a_job_stores_its_lane_and_group(server):
    hook = await create_hook(server.client, "http://127.0.0.1:9/hook")
    await emit(server, await org_id(server))
    job = await raw_db(server.services)["jobs"].find_one({"kind": "webhooks.deliver"})
    assert job["lane"] == "webhooks" and job["group"] == hook["id"]


def test_worker_lanes_option_is_checked(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["worker", "--config", write_config(tmp_path), "--lanes", "webhooks,mail"])
    assert info.value.code == 2  # a usage error (docs/operations.md, start-up errors and exit status)
    assert "--lanes takes some of email, webhooks" in capsys.readouterr().err


async def test_jobs_queued_before_lanes_existed_get_their_lane(server):
    services = server.services
    await raw_db(services)["jobs"].insert_one({
        "_id": "old-job", "kind": "webhooks.deliver", "payload": {}, "status": "queued", "run_at": server.clock.now(),
        "attempts": 0, "max_attempts": 4, "worker": None, "last_error": None, "created_at": server.clock.now(),
        "updated_at": server.clock.now()})
    await services.start()
    assert (await raw_db(services)["jobs"].find_one({"_id": "old-job"}))["lane"] == "webhooks"


@pytest.mark.parametrize("key", ["lane_email", "lane_webhooks", "lane_delivery", "lane_finalize", "lane_bulk",
                                 "lane_retention", "group_concurrency"])
def test_lane_slots_are_at_least_one(tmp_path, key):
    with pytest.raises(configmod.ConfigError, match=f"jobs.{key}"):
        configmod.load(write_config(tmp_path), environ={}, overrides={"jobs": {key: 0}})


@pytest.mark.slow
@pytest.mark.parametrize("poll_seconds", [60, 0.2])
async def test_a_running_worker_follows_events_stored_here_at_once_and_others_by_polling(tmp_path, poll_seconds):
    """The worker works off the outbox: an event stored in its process wakes it (delivered long before
    a 60 s poll); one stored by another process (no wake) is found by its next poll."""
    receiver = Receiver()
    try:
        async with running_server(tmp_path, overrides={"jobs": {"poll_interval_seconds": poll_seconds}}) as srv:
            await create_hook(srv.client, receiver.url())
            org = await org_id(srv)
            srv.worker.start()
            await asyncio.sleep(0.1)  # its loops have looked once and wait
            if poll_seconds == 60:
                event = await emit(srv, org, fan_out=False)  # stored here: the worker is woken
            else:
                event = await Store(srv.services.db, srv.clock).events.append(org, "signing_request.created",
                                                                             signing_request_id="r")

            async def delivered():
                return [r.json["id"] for r in receiver.requests] == [event["id"]]

            await wait_until(delivered, timeout=10)
            await asyncio.sleep(0.5)
            assert await delivered()  # once
    finally:
        receiver.stop()


async def test_a_lane_found_empty_is_not_claimed_again_when_its_jobs_end(tmp_path, monkeypatch):
    """A lane whose last claim found nothing due is claimed again when a job is queued (or queued
    again) here, not when one of its jobs ends: one claim takes each job and one finds the lane empty,
    none follows the job's end. A job queued again at once still runs again at once (no poll)."""
    ran = []

    async def handler(services, payload, job):
        ran.append(payload["n"])
        if payload.get("again") and job["attempts"] == 1:
            raise RetryLater("once more", delay_seconds=0)

    async with running_server(tmp_path, overrides={"jobs": {"poll_interval_seconds": 60}}) as srv:
        jobs = srv.services.store.jobs
        worker = Worker(srv.services, [JobKind("test.mail", handler, lane="email")], [], lanes=["email"])
        claims = []
        claim = jobs.claim

        async def counted(*args, **kwargs):
            job = await claim(*args, **kwargs)
            claims.append(job and job["payload"]["n"])
            return job

        monkeypatch.setattr(jobs, "claim", counted)
        worker.start()
        try:
            await asyncio.sleep(0.1)
            assert claims == [None]  # the first look: nothing due
            for n in range(1, 5):
                await jobs.enqueue("test.mail", {"n": n}, lane="email")
                worker.wake("email")  # as services.enqueue does

                async def done(n=n):
                    return ran.count(n) == 1 and not worker._running

                await wait_until(done, timeout=5)
                await asyncio.sleep(0.05)
            assert claims == [None, 1, None, 2, None, 3, None, 4, None]
            await jobs.enqueue("test.mail", {"n": 5, "again": True}, lane="email")
            worker.wake("email")

            async def twice():
                return ran.count(5) == 2

            await wait_until(twice, timeout=5)
        finally:
            await worker.stop()


async def test_a_job_queued_by_another_process_is_claimed_at_the_poll(tmp_path):
    """What a lane found empty knows lasts until the poll: a job queued by another process (no wake
    here) is claimed at the next poll."""
    ran = []

    async def handler(services, payload, job):
        ran.append(payload["n"])

    async with running_server(tmp_path, overrides={"jobs": {"poll_interval_seconds": 0.2}}) as srv:
        worker = Worker(srv.services, [JobKind("test.mail", handler, lane="email")], [], lanes=["email"])
        worker.start()
        try:
            await asyncio.sleep(0.1)  # the first look: nothing due
            await Store(srv.services.db, srv.clock).jobs.enqueue("test.mail", {"n": 1}, lane="email")

            async def claimed():
                return ran == [1]

            await wait_until(claimed, timeout=3)
        finally:
            await worker.stop()

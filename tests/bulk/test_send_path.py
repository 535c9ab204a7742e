"""The send path of a bulk job (issue 43): the 202 does a fixed number of database round trips whatever
the number of recipients, the run's round trips per recipient are held to a budget, and `esign serve`'s
JSON-body children are started before the first large body needs one."""
from __future__ import annotations

import asyncio

from esign import db as dbmod
from esign.api.bounds import BodyLoader
from tests.support.templates import bulk, offer_template, recipient

SUBMIT_BUDGET = 6  # the rate counter, the template, its kept version, the items (one insert), the job, its run
PER_RECIPIENT_BUDGET = 28  # the run's round trips per recipient (27.3 measured: the request, its 3 events, the invitation)


async def submit_trips(server, client, template_id, count) -> int:
    counter = dbmod.round_trips(server.services.db)
    before = counter.total
    resp = await bulk(client, template_id, [recipient(i) for i in range(count)])
    assert resp.status == 202, resp
    return counter.total - before


async def test_the_202_does_the_same_round_trips_for_1_or_200_recipients(server, client):
    template = await offer_template(client)
    await submit_trips(server, client, template["id"], 1)  # warm: the rate counter exists
    one = await submit_trips(server, client, template["id"], 1)
    many = await submit_trips(server, client, template["id"], 200)
    assert one == many <= SUBMIT_BUDGET, (one, many)


async def test_the_run_stays_within_its_round_trips_per_recipient(server, client):
    template = await offer_template(client)
    resp = await bulk(client, template["id"], [recipient(i) for i in range(40)])
    counter = dbmod.round_trips(server.services.db)
    before = counter.total
    await server.run_jobs()
    per_recipient = (counter.total - before) / 40
    job = (await client.get(f"/v1/bulk-jobs/{resp.json['bulk_job_id']}")).json
    assert job["status"] == "completed" and job["success_count"] == 40, job
    assert per_recipient <= PER_RECIPIENT_BUDGET, per_recipient


async def test_started_children_are_there_before_the_first_body():
    loader = BodyLoader()
    try:
        # the fork server imports the service first: seconds on a busy machine
        await asyncio.wait_for(loader.start(), 120)
        pool = loader._pool._pool  # a child per call that finds none idle: two from a cold fork server
        assert pool is not None and pool._processes and all(p.is_alive() for p in pool._processes.values())
    finally:
        await loader.close()

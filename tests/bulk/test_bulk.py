"""Bulk send over real HTTP: 202 at once, one independent request per recipient through the job
queue, per-item failures, statuses, idempotency, bounded parallelism, and a worker stopped half-way."""
import asyncio
import datetime as dt
import time

import pytest

from esign import services as servicesmod
from esign.clock import iso
from esign.domain.requests import lifecycle
from esign.domain.templating import templates as templates_domain
from esign.job_registry import make_worker
from tests.support import assert_error, raw_db, running_server
from tests.support.mail import Inbox, smtp_controller
from tests.support.templates import bulk, offer_template, recipient


async def job_of(client, job_id, key="a"):
    resp = await client.get(f"/v1/bulk-jobs/{job_id}", key=key)
    assert resp.status == 200, resp
    return resp.json


INVALID = {
    7: dict(recipient(7), signers=[{"name": "W", "email": "w7@example.test", "role": "Witness"}]),
    123: dict(recipient(123), variables={}),
    250: dict(recipient(250), signers=recipient(250)["signers"] * 2),
    499: dict(recipient(499), signers=[dict(recipient(499)["signers"][0], role="candidate"),
                                       {"name": "X", "email": "x499@example.test", "role": "Referee"}]),
}


@pytest.mark.slow
async def test_500_recipients_with_a_few_invalid(smtp_server):  # noqa: F811
    srv = smtp_server
    client = srv.client
    t = await offer_template(client)
    recipients = [INVALID.get(i) or recipient(i) for i in range(500)]
    await srv.services.body_loader.start()  # as `esign serve` starts them: the body is loaded in a child
    started = time.perf_counter()
    resp = await bulk(client, t["id"], recipients)
    assert resp.status == 202, resp
    assert time.perf_counter() - started < 5
    assert set(resp.json) == {"bulk_job_id", "total_count", "status"}
    assert resp.json["total_count"] == 500 and resp.json["status"] == "queued"
    job_id = resp.json["bulk_job_id"]
    # nothing has run yet: the answer did not wait
    job = await job_of(client, job_id, key="a_read")
    assert job["status"] == "queued" and job["completed_at"] is None and job["template_id"] == t["id"]
    assert (job["total_count"], job["success_count"], job["failure_count"]) == (500, 0, 0)
    assert {i["status"] for i in job["items"]} == {"pending"} and len(job["items"]) == 500
    assert set(job["items"][0]) == {"id", "status", "signing_request_id", "recipient_email", "error_message"}
    assert_error(await client.get(f"/v1/bulk-jobs/{job_id}", key="b"), 404, "not_found")

    await srv.run_jobs()
    job = await job_of(client, job_id)
    assert job["status"] == "completed_with_errors" and job["completed_at"] is not None
    assert (job["total_count"], job["success_count"], job["failure_count"]) == (500, 496, 4)
    failed = {i: item for i, item in enumerate(job["items"]) if item["status"] == "failed"}
    assert set(failed) == set(INVALID)
    assert all(item["signing_request_id"] is None for item in failed.values())
    assert "no template role named 'Witness'" in failed[7]["error_message"]
    assert failed[123]["error_message"].startswith("validation_error: variables.name: no value for the placeholder")
    assert "'Candidate' is given twice" in failed[250]["error_message"]
    assert "'Referee'" in failed[499]["error_message"]
    assert failed[7]["recipient_email"] == "w7@example.test"
    ok = [item for item in job["items"] if item["status"] == "succeeded"]
    assert all(item["error_message"] is None for item in ok)
    request_ids = [item["signing_request_id"] for item in ok]
    assert len(set(request_ids)) == 496
    stored = [r async for r in raw_db(srv.services)["signing_requests"].find({"template_id": t["id"]})]
    assert sorted(r["_id"] for r in stored) == sorted(request_ids)
    assert {r["status"] for r in stored} == {"pending"}
    assert {r["message"] for r in stored if r["signers"][0]["email"] == "person3@example.test"} == {"Dear Person 3"}
    # every valid recipient invited exactly once, nobody else
    expected = sorted(f"person{i}@example.test" for i in range(500) if i not in INVALID)
    assert sorted(m["To"].addresses[0].addr_spec for m in srv.inbox.messages) == expected
    person3 = srv.inbox.to("person3@example.test")[0]
    assert person3["Subject"] == "Offer for Person 3"


@pytest.mark.slow
async def test_bulk_validation_and_scoping(client, document_id):
    t = await offer_template(client)
    cases = [
        ({"recipients": [recipient(1)]}, "template_id"),
        ({"template_id": "nope", "recipients": [recipient(1)]}, "template_id"),
        ({"template_id": t["id"], "recipients": []}, "recipients"),
        ({"template_id": t["id"], "recipients": [recipient(i) for i in range(501)]}, "recipients"),
        ({"template_id": t["id"]}, "recipients"),
        ({"template_id": t["id"], "recipients": [recipient(1), dict(recipient(2), signers=[])]}, "recipients.1.signers"),
        ({"template_id": t["id"], "recipients": [recipient(1)] * 3 + [dict(recipient(3), signers=[
            {"name": "A", "email": "bad", "role": "candidate"}])]}, "recipients.3.signers.0.email"),
        ({"template_id": t["id"], "recipients": [dict(recipient(1), message="x" * 1001)]}, "recipients.0.message"),
        ({"template_id": t["id"], "recipients": [dict(recipient(1), variables={"k": 5})]}, "recipients.0.variables.k.value"),
        ({"template_id": t["id"], "recipients": [dict(recipient(1), document_id=document_id)]}, "recipients.0.document_id"),
        ({"template_id": t["id"], "recipients": [recipient(1)], "expires_in_days": 91}, "expires_in_days"),
        ({"template_id": t["id"], "recipients": [recipient(1)], "expires_in_days": 0}, "expires_in_days"),
        ({"template_id": t["id"], "recipients": [recipient(1)], "auto_send": "sometimes"}, "auto_send"),
        ({"template_id": t["id"], "recipients": "all"}, "recipients"),
        ({"template_id": t["id"], "recipients": [recipient(1)], "extra": 1}, "extra"),
    ]
    for body, where in cases:
        err = assert_error(await client.post("/v1/bulk-send", body), 422, "validation_error")
        assert where in [d["field"] for d in err["details"]], (where, err)
    # another organisation's template, a template without a document
    err = assert_error(await bulk(client, t["id"], [recipient(1)], key="b"), 422, "validation_error")
    assert err["details"] == [{"field": "template_id", "message": "no such template in this organisation"}]
    blank = (await client.post("/v1/templates", {"name": "No document"})).json
    assert_error(await bulk(client, blank["id"], [recipient(1)]), 422, "validation_error")
    # a template without roles: refused at once rather than every item failing
    roleless = (await client.post("/v1/templates", {"name": "No roles", "document_id": document_id})).json
    err = assert_error(await bulk(client, roleless["id"], [recipient(1)]), 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["template_id"] and "no roles" in err["details"][0]["message"]
    assert_error(await bulk(client, t["id"], [recipient(1)], key="a_read"), 403, "insufficient_scope")
    assert_error(await bulk(client, t["id"], [recipient(1)], key=None), 401, "unauthorized")
    assert_error(await client.post("/v1/bulk-send", body=b"nope", headers={"Content-Type": "application/json"}), 400)
    assert_error(await client.get("/v1/bulk-jobs/not-a-uuid"), 404, "not_found")
    assert_error(await client.get("/v1/bulk-jobs/00000000-0000-4000-8000-000000000000"), 404, "not_found")


async def test_quota_per_item_all_failed_and_drafts(server, client, monkeypatch):
    # one lane: which items the quota lets through is then the items' order (with several lanes it
    # is the order their creations finish)
    monkeypatch.setattr(server.services.config.jobs, "bulk_concurrency", 1)
    t = await offer_template(client, key="free")
    odd = recipient(0, variables={"name": "Zero", "$odd.key": "any key is fine"})
    resp = await bulk(client, t["id"], [odd] + [recipient(i) for i in range(1, 5)], key="free", auto_send=False,
                      expires_in_days=2)
    await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"], key="free")
    assert job["status"] == "completed_with_errors" and (job["success_count"], job["failure_count"]) == (3, 2)
    assert [i["status"] for i in job["items"]] == ["succeeded"] * 3 + ["failed"] * 2  # plan "small": 3 a month
    assert job["items"][4]["error_message"].startswith("quota_exceeded: ")
    request = (await client.get(f"/v1/signing-requests/{job['items'][0]['signing_request_id']}", key="free")).json
    assert request["status"] == "draft" and await server.services.store.jobs.count(kind="email") == 0
    assert request["expires_at"] == iso(server.clock.now() + dt.timedelta(days=2))
    stored = await server.services.store.signing_requests.by_id(request["id"])
    assert [f["value"] for f in stored["fields"]] == [None, "Zero"]
    # every item failing fails the job
    resp = await bulk(client, (await offer_template(client))["id"], [INVALID[7], INVALID[123]])
    await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"])
    assert job["status"] == "failed" and (job["success_count"], job["failure_count"]) == (0, 2)
    assert job["completed_at"] is not None


async def test_idempotency_sandbox_and_snapshot(server, client):
    t = await offer_template(client)
    headers = {"Idempotency-Key": "bulk-1"}
    first = await bulk(client, t["id"], [recipient(1), recipient(2)], headers=headers)
    again = await bulk(client, t["id"], [recipient(1), recipient(2)], headers=headers)
    assert first.status == again.status == 202 and first.json == again.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert_error(await bulk(client, t["id"], [recipient(3)], headers=headers), 409, "idempotency_key_reused")
    assert await raw_db(server.services)["bulk_jobs"].count_documents({}) == 1
    # the job refers to the template's version as it was submitted (no copy in the job), kept once per
    # version: edits and deletion do not change it
    stored = await server.services.store.bulk_jobs.by_id(first.json["bulk_job_id"])
    assert "template" not in stored and (stored["template_id"], stored["template_version"]) == (t["id"], 0)
    await bulk(client, t["id"], [recipient(4)])  # the same version again: no second snapshot
    assert await raw_db(server.services)["template_versions"].count_documents({}) == 1
    await client.patch(f"/v1/templates/{t['id']}", {"default_message": "Changed"})
    assert (await client.delete(f"/v1/templates/{t['id']}")).status == 204
    await server.run_jobs()
    job = await job_of(client, first.json["bulk_job_id"])
    assert job["status"] == "completed" and job["success_count"] == 2
    request = (await client.get(f"/v1/signing-requests/{job['items'][0]['signing_request_id']}")).json
    assert request["message"] == "Dear Person 1" and request["status"] == "pending"
    assert await server.services.store.jobs.count(kind="email") == 3
    # sandbox: sandbox requests, no invitations
    sandbox_t = await offer_template(client, key="a_sandbox")
    resp = await bulk(client, sandbox_t["id"], [recipient(5)], key="a_sandbox")
    assert resp.status == 202 and resp.headers["X-Service-Mode"] == "sandbox"
    assert_error(await bulk(client, sandbox_t["id"], [recipient(5)]), 403, "forbidden")
    await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"], key="a_sandbox")
    request = (await client.get(f"/v1/signing-requests/{job['items'][0]['signing_request_id']}")).json
    assert request["sandbox"] is True and await server.services.store.jobs.count(kind="email") == 3


async def test_parallel_but_bounded_and_isolated(server, client, monkeypatch):
    t = await offer_template(client)
    original = templates_domain.create_request
    running, peak, calls = 0, 0, {}

    async def watched(services, org, api_key, sandbox, template, send, request_id=None, retry=False):
        nonlocal running, peak
        email = send["signers"][0]["email"]
        calls[email] = calls.get(email, 0) + 1
        running += 1
        peak = max(peak, running)
        try:
            await asyncio.sleep(0.02)
            if email == "person3@example.test":
                raise RuntimeError("database hiccup")
            return await original(services, org, api_key, sandbox, template, send, request_id, retry)
        finally:
            running -= 1

    monkeypatch.setattr(templates_domain, "create_request", watched)
    resp = await bulk(client, t["id"], [recipient(i) for i in range(12)])
    await server.run_jobs()
    assert peak == server.services.config.jobs.bulk_concurrency == 4
    job = await job_of(client, resp.json["bulk_job_id"])
    # the failing item is given back for later; the others are done and not repeated
    assert job["status"] == "processing" and job["success_count"] == 11
    assert [i["status"] for i in job["items"]].count("pending") == 1
    for _ in range(6):
        server.clock.advance(seconds=3600)
        await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"])
    assert job["status"] == "completed_with_errors" and (job["success_count"], job["failure_count"]) == (11, 1)
    assert job["items"][3]["error_message"] == ("internal_error: the signing request could not be created "
                                                "after 5 attempts")
    assert calls["person3@example.test"] == 5 and all(n == 1 for e, n in calls.items() if e != "person3@example.test")


@pytest.mark.slow
async def test_the_server_answers_while_a_job_runs(server, client):
    t = await offer_template(client)
    server.worker.start()
    resp = await bulk(client, t["id"], [recipient(i) for i in range(80)])
    assert resp.status == 202
    # the run yields between items, so answers keep coming while it is still going
    seen, deadline = [], time.monotonic() + 60
    while time.monotonic() < deadline:
        job = await job_of(client, resp.json["bulk_job_id"])
        seen.append((job["status"], job["success_count"]))
        if job["status"] not in ("queued", "processing"):
            break
        await asyncio.sleep(0.01)
    assert any(status == "processing" and 0 < done < 80 for status, done in seen), seen
    assert job["status"] == "completed" and job["success_count"] == 80
    while await server.services.store.jobs.count(status="running"):
        await asyncio.sleep(0.05)


async def test_a_job_never_enqueued_is_started_by_the_sweep(server, client):
    t = await offer_template(client)
    resp = await bulk(client, t["id"], [recipient(1)])
    await raw_db(server.services)["jobs"].delete_many({"kind": "bulk.run"})  # the submitting process died
    await server.run_jobs()
    assert (await job_of(client, resp.json["bulk_job_id"]))["status"] == "queued"
    server.clock.advance(seconds=server.services.config.jobs.lease_seconds + 1)
    await server.run_jobs()
    assert (await job_of(client, resp.json["bulk_job_id"]))["status"] == "completed"


async def test_worker_stopped_half_way_finishes_at_once_after_restart(tmp_path, monkeypatch):
    inbox = Inbox()
    controller, port = smtp_controller(inbox)
    email = {"email": {"provider": "smtp", "host": "127.0.0.1", "port": port}}
    try:
        async with running_server(tmp_path, overrides=email) as srv:
            services2 = None
            try:
                client = srv.client
                t = await offer_template(client)
                total = 30
                resp = await bulk(client, t["id"], [recipient(i) for i in range(total)])
                job_id = resp.json["bulk_job_id"]

                # the run is cut at three kinds of places: before an item starts, after a request is created
                # but before it is sent, and after it is sent but before the item is marked
                stuck = []
                original_create, original_send = templates_domain.create_request, lifecycle.send

                async def hang():
                    stuck.append(1)
                    await asyncio.Event().wait()

                async def create_request(services, org, api_key, sandbox, template, send, request_id=None, retry=False):
                    n = int(send["signers"][0]["email"].removeprefix("person").split("@")[0])
                    if n >= 14:
                        await hang()
                    request = await original_create(services, org, api_key, sandbox, template, send, request_id, retry)
                    if n == 12:
                        await hang()
                    return request

                async def send_request(services, request):
                    if request["signers"][0]["email"] == "person13@example.test":
                        await hang()
                    return await original_send(services, request)

                monkeypatch.setattr(templates_domain, "create_request", create_request)
                monkeypatch.setattr(lifecycle, "send", send_request)
                srv.worker.start()
                deadline = time.monotonic() + 30
                jobs = raw_db(srv.services)["jobs"]
                while len(stuck) < 4 or await jobs.count_documents({"kind": "email", "status": {"$ne": "done"}}):
                    assert time.monotonic() < deadline, "the bulk run did not reach the stopping point"
                    await asyncio.sleep(0.02)
                await srv.worker.stop()  # the process stops half-way

                # items 0-11 done; 12 created and sent, 13 created, 14 and 15 started; 16-29 untouched
                job = await job_of(client, job_id)
                assert job["status"] == "processing" and job["success_count"] == 12
                assert await raw_db(srv.services)["signing_requests"].count_documents({"template_id": t["id"]}) == 14
                assert len(inbox.messages) == 13

                # the stop gave the items back: a new process on the same database goes on at once (no
                # lease to wait for, the clock unmoved)
                items = [i async for i in raw_db(srv.services)["bulk_items"].find({"job_id": job_id, "status": "pending"})]
                assert len(items) == total - 12 and all(i["lease_until"] <= srv.clock.now() for i in items)
                monkeypatch.setattr(templates_domain, "create_request", original_create)
                monkeypatch.setattr(lifecycle, "send", original_send)
                services2 = await servicesmod.build(srv.services.config, srv.clock, database=srv.services.db)
                await make_worker(services2).drain()

                job = await job_of(client, job_id)
                assert job["status"] == "completed" and job["success_count"] == total and job["completed_at"]
                requests = [r async for r in raw_db(srv.services)["signing_requests"].find({"template_id": t["id"]})]
                assert len(requests) == total and {r["status"] for r in requests} == {"pending"}
                assert sorted(r["_id"] for r in requests) == sorted(i["signing_request_id"] for i in job["items"])
                assert sorted(m["To"].addresses[0].addr_spec for m in inbox.messages) == \
                    sorted(f"person{i}@example.test" for i in range(total))
                for r in requests:  # one created and one sent event each
                    events = [e["event_type"]
                              for e in await srv.services.store.events.for_request(r["org_id"], r["_id"])]
                    assert events.count("signing_request.created") == 1 and events.count("signing_request.sent") == 1
            finally:
                if services2 is not None:
                    await services2.close()
    finally:
        controller.stop()


async def test_a_lane_that_lost_its_item_cannot_mark_it(server, client, monkeypatch):
    """Item 0 takes longer than its lease: another lane of the same run takes it over and sends its
    request; the first lane, waking up to a request that is no longer a draft, must not mark the item
    failed (its claim is no longer the item's)."""
    t = await offer_template(client)
    original_send, items = lifecycle.send, server.services.store.bulk_items
    original_finish = items.finish
    clock_moved, taken_over, first_lane_done = asyncio.Event(), asyncio.Event(), asyncio.Event()
    sends = []

    async def send(services, request):
        email = request["signers"][0]["email"]
        sends.append(email)
        if email == "person1@example.test":
            await clock_moved.wait()  # item 1's lane loops on only once item 0's lease ran out
        elif sends.count(email) == 1:  # the first lane on item 0: stalls past its lease
            server.clock.advance(seconds=server.services.config.jobs.lease_seconds + 1)
            clock_moved.set()
            await asyncio.wait_for(taken_over.wait(), 10)
        else:  # the lane that took item 0 over: sends, then lets the first lane go on before marking it
            updated = await original_send(services, request)
            taken_over.set()
            await asyncio.wait_for(first_lane_done.wait(), 10)
            return updated
        return await original_send(services, request)

    async def finish(item, status, changes):
        await original_finish(item, status, changes)
        if status == "failed":
            first_lane_done.set()

    monkeypatch.setattr(lifecycle, "send", send)
    monkeypatch.setattr(items, "finish", finish)
    resp = await bulk(client, t["id"], [recipient(0), recipient(1)])
    await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"])
    assert sends.count("person0@example.test") == 2 and first_lane_done.is_set()
    assert job["status"] == "completed" and [i["status"] for i in job["items"]] == ["succeeded"] * 2, job
    request = (await client.get(f"/v1/signing-requests/{job['items'][0]['signing_request_id']}")).json
    assert request["status"] == "pending"
    assert await server.services.store.jobs.count(kind="email") == 2  # one invitation each


async def test_the_job_view_reads_no_item_input(server, client):
    t = await offer_template(client)
    resp = await bulk(client, t["id"], [recipient(i, message="m" * 1000) for i in range(3)])
    await server.run_jobs()
    items = await server.services.store.bulk_items.for_job(resp.json["bulk_job_id"])
    assert [set(i) for i in items] == [{"id", "status", "signing_request_id", "recipient_email", "error_message"}] * 3
    job = await job_of(client, resp.json["bulk_job_id"])
    assert [i["recipient_email"] for i in job["items"]] == [f"person{i}@example.test" for i in range(3)]


async def test_recipients_labels(server, client):
    """A recipient's metadata, external_id and redirect_url (and its signers' own) reach its signing
    request as a template send's do, keys with dots included; a redirect outside the embed origins fails
    that item only."""
    t = await offer_template(client)
    labelled = recipient(1, metadata={"deal.id": "D-1", "region": "EU"}, external_id="crm-1",
                         redirect_url="https://app.example.test/done")
    labelled["signers"][0].update(metadata={"employee.no": "77"}, external_id="hr-77")
    refused = recipient(2, redirect_url="http://app.example.test/done")
    resp = await bulk(client, t["id"], [labelled, refused, recipient(3)])
    assert resp.status == 202, resp
    await server.run_jobs()
    job = await job_of(client, resp.json["bulk_job_id"])
    assert [i["status"] for i in job["items"]] == ["succeeded", "failed", "succeeded"]
    assert job["items"][1]["error_message"].startswith("validation_error: redirect_url: "), job["items"][1]
    request = (await client.get(f"/v1/signing-requests/{job['items'][0]['signing_request_id']}")).json
    assert (request["metadata"], request["external_id"], request["redirect_url"]) == (
        {"deal.id": "D-1", "region": "EU"}, "crm-1", "https://app.example.test/done")
    assert (request["signers"][0]["metadata"], request["signers"][0]["external_id"]) == ({"employee.no": "77"}, "hr-77")
    found = (await client.get("/v1/signing-requests?metadata[deal.id]=D-1")).json["items"]
    assert [i["id"] for i in found] == [request["id"]]
    plain = (await client.get(f"/v1/signing-requests/{job['items'][2]['signing_request_id']}")).json
    assert (plain["metadata"], plain["external_id"], plain["redirect_url"]) == ({}, None, None)

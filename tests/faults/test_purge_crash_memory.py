"""A purge cut short by a crash, on the embedded database (issue 40 item 3; docs/retention.md): the sibling
of tests/faults/test_purge_restart.py, which kills a real `esign worker` process and needs MongoDB. Here a
worker in the test's process runs the purge on the server's database: the `retention.purge` job hangs at
the redaction of the events (after the tombstone and the blob-deletion jobs) and every blob deletion
after the first hangs; then the worker dies as a killed process would, without any cleanup (its tasks
cancelled with the release of their jobs lost, so their leases stay). A new worker on the same database
takes nothing before the lease passes (the clock replaced), then completes the purge exactly once: one
tombstone, one `signing_event.purged`, every file deleted, one deletion job per key."""
from __future__ import annotations

import asyncio
import collections

from esign.jobs.worker import Worker
from tests.support import SAMPLE_PDF, raw_db
from tests.support.retention import admin_key
from tests.support.signing import complete_request


class Faults:
    """The fault points of the first worker: the events' redaction hangs, every blob deletion after the
    first hangs, while armed; and, at its crash, the release of its jobs is lost."""

    def __init__(self, services):
        self.services, self.armed, self.deleted = services, True, 0
        self.redacting, self.deleting = asyncio.Event(), asyncio.Event()
        self.forever = asyncio.Event()  # never set: a hang
        self.redact, self.delete = services.store.events.redact, services.storage.delete
        services.store.events.redact, services.storage.delete = self.hung_redact, self.hung_delete

    async def hung_redact(self, *args, **kwargs):
        if self.armed:
            self.redacting.set()
            await self.forever.wait()
        return await self.redact(*args, **kwargs)

    async def hung_delete(self, key):
        self.deleted += 1
        if self.armed and self.deleted > 1:
            self.deleting.set()
            await self.forever.wait()
        return await self.delete(key)

    async def crash(self, worker: Worker) -> None:
        """`worker` stops as a killed process does: nothing more of it runs, and its jobs stay claimed."""
        jobs = self.services.store.jobs
        release = jobs.release

        async def lost(job) -> bool:
            return False

        jobs.release = lost
        try:
            worker._stopping = True
            tasks = [*worker._tasks, *worker._running]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        finally:
            jobs.release = release
        self.armed = False
        self.services.store.events.redact, self.services.storage.delete = self.redact, self.delete


async def test_a_purge_cut_short_by_a_crash_completes_once_on_the_embedded_database(server, client):
    admin = await admin_key(server)
    services = server.services
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    request = await complete_request(server, client, doc)
    await server.run_jobs()
    rid = request["id"]
    stored = await services.store.signing_requests.by_id(rid)
    original = (await services.store.documents.by_id(doc))["blob_key"]
    assert await services.storage.size(stored["signed_blob_key"]) and await services.storage.size(original)
    assert (await client.post(f"/v1/signing-requests/{rid}/purge", {"action": "purge_all", "reason": "ended"},
                              key=admin)).status == 202
    jobs = raw_db(services)["jobs"]

    faults = Faults(services)
    first = Worker(services, list(services.job_kinds.values()), [], lanes=["retention"])
    first.start()
    try:
        await asyncio.wait_for(asyncio.gather(faults.redacting.wait(), faults.deleting.wait()), 60)
    finally:
        await faults.crash(first)
    half = await services.store.signing_requests.by_id(rid)
    assert half["purge"]["state"] == "purging" and half["tombstone"] and not half.get("purged_at")
    claimed = [j async for j in jobs.find({"lane": "retention", "status": "running"})]
    assert {j["kind"] for j in claimed} == {"retention.purge", "retention.delete_blob"}
    assert {j["worker"] for j in claimed} == {first.id}
    assert faults.deleted >= 2  # one file deleted, one deletion hung

    second = Worker(services, list(services.job_kinds.values()), [], lanes=["retention"])
    await second.run_due()  # the deletions never claimed run; the dead worker's jobs are still leased
    assert (await services.store.signing_requests.by_id(rid))["purge"]["state"] == "purging"
    assert await jobs.count_documents({"lane": "retention", "status": "running", "worker": first.id}) == len(claimed)

    server.clock.advance(seconds=services.config.jobs.lease_seconds + 1)
    await second.run_due()
    after = await services.store.signing_requests.by_id(rid)
    assert after["purge"]["state"] == "done" and after["purged_at"]
    assert after["tombstone"] == {**half["tombstone"], **{k: after["tombstone"][k] for k in (
        "purged_at", "action", "reason", "rule")}}  # written once, before the crash
    assert {s["email"] for s in after["signers"]} == {""}
    events = [e["event_type"] for e in await services.store.events.trail(rid)]
    assert events.count("signing_event.purged") == 1 and events.count("signing_event.purge_requested") == 1
    assert all(e.get("redacted_at") for e in await services.store.events.trail(rid)
               if e["event_type"] != "signing_event.purged")
    deletions = [j async for j in jobs.find({"kind": "retention.delete_blob"})]
    per_key = collections.Counter(j["payload"]["key"] for j in deletions)
    assert per_key and set(per_key.values()) == {1}, per_key
    assert {j["status"] for j in deletions} == {"done"}
    assert await jobs.count_documents({"lane": "retention", "status": {"$ne": "done"}}) == 0
    for key in (stored["signed_blob_key"], original, *per_key):
        assert await services.storage.size(key) is None, key
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert 'esign_purges_total{action="purge_all"} 1.0' in metrics

"""A purge killed midway (issue 40 item 3): `esign worker` in a process of its own is SIGKILLed while the
purge job and its blob deletions are running (tests/faults/purge_process.py), and `esign worker` restarted
on the same database completes the purge exactly once: one tombstone, one `signing_event.purged`, every
file deleted, one deletion job per key. The restarted process must find the killed one's database, so
this needs MongoDB (`ESIGN_TEST_DATABASE_URL`, as CI's MongoDB job sets it)."""
from __future__ import annotations

import asyncio
import collections
import signal
import subprocess
import sys
import time

import pytest

from tests.support import SAMPLE_PDF, TEST_DATABASE_URL
from tests.support.processes import ESIGN, ROOT, clean_env
from tests.support.retention import admin_key
from tests.support.signing import complete_request

pytestmark = pytest.mark.skipif(not TEST_DATABASE_URL.startswith("mongodb"),
                                reason="needs MongoDB (ESIGN_TEST_DATABASE_URL): the restarted process reads the "
                                       "killed one's database")


async def wait_for_line(proc: subprocess.Popen, text: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    seen = []
    while text not in "".join(seen):
        assert time.monotonic() < deadline and proc.poll() is None, (seen, proc.stderr.read() if proc.stderr else "")
        seen.append(await asyncio.to_thread(proc.stdout.readline))


@pytest.mark.slow
async def test_a_purge_killed_midway_completes_once_after_a_restart(server, client, tmp_path):
    admin = await admin_key(server)
    services = server.services
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    request = await complete_request(server, client, doc)
    await server.run_jobs()
    rid = request["id"]
    stored = await services.store.signing_requests.by_id(rid)
    original = (await services.store.documents.by_id(doc))["blob_key"]
    assert (await client.post(f"/v1/signing-requests/{rid}/purge", {"action": "purge_all", "reason": "ended"},
                              key=admin)).status == 202
    config = str(tmp_path / "esign.toml")  # the server's: the same database and blob storage

    stalling = subprocess.Popen([sys.executable, "-m", "tests.faults.purge_process", config], cwd=ROOT,
                                env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        await wait_for_line(stalling, '"stalled"')
        await asyncio.sleep(0.5)  # the blob deletions it queued are claimed meanwhile
        half = await services.store.signing_requests.by_id(rid)
        assert half["purge"]["state"] == "purging" and half["tombstone"]
        stalling.send_signal(signal.SIGKILL)
        assert await asyncio.to_thread(stalling.wait, 30) == -signal.SIGKILL
    finally:
        if stalling.poll() is None:
            stalling.kill()
    jobs = services.store.jobs.col
    assert await jobs.count_documents({"kind": {"$regex": "^retention\\."}, "status": "running"}) >= 1

    restarted = subprocess.Popen([ESIGN, "worker", "--config", config], cwd=tmp_path, env=clean_env(),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            done = (await services.store.signing_requests.by_id(rid))["purge"]["state"] == "done"
            left = await jobs.count_documents({"kind": {"$regex": "^retention\\."}, "status": {"$ne": "done"}})
            if done and not left:
                break
            assert time.monotonic() < deadline and restarted.poll() is None, restarted.stderr.read()
            await asyncio.sleep(0.2)
    finally:
        restarted.send_signal(signal.SIGTERM)
        await asyncio.to_thread(restarted.communicate, timeout=60)

    after = await services.store.signing_requests.by_id(rid)
    assert after["tombstone"] == {**half["tombstone"], **{k: after["tombstone"][k] for k in (
        "purged_at", "action", "reason", "rule")}}  # written once, before the kill
    events = [e["event_type"] for e in await services.store.events.trail(rid)]
    assert events.count("signing_event.purged") == 1 and events.count("signing_event.purge_requested") == 1
    for key in (stored["signed_blob_key"], original):
        assert await services.storage.size(key) is None, key
    per_key = collections.Counter([j["payload"]["key"] async for j in jobs.find({"kind": "retention.delete_blob"})])
    assert per_key and set(per_key.values()) == {1}, per_key

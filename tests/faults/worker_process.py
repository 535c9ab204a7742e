"""`python -m tests.faults.worker_process CONFIG SECONDS`: the `esign worker` run loop (cli.work) in a
process of its own over the embedded database, with one queued job that takes SECONDS. After the
worker stops it prints the job's state as JSON (status, attempts): the test sends SIGTERM and checks."""
import asyncio
import json
import sys

from esign import cli
from esign import config as configmod
from esign import services as servicesmod
from esign.jobs.kinds import JobKind


async def main(path: str, seconds: float):
    services = await servicesmod.build(configmod.load(path, environ={}))

    async def slow(services, payload, job):
        print(json.dumps({"event": "job running"}), flush=True)
        await asyncio.sleep(seconds)

    services.job_kinds["test.slow"] = JobKind("test.slow", slow, lane="bulk")
    job = await services.store.jobs.enqueue("test.slow", {}, lane="bulk")
    await cli.work(services)
    doc = await services.db["jobs"].find_one({"_id": job["id"]})
    print(json.dumps({"event": "job", "status": doc["status"], "attempts": doc["attempts"],
                      "due": doc["run_at"] <= services.clock.now()}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))

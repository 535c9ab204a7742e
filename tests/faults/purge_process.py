"""`python -m tests.faults.purge_process CONFIG`: the `esign worker` run loop (cli.work) in a process of its
own, over the test's shared database, that stalls midway through a purge: the `retention.purge` job hangs
at the redaction of the events (after the tombstone and the blob-deletion jobs), and every blob deletion
after the first hangs. It prints `{"event": "stalled"}` once the purge job hangs; the test then kills the
process (SIGKILL) and restarts `esign worker` on the same database. A short lease (2 s) lets the restarted
worker take the killed one's jobs at once."""
import asyncio
import json
import sys

from esign import cli
from esign import config as configmod
from esign import services as servicesmod


async def main(path: str):
    services = await servicesmod.build(configmod.load(path, environ={}, overrides={"jobs": {"lease_seconds": 2}}))
    delete = services.storage.delete
    deleted = 0

    async def stalled_redact(*args, **kwargs):
        print(json.dumps({"event": "stalled"}), flush=True)
        await asyncio.sleep(3600)

    async def first_delete_only(key):
        nonlocal deleted
        deleted += 1
        if deleted > 1:
            await asyncio.sleep(3600)
        await delete(key)

    services.store.events.redact = stalled_redact
    services.storage.delete = first_delete_only
    await cli.work(services)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

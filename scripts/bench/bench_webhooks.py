"""Webhook delivery benchmark: deliveries per second to a local receiver and event→delivery latency.

Runs the real service pieces in one process with the real clock: events are emitted with
`services.emit` (stored in the outbox, which the worker it wakes fans out to the job queue), the
background worker delivers them over HTTP to a receiver on 127.0.0.1, which notes the arrival time of
each event id.

    .venv/bin/python scripts/bench/bench_webhooks.py [--events 1000] [--paced 200] [--rate 20] [--rounds 3]

Each burst is measured against a floor run just before it in the same process: the same number of
bodies POSTed to the same receiver by `--concurrency` tasks sharing one plain httpx client.

These are figures of the embedded default (memory://: mongomock behind esign.db's hash indexes and
TTL monitor), not of MongoDB. Deliveries per CPU second (the process's CPU time over the run) are
printed beside the wall-clock rate, which depends on what else the machine runs.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

import httpx
import tornado.httpserver
import tornado.netutil
import tornado.web

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from esign import config as configmod  # noqa: E402
from esign import services as servicesmod  # noqa: E402
from esign.clock import Clock  # noqa: E402
from esign.job_registry import make_worker  # noqa: E402
from esign.store.base import new_id  # noqa: E402

CONFIG = """
[storage]
path = "{tmp}/blobs"
[email]
path = "{tmp}/mail"
[webhooks]
allow_private_networks = true
allow_http = true
[jobs]
poll_interval_seconds = 0.05
lane_webhooks = {concurrency}
group_concurrency = {concurrency}  # one receiver: let it take the whole lane
[[organizations]]
name = "Bench"
plan = "enterprise"
"""


class Sink(tornado.web.RequestHandler):
    def post(self):
        self.settings["arrivals"][json.loads(self.request.body)["id"]] = time.perf_counter()
        self.set_status(204)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def run_batch(services, arrivals, count, rate=None):
    """Emit `count` events (as fast as possible, or `rate` per second) and wait for every delivery."""
    org = (await services.store.organizations.by_name("Bench"))["id"]
    sent = {}
    cpu = time.process_time()
    started = time.perf_counter()
    for i in range(count):
        if rate:
            await asyncio.sleep(max(0.0, started + i / rate - time.perf_counter()))
        t = time.perf_counter()
        event = await services.emit(org, "signing_request.created", signing_request_id=new_id())
        sent[event["id"]] = t
    while not all(e in arrivals for e in sent):
        if time.perf_counter() - started > 600:
            raise SystemExit("deliveries did not arrive within 10 minutes")
        await asyncio.sleep(0.01)
    cpu = time.process_time() - cpu
    latencies = [(arrivals[e] - t) * 1000 for e, t in sent.items()]
    elapsed = max(arrivals[e] for e in sent) - started
    return {"count": count, "elapsed": elapsed, "per_second": count / elapsed, "per_cpu_second": count / cpu,
            "p50": statistics.median(latencies), "p95": percentile(latencies, 95), "max": max(latencies)}


async def plain_floor(url: str, arrivals: dict, count: int, lanes: int) -> dict:
    """The floor: `count` JSON bodies of the same size POSTed to the same receiver by `lanes` tasks
    sharing one plain httpx client (keep-alive), no database, no signing, no records."""
    body = json.dumps({"id": "", "event": "signing_request.created", "data": {"signing_request_id": new_id()}})
    ids = [new_id() for _ in range(count)]
    queue = list(ids)
    cpu, started = time.process_time(), time.perf_counter()
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=lanes)) as client:
        async def lane():
            while queue:
                event_id = queue.pop()
                answer = await client.post(url, content=body.replace('"id": ""', f'"id": "{event_id}"'),
                                           headers={"Content-Type": "application/json"})
                assert answer.status_code == 204, answer
        await asyncio.gather(*(lane() for _ in range(lanes)))
    elapsed = max(arrivals[e] for e in ids) - started
    return {"count": count, "elapsed": elapsed, "per_second": count / elapsed,
            "per_cpu_second": count / (time.process_time() - cpu)}


async def settle(services):
    """Let the worker go idle before stopping it: on Python 3.11 `asyncio.wait_for` can swallow a
    cancellation that arrives just as the worker is woken, and `Worker.stop()` then waits forever."""
    while await services.store.jobs.count(status="running"):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)


async def main(args):
    tmp = tempfile.mkdtemp(prefix="esign-bench-")
    path = pathlib.Path(tmp) / "esign.toml"
    path.write_text(CONFIG.format(tmp=tmp, concurrency=args.concurrency))
    services = await servicesmod.build(configmod.load(str(path), environ={}), Clock())
    arrivals: dict[str, float] = {}
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    receiver = tornado.httpserver.HTTPServer(tornado.web.Application([(r"/hook", Sink)], arrivals=arrivals))
    receiver.add_sockets(sockets)
    org = (await services.store.organizations.by_name("Bench"))["id"]
    await services.store.webhooks.create(org, "bench", f"http://127.0.0.1:{sockets[0].getsockname()[1]}/hook",
                                         ["signing_request.created"], services.secrets.encrypt("whsec_bench"),
                                         max_count=services.config.webhooks.max_per_organisation)
    make_worker(services).start()
    try:
        # paced first, on a small database: the latency of one event when nothing is queued
        paced = await run_batch(services, arrivals, args.paced, rate=args.rate)
        url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/hook"
        bursts = []
        for _ in range(args.rounds):  # alternating, each burst against its own floor
            load = os.getloadavg()[0]
            floor = await plain_floor(url, arrivals, args.events, args.concurrency)
            burst = await run_batch(services, arrivals, args.events)
            bursts.append((load, floor, burst))
    finally:
        await settle(services)
        receiver.stop()
        await services.close()
    print(f"Webhook deliveries, embedded database, webhook lane {args.concurrency} slots, one local receiver\n")
    print("| run | events | wall time (s) | deliveries/s | deliveries per CPU second | latency p50 (ms) | "
          "latency p95 (ms) | max (ms) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in ((f"paced ({args.rate:g}/s)", paced), *((f"burst {i} (all emitted at once)", b)
                                                           for i, (_, _, b) in enumerate(bursts, 1))):
        print(f"| {name} | {r['count']} | {r['elapsed']:.2f} | {r['per_second']:.0f} | {r['per_cpu_second']:.0f} | "
              f"{r['p50']:.1f} | "
              f"{r['p95']:.1f} | {r['max']:.1f} |")
    print(f"\nEach burst against the plain httpx floor ({args.concurrency} lanes, keep-alive) run just before it:\n")
    print("| burst | load average | esign deliveries/s | floor deliveries/s | **ratio** | esign / floor per CPU second |")
    print("|---:|---:|---:|---:|---:|---:|")
    for i, (load, floor, burst) in enumerate(bursts, 1):
        print(f"| {i} | {load:.1f} | {burst['per_second']:.0f} | {floor['per_second']:.0f} | "
              f"**{burst['per_second'] / floor['per_second']:.2f}** | "
              f"{burst['per_cpu_second']:.0f} / {floor['per_cpu_second']:.0f} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--paced", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3, help="bursts, each after its own floor")
    asyncio.run(main(parser.parse_args()))

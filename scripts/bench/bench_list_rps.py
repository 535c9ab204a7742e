#!/usr/bin/env python3
"""Benchmark: requests per second of `GET /v1/documents` against a bare Tornado JSON handler.

Both servers run as subprocesses on this machine in the same run, one after the other, each driven
for a fixed duration by the same concurrent client (asyncio, persistent HTTP/1.1 connections, raw
sockets so the client costs little). esign runs `esign serve --no-worker` on the embedded memory://
database with a few uploaded documents; every request goes through the full path: API-key lookup,
organisation lookup, the rate-limit counter, the paged query and the JSON answer. The bare handler
answers the same JSON bytes from a dict with no I/O.

The per-key rate limit is at most 1000 requests per minute, so the benchmark provisions many keys and
spreads requests over them; any non-200 answer is counted and reported.

Note: memory:// is mongomock (every query scans its collection in Python); the esign figure is a
figure of the embedded database, not of MongoDB.

Usage: .venv/bin/python scripts/bench/bench_list_rps.py [--seconds 10] [--connections 32] [--json]
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

from server_process import embedded_config, exchange, start, stop  # scripts/bench is on sys.path

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"
ESIGN = ROOT / ".venv" / "bin" / "esign"
KEY_COUNT = 20
KEYS = [f"esk_live_bench_list_rps_{i:04d}_0000000000" for i in range(KEY_COUNT)]
CORPUS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "corpus"
SAMPLES = ["pdflatex-4-pages.pdf", "minimal-document.pdf", "multicolumn.pdf", "pdfkit.pdf", "annotated_pdf.pdf"]

BARE_SERVER = r'''
import asyncio, json, sys
import tornado.web

PAYLOAD = json.loads(sys.argv[1])

class Bare(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(PAYLOAD, separators=(",", ":")))

async def main():
    server = tornado.web.Application([(r"/v1/documents", Bare)]).listen(0, "127.0.0.1")
    port = [s.getsockname()[1] for s in server._sockets.values()][0]
    print(json.dumps({"event": "listening", "url": f"http://127.0.0.1:{port}"}), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
'''


def get_raw(path: str, key: str | None) -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (f"X-API-Key: {key}\r\n" if key else "") + "\r\n").encode()


async def drive(port: int, seconds: float, connections: int, path: str, keyed: bool) -> dict:
    """Run `connections` keep-alive clients for `seconds`; returns counts and latencies."""
    raws = [get_raw(path, key if keyed else None) for key in KEYS]
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    deadline = time.monotonic() + seconds

    async def client(index: int):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        n = index
        try:
            while time.monotonic() < deadline:
                raw = raws[n % len(raws)]
                n += connections
                started = time.perf_counter()
                status, _ = await exchange(reader, writer, raw)
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            writer.close()

    started = time.monotonic()
    await asyncio.gather(*(client(i) for i in range(connections)))
    elapsed = time.monotonic() - started
    latencies.sort()
    total = len(latencies)
    return {
        "requests": total, "seconds": round(elapsed, 2), "rps": round(total / elapsed, 1),
        "statuses": {str(k): v for k, v in sorted(statuses.items())},
        "latency_ms": {"p50": round(statistics.median(latencies) * 1000, 2),
                       "p99": round(latencies[int(total * 0.99) - 1] * 1000, 2),
                       "max": round(latencies[-1] * 1000, 2)},
    }


async def upload(port: int, pdf: pathlib.Path) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = pdf.read_bytes()
    boundary = "benchBoundary42"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n\r\n").encode() \
        + data + f"\r\n--{boundary}--\r\n".encode()
    raw = (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS[0]}\r\n"
           f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    status, _ = await exchange(reader, writer, raw)
    writer.close()
    return status


def esign_config(tmp: pathlib.Path) -> pathlib.Path:
    keys = "".join(f'[[organizations.api_keys]]\nkey = "{key}"\nrate_limit = 1000\n' for key in KEYS)
    return embedded_config(tmp, f'[[organizations]]\nname = "Bench"\nplan = "enterprise"\n{keys}')


async def run(args) -> dict:
    with tempfile.TemporaryDirectory(prefix="esign-bench-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        env["TMPDIR"] = str(tmp)
        proc, port = start([str(ESIGN), "serve", "--no-worker", "--config", str(esign_config(tmp)), "--port", "0"],
                           env=env, cwd=tmp)
        try:
            for name in SAMPLES:
                assert await upload(port, CORPUS / name) == 201, name
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            status, body = await exchange(reader, writer, get_raw("/v1/documents", KEYS[0]))
            writer.close()
            assert status == 200 and json.loads(body)["total"] == len(SAMPLES), body
            await drive(port, args.warmup, args.connections, "/v1/documents", True)  # warm-up
            esign_result = await drive(port, args.seconds, args.connections, "/v1/documents", True)
        finally:
            stop(proc)

        bare, bare_port = start([str(PYTHON), "-c", BARE_SERVER, body.decode()])
        try:
            await drive(bare_port, args.warmup, args.connections, "/v1/documents", False)
            bare_result = await drive(bare_port, args.seconds, args.connections, "/v1/documents", False)
        finally:
            stop(bare)
    return {
        "documents": len(SAMPLES), "response_bytes": len(body), "connections": args.connections,
        "esign": esign_result, "bare_tornado": bare_result,
        "ratio": round(esign_result["rps"] / bare_result["rps"], 3),
        "python": sys.version.split()[0], "cpus": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured duration per server")
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name in ("esign", "bare_tornado"):
            r = result[name]
            print(f"{name:13s} {r['rps']:8.1f} req/s  ({r['requests']} requests in {r['seconds']} s, statuses "
                  f"{r['statuses']}, latency p50 {r['latency_ms']['p50']} ms, p99 {r['latency_ms']['p99']} ms)")
        print(f"ratio esign / bare Tornado: {result['ratio']} "
              f"({result['documents']} documents, {result['response_bytes']} byte answers, "
              f"{result['connections']} connections)")
    errors = sum(v for k, v in result["esign"]["statuses"].items() if k != "200")
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

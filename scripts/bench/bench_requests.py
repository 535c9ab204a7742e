#!/usr/bin/env python3
"""Benchmark: create, send and list 10,000 signing requests over HTTP.

Starts the real server (`esign serve`, with its background worker, as a subprocess on 127.0.0.1 with a
temporary config) on the embedded memory:// database, uploads one document, then

1. creates `--count` signing requests (`POST /v1/signing-requests`, one signer each) with
   `--clients` parallel keep-alive connections, and reports requests per second overall and for each
   tenth of the run (the collections grow as it goes);
2. sends every one of them (`POST /v1/signing-requests/{id}/send`) the same way;
3. measures `GET /v1/signing-requests` latency at that size, one request at a time (p50/p95/max of
   `--samples` requests per case): the default page, a status filter with an offset deep into the
   list, a status filter that matches nothing, and an exact signer_email filter.

By default the keys are sandbox keys (`--mode sandbox`): sandbox requests never count toward a quota
and send no invitation email, so the figures are those of the API and the database, without the mail
jobs. `--mode live` uses live keys on the builtin `enterprise` plan (no monthly quota): every send
then queues one invitation job that the server's worker writes to a Maildir while the sends go on; the
benchmark waits for every invitation (and reports when the last one was written) before it times the
list, so the list figures are not those of a busy worker.
One key is limited to 1000 requests per minute, so requests are spread over `--keys` keys of one
organisation; any non-2xx answer is counted and reported (and makes the exit status 1).

Note: memory:// is mongomock, which scans every document of a collection for each query (including
lookups by `_id` and the uniqueness checks of inserts), so these are figures of the embedded database,
not of MongoDB.

Usage: .venv/bin/python scripts/bench/bench_requests.py [--count 10000] [--clients 8] [--mode sandbox|live]
                                                      [--samples 30] [--json]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import platform
import statistics
import sys
import tempfile
import time

from server_process import embedded_config, exchange, start, stop  # noqa: E402  (scripts/bench is on sys.path)

ROOT = pathlib.Path(__file__).resolve().parents[2]
ESIGN = ROOT / ".venv" / "bin" / "esign"
PDF = ROOT / "tests" / "corpus" / "pdflatex-4-pages.pdf"


def keys_for(mode: str, count: int) -> list[str]:
    prefix = "esk_test" if mode == "sandbox" else "esk_live"
    return [f"{prefix}_bench_requests_{i:04d}_00000000000" for i in range(count)]


def esign_config(tmp: pathlib.Path, keys: list[str], sandbox: bool) -> pathlib.Path:
    entries = "".join(f'[[organizations.api_keys]]\nkey = "{key}"\nrate_limit = 1000\nsandbox = {str(sandbox).lower()}\n'
                      f'owner_name = "Bench Owner {i}"\nowner_email = "owner{i}@bench.example.test"\n'
                      for i, key in enumerate(keys))
    return embedded_config(tmp, f'[limits]\ndefault_rate_per_minute = 1000\n'
                                f'[[organizations]]\nname = "Bench"\nplan = "enterprise"\n{entries}')


def rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# --- a small HTTP/1.1 client on raw asyncio streams (costs little next to the server) --------------

def raw_request(method: str, path: str, key: str, body: bytes = b"", content_type: str = "application/json") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {key}\r\n"
    if method == "POST":
        head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
    return (head + "\r\n").encode() + body


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))]


def latency_summary(seconds: list[float]) -> dict:
    values = sorted(s * 1000 for s in seconds)
    return {"p50": round(statistics.median(values), 1), "p95": round(percentile(values, 95), 1),
            "max": round(values[-1], 1)}


async def phase(port: int, name: str, raws: list[bytes], clients: int, progress: bool) -> tuple[dict, list[bytes]]:
    """Send every request of `raws` (in order) over `clients` keep-alive connections; return the
    figures and the response bodies (same order)."""
    total = len(raws)
    bodies: list[bytes] = [b""] * total
    latencies: list[float] = [0.0] * total
    finished: list[float] = []  # completion times, in completion order
    statuses: dict[int, int] = {}
    next_index = 0
    started = time.perf_counter()

    async def client():
        nonlocal next_index
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while next_index < total:
                i = next_index
                next_index += 1
                t = time.perf_counter()
                status, body = await exchange(reader, writer, raws[i])
                now = time.perf_counter()
                latencies[i] = now - t
                bodies[i] = body
                statuses[status] = statuses.get(status, 0) + 1
                finished.append(now)
                if progress and len(finished) % 1000 == 0:
                    print(f"  {name}: {len(finished)}/{total} after {now - started:.0f} s "
                          f"({1000 / (now - (finished[-1001] if len(finished) > 1000 else started)):.1f}/s "
                          f"for the last 1000)", file=sys.stderr, flush=True)
        finally:
            writer.close()

    await asyncio.gather(*(client() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    tenth = max(1, total // 10)
    deciles = []
    previous = started
    for k in range(tenth - 1, total, tenth):
        deciles.append(round(tenth / (finished[k] - previous), 1))
        previous = finished[k]
    return {"requests": total, "seconds": round(elapsed, 1), "per_second": round(total / elapsed, 1),
            "per_second_by_tenth": deciles[:10], "latency_ms": latency_summary(latencies),
            "statuses": {str(k): v for k, v in sorted(statuses.items())}}, bodies


async def list_latency(port: int, path: str, key: str, samples: int) -> dict:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    raw = raw_request("GET", path, key)
    try:
        status, body = await exchange(reader, writer, raw)  # one warm-up request, also the answer checked
        assert status == 200, (path, status, body[:300])
        page = json.loads(body)
        latencies = []
        for _ in range(samples):
            t = time.perf_counter()
            status, _ = await exchange(reader, writer, raw)
            latencies.append(time.perf_counter() - t)
            assert status == 200, (path, status)
    finally:
        writer.close()
    return {"path": path, "total": page["total"], "items": len(page["items"]), "response_bytes": len(body),
            **latency_summary(latencies)}


async def wait_for_mail(maildir: pathlib.Path, expected: int, since: float, timeout: float) -> dict:
    """Wait until `expected` messages are in the Maildir; returns when the last one was seen."""
    while True:
        count = sum(1 for _ in maildir.iterdir()) if maildir.is_dir() else 0
        now = time.perf_counter()
        if count >= expected or now - since > timeout:
            return {"mails": count, "seconds_after_send_start": round(now - since, 1),
                    "per_second": round(count / (now - since), 1)}
        await asyncio.sleep(0.2)


async def upload(port: int, key: str) -> dict:
    boundary = "benchBoundary42"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{PDF.name}\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + PDF.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    status, answer = await exchange(reader, writer, raw_request("POST", "/v1/documents/upload", key, body,
                                                                f"multipart/form-data; boundary={boundary}"))
    writer.close()
    assert status == 201, answer
    return json.loads(answer)


async def run(args) -> dict:
    keys = keys_for(args.mode, args.keys)
    with tempfile.TemporaryDirectory(prefix="esign-bench-requests-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        env["TMPDIR"] = str(tmp)
        cmd = [str(ESIGN), "serve", "--config", str(esign_config(tmp, keys, args.mode == "sandbox")), "--port", "0"]
        if args.no_worker:
            cmd.append("--no-worker")
        proc, port = start(cmd, env, tmp)
        try:
            document = await upload(port, keys[0])
            rss_start = rss_mb(proc.pid)
            creates = [raw_request("POST", "/v1/signing-requests", keys[i % len(keys)], json.dumps({
                "document_id": document["id"], "message": f"Please sign contract {i}",
                "signers": [{"name": f"Signer {i}", "email": f"signer{i}@example.test"}]}).encode())
                for i in range(args.count)]
            create, bodies = await phase(port, "create", creates, args.clients, args.progress)
            failed = [b for b in bodies if "id" not in json.loads(b)]
            if failed:
                raise SystemExit(f"{len(failed)} creates failed, the first with {failed[0][:300]!r}")
            ids = [json.loads(b)["id"] for b in bodies]
            del creates, bodies
            sends = [raw_request("POST", f"/v1/signing-requests/{rid}/send", keys[i % len(keys)])
                     for i, rid in enumerate(ids)]
            send_started = time.perf_counter()
            send, bodies = await phase(port, "send", sends, args.clients, args.progress)
            pending = sum(json.loads(b).get("status") == "pending" for b in bodies)
            del sends, bodies
            mail = None
            if args.mode == "live" and not args.no_worker:
                # the worker writes the invitations while the sends go on; let it finish before the
                # list is timed, so the list figures are not those of a busy worker
                mail = await wait_for_mail(tmp / "mail" / "new", args.count, send_started, args.mail_timeout)
            deep = max(0, args.count - 50)
            cases = {
                "default page (limit 50, newest first)": "/v1/signing-requests",
                f"status=pending, offset {deep}": f"/v1/signing-requests?status=pending&offset={deep}",
                "status=completed (no match)": "/v1/signing-requests?status=completed",
                "signer_email (one match)": f"/v1/signing-requests?signer_email=signer{args.count // 2}@example.test",
            }
            lists = {}
            for name, path in cases.items():
                lists[name] = await list_latency(port, path, keys[0], args.samples)
            rss_end = rss_mb(proc.pid)
            mails = sum(1 for _ in (tmp / "mail" / "new").iterdir()) if (tmp / "mail" / "new").is_dir() else 0
        finally:
            stop(proc)
    return {"count": args.count, "clients": args.clients, "keys": args.keys, "mode": args.mode,
            "worker": not args.no_worker, "create": create, "send": send, "pending_after_send": pending,
            "list": lists, "server_rss_mb": {"after_upload": round(rss_start, 1), "at_end": round(rss_end, 1)},
            "mails_written_before_stop": mails, "invitations": mail,
            "python": platform.python_version(), "cpus": os.cpu_count()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10000, help="signing requests to create and send")
    parser.add_argument("--clients", type=int, default=8, help="parallel keep-alive connections")
    parser.add_argument("--keys", type=int, default=64, help="API keys to spread requests over (1000/min each)")
    parser.add_argument("--mode", choices=["sandbox", "live"], default="sandbox")
    parser.add_argument("--samples", type=int, default=30, help="timed list requests per case")
    parser.add_argument("--no-worker", action="store_true", help="start the server with --no-worker")
    parser.add_argument("--mail-timeout", type=float, default=3600,
                        help="--mode live: seconds to wait for every invitation before the list phase")
    parser.add_argument("--progress", action="store_true", help="print progress every 1000 requests to stderr")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.count < 50:
        parser.error("--count must be at least 50")
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['count']} signing requests, {result['mode']} keys ({result['keys']}), {result['clients']} clients, "
              f"esign serve {'with' if result['worker'] else 'without'} worker, memory:// (mongomock), "
              f"Python {result['python']}, {result['cpus']} CPUs\n")
        print("| phase | requests | wall time (s) | requests/s | req/s by tenth of the run | latency p50 / p95 / max (ms) "
              "| statuses |")
        print("|---|---:|---:|---:|---|---|---|")
        for name in ("create", "send"):
            r = result[name]
            lat = r["latency_ms"]
            print(f"| {name} | {r['requests']} | {r['seconds']} | {r['per_second']} | "
                  f"{', '.join(f'{v:g}' for v in r['per_second_by_tenth'])} | {lat['p50']} / {lat['p95']} / {lat['max']} "
                  f"| {r['statuses']} |")
        if result["invitations"]:
            m = result["invitations"]
            print(f"\ninvitations: {m['mails']} written to the Maildir {m['seconds_after_send_start']} s after the "
                  f"first send ({m['per_second']}/s); the list is timed after that")
        print(f"\nList latency at {result['count']} requests, one request at a time:\n")
        print("| query | total | items | bytes | p50 (ms) | p95 (ms) | max (ms) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, r in result["list"].items():
            print(f"| {name} | {r['total']} | {r['items']} | {r['response_bytes']} | {r['p50']} | {r['p95']} | {r['max']} |")
        print(f"\nserver RSS {result['server_rss_mb']['after_upload']} MB after the upload, "
              f"{result['server_rss_mb']['at_end']} MB at the end; {result['pending_after_send']} requests pending; "
              f"{result['mails_written_before_stop']} invitation mails written before stop")
    ok = all(k in ("200", "201") for phase_name in ("create", "send") for k in result[phase_name]["statuses"])
    if result["invitations"] and result["invitations"]["mails"] != result["count"]:
        ok = False
    return 0 if ok and result["pending_after_send"] == result["count"] else 1


if __name__ == "__main__":
    sys.exit(main())

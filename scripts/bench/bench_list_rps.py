#!/usr/bin/env python3
"""Benchmark: requests per second of esign's API against a bare Tornado JSON handler, side by side.

Both servers run as subprocesses on this machine at once and are driven alternately, path by path and
round by round, for a fixed duration each by the same concurrent client (asyncio, persistent HTTP/1.1
connections, raw sockets so the client costs little). esign runs `esign serve --no-worker` on the
embedded memory:// database with a few uploaded documents and one signing request; every request goes
through the full path: authentication (the key and its organisation, cached in the process), the
rate-limit counter, the query and the JSON answer. The bare handler answers the same JSON bytes for
the same path from a dict with no I/O. Each round gives a ratio esign / bare per path; the medians
are printed with the machine (`nproc`, CPU model, load) and the date, as a Markdown table for
docs/benchmarks.md.

The per-key rate limit is at most 1000 requests per minute, so the benchmark provisions many keys and
spreads requests over them; any non-200 answer is counted and reported.

With `--defaults`, esign runs as `esign serve` starts by default: its worker in the same process and
the INFO log (every request's access line) written to a file. With `--profile FILE`, esign runs under
cProfile (which slows it: the ratios of such a run mean nothing), the statistics are written to FILE
and the costliest functions and modules are printed; `--paths` limits the run to the paths whose name
contains one of the given words.

Usage: .venv/bin/python scripts/bench/bench_list_rps.py [--seconds 10] [--rounds 2] [--connections 32] [--json]
       [--defaults] [--profile FILE] [--paths WORD ...]
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import datetime
import json
import os
import pathlib
import platform
import pstats
import statistics
import subprocess
import sys
import tempfile
import time

from server_process import embedded_config, exchange, start, stop  # scripts/bench is on sys.path

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"
ESIGN = ROOT / ".venv" / "bin" / "esign"
KEY_COUNT = 100
KEYS = [f"esk_live_bench_list_rps_{i:04d}_0000000000" for i in range(KEY_COUNT)]
CORPUS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "corpus"
SAMPLES = ["pdflatex-4-pages.pdf", "minimal-document.pdf", "multicolumn.pdf", "pdfkit.pdf", "annotated_pdf.pdf"]

BARE_SERVER = r'''
import asyncio, json, sys
import tornado.web

PAYLOADS = json.loads(sys.argv[1])  # path -> the JSON answer

class Bare(tornado.web.RequestHandler):
    def get(self):
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.finish(json.dumps(PAYLOADS[self.request.path], separators=(",", ":")))

async def main():
    server = tornado.web.Application([(r"/.*", Bare)]).listen(0, "127.0.0.1")
    port = [s.getsockname()[1] for s in server._sockets.values()][0]
    print(json.dumps({"event": "listening", "url": f"http://127.0.0.1:{port}"}), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
'''

# esign's CLI under cProfile, timed by the CPU time of the event loop's thread: wall time would charge
# a function for the time the loaded machine's scheduler gave the cores to other processes
PROFILER = r'''
import cProfile, sys, time
from esign.cli import main
profile = cProfile.Profile(time.thread_time)
try:
    profile.runcall(main, sys.argv[2:])
finally:
    profile.dump_stats(sys.argv[1])
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


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of process `pid` so far: what a request costs the server, whatever else
    the machine's cores were doing meanwhile (a shared machine's load moves req/s, not this)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measured(port: int, pid: int, seconds: float, connections: int, path: str, keyed: bool) -> dict:
    """`drive`, with the server's CPU time a request (µs)."""
    before = cpu_seconds(pid)
    result = await drive(port, seconds, connections, path, keyed)
    result["cpu_us"] = round((cpu_seconds(pid) - before) / max(result["requests"], 1) * 1e6)
    return result


async def request(port: int, raw: bytes) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        return await exchange(reader, writer, raw)
    finally:
        writer.close()


async def upload(port: int, pdf: pathlib.Path) -> dict:
    data = pdf.read_bytes()
    boundary = "benchBoundary42"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n\r\n").encode() \
        + data + f"\r\n--{boundary}--\r\n".encode()
    raw = (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS[0]}\r\n"
           f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    status, answer = await request(port, raw)
    assert status == 201, answer
    return json.loads(answer)


async def create_request(port: int, document_id: str) -> str:
    body = json.dumps({"document_id": document_id, "signers": [{"name": "Ann", "email": "ann@example.test"}]}).encode()
    raw = (f"POST /v1/signing-requests HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS[0]}\r\n"
           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    status, answer = await request(port, raw)
    assert status == 201, answer
    return json.loads(answer)["id"]


def esign_config(tmp: pathlib.Path, level: str = "WARNING") -> pathlib.Path:
    keys = "".join(f'[[organizations.api_keys]]\nkey = "{key}"\nrate_limit = 1000\n' for key in KEYS)
    return embedded_config(tmp, f'[[organizations]]\nname = "Bench"\nplan = "enterprise"\n{keys}', level=level)


def machine() -> dict:
    with open("/proc/cpuinfo") as fh:
        model = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), "?")
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": os.cpu_count(), "cpu": model, "load_average": os.getloadavg()[0],
            "python": sys.version.split()[0], "platform": platform.platform()}


async def run(args) -> dict:
    with tempfile.TemporaryDirectory(prefix="esign-bench-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        env["TMPDIR"] = str(tmp)
        cmd = [str(ESIGN)]
        if args.profile:
            cmd = [str(PYTHON), "-c", PROFILER, str(pathlib.Path(args.profile).resolve())]
        cmd += ["serve", "--config", str(esign_config(tmp, "INFO" if args.defaults else "WARNING")), "--port", "0"]
        if not args.defaults:
            cmd.append("--no-worker")
        log = open(tmp / "esign.log", "w") if args.defaults else subprocess.DEVNULL
        proc, port = start(cmd, env=env, cwd=tmp, stderr=log)
        bare = None
        try:
            documents = [await upload(port, CORPUS / name) for name in SAMPLES]
            request_id = await create_request(port, documents[0]["id"])
            paths = {"GET /v1/signing-requests/{id}": f"/v1/signing-requests/{request_id}",
                     "GET /v1/documents (5 items)": "/v1/documents",
                     "GET /v1/usage": "/v1/usage"}
            if args.paths:
                paths = {name: path for name, path in paths.items() if any(word in name for word in args.paths)}
            answers = {}
            for path in paths.values():
                status, body = await request(port, get_raw(path, KEYS[0]))
                assert status == 200, body
                answers[path] = json.loads(body)
            bare, bare_port = start([str(PYTHON), "-c", BARE_SERVER, json.dumps(answers)])
            rounds = []
            for _ in range(args.rounds):
                result = {}
                for name, path in paths.items():
                    await drive(port, args.warmup, args.connections, path, True)
                    mine = await measured(port, proc.pid, args.seconds, args.connections, path, True)
                    await drive(bare_port, args.warmup, args.connections, path, False)
                    theirs = await measured(bare_port, bare.pid, args.seconds, args.connections, path, False)
                    result[name] = {"esign": mine, "bare_tornado": theirs, "ratio": round(mine["rps"] / theirs["rps"], 3)}
                rounds.append(result)
        finally:
            stop(proc)
            if bare is not None:
                stop(bare)
            if args.defaults:
                log.close()
    return {"machine": machine(), "connections": args.connections, "seconds": args.seconds, "rounds": rounds,
            "defaults": args.defaults}


def profile_summary(path: str, top: int = 30) -> str:
    """The CPU time of the event loop's thread per request: by module (own time summed) and the
    costliest functions by cumulative time, start-up (imports, configuration) left out."""
    stats = pstats.Stats(path)
    requests = sum(row[1] for (f, _, name), row in stats.stats.items()
                   if name == "log_request" and f.endswith("tornado/web.py")) or 1
    startup = {key for key, row in stats.stats.items() if key[2] == "<module>"}
    total = sum(row[2] for row in stats.stats.values())
    modules: dict[str, float] = collections.Counter()
    for (filename, _, _), row in stats.stats.items():
        modules[_module(filename)] += row[2]
    lines = [f"{requests} requests; CPU time of the event loop's thread: {total:.1f} s in all (start-up included), "
             f"{total / requests * 1e6:.0f} µs a request\n",
             "| module | own µs a request | share |", "|---|---:|---:|"]
    lines += [f"| {m} | {t / requests * 1e6:.0f} | {t / total:.0%} |" for m, t in modules.most_common(top)]
    lines += ["", "| function | calls a request | own µs a request | cumulative µs a request |", "|---|---:|---:|---:|"]
    rows = sorted(((key, row) for key, row in stats.stats.items()
                   if key not in startup and "esign/cli/" not in key[0] and key[0] != "~"),
                  key=lambda item: -item[1][3])[:top]
    for (filename, line, name), (_, calls, own, cumulative, _) in rows:
        lines.append(f"| `{_module(filename)}:{line} {name}` | {calls / requests:.1f} | {own / requests * 1e6:.0f} "
                     f"| {cumulative / requests * 1e6:.0f} |")
    return "\n".join(lines)


def _module(filename: str) -> str:
    """A file as the package path it belongs to (site-packages/tornado/web.py -> tornado/web.py)."""
    if filename.startswith(("~", "<")):
        return "(built-in)" if filename.startswith("~") else filename
    for marker in ("site-packages/", "/lib/python3.11/", str(ROOT) + "/"):
        if marker in filename:
            return filename.split(marker, 1)[1]
    return filename


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured duration per server and path")
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--defaults", action="store_true",
                        help="esign serve's defaults: its worker in the process, the INFO (access) log to a file")
    parser.add_argument("--profile", metavar="FILE",
                        help="run esign under cProfile (CPU time of its event loop), write the statistics to FILE")
    parser.add_argument("--paths", nargs="*", help="only the paths whose name contains one of these words")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    m = result["machine"]
    print(f"{m['date']}; nproc {m['nproc']}, {m['cpu']}, load average {m['load_average']:.1f} at the start; "
          f"Python {m['python']}; {result['connections']} connections, {result['seconds']:g} s per server, path and round; "
          + ("esign with its worker and the INFO access log to a file" if result["defaults"] else
             "esign --no-worker, log at WARNING") + ("; esign under cProfile" if args.profile else "") + "\n")
    print("| path | round | esign req/s | bare req/s | **ratio** | esign p50 / p99 (ms) | server CPU µs a request: "
          "esign / bare | non-200 |")
    print("|---|---:|---:|---:|---:|---|---|---:|")
    errors = 0
    for i, rnd in enumerate(result["rounds"], 1):
        for name, r in rnd.items():
            bad = sum(v for k, v in r["esign"]["statuses"].items() if k != "200")
            errors += bad
            print(f"| `{name}` | {i} | {r['esign']['rps']:.0f} | {r['bare_tornado']['rps']:.0f} | **{r['ratio']:.3f}** | "
                  f"{r['esign']['latency_ms']['p50']} / {r['esign']['latency_ms']['p99']} | "
                  f"{r['esign']['cpu_us']} / {r['bare_tornado']['cpu_us']} | {bad} |")
    if args.profile:
        print("\n" + profile_summary(args.profile))
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

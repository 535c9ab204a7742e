#!/usr/bin/env python3
"""Whole signing flows per minute, against a floor that only stamps and seals the same PDFs.

`esign serve` runs as a user starts it: a subprocess with its worker in the same process, the
embedded `memory://` database, the Maildir email provider, the INFO log (the access log among it)
written to a file. One webhook is subscribed to every event of a flow, and delivered to a real HTTP
receiver in this process. Each flow, `--clients` of them at a time:

  upload the PDF, create a one-signer request, place a signature and a date field, send it; the
  signer takes the link from the invitation in the Maildir, opens it (the signer API's view) and
  signs (`POST /sign/{token}/api/sign`, typed signature and consent); the flow ends when the receiver
  gets the request's `document.signed` (the signed PDF is stored).

The floor is esign.pdf.finalize called directly, in one process, on the same PDFs with the same
fields, one signer and an audit trail of the flow's length (level `ses`, as the service's default):
the stamping and sealing alone. It runs before and after the service (the machine is shared: the
two floor runs show how much the load moved), and the ratio uses their mean. The server's peak
memory is its VmHWM (the kernel's high-water mark of its resident memory), reset after a warm-up
flow.

With `--profile FILE`, esign runs under cProfile timed by the CPU time of its event loop's thread (as
bench_list_rps.py does; the profiler slows it, so the ratio of such a run means nothing), the statistics
are written to FILE and the costliest modules and functions are printed per flow.

Usage: .venv/bin/python scripts/bench/bench_flows.py [--flows 200] [--clients 8] [--json] [--profile FILE]
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import email
import email.policy
import json
import os
import pathlib
import platform
import pstats
import re
import sys
import tempfile
import time

import tornado.httpserver
import tornado.netutil
import tornado.web
from bench_list_rps import PROFILER, _module  # scripts/bench is on sys.path
from server_process import embedded_config, exchange, start, stop

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
ESIGN = ROOT / ".venv" / "bin" / "esign"
CORPUS = ROOT / "tests" / "corpus"
SAMPLES = ["pdflatex-4-pages.pdf", "minimal-document.pdf", "multicolumn.pdf", "pdfkit.pdf", "annotated_pdf.pdf"]
KEYS = [f"esk_live_bench_flows_{i:04d}_00000000000000" for i in range(16)]
EVENTS = ["signing_request.created", "signing_request.sent", "signer.viewed", "signer.signed",
          "signing_request.completed", "document.signed"]
FIELDS = [{"field_type": "signature", "x_percent": 10, "y_percent": 80, "width_percent": 30, "height_percent": 6},
          {"field_type": "date", "x_percent": 60, "y_percent": 80, "width_percent": 20, "height_percent": 4}]
LINK = re.compile(r"/sign/([A-Za-z0-9_\-.~]+)")


def config(tmp: pathlib.Path) -> pathlib.Path:
    """esign serve's defaults on memory:// (the INFO access log on), webhooks to a local receiver allowed, one
    organisation with the bench's keys."""
    keys = "".join(f'[[organizations.api_keys]]\nkey = "{key}"\nrate_limit = 1000\n' for key in KEYS)
    return embedded_config(tmp, "[webhooks]\nallow_private_networks = true\nallow_http = true\n"
                                "[[organizations]]\nname = \"Bench\"\nplan = \"enterprise\"\n" + keys, level="INFO")


class Receiver(tornado.web.RequestHandler):
    def post(self):
        event = json.loads(self.request.body)
        request_id = (event.get("data") or {}).get("signing_request_id")
        self.settings["deliveries"].append(event["event"])
        if event["event"] == "document.signed" and request_id in self.settings["signed"]:
            self.settings["signed"][request_id].set()
        self.set_status(204)


class Client:
    """Raw keep-alive HTTP/1.1 to the server (the client should cost little next to the server)."""

    def __init__(self, port: int, key: str):
        self.port, self.key, self.conn = port, key, None

    async def call(self, method: str, path: str, body: bytes = b"", content_type: str = "application/json",
                   keyed: bool = True) -> tuple[int, dict]:
        if self.conn is None:
            self.conn = await asyncio.open_connection("127.0.0.1", self.port)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if keyed:
            head += f"X-API-Key: {self.key}\r\n"
        if body or method == "POST":
            head += f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
        status, answer = await exchange(*self.conn, head.encode() + b"\r\n" + body)
        return status, json.loads(answer) if answer else {}

    async def json(self, method: str, path: str, payload=None, expect=(200, 201), keyed=True) -> dict:
        status, answer = await self.call(method, path, json.dumps(payload).encode() if payload is not None else b"",
                                         keyed=keyed)
        assert status in expect, (method, path, status, answer)
        return answer

    def close(self):
        if self.conn is not None:
            self.conn[1].close()


def multipart(name: str, data: bytes) -> tuple[bytes, str]:
    boundary = "benchFlowsBoundary42"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class Mailbox:
    """Signer email -> the token of the link in their invitation, read from the Maildir as it arrives."""

    def __init__(self, path: pathlib.Path):
        self.path, self.seen, self.tokens = path, set(), {}

    async def token(self, address: str, timeout: float = 300) -> str:
        deadline = time.monotonic() + timeout
        while address not in self.tokens:
            self.scan()
            if address in self.tokens:
                break
            assert time.monotonic() < deadline, f"no invitation for {address}"
            await asyncio.sleep(0.02)
        return self.tokens.pop(address)

    def scan(self) -> None:
        for sub in ("new", "cur"):
            folder = self.path / sub
            for entry in os.scandir(folder) if folder.is_dir() else ():
                if entry.name in self.seen:
                    continue
                self.seen.add(entry.name)
                with open(entry.path, "rb") as fh:
                    message = email.message_from_binary_file(fh, policy=email.policy.default)
                body = message.get_body(("plain", "html"))
                match = LINK.search(body.get_content() if body is not None else "")
                if match:
                    self.tokens[str(message["To"]).split("<")[-1].strip("> ")] = match.group(1)


async def flow(client: Client, signer: Client, mailbox: Mailbox, signed: dict, index: int, pdf: tuple) -> float:
    started = time.perf_counter()
    body, content_type = multipart(*pdf)
    status, document = await client.call("POST", "/v1/documents/upload", body, content_type)
    assert status == 201, document
    address = f"signer{index}@example.test"
    request = await client.json("POST", "/v1/signing-requests", {
        "document_id": document["id"], "signers": [{"name": f"Signer {index}", "email": address}]})
    sid = request["signers"][0]["id"]
    done = signed[request["id"]] = asyncio.Event()
    await client.json("POST", f"/v1/signing-requests/{request['id']}/fields",
                      {"fields": [{**f, "signer_id": sid} for f in FIELDS]})
    await client.json("POST", f"/v1/signing-requests/{request['id']}/send", {})
    token = await mailbox.token(address)
    await signer.json("GET", f"/sign/{token}/api", keyed=False)
    await signer.json("POST", f"/sign/{token}/api/sign",
                      {"signature": {"kind": "typed", "text": f"Signer {index}"}, "consent": True}, keyed=False)
    await asyncio.wait_for(done.wait(), 600)
    return time.perf_counter() - started


def vm(pid: int, field: str) -> float:
    """VmHWM / VmRSS of `pid` in MB."""
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith(field + ":")) / 1024


async def service(args, pdfs: list[tuple]) -> dict:
    with tempfile.TemporaryDirectory(prefix="esign-bench-flows-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        env["TMPDIR"] = str(tmp)
        log = open(tmp / "server.log", "w")
        signed: dict[str, asyncio.Event] = {}
        deliveries: list[str] = []
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        receiver = tornado.httpserver.HTTPServer(tornado.web.Application(
            [(r"/hook", Receiver)], signed=signed, deliveries=deliveries))
        receiver.add_sockets(sockets)
        cmd = ["serve", "--config", str(config(tmp)), "--port", "0"]
        if args.profile:
            cmd = [sys.executable, "-c", PROFILER, str(pathlib.Path(args.profile).resolve()), *cmd]
        else:
            cmd = [str(ESIGN), *cmd]
        proc, port = start(cmd, env=env, cwd=tmp, stderr=log)
        clients = [Client(port, KEYS[i % len(KEYS)]) for i in range(args.clients)]
        signers = [Client(port, "") for _ in range(args.clients)]
        try:
            await clients[0].json("POST", "/v1/webhooks", {
                "name": "bench", "url": f"http://127.0.0.1:{sockets[0].getsockname()[1]}/hook", "events": EVENTS})
            mailbox = Mailbox(tmp / "mail")
            await flow(clients[0], signers[0], mailbox, signed, 0, pdfs[0])  # warm-up: imports, fonts, the pool
            rss_idle = vm(proc.pid, "VmRSS")
            with open(f"/proc/{proc.pid}/clear_refs", "w") as fh:
                fh.write("5")  # resets VmHWM to the current RSS
            cpu_before = _cpu(proc.pid)
            queue = list(range(1, args.flows + 1))
            times: list[float] = []

            async def worker(n: int):
                while queue:
                    index = queue.pop(0)
                    times.append(await flow(clients[n], signers[n], mailbox, signed, index, pdfs[index % len(pdfs)]))

            started = time.perf_counter()
            await asyncio.gather(*(worker(n) for n in range(args.clients)))
            elapsed = time.perf_counter() - started
            cpu = _cpu(proc.pid) - cpu_before
            peak = vm(proc.pid, "VmHWM")
            log_lines = sum(1 for _ in open(tmp / "server.log"))
        finally:
            for c in clients + signers:
                c.close()
            stop(proc)
            receiver.stop()
            log.close()
        times.sort()
        return {"flows": args.flows, "clients": args.clients, "seconds": round(elapsed, 2),
                "flows_per_minute": round(args.flows / elapsed * 60, 1), "server_cpu_seconds": round(cpu, 2),
                "flow_p50_s": round(times[len(times) // 2], 2), "flow_max_s": round(times[-1], 2),
                "server_rss_idle_mb": round(rss_idle, 1), "server_peak_mb": round(peak, 1),
                "webhook_deliveries": len(deliveries), "log_lines": log_lines}


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of `pid`, its threads and its living descendants (the PDF check pool,
    and the fork server with the finalisation and JSON-body children, which a thread of it started:
    each thread's children are listed under that thread)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        children = []
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                children += [int(child) for child in fh.read().split()]
    except FileNotFoundError:  # a child (or a thread) that has just ended
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") + sum(map(_cpu, children))


def floor(pdfs: list[tuple], flows: int) -> dict:
    """esign.pdf.finalize on the same PDFs, one after the other: stamping and sealing alone."""
    from esign.audit_chain import event_hash, trail_json
    from esign.pdf.finalize import finalize
    from esign.pdf.seal import SealMaterial

    seal = SealMaterial.generate()
    now = dt.datetime(2026, 11, 27, 10, 0, 0)
    kinds = ["signing_request.created", "signing_request.sent", "signing_event.email_sent", "signer.viewed",
             "signing_event.consent_given", "signer.signed", "signing_request.completed"]

    def one(index: int, pdf: tuple) -> None:
        sid, name, address = "s1", f"Signer {index}", f"signer{index}@example.test"
        signature = {"kind": "typed", "text": name}
        signer = {"id": sid, "name": name, "email": address, "status": "signed", "ip_address": "127.0.0.1",
                  "user_agent": "bench", "sent_at": now, "viewed_at": now, "signed_at": now, "signature": signature,
                  "initials": None}
        fields = [{**f, "id": f"f{i}", "signer_id": sid, "page_number": 1, "signature": signature if i == 0 else None,
                   "value": None if i == 0 else "2026-11-27"} for i, f in enumerate(FIELDS)]
        events, previous = [], None
        for n, kind in enumerate(kinds, start=1):
            event = {"id": f"ev{n}", "org_id": "org", "signing_request_id": f"req{index}", "event_type": kind,
                     "created_at": now, "seq": n, "request_seq": n, "prev_request_hash": previous,
                     "signer_name": name, "signer_email": address, "ip_address": "127.0.0.1", "user_agent": "bench",
                     "metadata": {}}
            event["hash"] = previous = event_hash(event)
            events.append(event)
        request = {"id": f"req{index}", "document_name": pdf[0], "owner_name": "Bench", "owner_email": None,
                   "organization_name": "Bench", "created_at": now, "completed_at": now, "signing_level": "ses"}
        finalize(pdf[1], request=request, fields=fields, signers=[signer], events=events[::-1], level="ses", seal=seal,
                 audit_trail=trail_json(f"req{index}", events))

    one(0, pdfs[0])  # warm-up, as the service's first flow
    cpu, started = time.process_time(), time.perf_counter()
    for index in range(1, flows + 1):
        one(index, pdfs[index % len(pdfs)])
    elapsed = time.perf_counter() - started
    return {"seconds": round(elapsed, 2), "cpu_seconds": round(time.process_time() - cpu, 2),
            "per_minute": round(flows / elapsed * 60, 1)}


def profile_summary(path: str, flows: int, top: int = 40) -> str:
    """The CPU time of the server's event loop thread per flow: by module (own time) and the costliest
    functions by cumulative time (start-up and the warm-up flow included, so read the shares)."""
    stats = pstats.Stats(path)
    total = sum(row[2] for row in stats.stats.values())
    modules: dict[str, float] = {}
    for (filename, _, _), row in stats.stats.items():
        modules[_module(filename)] = modules.get(_module(filename), 0) + row[2]
    lines = [f"{flows} flows; CPU time of the event loop's thread: {total:.2f} s in all, "
             f"{total / flows * 1e3:.1f} ms a flow\n", "| module | own ms a flow | share |", "|---|---:|---:|"]
    lines += [f"| {m} | {t / flows * 1e3:.2f} | {t / total:.0%} |"
              for m, t in sorted(modules.items(), key=lambda item: -item[1])[:top]]
    lines += ["", "| function | calls a flow | own ms a flow | cumulative ms a flow | share |",
              "|---|---:|---:|---:|---:|"]
    rows = sorted(((key, row) for key, row in stats.stats.items() if key[2] != "<module>" and key[0] != "~"),
                  key=lambda item: -item[1][3])[:top * 2]
    for (filename, line, name), (_, calls, own, cumulative, _) in rows:
        lines.append(f"| `{_module(filename)}:{line} {name}` | {calls / flows:.1f} | {own / flows * 1e3:.2f} "
                     f"| {cumulative / flows * 1e3:.2f} | {cumulative / total:.0%} |")
    return "\n".join(lines)


def machine() -> dict:
    with open("/proc/cpuinfo") as fh:
        model = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), "?")
    return {"date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "nproc": os.cpu_count(),
            "cpu": model, "load_average": [round(x, 1) for x in os.getloadavg()], "python": sys.version.split()[0],
            "platform": platform.platform()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flows", type=int, default=200)
    parser.add_argument("--clients", type=int, default=8, help="flows run at a time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", metavar="FILE",
                        help="run esign under cProfile (CPU time of its event loop), write the statistics to FILE")
    args = parser.parse_args()
    pdfs = [(name, (CORPUS / name).read_bytes()) for name in SAMPLES]
    result = {"machine": machine(), "floor_before": floor(pdfs, args.flows)}
    result["service"] = asyncio.run(service(args, pdfs))
    result["floor_after"] = floor(pdfs, args.flows)
    result["machine"]["load_average_end"] = [round(x, 1) for x in os.getloadavg()]
    floor_s = (result["floor_before"]["seconds"] + result["floor_after"]["seconds"]) / 2
    result["ratio"] = round(result["service"]["seconds"] / floor_s, 2)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    m, s = result["machine"], result["service"]
    print(f"{m['date']}; nproc {m['nproc']}, {m['cpu']}; load average {m['load_average']} at the start, "
          f"{m['load_average_end']} at the end; Python {m['python']}\n")
    print("| measure | value |\n|---|---:|")
    for label, value in [
            (f"flows ({s['clients']} at a time)", s["flows"]), ("service: wall time (s)", s["seconds"]),
            ("service: **flows per minute**", s["flows_per_minute"]),
            ("service: server CPU, its PDF check children included (s)", s["server_cpu_seconds"]),
            ("service: one flow p50 / max (s)", f"{s['flow_p50_s']} / {s['flow_max_s']}"),
            ("service: server RSS idle after warm-up / **peak** (MB)", f"{s['server_rss_idle_mb']} / {s['server_peak_mb']}"),
            ("service: webhook deliveries / log lines", f"{s['webhook_deliveries']} / {s['log_lines']}"),
            ("floor before / after: wall (s)", f"{result['floor_before']['seconds']} / {result['floor_after']['seconds']}"),
            ("floor before / after: CPU (s)", f"{result['floor_before']['cpu_seconds']} / "
                                              f"{result['floor_after']['cpu_seconds']}"),
            ("**ratio** service / floor (wall; target ≤ 1.5)", result["ratio"])]:
        print(f"| {label} | {value} |")
    if args.profile:
        print("\n" + profile_summary(args.profile, args.flows + 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

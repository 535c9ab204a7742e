#!/usr/bin/env python3
"""Bulk send as a user runs the service, against a floor of the same records and mails done plainly.

`esign serve` runs in its own process with the configuration `./scripts/run` writes (the embedded
`memory://` database, the Maildir email provider, the worker in the same process, the INFO log with its
access log written to a file); this process uploads a PDF, makes a one-role template, posts a
`--recipients` body to `POST /v1/bulk-send` over HTTP and stops the clock when the last invitation's file
lands in `mail/new`. It prints the time to the 202 (from the body's last byte written) and to the last
invitation, and the server's CPU seconds.

The floor, in this process, in the same run: the same number of signing-request-like documents
inserted into a fresh embedded database (one `insert_one` each, as a plain service would) and one
rendered MIME message each written into a Maildir with Python's `mailbox` (records + mails into a
Maildir). The runs alternate floor and service `--runs` times; the ratio of each run uses its own floor.
With `--profile FILE` one run of the service goes under cProfile (the ratio of such a run means nothing)
and the costliest modules and functions are printed per recipient.

    .venv/bin/python scripts/bench/bench_bulk_serve.py [--recipients 500] [--runs 3] [--json] [--profile FILE]
"""
from __future__ import annotations

import argparse
import asyncio
import email.message
import json
import mailbox
import os
import pathlib
import sys
import tempfile
import time
import uuid

from bench_flows import ESIGN, Client, _cpu, machine, multipart, profile_summary  # scripts/bench is on sys.path
from bench_list_rps import PROFILER
from server_process import embedded_config, start, stop

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
KEY = "esk_live_bench_bulk_serve_000000000000000"
PDF = ROOT / "tests" / "corpus" / "pdflatex-4-pages.pdf"


def recipients(n: int) -> list[dict]:
    return [{"signers": [{"name": f"Person {i}", "email": f"person{i}@example.test", "role": "Candidate"}],
             "variables": {"name": f"Person {i}"}} for i in range(n)]


async def service(n: int, settle: float, profile: str | None = None) -> dict:
    with tempfile.TemporaryDirectory(prefix="esign-bench-bulk-serve-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        extra = (f'[[organizations]]\nname = "Bench"\nplan = "enterprise"\n'
                 f'[[organizations.api_keys]]\nkey = "{KEY}"\nrate_limit = 1000\n')
        log = open(tmp / "server.log", "w")
        cmd = ["serve", "--config", str(embedded_config(tmp, extra, level="INFO")), "--port", "0"]
        if profile:
            cmd = [sys.executable, "-c", PROFILER, str(pathlib.Path(profile).resolve()), *cmd]
        else:
            cmd = [str(ESIGN), *cmd]
        proc, port = start(cmd, env=env, cwd=tmp, stderr=log)
        client = Client(port, KEY)
        try:
            body, content_type = multipart("offer.pdf", PDF.read_bytes())
            status, document = await client.call("POST", "/v1/documents/upload", body, content_type)
            assert status == 201, document
            template = await client.json("POST", "/v1/templates", {
                "name": "Offer", "document_id": document["id"], "email_subject": "Offer for {{name}}",
                "roles": [{"name": "Candidate", "fields": [
                    {"x_percent": 10, "y_percent": 80},
                    {"field_type": "text", "x_percent": 10, "y_percent": 10, "value": "{{name}}"}]}]})
            await asyncio.sleep(settle)  # a server that has been up a while: its child processes have started
            new = tmp / "mail" / "new"
            before = len(os.listdir(new)) if new.is_dir() else 0  # the organisation's welcome mails, if any
            payload = json.dumps({"template_id": template["id"], "recipients": recipients(n)}).encode()
            cpu = _cpu(proc.pid)
            started = time.perf_counter()
            status, accepted = await client.call("POST", "/v1/bulk-send", payload)
            answered = time.perf_counter()
            assert status == 202, accepted
            while len(os.listdir(new)) - before < n:
                assert time.perf_counter() - started < 600, "the bulk send did not finish within 10 minutes"
                await asyncio.sleep(0.01)
            done = time.perf_counter()
            cpu = _cpu(proc.pid) - cpu
            await asyncio.sleep(0.5)  # any mail beyond one per recipient would show here
            mails = len(os.listdir(new)) - before
        finally:
            client.close()
            stop(proc)
            log.close()
    return {"accept_ms": round((answered - started) * 1000), "last_mail_s": round(done - started, 2),
            "server_cpu_s": round(cpu, 2), "mails": mails}


def floor(n: int) -> dict:
    """n documents inserted one by one into a fresh embedded database, and n MIME messages into a Maildir."""
    from esign.db import connect

    async def records(db) -> None:
        col = db["signing_requests"]
        for i, r in enumerate(recipients(n)):
            await col.insert_one({"_id": str(uuid.uuid4()), "org_id": "org", "status": "sent", "index": i,
                                  "signers": [{**s, "id": str(uuid.uuid4()), "token": uuid.uuid4().hex}
                                              for s in r["signers"]], "variables": r["variables"]})

    with tempfile.TemporaryDirectory(prefix="esign-bench-bulk-floor-") as tmpdir:
        started, cpu = time.perf_counter(), time.process_time()
        asyncio.run(records(connect("memory://", "bench")))
        box = mailbox.Maildir(pathlib.Path(tmpdir) / "mail", create=True)
        for r in recipients(n):
            message = email.message.EmailMessage()
            message["From"], message["To"] = "esign@example.test", r["signers"][0]["email"]
            message["Subject"] = f"Offer for {r['variables']['name']}"
            message.set_content(f"Hello {r['signers'][0]['name']}, please sign: http://127.0.0.1/sign/{uuid.uuid4().hex}")
            message.add_alternative(f"<p>Hello {r['signers'][0]['name']}, <a href='http://127.0.0.1/sign/x'>sign</a></p>",
                                    subtype="html")
            box.add(message)
        return {"seconds": round(time.perf_counter() - started, 2), "cpu_s": round(time.process_time() - cpu, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--recipients", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--settle", type=float, default=10,
                        help="seconds between the server's start and the bulk send (0: a cold server)")
    parser.add_argument("--profile", metavar="FILE", help="one run of esign under cProfile (CPU time of its event "
                                                          "loop's thread), no floor: the statistics to FILE")
    args = parser.parse_args()
    if args.profile:
        print(asyncio.run(service(args.recipients, args.settle, args.profile)))
        print(profile_summary(args.profile, args.recipients))
        return 0
    runs = []
    for _ in range(args.runs):
        load = os.getloadavg()[0]
        base = floor(args.recipients)
        result = asyncio.run(service(args.recipients, args.settle))
        runs.append({"load": round(load, 1), "floor_s": base["seconds"], "floor_cpu_s": base["cpu_s"], **result,
                     "ratio": round(result["last_mail_s"] / base["seconds"], 2),
                     "cpu_ratio": round(result["server_cpu_s"] / base["cpu_s"], 2)})
    if args.json:
        print(json.dumps({"machine": machine(), "runs": runs}, indent=2))
        return 0
    m = machine()
    print(f"{m['date']}; nproc {m['nproc']}, {m['cpu']}; Python {m['python']}; {args.recipients} recipients\n")
    print("| run | load average | 202 (ms) | last invitation (s) | server CPU (s) | mails | floor (s) | floor CPU (s) "
          "| ratio (wall) | CPU ratio |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for i, r in enumerate(runs, 1):
        print(f"| {i} | {r['load']} | {r['accept_ms']} | {r['last_mail_s']} | {r['server_cpu_s']} | {r['mails']} "
              f"| {r['floor_s']} | {r['floor_cpu_s']} | **{r['ratio']}** | {r['cpu_ratio']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bulk-send benchmark: time for a 500-recipient bulk send to finish, i.e. every signing request
created and every invitation handed to the email provider.

Runs the real service in one process with the real clock: the HTTP server on 127.0.0.1, the
background worker, and the SMTP email provider talking to a local aiosmtpd server that notes the
arrival time of each message. One organisation, one template with one role and two fields (one of
them filled from a variable), one signer per recipient. Each run uses a fresh embedded database.

    .venv/bin/python scripts/bench/bench_bulk_send.py [--recipients 500] [--runs 3] [--bulk-concurrency 1 4 8]

These are figures of the embedded default (memory://: mongomock behind esign.db's hash indexes and
TTL monitor), not of MongoDB.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import logging
import pathlib
import socket
import statistics
import sys
import tempfile
import time

import tornado.httpclient
import tornado.httpserver
import tornado.netutil
from aiosmtpd.controller import Controller

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from esign import config as configmod  # noqa: E402
from esign import services as servicesmod  # noqa: E402
from esign.app import make_app  # noqa: E402
from esign.clock import Clock  # noqa: E402
from esign.job_registry import make_worker  # noqa: E402

KEY = "esk_live_bench_bulk_send_000000000000000"
PDF = ROOT / "tests" / "corpus" / "pdflatex-4-pages.pdf"
CONFIG = """
[storage]
path = "{tmp}/blobs"
[email]
provider = "smtp"
host = "127.0.0.1"
port = {smtp_port}
[limits]
default_rate_per_minute = 1000
[jobs]
poll_interval_seconds = 0.05
lane_email = {concurrency}
bulk_concurrency = {bulk_concurrency}
[[organizations]]
name = "Bench"
plan = "enterprise"
[[organizations.api_keys]]
key = "{key}"
"""


class Sink:
    def __init__(self):
        self.arrivals: list[float] = []

    async def handle_DATA(self, server, session, envelope):
        self.arrivals.append(time.perf_counter())
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def call(http, base, method, path, body=None, headers=None):
    hdrs = {"X-API-Key": KEY, **(headers or {})}
    if isinstance(body, dict):
        body, hdrs["Content-Type"] = json.dumps(body), "application/json"
    resp = await http.fetch(base + path, method=method, body=body, headers=hdrs, raise_error=False,
                            request_timeout=120)
    return resp.code, json.loads(resp.body) if resp.body else None


async def one_run(args, bulk_concurrency: int) -> dict:
    tmp = tempfile.mkdtemp(prefix="esign-bench-bulk-")
    sink = Sink()
    smtp_port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=smtp_port)
    controller.start()
    path = pathlib.Path(tmp) / "esign.toml"
    path.write_text(CONFIG.format(tmp=tmp, smtp_port=smtp_port, concurrency=args.concurrency,
                                  bulk_concurrency=bulk_concurrency, key=KEY))
    services = await servicesmod.build(configmod.load(str(path), environ={}), Clock())
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    base = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
    server = tornado.httpserver.HTTPServer(make_app(services))
    server.add_sockets(sockets)
    http = tornado.httpclient.AsyncHTTPClient(force_instance=True)
    worker = make_worker(services)
    try:
        boundary = "benchBoundary"
        upload = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"offer.pdf\"\r\n"
                  f"Content-Type: application/pdf\r\n\r\n").encode() + PDF.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
        status, doc = await call(http, base, "POST", "/v1/documents/upload", upload,
                                 {"Content-Type": f"multipart/form-data; boundary={boundary}"})
        assert status == 201, doc
        status, template = await call(http, base, "POST", "/v1/templates", {
            "name": "Offer", "document_id": doc["id"], "email_subject": "Offer for {{name}}",
            "roles": [{"name": "Candidate", "fields": [
                {"x_percent": 10, "y_percent": 80},
                {"field_type": "text", "x_percent": 10, "y_percent": 10, "value": "{{name}}"}]}]})
        assert status == 201, template
        recipients = [{"signers": [{"name": f"Person {i}", "email": f"person{i}@example.test", "role": "Candidate"}],
                       "variables": {"name": f"Person {i}"}} for i in range(args.recipients)]
        worker.start()
        started, started_wall, cpu = time.perf_counter(), time.time(), time.process_time()
        status, accepted = await call(http, base, "POST", "/v1/bulk-send",
                                      {"template_id": template["id"], "recipients": recipients})
        answered = time.perf_counter()
        assert status == 202, accepted
        job_done = None
        while True:
            if job_done is None:
                _, job = await call(http, base, "GET", f"/v1/bulk-jobs/{accepted['bulk_job_id']}")
                if job["status"] not in ("queued", "processing"):
                    assert job["success_count"] == args.recipients, job["status"]
                    completed = dt.datetime.fromisoformat(job["completed_at"].replace("Z", "+00:00"))
                    job_done = started + completed.timestamp() - started_wall
            if job_done is not None and len(sink.arrivals) >= args.recipients:
                break
            if time.perf_counter() - started > 1800:
                raise SystemExit("the bulk send did not finish within 30 minutes")
            await asyncio.sleep(0.5)  # a GET answers with all 500 items: do not poll too often
        cpu_s = time.process_time() - cpu  # before the wait below (waiting takes no CPU time)
        await asyncio.sleep(0.5)  # any mail beyond one per recipient would show here
        return {"accept_ms": (answered - started) * 1000, "requests_s": job_done - started, "cpu_s": cpu_s,
                "mails_s": max(sink.arrivals) - started, "mails": len(sink.arrivals),
                "first_mail_s": min(sink.arrivals) - started}
    finally:
        while await services.store.jobs.count(status="running"):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        http.close()
        server.stop()
        await services.close()
        controller.stop()


async def main(args):
    if not args.no_log:  # as `esign serve` logs by default: INFO (the access log line of every answer) to a file
        log = pathlib.Path(tempfile.mkdtemp(prefix="esign-bench-bulk-log-")) / "esign.log"
        logging.basicConfig(level="INFO", filename=str(log), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        logging.getLogger("mail.log").setLevel("WARNING")  # the benchmark's own SMTP server: not esign's log
        print(f"The log at INFO (access log included) goes to {log}, as `esign serve` writes it by default.")
    print(f"Bulk send of {args.recipients} recipients, embedded database, SMTP to a local aiosmtpd, "
          f"email lane {args.concurrency} slots; median of {args.runs} runs (each on a fresh database)\n")
    print("| bulk_concurrency | 202 answer (ms) | all requests created (s) | first invitation (s) | "
          "all invitations handed over (s) | each run (s) | process CPU (s) | mails |")
    print("|---:|---:|---:|---:|---:|---|---:|---:|")
    for bulk_concurrency in args.bulk_concurrency:
        runs = [await one_run(args, bulk_concurrency) for _ in range(args.runs)]

        def med(key, runs=runs):
            return statistics.median(r[key] for r in runs)

        each = ", ".join(f"{r['mails_s']:.1f}" for r in runs)
        print(f"| {bulk_concurrency} | {med('accept_ms'):.0f} | {med('requests_s'):.1f} | {med('first_mail_s'):.2f} | "
              f"{med('mails_s'):.1f} | {each} | "
              f"{med('cpu_s'):.1f} | {'/'.join(str(r['mails']) for r in runs)} |", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--recipients", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--bulk-concurrency", type=int, nargs="+", default=[4])
    parser.add_argument("--no-log", action="store_true", help="no log (before 2026-11-27 the benchmark wrote none)")
    asyncio.run(main(parser.parse_args()))

#!/usr/bin/env python3
"""Benchmark: memory and time of the esign server process while it receives a ~50 MB PDF upload.

Starts `esign serve` (embedded memory:// database, local blob storage in a temporary folder) as a
subprocess, generates a valid PDF of just under 50 MB (pages carrying incompressible random image
streams), uploads it with a streaming client (the file is read from disk in 256 KB pieces, so the
client never holds it whole), and samples the server's resident set size from /proc/<pid>/status
while it does. The kernel's peak counter (VmHWM) is reset just before the upload (clear_refs = 5),
so the reported peak is the true maximum, not a sampled one.

The PDF check runs in a pre-started child process of the server (esign.pdf.probe's pool, bounded by
`pdf_parse_memory_mb`); its memory is reported separately and is not part of the server's RSS.

Each esign upload is followed by the same upload, with the same client, to a plain streaming Tornado
handler (a subprocess that writes the body to a file and answers 201): the time ratio esign / plain
is printed per upload.

Targets: peak RSS of the server during the upload minus idle RSS < 32 MB (issue 2); upload time
<= 2.5x the plain handler's (issue 16).

Usage: .venv/bin/python scripts/bench/bench_upload_memory.py [--size-mb 49.5] [--uploads 3] [--json]
Exit status 0 when every upload met the target, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

from server_process import embedded_config, start  # noqa: E402  (scripts/bench is on sys.path)

ROOT = pathlib.Path(__file__).resolve().parents[2]
ESIGN = ROOT / ".venv" / "bin" / "esign"
KEY = "esk_live_bench_upload_memory_000000000000"
TARGET_MB = 32
TARGET_RATIO = 2.5
MB = 1024 * 1024

PLAIN_SERVER = r'''
import asyncio, json, os, tempfile
import tornado.web

@tornado.web.stream_request_body
class Plain(tornado.web.RequestHandler):
    def prepare(self):
        self.request.connection.set_max_body_size(1 << 40)
        self.fh = tempfile.NamedTemporaryFile(delete=False)
        self.size = 0

    def data_received(self, chunk):
        self.fh.write(chunk)
        self.size += len(chunk)

    def post(self):
        self.fh.close()
        os.unlink(self.fh.name)
        self.set_status(201)
        self.finish(json.dumps({"size": self.size}))

async def main():
    server = tornado.web.Application([(r"/.*", Plain)]).listen(0, "127.0.0.1")
    port = [s.getsockname()[1] for s in server._sockets.values()][0]
    print(json.dumps({"event": "listening", "url": f"http://127.0.0.1:{port}"}), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
'''


def status_kb(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise KeyError(field)


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def reset_peak(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as fh:
            fh.write("5")  # resets VmHWM to the current RSS (Linux >= 4.0)
        return True
    except OSError:
        return False


class Sampler(threading.Thread):
    """Samples VmRSS of the server (and of its children, the PDF probe) every `interval` seconds."""

    def __init__(self, pid: int, interval: float = 0.002):
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.samples: list[tuple[float, int]] = []
        self.child_peak_kb = 0
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                self.samples.append((time.monotonic(), status_kb(self.pid, "VmRSS")))
                for child in children(self.pid):
                    try:
                        self.child_peak_kb = max(self.child_peak_kb, status_kb(child, "VmRSS"))
                    except (OSError, KeyError):
                        pass
            except (OSError, KeyError):
                return
            time.sleep(self.interval)


def write_pdf(path: pathlib.Path, target_bytes: int) -> int:
    """A valid PDF of about `target_bytes`: pages with one 1024x1024 8-bit gray image each, the image
    data random (incompressible, unfiltered). Written object by object; never held whole."""
    side = 1024
    image_bytes = side * side
    pages = max(1, (target_bytes - 4096) // (image_bytes + 600))
    offsets: list[int] = []
    with open(path, "wb") as fh:
        def obj(number: int, body: bytes, stream: bytes | None = None):
            offsets.append(fh.tell())
            fh.write(b"%d 0 obj\n" % number + body)
            if stream is not None:
                fh.write(b"\nstream\n")
                fh.write(stream)
                fh.write(b"\nendstream")
            fh.write(b"\nendobj\n")

        fh.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        kids = b" ".join(b"%d 0 R" % (3 + 3 * i) for i in range(pages))
        obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
        obj(2, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages))
        for i in range(pages):
            page, content, image = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
            obj(page, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                      b"/Resources << /XObject << /Im0 %d 0 R >> >> >>" % (content, image))
            draw = b"q 500 0 0 500 56 146 cm /Im0 Do Q"
            obj(content, b"<< /Length %d >>" % len(draw), draw)
            obj(image, b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                       b"/BitsPerComponent 8 /Length %d >>" % (side, side, image_bytes), os.urandom(image_bytes))
        xref = fh.tell()
        fh.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1))
        for offset in offsets:
            fh.write(b"%010d 00000 n \n" % offset)
        fh.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(offsets) + 1, xref))
    return path.stat().st_size


def upload(port: int, pdf: pathlib.Path, chunk: int = 256 * 1024) -> tuple[int, dict, float]:
    """POST the file as multipart/form-data over a raw socket, streaming it from disk."""
    boundary = "benchBoundary0123456789"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    length = len(head) + pdf.stat().st_size + len(tail)
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        sock.sendall((f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEY}\r\n"
                      f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {length}\r\n"
                      "Connection: close\r\n\r\n").encode() + head)
        with open(pdf, "rb") as fh:
            while data := fh.read(chunk):
                sock.sendall(data)
        sock.sendall(tail)
        answer = b""
        while data := sock.recv(65536):
            answer += data
    took = time.monotonic() - started
    head_part, _, body = answer.partition(b"\r\n\r\n")
    status = int(head_part.split(b" ", 2)[1])
    return status, json.loads(body or b"{}"), took


def start_server(tmp: pathlib.Path) -> tuple[subprocess.Popen, int]:
    config = embedded_config(tmp, f'[[organizations]]\nname = "Bench"\nplan = "enterprise"\n'
                                  f'[[organizations.api_keys]]\nkey = "{KEY}"\nrate_limit = 1000\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    env["TMPDIR"] = str(tmp)  # upload spool files land here, not in a tmpfs /tmp (which would count as RAM)
    return start([str(ESIGN), "serve", "--config", str(config), "--port", "0"], env=env, cwd=tmp)


def settle(pid: int, seconds: float = 1.0) -> int:
    time.sleep(seconds)
    return status_kb(pid, "VmRSS")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=float, default=49.5, help="size of the generated PDF (max 50)")
    parser.add_argument("--uploads", type=int, default=3, help="how many times to upload it")
    parser.add_argument("--json", action="store_true", help="print the results as JSON only")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="esign-bench-", dir=os.environ.get("BENCH_TMP")) as tmpdir:
        tmp = pathlib.Path(tmpdir)
        pdf = tmp / "fifty.pdf"
        size = write_pdf(pdf, int(args.size_mb * MB))
        proc, port = start_server(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        env["TMPDIR"] = str(tmp)
        plain, plain_port = start([sys.executable, "-c", PLAIN_SERVER], env=env)
        try:
            cold_kb = settle(proc.pid)
            # warm-up: the first request imports and allocates what every later request reuses
            small = tmp / "small.pdf"
            write_pdf(small, 2 * MB)
            status, body, _ = upload(port, small)
            assert status == 201, (status, body)
            idle_kb = settle(proc.pid)
            runs = []
            for i in range(args.uploads):
                before_kb = settle(proc.pid, 0.5)
                can_reset = reset_peak(proc.pid)
                sampler = Sampler(proc.pid)
                sampler.start()
                status, body, took = upload(port, pdf)
                sampler.stop.set()
                sampler.join()
                sampled_peak_kb = max(kb for _, kb in sampler.samples)
                hwm_kb = status_kb(proc.pid, "VmHWM") if can_reset else sampled_peak_kb
                peak_kb = max(hwm_kb, sampled_peak_kb)
                runs.append({
                    "upload": i + 1, "status": status, "page_count": None, "seconds": round(took, 2),
                    "mb_per_s": round(size / MB / took, 1),
                    "rss_before_mb": round(before_kb / 1024, 1), "peak_mb": round(peak_kb / 1024, 1),
                    "increase_over_idle_mb": round((peak_kb - idle_kb) / 1024, 1),
                    "after_mb": round(settle(proc.pid, 0.5) / 1024, 1),
                    "probe_child_peak_mb": round(sampler.child_peak_kb / 1024, 1),
                    "samples": len(sampler.samples), "peak_from": "VmHWM" if can_reset else "samples",
                })
                if status != 201:
                    runs[-1]["error"] = body
                plain_status, _, plain_took = upload(plain_port, pdf)
                assert plain_status == 201, plain_status
                runs[-1]["plain_seconds"] = round(plain_took, 2)
                runs[-1]["ratio"] = round(took / plain_took, 2)
            # the documents list tells the page count the server found
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(f"GET /v1/documents?limit=1 HTTP/1.1\r\nHost: x\r\nX-API-Key: {KEY}\r\n"
                             "Connection: close\r\n\r\n".encode())
                answer = b""
                while data := sock.recv(65536):
                    answer += data
            pages = json.loads(answer.partition(b"\r\n\r\n")[2])["items"][0]["page_count"]
            for run in runs:
                run["page_count"] = pages
        finally:
            plain.kill()
            plain.wait()
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()

    worst = max(run["increase_over_idle_mb"] for run in runs)
    worst_ratio = max(run["ratio"] for run in runs)
    ok = all(run["status"] == 201 for run in runs) and worst < TARGET_MB and worst_ratio <= TARGET_RATIO
    result = {"file_mb": round(size / MB, 2), "cold_rss_mb": round(cold_kb / 1024, 1),
              "idle_rss_mb": round(idle_kb / 1024, 1), "runs": runs,
              "worst_increase_mb": worst, "target_mb": TARGET_MB, "worst_ratio": worst_ratio,
              "target_ratio": TARGET_RATIO, "met": ok,
              "python": sys.version.split()[0], "cpus": os.cpu_count()}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"file: {result['file_mb']} MB PDF ({runs[0]['page_count']} pages); server RSS at start "
              f"{result['cold_rss_mb']} MB, idle after a 2 MB warm-up upload {result['idle_rss_mb']} MB")
        for run in runs:
            print(f"  upload {run['upload']}: HTTP {run['status']} in {run['seconds']} s ({run['mb_per_s']} MB/s; "
                  f"plain streaming handler {run['plain_seconds']} s, ratio {run['ratio']}); "
                  f"peak RSS {run['peak_mb']} MB = idle + {run['increase_over_idle_mb']} MB "
                  f"(after: {run['after_mb']} MB; PDF probe child peak {run['probe_child_peak_mb']} MB)")
        print(f"worst increase {worst} MB (target < {TARGET_MB} MB); worst time ratio {worst_ratio} "
              f"(target <= {TARGET_RATIO}): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

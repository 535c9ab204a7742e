"""Benchmark of signed-PDF finalisation (esign.pdf.finalize) against its floor.

For generated documents of 1, 10 and 100 pages (text in an embedded TrueType font) and a real one
from the test corpus (GeoTopo-komprimiert.pdf, 117 pages), with 2 signers
(one drawn signature, one typed), 20 fields and a 24-event audit trail (printed on the certificate
and embedded as audit-trail.json, as production does), each case runs in its own
subprocess (so peak memory is its own): finalize at `ses` and `aes`, and the two parts of the floor
measured in the same run: pyHanko sealing the unstamped file alone, and pypdf merging one overlay per
page. The floor of `ses` is one sealing plus the merge; the floor of `aes` is three signing steps
(two signers and the seal) plus the merge. Prints a Markdown table with each case's ratio to its
floor and its output size over its input. Usage: .venv/bin/python scripts/bench/bench_finalize.py
"""
from __future__ import annotations

import datetime as dt
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import time

# generated documents of 1, 10 and 100 pages, and a real one from the test corpus (117 pages, object
# streams, images)
SOURCES = ("1", "10", "100", "GeoTopo-komprimiert.pdf")
CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "corpus")
CASES = ("finalize ses", "finalize aes", "floor: seal only", "floor: merge overlays")
RUNS = 5
FIELDS = 20
NOW = dt.datetime(2026, 11, 23, 9, 40, 10)
TRAIL = ["signing_request.created", "signing_request.sent", "signing_event.email_sent", "signer.viewed",
         "signing_event.consent_given", "signing_event.otp_sent", "signing_event.otp_verified", "signer.signed",
         "signing_event.email_sent", "signer.viewed", "signing_event.consent_given", "signer.signed"]


def document(pages: int) -> bytes:
    """Pages of text in an embedded TrueType font, like a word processor's export."""
    from reportlab.pdfgen.canvas import Canvas

    from esign.pdf import fonts

    buf = io.BytesIO()
    canvas = Canvas(buf)
    font = fonts.runs(["DejaVuSans.ttf"], "x")[0][0]
    for number in range(1, pages + 1):
        canvas.setFont(font, 9)
        for line in range(60):
            canvas.drawString(50, 800 - line * 12.5, f"{number}.{line} The parties agree to the terms set out "
                              f"in schedule {line % 7} to this agreement, clause {number * line}.")
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def drawing() -> dict:
    """A drawn signature as the signing page's canvas makes it: 600 x 200, transparent, 3 px strokes."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (600, 200), (0, 0, 0, 0))
    ImageDraw.Draw(image).line([(20, 150), (120, 40), (200, 170), (330, 50), (450, 160), (580, 60)],
                               fill=(20, 20, 60, 255), width=3)
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return {"kind": "drawn", "image": buf.getvalue()}


def fields(pages: int) -> list[dict]:
    kinds = [("signature", {"signature": {"kind": "typed", "text": "Ada Lovelace"}}), ("date", {"value": "2025-01-31"}),
             ("text", {"value": "Zoë Müller, 12 rue de la Paix"}), ("checkbox", {"value": "true"}),
             ("initials", {})]
    out = []
    for i in range(FIELDS):
        kind, extra = kinds[i % len(kinds)]
        out.append({"id": f"f{i}", "signer_id": f"s{i % 2 + 1}", "field_type": kind, "page_number": i % pages + 1,
                    "x_percent": 10 + (i % 2) * 45, "y_percent": 5 + (i * 4) % 90, "width_percent": 35,
                    "height_percent": 4, "value": None, "signature": None, **extra})
    return out


def load(source: str) -> bytes:
    if source.isdigit():
        return document(int(source))
    with open(os.path.join(CORPUS, source), "rb") as f:
        return f.read()


def case(name: str, source: str) -> dict:
    """Runs one case RUNS times after a warm-up (fonts, imports): the medians of the wall time and of
    the process's CPU time (what the ratios use: the machine is shared, wall time is noisy)."""
    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfgen.canvas import Canvas

    from esign.audit_chain import event_hash, trail_json
    from esign.pdf.finalize import finalize
    from esign.pdf.seal import InternalCA, SealMaterial, seal_pdf

    seal, ca = SealMaterial.generate(), InternalCA.generate()
    marks = ((1, "Ada Lovelace", drawing()), (2, "Zoë Müller", {"kind": "typed", "text": "Zoë Müller"}))
    signers = [{"id": f"s{i}", "name": n, "email": f"s{i}@example.test", "status": "signed",
                "ip_address": "203.0.113.7",
                "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                "sent_at": NOW, "viewed_at": NOW, "signed_at": NOW, "signature": mark, "initials": None}
               for i, n, mark in marks]
    events = [{"event_type": kind, "created_at": NOW, "seq": n, "signer_name": signers[n % 2]["name"],
               "signer_email": signers[n % 2]["email"], "ip_address": "203.0.113.7",
               "metadata": {"template": "invitation"}} for n, kind in enumerate(TRAIL * 2)]
    previous = None
    for n, event in enumerate(events, start=1):  # chained as the store chains them (esign.audit_chain)
        event.update(id=f"ev{n}", org_id="org", signing_request_id="bench", request_seq=n, prev_request_hash=previous,
                     user_agent=signers[0]["user_agent"])
        event["hash"] = previous = event_hash(event)
    audit_trail = trail_json("bench", events)  # embedded in the signed PDF, as in production
    request = {"id": "bench", "document_name": "bench.pdf", "owner_name": "Sam Sender",
               "owner_email": "sam@example.test", "organization_name": "ACME", "created_at": NOW,
               "completed_at": NOW, "signing_level": "ses"}

    def merge_overlays(pdf: bytes, pages: int) -> bytes:
        buf = io.BytesIO()
        canvas = Canvas(buf)
        for number in range(pages):
            canvas.drawString(72, 72, f"overlay {number}")
            canvas.showPage()
        canvas.save()
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
        for page, overlay in zip(writer.pages, PdfReader(buf).pages):
            page.merge_page(overlay)
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()

    def run(pdf: bytes, n: int) -> bytes:
        if name.startswith("finalize"):
            level = name.split()[1]
            return finalize(pdf, request=request, fields=fields(n), signers=signers, events=events, level=level,
                            seal=seal, ca=ca, audit_trail=audit_trail)["signed_pdf"]
        if name == "floor: seal only":
            return seal_pdf(pdf, seal)
        return merge_overlays(pdf, n)

    run(document(1), 1)  # warm-up
    pdf = load(source)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times, cpu = [], []
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        out = run(pdf, pages)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"ms": statistics.median(times) * 1000, "cpu_ms": statistics.median(cpu) * 1000, "peak_mb": rss_peak / 1024,
            "growth_mb": (rss_peak - rss_before) / 1024, "in_kb": len(pdf) / 1024, "out_kb": len(out) / 1024,
            "pages": pages}


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--case":
        print(json.dumps(case(sys.argv[2], sys.argv[3])))
        return
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print(f"| pages | case | CPU ms (median of {RUNS}) | vs floor (CPU) | wall ms | peak RSS MB | RSS growth MB "
          "| input KB | output KB | output / input |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for source in SOURCES:
        results = {}
        for name in CASES:
            result = subprocess.run([sys.executable, __file__, "--case", name, source], env=env,
                                    capture_output=True, text=True, check=True)
            results[name] = json.loads(result.stdout.strip().splitlines()[-1])
        seal, merge = results["floor: seal only"]["cpu_ms"], results["floor: merge overlays"]["cpu_ms"]
        floors = {"finalize ses": seal + merge, "finalize aes": 3 * seal + merge}
        for name, r in results.items():
            ratio = f"{r['cpu_ms'] / floors[name]:.2f}x" if name in floors else ""
            label = r["pages"] if source.isdigit() else f"{r['pages']} ({source})"
            print(f"| {label} | {name} | {r['cpu_ms']:.0f} | {ratio} | {r['ms']:.0f} | {r['peak_mb']:.0f} "
                  f"| {r['growth_mb']:.1f} | {r['in_kb']:.0f} | {r['out_kb']:.0f} | {r['out_kb'] / r['in_kb']:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()

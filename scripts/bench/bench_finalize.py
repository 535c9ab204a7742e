"""Benchmark of signed-PDF finalisation (esign.pdf.finalize) against its floor.

For generated documents of 1, 10 and 100 pages with 2 signers and 20 fields, each case runs in its
own subprocess (so peak memory is its own): finalize at `ses` and `aes`, and two floors measured in
the same run: pyHanko sealing the unstamped file alone, and pypdf merging one overlay per page.
Prints a Markdown table. Usage: .venv/bin/python scripts/bench/bench_finalize.py
"""
from __future__ import annotations

import io
import json
import os
import resource
import statistics
import subprocess
import sys
import time

PAGES = (1, 10, 100)
CASES = ("finalize ses", "finalize aes", "floor: seal only", "floor: merge overlays")
RUNS = 3
FIELDS = 20


def document(pages: int) -> bytes:
    """Pages of text in an embedded TrueType font, like a word processor's export."""
    from reportlab.pdfgen.canvas import Canvas

    from esign.pdf import fonts

    buf = io.BytesIO()
    canvas = Canvas(buf)
    font = fonts.runs(fonts.TEXT, "x")[0][0]
    for number in range(1, pages + 1):
        canvas.setFont(font, 9)
        for line in range(60):
            canvas.drawString(50, 800 - line * 12.5, f"{number}.{line} The parties agree to the terms set out "
                              f"in schedule {line % 7} to this agreement, clause {number * line}.")
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


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


def case(name: str, pages: int) -> dict:
    """Runs one case RUNS times after a warm-up (fonts, imports); wall time is the median."""
    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfgen.canvas import Canvas

    from esign.pdf.finalize import finalize
    from esign.pdf.seal import InternalCA, SealMaterial, seal_pdf

    seal, ca = SealMaterial.generate(), InternalCA.generate()
    signers = [{"id": f"s{i}", "name": n, "email": f"s{i}@example.test", "ip_address": "203.0.113.7",
                "user_agent": "bench"} for i, n in ((1, "Ada Lovelace"), (2, "Zoë Müller"))]

    def merge_overlays(pdf: bytes) -> bytes:
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
            return finalize(pdf, request={"id": "bench", "document_name": "bench.pdf"}, fields=fields(n),
                            signers=signers, events=[], level=level, seal=seal, ca=ca)["signed_pdf"]
        if name == "floor: seal only":
            return seal_pdf(pdf, seal)
        return merge_overlays(pdf)

    run(document(1), 1)  # warm-up
    pdf = document(pages)
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        out = run(pdf, pages)
        times.append(time.perf_counter() - start)
    rss_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {"ms": statistics.median(times) * 1000, "peak_mb": rss_peak / 1024,
            "growth_mb": (rss_peak - rss_before) / 1024, "in_kb": len(pdf) / 1024, "out_kb": len(out) / 1024}


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--case":
        print(json.dumps(case(sys.argv[2], int(sys.argv[3]))))
        return
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    print(f"| pages | case | wall ms (median of {RUNS}) | peak RSS MB | RSS growth MB | input KB | output KB |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    for pages in PAGES:
        for name in CASES:
            result = subprocess.run([sys.executable, __file__, "--case", name, str(pages)], env=env,
                                    capture_output=True, text=True, check=True)
            r = json.loads(result.stdout.strip().splitlines()[-1])
            print(f"| {pages} | {name} | {r['ms']:.0f} | {r['peak_mb']:.0f} | {r['growth_mb']:.1f} "
                  f"| {r['in_kb']:.0f} | {r['out_kb']:.0f} |", flush=True)


if __name__ == "__main__":
    main()

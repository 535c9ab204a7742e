"""The checking child's side of esign.pdf.probe: `python -m esign.pdf.probe_child --serve strip|refuse
SECONDS` reads one JSON request a line and writes one JSON answer a line (the requests and answers are
those the module docstring of esign.pdf.probe describes), under the bounds its pool set (RLIMIT_AS, its
time-out), keeping the C heap's freed memory between the files of a burst and giving it back when idle.
"""
from __future__ import annotations

import ctypes
import gc
import json
import logging
import math
import os
import select
import sys
import time

import pypdfium2
from cryptography import x509

from esign.pdf import active, earlier, normalise, textboxes
from esign.pdf.image_check import check_image
from esign.pdf.probe import cleaned_path
from esign.pdf.render import MAX_PAGE_POINTS, largest_image_pixels, render_page
from esign.pdf.stands import stamp_file
from esign.pdf.verify import MalformedSignature, check_pdf

READ_HEAD = 1024
TOO_BIG = {"ok": False, "error": "the PDF needs too much memory to parse"}
IMAGE_TOO_BIG = {"ok": False, "error": "the image needs too much memory to decode"}
IDLE_SECONDS = 10.0  # a child gives freed memory back after this long without a file
REOPEN_AFTER_BYTES = 8 * 1024 * 1024
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's mallopt parameters (malloc.h)
KEEP_BELOW_BYTES = 64 * 1024 * 1024
DRAW_SCALE = 0.05  # the check draws every page this small (1/20)
MEASURED_SHARE = 32  # the check stops measuring a page once one drawing took 1/32 of the image budget
IMAGE_SHARE = 0.5  # a page whose largest image needs more than this share of the budget (in CPU) is refused

log = logging.getLogger("esign.pdf")


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


class _Heap:
    """The child's C heap (glibc's malloc, which pdfium allocates from). Where glibc is not there,
    nothing is tuned; where it has no `mallinfo2` (before 2.33) `in_use` is always 0 (a document is
    then never opened again)."""

    def __init__(self):
        try:
            self.libc = ctypes.CDLL("libc.so.6")
        except OSError:
            self.libc = self.mallinfo2 = None
            return
        self.mallinfo2 = getattr(self.libc, "mallinfo2", None)
        if self.mallinfo2 is not None:
            self.mallinfo2.restype = _MallInfo2

    def keep_freed_memory(self) -> None:
        """glibc maps each block over 128 KB on its own and unmaps it when freed, and gives the top of
        its heap back whenever enough is free: the pages every page's image needs then fault in again
        (a 49 MB file: 0.07-0.12 s to draw instead of 0.02-0.03 s). Kept for the next page and the next
        file instead, and given back once idle (`give_back`)."""
        if self.libc is not None:
            self.libc.mallopt(M_MMAP_THRESHOLD, KEEP_BELOW_BYTES)
            self.libc.mallopt(M_TRIM_THRESHOLD, KEEP_BELOW_BYTES)

    def in_use(self) -> int:
        """Bytes allocated and not freed (0.7 µs a call)."""
        if self.mallinfo2 is None:
            return 0
        info = self.mallinfo2()
        return info.uordblks + info.hblkhd

    def give_back(self) -> None:
        gc.collect()
        if self.libc is not None:
            self.libc.malloc_trim(0)


def _check(path: str, heap: _Heap, active_content: str = "strip") -> dict:
    """The answer for the file at `path` (see the module docstring); with the active content found
    (esign.pdf.active) under "active_content", whether it carries signatures under "had_signatures"
    (each only when there is any), and the normalised copy (esign.pdf.normalise; with `active_content`
    "strip" without that content) written to `cleaned_path(path)` ("cleaned"): that copy is the one
    drawn, and the one to store. A file that PDF readers would read differently is refused with
    "ambiguous": true (as is a page with no area)."""
    found, signed = [], 0
    with open(path, "rb") as fh:
        if b"%PDF-" not in fh.read(READ_HEAD):
            return {"ok": False, "error": "the file is not a PDF"}
        try:  # pypdf reads the open file as it needs it (given a path it would read the whole file first)
            with normalise.watching() as duplicates:
                reader = normalise.Reader(fh, strict=False)
                if reader.is_encrypted:
                    return {"ok": False, "error": "the PDF is encrypted; upload an unprotected copy"}
                count = len(reader.pages)
                if count >= 1:
                    found, signed = active.find(reader), earlier.count_signatures(reader.root_object)
                    if not found or active_content == "strip":
                        normalise.write(reader, cleaned_path(path), duplicates, strip=bool(found))
        except normalise.Refused as refused:
            return {"ok": False, "ambiguous": True, "error": str(refused)}
        except MemoryError:
            raise
        except Exception:  # noqa: BLE001 - any parser failure means the file is unusable
            return {"ok": False, "error": "the PDF is damaged: its structure cannot be read (save or export it "
                                          "again as PDF and upload that copy)"}
    if count < 1:
        return {"ok": False, "error": "the PDF has no pages"}
    extra = {"active_content": found} if found else {}
    if signed:
        extra["had_signatures"] = True
    if found and active_content != "strip":
        return {"ok": True, "page_count": count, **extra}  # refused by the caller: not worth drawing
    drawn = _draw(cleaned_path(path), heap)
    return {**drawn, **extra, "cleaned": cleaned_path(path)} if drawn["ok"] else drawn


def _draw(path: str, heap: _Heap) -> dict:
    """Every page drawn by pdfium: {"ok": true, "page_count": N} or the page that cannot be (with
    "too_large": true for one beyond the bounds: over MAX_PAGE_POINTS on a side, or one whose largest
    image would take more than IMAGE_SHARE of the page-image budget to draw: see `_image_seconds`)."""
    index = 0
    budget = IMAGE_SHARE * _Bounds.image_seconds
    try:
        doc = pypdfium2.PdfDocument(path)
        count = len(doc)
        opened_at = heap.in_use()
        for index in range(count):
            page = doc[index]
            width, height = page.get_size()  # as displayed: CropBox, /Rotate
            if max(width, height) > MAX_PAGE_POINTS:
                doc.close()
                return {"ok": False, "too_large": True,
                        "error": f"page {index + 1} is {width:,.0f} x {height:,.0f} pt; a page may be at most "
                                 f"{MAX_PAGE_POINTS:,} pt (200 inches) on a side, the largest a PDF viewer shows"}
            # a tiny render proves the page content can be drawn by the renderer (its images loaded and
            # drawn; the pixels are not looked at, so images are scaled without smoothing: a third faster)
            started = time.process_time()
            page.render(scale=DRAW_SCALE, no_smoothimage=True).close()
            estimate = _image_seconds(page, width, height, time.process_time() - started, budget)
            page.close()
            if estimate is not None:
                doc.close()
                return {"ok": False, "too_large": True,
                        "error": f"page {index + 1} takes too long to draw: its image for the signing page would "
                                 f"take about {estimate:,.0f} s, and a page image may take at most {budget:g} s "
                                 f"(flatten or print the page again as PDF and upload that copy)"}
            # pdfium keeps every object it has loaded (a page's image data too) until the document is
            # closed: opened again once that has grown by REOPEN_AFTER_BYTES, the check's memory does
            # not grow with the file (a 49 MB file: +9 MB instead of +50 MB)
            if index + 1 < count and heap.in_use() - opened_at > REOPEN_AFTER_BYTES:
                doc.close()
                doc = pypdfium2.PdfDocument(path)
                opened_at = heap.in_use()
        doc.close()
    except Exception:  # noqa: BLE001 - whatever pdfium raises, the page cannot be displayed
        return {"ok": False, "error": f"the PDF is damaged: page {index + 1} cannot be displayed (save or export "
                                      f"it again as PDF and upload that copy)"}
    return {"ok": True, "page_count": count}


class _Bounds:
    """The child's bounds, given on its command line (`_serve`): the page-image budget in seconds
    (`[limits] page_image_timeout_seconds`), which the check measures pages against."""

    image_seconds = 10.0


def _image_seconds(page, width: float, height: float, first: float, budget: float) -> float | None:
    """None when the page's largest image (esign.pdf.render.largest_image_pixels) can be drawn within
    `budget` CPU seconds, else about how long it would take. `first`: the CPU time of the drawing at
    DRAW_SCALE. A drawing's time grows at most in proportion to its pixels (part of it does not grow:
    loading images, drawing glyphs, ...), so the first drawing's time scaled up so is an upper bound,
    within the budget for nearly every page. Otherwise the page is drawn again at twice the scale (four
    times the pixels), and the time is taken to grow as the last two drawings say it grows (a power of
    the pixels, from 0 to 1): within the budget so, the page is accepted; over it, refused once (with
    two drawings at least) one took budget / MEASURED_SHARE or the next would be near the image's size,
    else it is drawn larger again. Times are the child's CPU time, so a busy machine does not make a page
    look slower. A hostile page (40 transparent fills with a blend mode: about 80 s at 1600 px, in
    proportion to the pixels) is refused after about 0.6 s; a page of 100,000 small words (0.2 s at
    1/20 scale, 0.4 s at 1600 px) is accepted after two drawings."""
    target = largest_image_pixels(width, height)

    def pixels(scale):
        return (width * scale + 1) * (height * scale + 1)

    scale, points = DRAW_SCALE, [(pixels(DRAW_SCALE), first)]
    while True:
        p2, t2 = points[-1]
        growth = 1.0
        if len(points) > 1 and points[-2][1] > 0 and t2 > 0:
            p1, t1 = points[-2]
            growth = min(1.0, max(0.0, math.log(t2 / t1) / math.log(p2 / p1)))
        estimate = t2 * (target / p2) ** growth
        if estimate <= budget:
            return None
        if (len(points) > 1 and t2 >= budget / MEASURED_SHARE) or pixels(2 * scale) > target:
            return estimate
        scale *= 2
        started = time.process_time()
        page.render(scale=scale, no_smoothimage=True).close()
        points.append((pixels(scale), time.process_time() - started))


def _render(path: str, number: int, out: str, width: int | None, fmt: str) -> dict:
    try:
        image = render_page(path, number, width=width, fmt=fmt)
    except Exception:  # noqa: BLE001 - the file passed the check; whatever fails now, the page cannot be shown
        return {"ok": False, "error": "the page could not be drawn"}
    with open(out, "wb") as fh:
        fh.write(image)
    return {"ok": True}


def _stamp(path: str, spec: str, out: str) -> dict:
    try:
        stamp_file(path, spec, out)
    except Exception:  # noqa: BLE001 - whatever fails, the document as it stands cannot be shown
        log.debug("stamping failed", exc_info=True)
        return {"ok": False, "error": "the values given so far could not be drawn on the document"}
    return {"ok": True}


def _textboxes(request: dict) -> dict:
    try:
        if request.get("runs"):
            return {"ok": True, "pages": textboxes.page_runs(request["textboxes"], seconds=request.get("seconds"))}
        found = textboxes.search(request["textboxes"], request.get("find") or [], bool(request.get("tags")),
                                 seconds=request.get("seconds"))
    except MemoryError:
        raise  # the child retires (_serve)
    except textboxes.TooMuchText as exc:
        return {"ok": False, "error": str(exc)}
    except Exception:  # noqa: BLE001 - the file passed the check; its text layer cannot be read
        return {"ok": False, "error": "the PDF's text could not be read"}
    return {"ok": True, **found}


def _image(path: str, content_type: str) -> dict:
    try:
        return check_image(path, content_type)
    except MemoryError:  # the child retires (_serve) with whatever the decoder left behind
        return dict(IMAGE_TOO_BIG, retire=True)


def _verify(path: str, trust: list[str], seal: list[str]) -> dict:
    """`esign verify`'s checks of the PDF at `path` (esign.pdf.verify.check_pdf) against the certificates
    `trust` and the seal certificates `seal` (PEM texts)."""
    with open(path, "rb") as f:
        pdf = f.read()
    try:
        report = check_pdf(pdf, [x509.load_pem_x509_certificate(c.encode()) for c in trust],
                           [x509.load_pem_x509_certificate(c.encode()) for c in seal])
    except MalformedSignature as exc:
        return {"ok": False, "error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - whatever else the file makes the readers fail on: one line
        return {"ok": False, "error": f"the PDF cannot be checked: {' '.join(str(exc).split()) or type(exc).__name__}"}
    return {"ok": True, "findings": report.findings, "trail": report.trail, "signer_checked": report.signer_checked,
            "verification_url": report.verification_url}


def _answer(request: dict, heap: _Heap, active_content: str) -> dict:
    if "verify" in request:
        return _verify(request["verify"], request["trust"], request["seal"])
    if "image" in request:
        return _image(request["image"], request["type"])
    if "textboxes" in request:
        return _textboxes(request)
    if "render" in request:
        return _render(request["render"], request["page"], request["out"], request.get("width"),
                       request.get("format", "png"))
    if "stamp" in request:
        return _stamp(request["stamp"], request["spec"], request["out"])
    return _check(request["check"], heap, active_content)


def _serve(active_content: str, image_seconds: float) -> None:
    """The child's loop: one JSON request a line in, one JSON line out. Results go to a private copy of
    standard output; what the parsers may print goes to standard error (discarded)."""
    _Bounds.image_seconds = image_seconds
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    heap = _Heap()
    heap.keep_freed_memory()
    for line in _lines(sys.stdin.fileno(), heap.give_back):
        try:
            result = _answer(json.loads(line), heap, active_content)
        except MemoryError:
            result = dict(TOO_BIG, retire=True)  # whatever the parser left behind goes with the child
        out.write(json.dumps(result) + "\n")
        out.flush()


def _lines(fd: int, idle):
    """The lines read from `fd` (without their end) until its end; `idle()` once whenever none has
    come for IDLE_SECONDS after the last one: memory is given back when the child has nothing to do,
    not between the files of a burst (which would then fault it all in again, ~0.03 s a 50 MB file)."""
    pending, busy = b"", False
    while True:
        while b"\n" not in pending:
            if busy and not select.select([fd], [], [], IDLE_SECONDS)[0]:
                idle()
                busy = False
            chunk = os.read(fd, 65536)
            if not chunk:
                return
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        busy = True
        yield line


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"] and sys.argv[2:3] in (["strip"], ["refuse"]):
    _serve(sys.argv[2], float(sys.argv[3]))

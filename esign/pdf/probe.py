"""Checks an uploaded file before it is accepted, in a child process bounded in time and memory, so
a hostile PDF (decompression bomb, looping page tree) cannot stall or exhaust the service.

The children are a pool (`PdfChecker`; Services builds two per process: `pdf_checker` for uploads and
their text, `page_renderer` for the signing page's images and the stamping they are drawn from, so an
upload never waits behind images): each is started once (`python -m esign.pdf.probe --serve
strip|refuse SECONDS`, the `[limits] active_content` mode and the page-image budget, with pypdf and
pdfium already imported), reads one JSON request a line on its standard input and writes one JSON line, so
an upload does not pay for an interpreter's start-up. {"check": path} answers {"ok": true, "page_count": N}
or {"ok": false, "error": "..."} (with "too_large": true for a page over esign.pdf.render.MAX_PAGE_POINTS
on a side, or one whose largest image would take more than half the page-image budget to draw:
`_image_seconds`); the check also finds active content (esign.pdf.active) and earlier signatures
(esign.pdf.earlier) and writes the normalised copy, the one stored, beside the file (`cleaned_path`,
esign.pdf.normalise; in "strip" mode without active content), or refuses a file PDF readers would read
differently ("ambiguous": true): see `_check`. {"render": path, "page": n, "out": png_path} draws the
signing page's image of page n (esign.pdf.render.render_page, at most MAX_PIXELS) into png_path and answers
{"ok": true} or {"ok": false, "error": "..."} (with "width" and "format": webp at one of
esign.pdf.render.WIDTHS); {"stamp": path, "spec": json_path, "out": pdf_path} writes the document as it
stands (esign.pdf.stands): a page image, and the stamping it is drawn from, are done under the bounds
of a child as a check is ("too_slow": true when out of time). {"textboxes": path, "find": [text, ...],
"tags": bool, "seconds": s} answers {"ok": true, ...} with where those texts and the text tags are
(esign.pdf.textboxes.search, which gives up after s seconds) or {"ok": false, "error": "..."}.
{"image": path, "type": "image/png"|"image/jpeg"} decodes a signer's attached image
(esign.pdf.image_check) and answers {"ok": true} or {"ok": false, "error": "..."}. The bounds
are those of a child per file: its address space is capped (`[limits] pdf_parse_memory_mb`, RLIMIT_AS),
and a request that takes longer than the pool's time-out (`[limits] pdf_parse_timeout_seconds`; for
images `page_image_timeout_seconds`) kills its child (a text search stops itself at half of it:
esign.pdf.textboxes); a child that ran out of memory or died is replaced, and every child is replaced after
`[limits] pdf_check_recycle_after` files (whatever the parsers keep between files is bounded). At most
`[limits] pdf_check_workers` (`page_image_workers`) children exist, and those waiting for one take
turns by owner (an organisation: `_Turns`); `esign serve` starts them when it starts listening
(`start()`; the command line and `esign worker`, which build the same Services but never check uploads,
start none unless they check a file), and a replacement is started in the background as soon as one
leaves, so the next upload finds one ready.
`close()` (Services.close, when the server stops) ends them.
"""
from __future__ import annotations

import asyncio
import collections
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

from esign.pdf import active, earlier, normalise, textboxes
from esign.pdf.image_check import check_image
from esign.pdf.render import MAX_PAGE_POINTS, largest_image_pixels, render_page
from esign.pdf.stands import stamp_file

READ_HEAD = 1024
TOO_LONG = {"ok": False, "error": "the PDF took too long to parse"}
STOPPING = {"ok": False, "error": "the service is stopping; try again in a moment"}
TOO_BIG = {"ok": False, "error": "the PDF needs too much memory to parse"}
DIED = {"ok": False, "error": "the PDF could not be parsed within the memory bound"}
IMAGE_TOO_BIG = {"ok": False, "error": "the image needs too much memory to decode"}
IMAGE_UNCHECKED = {"ok": False, "error": "the image could not be decoded within the time and memory bounds"}
CLOSE_GRACE_SECONDS = 2.0
ANSWER_LIMIT = 32 * 1024 * 1024  # the longest answer line read (where texts are: 20,000 matches at most)
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


def cleaned_path(path: str) -> str:
    """Where the check of the upload at `path` writes its normalised copy (esign.pdf.normalise; without
    active content in "strip" mode), the one to store: the caller removes it once done with it."""
    return path + ".cleaned.pdf"


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


def _answer(request: dict, heap: _Heap, active_content: str) -> dict:
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


def _child_setup(memory_mb: int):
    def apply():
        import resource
        import signal

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        # A shutdown signal sent to the whole process group or cgroup (Ctrl-C in a terminal, systemd's
        # default KillMode) must not kill the check of an upload the server is still finishing: the
        # child ignores it (ignored signals stay ignored across exec) and is bounded by its time-out.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    return apply


class _Child:
    """One checking process."""

    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc
        self.checked = 0

    async def ask(self, request: dict, timeout: float) -> dict | None:
        """The child's answer to `request`; None when it gave none (it died or ran out of time: it is
        killed either way and must not be used again)."""
        self.checked += 1
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            await self.proc.stdin.drain()
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
            return json.loads(line)
        except TimeoutError:
            await self.kill()
            return dict(TOO_LONG)
        except (OSError, ValueError):  # a broken pipe, or no (whole) line: the child died
            await self.kill()
            return None

    async def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()

    async def close(self) -> None:
        """Ask the child to exit (end of its input); kill it if it does not in a moment."""
        if self.proc.returncode is None:
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), CLOSE_GRACE_SECONDS)
            except TimeoutError:
                await self.kill()


class _Turns:
    """At most `size` holders at once; those waiting are let in owner by owner in turn (round robin:
    an owner with many waiting takes one turn, then every other owner waiting takes one), first come
    first served within an owner. Bound to a loop at its first use, not here."""

    def __init__(self, size: int):
        self.free = size
        self.waiting: dict[str, collections.deque] = {}  # owner -> its waiters; in the order of their turns

    async def acquire(self, owner: str) -> None:
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        turn = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(owner, collections.deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # let in as it gave up: the turn goes to the next
                self.release(owner)
            else:
                queue = self.waiting.get(owner)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self.waiting[owner]
            raise

    def release(self, owner: str) -> None:
        """`owner`'s turn ends: the next goes to the first other owner waiting, if any."""
        if owner in self.waiting and len(self.waiting) > 1:
            self.waiting[owner] = self.waiting.pop(owner)  # behind every other owner waiting
        while self.waiting:
            owner = next(iter(self.waiting))
            queue = self.waiting.pop(owner)
            turn = queue.popleft()
            if queue:
                self.waiting[owner] = queue  # its next waiter goes after every other owner's
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


class PdfChecker:
    """A pool of checking processes (see the module docstring): Services keeps one for uploads
    (checks, text) and one for the signing page's images (renders, stamps; `[limits] page_image_*`),
    so that an upload never waits behind page images."""

    def __init__(self, timeout: float, memory_mb: int, workers: int = 2, recycle_after: int = 100,
                 active_content: str = "strip", observe=None, image_seconds: float = 10.0):
        """`observe(outcome, seconds)` is told each check's outcome (ok, refused, died) and duration.
        `image_seconds`: the page-image budget (`[limits] page_image_timeout_seconds`) a check measures
        every page against (`_draw`)."""
        self.timeout = timeout
        self.image_seconds = image_seconds
        self.active_content = active_content  # `[limits] active_content`: what the children do with it
        self.observe = observe
        self.memory_mb = memory_mb
        self.workers = max(1, workers)
        self.recycle_after = max(1, recycle_after)
        self._idle: list[_Child] = []
        self._busy: set[_Child] = set()
        self._starting: set[asyncio.Task] = set()
        self._slots = _Turns(self.workers)  # fair between owners (organisations) waiting for a child
        self._shared: dict[str, asyncio.Future] = {}
        self._closed = False

    async def _start_child(self) -> _Child:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "esign.pdf.probe", "--serve", self.active_content, repr(float(self.image_seconds)),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
            preexec_fn=_child_setup(self.memory_mb), limit=ANSWER_LIMIT)
        return _Child(proc)

    def start(self) -> None:
        """Start every child in the background now (`esign serve` at start-up), so that not even the
        first upload waits for one."""
        for _ in range(self.workers):
            self._prestart()

    def _prestart(self) -> None:
        """Start a child in the background for the next check (unless enough exist or are coming)."""
        if self._closed or len(self._idle) + len(self._busy) + len(self._starting) >= self.workers:
            return

        async def start():
            child = await self._start_child()
            if self._closed:
                await child.close()
            else:
                self._idle.append(child)

        task = asyncio.ensure_future(start())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def check(self, path: str) -> dict:
        """{"ok": true, "page_count": N} or {"ok": false, "error": "..."} for the file at `path`
        (with what `_check` adds about active content and signatures)."""
        started = time.perf_counter()
        result = await self._ask({"check": path})
        if self.observe is not None:
            self.observe("died" if result == DIED else "ok" if result.get("ok") else "refused",
                         time.perf_counter() - started)
        return result

    async def render(self, path: str, number: int, out: str, width: int | None = None, fmt: str = "png",
                     owner: str = "") -> dict:
        """Page `number` of the PDF at `path` drawn into the file `out` by a child, as `fmt` (png, webp)
        and `width` pixels wide (one of esign.pdf.render.WIDTHS; None: the default scale):
        {"ok": true} or {"ok": false, "error": "...", "too_slow": true when it ran out of time}.
        `owner` (an organisation) waits for a child in turn with the others (`_Turns`)."""
        return self._slow(await self._ask({"render": path, "page": number, "out": out, "width": width,
                                           "format": fmt}, owner))

    async def stamp(self, path: str, spec: str, out: str, owner: str = "") -> dict:
        """The PDF at `path` as it stands (esign.pdf.stands; what is stamped in the JSON file `spec`)
        written to `out` by a child: {"ok": true} or {"ok": false, "error": "..."} (as `render`)."""
        return self._slow(await self._ask({"stamp": path, "spec": spec, "out": out}, owner))

    def _slow(self, result: dict) -> dict:
        if result == TOO_LONG:
            return {"ok": False, "too_slow": True, "error": f"it takes more than {self.timeout:g} s to draw"}
        return result

    async def textboxes(self, path: str, find: list[str], tags: bool = False) -> dict:
        """Where the texts `find` (and with `tags` the text tags) are in the PDF at `path`, read by a
        child: {"ok": true, "matches": ..., "tags": ..., "tag_count": N} (esign.pdf.textboxes.search)
        or {"ok": false, "error": "..."}. The child stops searching after half the time-out and says so
        (esign.pdf.textboxes.TooSlow), so that it answers instead of being killed."""
        return await self._ask({"textboxes": path, "find": find, "tags": tags, "seconds": self.timeout / 2})

    async def image(self, path: str, content_type: str) -> dict:
        """Whether the PNG or JPEG (`content_type`) at `path` is a whole image within
        esign.pdf.image_check.MAX_PIXELS, decoded by a child: {"ok": true} or {"ok": false, "error": "..."}.
        Counted with the checks (`observe`)."""
        started = time.perf_counter()
        result = await self._ask({"image": path, "type": content_type})
        died = result == DIED or result == TOO_LONG
        if self.observe is not None:
            self.observe("died" if died else "ok" if result.get("ok") else "refused", time.perf_counter() - started)
        if died:
            log.warning("an attached image was refused: its checking child %s",
                        "ran past pdf_parse_timeout_seconds" if result == TOO_LONG else "died (out of memory or killed)")
            return dict(IMAGE_UNCHECKED)
        return result

    async def shared(self, key: str, make):
        """The result of `make()` (a coroutine function); concurrent calls with the same key wait for
        and share one run of it (one render of a page at a time, however many ask for it). A caller
        that gives up does not cancel the run for the others."""
        task = self._shared.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._shared[key] = task

            def done(finished):
                self._shared.pop(key, None)
                if not finished.cancelled():
                    finished.exception()  # retrieved, in case every caller gave up

            task.add_done_callback(done)
        return await asyncio.shield(task)

    async def _ask(self, request: dict, owner: str = "") -> dict:
        if self._closed:  # the service is stopping: no child is started for it (none would be closed)
            return dict(STOPPING)
        await self._slots.acquire(owner)
        try:
            if self._closed:
                return dict(STOPPING)
            if not self._idle and self._starting:
                await asyncio.wait(set(self._starting), return_when=asyncio.FIRST_COMPLETED)
            child = None
            while self._idle and child is None:
                child = self._idle.pop()
                if child.proc.returncode is not None:  # it died while waiting (killed from outside)
                    child = None
            child = child or await self._start_child()
            self._busy.add(child)
            try:
                result = await child.ask(request, self.timeout)
            finally:
                self._busy.discard(child)
            if (result is None or result.get("retire") or child.proc.returncode is not None
                    or child.checked >= self.recycle_after or self._closed):  # (killed: out of time)
                await child.close()
            else:
                self._idle.append(child)
            self._prestart()
        finally:
            self._slots.release(owner)
        if result is None:  # (ended by close(): the service is stopping, not the file's fault)
            return dict(STOPPING if self._closed else DIED)
        return {k: v for k, v in result.items() if k != "retire"}

    async def close(self) -> None:
        self._closed = True
        for task in list(self._starting):
            await task
        children, self._idle = self._idle + list(self._busy), []
        await asyncio.gather(*(child.close() for child in children))


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

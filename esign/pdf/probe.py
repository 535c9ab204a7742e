"""Checks an uploaded file before it is accepted, in a child process bounded in time and memory, so
a hostile PDF (decompression bomb, looping page tree) cannot stall or exhaust the service.

The children are a pool (`PdfChecker`; Services builds two per process: `pdf_checker` for uploads and
their text, `page_renderer` for the signing page's images and the stamping they are drawn from, so an
upload never waits behind images): each is started once (`python -m esign.pdf.probe_child --serve
strip|refuse SECONDS`, the `[limits] active_content` mode and the page-image budget, with pypdf and
pdfium already imported), reads one JSON request a line on its standard input and writes one JSON line, so
an upload does not pay for an interpreter's start-up. {"check": path} answers {"ok": true, "page_count": N}
or {"ok": false, "error": "..."} (with "too_large": true for a page over esign.pdf.render.MAX_PAGE_POINTS
on a side, or one whose largest image would take more than half the page-image budget to draw:
esign.pdf.probe_child `_image_seconds`); the check also finds active content (esign.pdf.active) and
earlier signatures (esign.pdf.earlier) and writes the normalised copy, the one stored, beside the file
(`cleaned_path`, esign.pdf.normalise; in "strip" mode without active content), or refuses a file PDF
readers would read differently ("ambiguous": true): see esign.pdf.probe_child `_check`. {"render": path,
"page": n, "out": png_path} draws the signing page's image of page n (esign.pdf.render.render_page, at
most MAX_PIXELS) into png_path and answers
{"ok": true} or {"ok": false, "error": "..."} (with "width" and "format": webp at one of
esign.pdf.render.WIDTHS); {"stamp": path, "spec": json_path, "out": pdf_path} writes the document as it
stands (esign.pdf.stands): a page image, and the stamping it is drawn from, are done under the bounds
of a child as a check is ("too_slow": true when out of time). {"textboxes": path, "find": [text, ...],
"tags": bool, "seconds": s} answers {"ok": true, ...} with where those texts and the text tags are
(esign.pdf.textboxes.search, which gives up after s seconds) or {"ok": false, "error": "..."}; with
"runs": true, {"ok": true, "pages": [...]}: each page's text (esign.pdf.textboxes.page_runs).
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

This module is the pool, in the service's processes; the children's side (the requests answered, their
memory) is esign.pdf.probe_child.
"""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import sys
import time

TOO_LONG = {"ok": False, "error": "the PDF took too long to parse"}
STOPPING = {"ok": False, "error": "the service is stopping; try again in a moment"}
DIED = {"ok": False, "error": "the PDF could not be parsed within the memory bound"}
IMAGE_UNCHECKED = {"ok": False, "error": "the image could not be decoded within the time and memory bounds"}
CLOSE_GRACE_SECONDS = 2.0
ANSWER_LIMIT = 32 * 1024 * 1024  # the longest answer line read (where texts are: 20,000 matches at most)

log = logging.getLogger("esign.pdf")


def cleaned_path(path: str) -> str:
    """Where the check of the upload at `path` writes its normalised copy (esign.pdf.normalise; without
    active content in "strip" mode), the one to store: the caller removes it once done with it."""
    return path + ".cleaned.pdf"


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
        every page against (esign.pdf.probe_child `_draw`)."""
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
            sys.executable, "-m", "esign.pdf.probe_child", "--serve", self.active_content,
            repr(float(self.image_seconds)),
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
        (with what esign.pdf.probe_child `_check` adds about active content and signatures)."""
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

    async def page_runs(self, path: str, owner: str = "") -> dict:
        """Each page's text of the PDF at `path` as runs with their boxes, read by a child: {"ok": true,
        "pages": [[run, ...], ...]} (esign.pdf.textboxes.page_runs) or {"ok": false, "error": "..."}."""
        return await self._ask({"textboxes": path, "runs": True, "seconds": self.timeout / 2}, owner)

    async def verify(self, path: str, trust: list[str], seal: list[str]) -> dict:
        """`esign verify`'s checks (esign.pdf.verify.check_pdf) of the PDF at `path`, in a child, with the
        certificates `trust` and the seal certificates `seal` (PEM texts): {"ok": true, "findings": [[ok,
        text], ...], "trail": ..., "signer_checked": bool, "verification_url": ...} or {"ok": false,
        "error": "..."} (a malformed signature, a file the readers fail on, out of time or memory)."""
        return await self._ask({"verify": path, "trust": trust, "seal": seal})

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

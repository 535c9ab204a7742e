"""The pool of PDF-checking processes (esign.pdf.probe.PdfChecker): children are reused, bounded in
time and memory (a child over a bound is killed and replaced), recycled after N files, and ended
when the service closes. The memory bound through the API: test_documents' decompression bomb."""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import tempfile
import threading
import time

import pytest

from esign.pdf import probe_child
from esign.pdf.probe import PdfChecker
from tests.support import SAMPLE_PDF, running_server
from tests.support.documents import bomb_pdf, build_pdf, stream

PAGES = {"ok": True, "page_count": 4}


def image_pages_pdf(pages: int, side: int = 1024) -> bytes:
    """`pages` pages, each drawing its own side x side gray image of random (incompressible) bytes."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (3 + 3 * i) for i in range(pages)), pages)]
    for i in range(pages):
        objects += [
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /XObject << /Im0 %d 0 R >> >> >>" % (4 + 3 * i, 5 + 3 * i),
            stream(b"q 500 0 0 500 56 146 cm /Im0 Do Q"),
            stream(os.urandom(side * side), b"/Type /XObject /Subtype /Image /Width %d /Height %d "
                                            b"/ColorSpace /DeviceGray /BitsPerComponent 8 " % (side, side)),
        ]
    return build_pdf(objects)


async def checked(checker: PdfChecker, source=SAMPLE_PDF) -> dict:
    """The check of a fresh copy of `source` (the check writes its normalised copy beside the file it
    reads: never beside the corpus), without the copy's path."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "upload.pdf")
        shutil.copyfile(source, path)
        result = await checker.check(path)
    return {k: v for k, v in result.items() if k != "cleaned"}


def peak_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


def pid_of(checker: PdfChecker) -> int:
    (child,) = checker._idle
    return child.proc.pid


async def settled(checker: PdfChecker) -> None:
    """Wait for the children being started in the background."""
    while checker._starting:
        await asyncio.wait(set(checker._starting))


async def test_children_are_reused_and_recycled_after_n_files():
    checker = PdfChecker(20, 512, workers=1, recycle_after=3)
    try:
        assert await checked(checker) == PAGES
        first = pid_of(checker)
        for _ in range(2):
            assert await checked(checker) == PAGES
        # the third file was the child's last: a fresh one is ready for the next
        await settled(checker)
        second = pid_of(checker)
        assert second != first
        assert await checked(checker) == PAGES
        assert pid_of(checker) == second
    finally:
        await checker.close()


async def test_a_child_over_the_time_bound_is_killed_and_replaced():
    checker = PdfChecker(0.0001, 512, workers=1)
    try:
        assert await checked(checker) == {"ok": False, "error": "the PDF took too long to parse"}
        checker.timeout = 20
        assert await checked(checker) == PAGES
    finally:
        await checker.close()


@pytest.mark.slow
async def test_a_child_over_the_memory_bound_is_replaced(tmp_path):
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(bomb_pdf())
    checker = PdfChecker(20, 256, workers=1)
    try:
        assert await checked(checker) == PAGES
        first = pid_of(checker)
        result = await checker.check(str(bomb))
        assert result["ok"] is False, result
        assert await checked(checker) == PAGES
        assert pid_of(checker) != first
    finally:
        await checker.close()


async def test_a_child_that_died_while_idle_is_not_used():
    checker = PdfChecker(20, 512, workers=1)
    try:
        assert await checked(checker) == PAGES
        dead = checker._idle[0]
        os.kill(dead.proc.pid, signal.SIGKILL)
        await dead.proc.wait()
        assert await checked(checker) == PAGES
        assert pid_of(checker) != dead.proc.pid
    finally:
        await checker.close()


async def test_children_end_with_the_service(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"pdf_check_workers": 2}}) as server:
        uploads = await asyncio.gather(*(server.client.upload(SAMPLE_PDF.read_bytes()) for _ in range(3)))
        assert [u.status for u in uploads] == [201] * 3
        checker = server.services.pdf_checker
        children = checker._idle + list(checker._busy)
        assert 1 <= len(children) <= 2
    assert all(child.proc.returncode is not None for child in children)


def test_a_child_gives_memory_back_once_idle_not_between_the_files_of_a_burst(monkeypatch):
    monkeypatch.setattr(probe_child, "IDLE_SECONDS", 0.2)
    read, write = os.pipe()
    seen = []
    lines = probe_child._lines(read, lambda: seen.append("idle"))
    os.write(write, b"a.pdf\nb.pdf\nc")
    assert next(lines) == b"a.pdf"
    assert next(lines) == b"b.pdf"  # waiting: no give-back between files that follow each other

    def later():
        time.sleep(0.5)
        os.write(write, b".pdf\n")

    writer = threading.Thread(target=later)
    writer.start()
    assert next(lines) == b"c.pdf" and seen == ["idle"]  # once while nothing came
    writer.join()
    os.close(write)
    assert list(lines) == [] and seen == ["idle"]
    os.close(read)


async def test_the_check_memory_does_not_grow_with_the_file(tmp_path):
    """pdfium keeps what it loaded until the document closes; the check opens it again as that grows,
    so drawing a 32 MB file of images needs far less than 32 MB more (every page is still drawn and
    counted). The normalised copy (esign.pdf.normalise) is written by pypdf, which holds the file's
    objects once: the check's peak may grow by the file's size, and 20 MB for the drawing (without the
    reopening, drawing alone adds about 50 MB)."""
    big = tmp_path / "images.pdf"
    big.write_bytes(image_pages_pdf(32))
    checker = PdfChecker(60, 512, workers=1)
    try:
        assert await checked(checker) == PAGES
        before = peak_kb(pid_of(checker))
        assert await checked(checker, big) == {"ok": True, "page_count": 32}
        growth_mb = (peak_kb(pid_of(checker)) - before) / 1024
        assert growth_mb < 20 + big.stat().st_size / 2**20, growth_mb
    finally:
        await checker.close()


async def test_started_children_are_ready_before_the_first_file():
    checker = PdfChecker(20, 512, workers=2)
    try:
        checker.start()
        checker.start()  # no more than `workers`
        await settled(checker)
        assert len(checker._idle) == 2 and all(c.proc.returncode is None for c in checker._idle)
        ready = {c.proc.pid for c in checker._idle}
        assert await checked(checker) == PAGES
        assert {c.proc.pid for c in checker._idle} == ready  # the file went to one of them
    finally:
        await checker.close()

"""The pool of PDF-checking processes (esign.pdf.probe.PdfChecker): children are reused, bounded in
time and memory (a child over a bound is killed and replaced), recycled after N files, and ended
when the service closes. The memory bound through the API: test_documents' decompression bomb."""
from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

from esign.pdf import probe
from esign.pdf.probe import PdfChecker
from tests.conftest import SAMPLE_PDF, start_server, stop_server
from tests.platform.test_documents import bomb_pdf

PAGES = {"ok": True, "page_count": 4}


def pid_of(checker: PdfChecker) -> int:
    (child,) = checker._idle
    return child.proc.pid


async def settled(checker: PdfChecker) -> None:
    """Wait for the children being started in the background."""
    while checker._starting:
        await asyncio.wait(set(checker._starting))


async def test_children_are_reused_and_recycled_after_n_files(tmp_path):
    checker = PdfChecker(20, 512, workers=1, recycle_after=3)
    try:
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        first = pid_of(checker)
        for _ in range(2):
            assert await checker.check(str(SAMPLE_PDF)) == PAGES
        # the third file was the child's last: a fresh one is ready for the next
        await settled(checker)
        second = pid_of(checker)
        assert second != first
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        assert pid_of(checker) == second
    finally:
        await checker.close()


async def test_a_child_over_the_time_bound_is_killed_and_replaced(tmp_path):
    checker = PdfChecker(0.0001, 512, workers=1)
    try:
        assert await checker.check(str(SAMPLE_PDF)) == {"ok": False, "error": "the PDF took too long to parse"}
        checker.timeout = 20
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
    finally:
        await checker.close()


async def test_a_child_over_the_memory_bound_is_replaced(tmp_path):
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(bomb_pdf())
    checker = PdfChecker(20, 256, workers=1)
    try:
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        first = pid_of(checker)
        result = await checker.check(str(bomb))
        assert result["ok"] is False, result
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        assert pid_of(checker) != first
    finally:
        await checker.close()


async def test_a_child_that_died_while_idle_is_not_used(tmp_path):
    checker = PdfChecker(20, 512, workers=1)
    try:
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        dead = checker._idle[0]
        os.kill(dead.proc.pid, signal.SIGKILL)
        await dead.proc.wait()
        assert await checker.check(str(SAMPLE_PDF)) == PAGES
        assert pid_of(checker) != dead.proc.pid
    finally:
        await checker.close()


async def test_children_end_with_the_service(tmp_path):
    server = await start_server(tmp_path, overrides={"limits": {"pdf_check_workers": 2}})
    try:
        uploads = await asyncio.gather(*(server.client.upload(SAMPLE_PDF.read_bytes()) for _ in range(3)))
        assert [u.status for u in uploads] == [201] * 3
        checker = server.services.pdf_checker
        children = checker._idle + list(checker._busy)
        assert 1 <= len(children) <= 2
    finally:
        await stop_server(server)
    assert all(child.proc.returncode is not None for child in children)


def test_a_child_gives_memory_back_once_idle_not_between_the_files_of_a_burst(monkeypatch):
    monkeypatch.setattr(probe, "IDLE_SECONDS", 0.2)
    read, write = os.pipe()
    seen = []
    lines = probe._lines(read, lambda: seen.append("idle"))
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

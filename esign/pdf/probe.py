"""Checks an uploaded file before it is accepted, in a child process bounded in time and memory, so
a hostile PDF (decompression bomb, looping page tree) cannot stall or exhaust the service.

`python -m esign.pdf.probe FILE` prints one JSON line: {"ok": true, "page_count": N} or
{"ok": false, "error": "..."}. `probe(path, timeout, memory_mb)` runs it and returns that dict.
"""
from __future__ import annotations

import asyncio
import json
import sys

READ_HEAD = 1024


def _check(path: str) -> dict:
    import logging

    import pypdf
    import pypdfium2

    logging.getLogger("pypdf").setLevel(logging.ERROR)
    with open(path, "rb") as fh:
        head = fh.read(READ_HEAD)
    if b"%PDF-" not in head:
        return {"ok": False, "error": "the file is not a PDF"}
    try:
        reader = pypdf.PdfReader(path, strict=False)
        if reader.is_encrypted:
            return {"ok": False, "error": "the PDF is encrypted; upload an unprotected copy"}
        count = len(reader.pages)
    except Exception:  # noqa: BLE001 - any parser failure means the file is unusable
        return {"ok": False, "error": "the PDF is damaged: its structure cannot be read (save or export it "
                                      "again as PDF and upload that copy)"}
    if count < 1:
        return {"ok": False, "error": "the PDF has no pages"}
    index = 0
    try:
        doc = pypdfium2.PdfDocument(path)
        if len(doc) != count:
            count = len(doc)
        for index in range(len(doc)):
            page = doc[index]
            # a tiny render proves the page content can be drawn by the renderer
            page.render(scale=0.05).close()
            page.close()
        doc.close()
    except Exception:  # noqa: BLE001
        return {"ok": False, "error": f"the PDF is damaged: page {index + 1} cannot be displayed (save or export "
                                      f"it again as PDF and upload that copy)"}
    return {"ok": True, "page_count": count}


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


async def probe(path: str, timeout: float, memory_mb: int) -> dict:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "esign.pdf.probe", path,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
        preexec_fn=_child_setup(memory_mb))
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return {"ok": False, "error": "the PDF took too long to parse"}
    try:
        return json.loads(out.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"ok": False, "error": "the PDF could not be parsed within the memory bound"}


if __name__ == "__main__":
    try:
        result = _check(sys.argv[1])
    except MemoryError:
        result = {"ok": False, "error": "the PDF needs too much memory to parse"}
    print(json.dumps(result))

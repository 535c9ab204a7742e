"""Reading the notices in the bounce mailbox (`[email] bounce_mailbox`) in a child process bounded in
time and memory, never on the event loop: anyone can mail the bounce address, and the `email` package
takes minutes over a message of many thousand MIME parts.

`NoticeReader` (the service's side) starts one child (`python -m esign.domain.mail.bounce_notices --serve
<memory_mb>`, which imports nothing but the `email` package) for a sweep that has notices to read, and
ends it when the sweep ends. The child caps its own address space (RLIMIT_AS, `MEMORY_MB`), reads one
JSON request a line on its standard input — {"path": file, "max_bytes": n, "max_parts": n} — and
writes one JSON line: `read_notice`'s answer (its first line, `ready`, says it has started). A notice that takes longer than
`[email] bounce_read_timeout_seconds` kills the child (the next notice gets a new one); so does one
that makes it die (out of memory).

The child answers with small plain values, never the message: {"delivered_to": the address the
notice was delivered to (where the VERP token is), "message_id": ..., "reports": [{"recipient",
"status", "reason", "permanent"}, ...]} (`reports` empty for anything that is not an RFC 3464 delivery
status notification), {"error": why} for a notice that is not read (over `max_bytes`, over
`max_parts` MIME parts — the parser stops at the first part too many —, unreadable), or {"gone": true}
when another process's sweep took the file first. The headers the notice returns (the failed
message's, such as `X-Esign-Request`) are not read at all: only the VERP token names a signer
(esign.domain.mail.bounces)."""
from __future__ import annotations

import asyncio
import email.message
import email.parser
import email.policy
import json
import resource
import signal
import sys
from typing import cast

from esign.store.records import Json

MEMORY_MB = 256  # the child's address space: a notice under the caps needs a few MB
ANSWER_LIMIT = 4 * 1024 * 1024  # the longest answer line read (at most max_parts reports of a few hundred bytes)
CHUNK = 64 * 1024
CLOSE_GRACE_SECONDS = 2.0
START_TIMEOUT_SECONDS = 60.0
READY = b"ready\n"  # the child's first line, once it is bounded and reads requests
DELIVERED_TO = ("Delivered-To", "X-Original-To", "Envelope-To", "To")
RECIPIENT_LIMIT, STATUS_LIMIT, REASON_LIMIT, ID_LIMIT = 320, 32, 500, 250


class TooManyParts(Exception):
    pass


class ReaderFailed(Exception):
    pass


class _Parts:
    """The parser's message factory: one call per MIME part (each delivery-status block counts too),
    TooManyParts at the first one over the cap."""

    def __init__(self, cap: int) -> None:
        self.left = cap

    def __call__(self, policy: email.policy.Policy = email.policy.default) -> email.message.EmailMessage:
        self.left -= 1
        if self.left < 0:
            raise TooManyParts
        return email.message.EmailMessage(policy=policy)


def read_notice(path: str, max_bytes: int, max_parts: int) -> Json:
    """What the notice in the file `path` reports (see the module's docstring)."""
    parts = _Parts(max_parts)
    parser = email.parser.BytesFeedParser(_factory=parts, policy=email.policy.default)
    parts.left = max_parts  # the parser made one message to try the factory
    try:
        with open(path, "rb") as file:
            size = 0
            while chunk := file.read(CHUNK):
                size += len(chunk)
                if size > max_bytes:
                    return {"error": f"larger than {max_bytes} bytes"}
                parser.feed(chunk)
            message = parser.close()
        return {"delivered_to": next((str(message[h]) for h in DELIVERED_TO if message[h] and "+" in str(message[h])),
                                     "")[:ID_LIMIT],
                "message_id": str(message["Message-ID"] or "")[:ID_LIMIT], "reports": dsn_reports(message)}
    except FileNotFoundError:
        return {"gone": True}
    except TooManyParts:
        return {"error": f"more than {max_parts} MIME parts"}
    except Exception as exc:  # noqa: BLE001 - whatever a hostile message makes the parser raise: not read
        return {"error": f"unreadable ({type(exc).__name__})"}


def dsn_reports(message: email.message.Message) -> list[Json]:
    """The recipients an RFC 3464 delivery status notification reports; [] for anything else."""
    if message.get_content_type() != "multipart/report" or message.get_param("report-type") != "delivery-status":
        return []
    reports = []
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        blocks = cast(list[email.message.Message], part.get_payload())  # a delivery-status part's payload: its blocks
        for block in blocks[1:]:  # the first block is about the message, the others per recipient
            recipient = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
            action = str(block.get("Action") or "").strip().lower()
            reports.append({
                "recipient": (recipient.partition(";")[2].strip() or recipient)[:RECIPIENT_LIMIT],
                "status": str(block.get("Status") or "").strip()[:STATUS_LIMIT],
                "reason": " ".join(str(block.get("Diagnostic-Code") or "").partition(";")[2].split())[:REASON_LIMIT],
                "permanent": action == "failed"})
    return reports


class NoticeReader:
    """The service's side: `read(path)` in the child, started on first use; `close()` ends it."""

    def __init__(self, max_bytes: int, max_parts: int, timeout: float) -> None:
        self.request = {"max_bytes": max_bytes, "max_parts": max_parts}
        self.timeout = timeout
        self.proc: asyncio.subprocess.Process | None = None

    async def read(self, path: str) -> Json:
        """The child's answer for the notice at `path`; {"error": ...} when it took too long or the child
        died (it is killed either way, and the next call starts another)."""
        if self.proc is None:
            await self._start()
        stdin, stdout = self._pipes()
        try:
            stdin.write(json.dumps({"path": path, **self.request}).encode() + b"\n")
            await stdin.drain()
            answer: Json = json.loads(await asyncio.wait_for(stdout.readline(), self.timeout))
            return answer
        except TimeoutError:
            await self._kill()
            return {"error": f"not read within {self.timeout:g} s"}
        except (OSError, ValueError):  # a broken pipe, or no (whole) line: the child died
            await self._kill()
            return {"error": "its reading process died (out of memory?)"}

    async def _start(self) -> None:
        """A new child, ready: its start (an interpreter, on a loaded machine) is no notice's time. Raises
        ReaderFailed when it does not start (the sweep fails; the notices wait for the next)."""
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "esign.domain.mail.bounce_notices", "--serve", str(MEMORY_MB),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
            limit=ANSWER_LIMIT)
        try:
            ready = await asyncio.wait_for(self._pipes()[1].readline(), START_TIMEOUT_SECONDS)
        except TimeoutError:
            ready = b""
        if ready != READY:
            await self._kill()
            raise ReaderFailed(f"the process that reads bounce notices did not start within {START_TIMEOUT_SECONDS:g} s")

    def _pipes(self) -> tuple[asyncio.StreamWriter, asyncio.StreamReader]:
        """The running child's input and output (pipes: `_start`)."""
        proc = cast(asyncio.subprocess.Process, self.proc)  # started, with both pipes
        return cast(asyncio.StreamWriter, proc.stdin), cast(asyncio.StreamReader, proc.stdout)

    async def _kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.returncode is None:
            proc.kill()
        await proc.wait()

    async def close(self) -> None:
        """Ask the child to exit (end of its input); kill it if it does not in a moment."""
        if self.proc is None:
            return
        self._pipes()[0].close()
        try:
            await asyncio.wait_for(self.proc.wait(), CLOSE_GRACE_SECONDS)
        except TimeoutError:
            await self._kill()
        self.proc = None


def _serve(memory_mb: int) -> None:
    # A shutdown signal sent to the whole process group (Ctrl-C, systemd's default KillMode) must not
    # end a read half-way (the notice would be set aside): the child ends with its input, or is killed.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    for line in sys.stdin:
        request = json.loads(line)
        answer = read_notice(request["path"], request["max_bytes"], request["max_parts"])
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__" and sys.argv[1:2] == ["--serve"]:
    _serve(int(sys.argv[2]))

"""HTTP over a raw connection, for tests that must control what is sent when (a head without its
body, a body in pieces) and see exactly what comes back, even when the server closes early."""
from __future__ import annotations

import asyncio
import json
import time


class _Collector(asyncio.Protocol):
    """Keeps every byte received, even when the peer resets the connection afterwards (a
    StreamReader would raise the reset instead of returning what it had buffered)."""

    def __init__(self):
        self.data = bytearray()
        self.first_byte_at = None
        self.closed = asyncio.get_running_loop().create_future()
        self.transport = None
        self.can_write = asyncio.Event()
        self.can_write.set()

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        if self.first_byte_at is None:
            self.first_byte_at = time.monotonic()
        self.data += data

    def pause_writing(self):
        self.can_write.clear()

    def resume_writing(self):
        self.can_write.set()

    def connection_lost(self, exc):
        self.can_write.set()
        if not self.closed.done():
            self.closed.set_result(exc)

    def answer_complete(self) -> bool:
        head, sep, payload = bytes(self.data).partition(b"\r\n\r\n")
        if not sep:
            return False
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                return len(payload) >= int(line.split(b":")[1])
        return False


async def raw_exchange(port: int, head: bytes, body_chunks=(), read_timeout=20.0) -> tuple[bytes, float]:
    """Send `head` (and then `body_chunks`) on a raw connection while reading the answer.
    Returns (answer bytes, seconds from sending the head until the answer's first byte)."""
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_connection(_Collector, "127.0.0.1", port)
    started = time.monotonic()
    transport.write(head)
    deadline = started + read_timeout
    for chunk in body_chunks:
        if proto.closed.done() or proto.answer_complete():
            break  # answered (and closed) before the whole body was sent
        await asyncio.wait_for(proto.can_write.wait(), max(0.1, deadline - time.monotonic()))
        if proto.closed.done():
            break
        transport.write(chunk)
    while not (proto.closed.done() or proto.answer_complete()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"no complete answer; got {bytes(proto.data[:200])!r}")
        await asyncio.sleep(0.01)
    transport.close()
    return bytes(proto.data), (proto.first_byte_at or time.monotonic()) - started


def parse_answer(raw: bytes) -> tuple[int, dict, dict]:
    head, _, payload = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, json.loads(payload)

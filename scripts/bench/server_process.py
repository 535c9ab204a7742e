"""Shared by the benchmarks: run `esign serve` (or any server printing a JSON "listening" line) as a
child process on the embedded database, stop it, and exchange raw keep-alive HTTP/1.1 requests."""
from __future__ import annotations

import json
import pathlib
import signal
import subprocess


def embedded_config(tmp: pathlib.Path, extra: str = "", level: str = "WARNING") -> pathlib.Path:
    """A config on `memory://` with blobs and mail under `tmp`; `extra` adds sections (organisations);
    `level` is the log's (INFO logs every request: the access log)."""
    path = tmp / "esign.toml"
    path.write_text(f"""
[server]
host = "127.0.0.1"
port = 0
[database]
url = "memory://"
[storage]
path = "{tmp}/blobs"
[email]
path = "{tmp}/mail"
[logging]
level = "{level}"
{extra}""")
    return path


def start(cmd, env=None, cwd=None, stderr=subprocess.DEVNULL) -> tuple[subprocess.Popen, int]:
    """Start `cmd` (its log, on stderr, to `stderr`: discarded unless a file is given); returns the
    process and the port from its first output line."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env, cwd=cwd)
    event = json.loads(proc.stdout.readline())
    assert event["event"] == "listening", event
    return proc, int(event["url"].rsplit(":", 1)[1])


def stop(proc: subprocess.Popen, timeout: float = 30) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


async def exchange(reader, writer, raw: bytes) -> tuple[int, bytes]:
    """Send one raw request on a keep-alive connection; returns (status, body)."""
    writer.write(raw)
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    return status, await reader.readexactly(length)

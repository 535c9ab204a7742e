"""What the official clients' tests share (tests/clients, tests/platform/test_generated_client.py):
`esign serve` in its own process, the signers' links from its mail, `esign verify` on what was signed and
the webhook deliveries checked with the `standardwebhooks` library, as an integrator's receiver does."""
from __future__ import annotations

import asyncio
import contextlib
import email
import json
import os
import pathlib
import re
import signal
import subprocess

from standardwebhooks import Webhook

from tests.support.waiting import until

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
CLIENTS = ROOT / "clients"
KEY = "esk_live_official_client_0000000000000"
TAGGED_PDF = ROOT / "tests" / "corpus" / "placement" / "reportlab.pdf"  # four text tags (its README)
ANN, SAM = "ann@example.test", "sam@example.test"
FLOW_EVENTS = ["signer.signed", "document.signed", "signing_request.completed"]


@contextlib.contextmanager
def served(tmp_path: pathlib.Path):
    """`esign serve` on 127.0.0.1 with one organisation (API key `KEY`) whose webhooks may post to the
    local receiver; yields its URL."""
    config = tmp_path / "esign.toml"
    config.write_text(f"""
[server]
port = 0
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[jobs]
poll_interval_seconds = 0.1
[webhooks]
allow_private_networks = true
allow_http = true
[[organizations]]
name = "Client Org"
plan = "enterprise"
[[organizations.api_keys]]
key = "{KEY}"
""")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    proc = subprocess.Popen([str(BIN / "esign"), "serve", "--config", str(config), "--host", "127.0.0.1"],
                            cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        yield json.loads(proc.stdout.readline())["url"]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def signer_tokens(tmp_path: pathlib.Path, url: str, emails=(ANN, SAM)) -> dict[str, str]:
    """Each signer's link token, from the invitation mail the service wrote to its Maildir."""
    mail_dir = tmp_path / "mail" / "new"

    def read():
        found = {}
        for path in mail_dir.glob("*") if mail_dir.exists() else ():
            msg = email.message_from_bytes(path.read_bytes())
            text = "".join(part.get_payload(decode=True).decode() for part in msg.walk()
                           if part.get_content_type() == "text/plain")
            link = re.search(rf"{re.escape(url)}/sign/([A-Za-z0-9_-]+)", text)
            if link:
                found[email.utils.parseaddr(msg["To"])[1]] = link.group(1)
        return found if set(emails) <= set(found) else None

    return await until(read, interval=0.2)


async def esign_verify(pdf: pathlib.Path, trust: pathlib.Path) -> str:
    """`esign verify --trust` on a downloaded PDF: its signatures, its seal and its audit trail."""
    proc = await asyncio.create_subprocess_exec(str(BIN / "esign"), "verify", "--trust", str(trust), str(pdf),
                                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode == 0, out.decode()
    return out.decode()


async def verified_deliveries(receiver, secret: str, request_id: str, documents: int) -> list[dict]:
    """The flow's webhook deliveries (two signers), each verified with `standardwebhooks` (signature, id
    and timestamp, as a receiver checks them): a delivery that does not verify fails the test."""
    expected = sorted(["signer.signed"] * 2 + ["document.signed"] * documents + ["signing_request.completed"])

    def arrived():
        events = [Webhook(secret).verify(got.body, got.headers) for got in receiver.at("hook")]
        mine = [e for e in events if e["data"].get("signing_request_id") == request_id]
        return mine if len(mine) >= len(expected) else None

    mine = await until(arrived, interval=0.2)
    assert sorted(e["event"] for e in mine) == expected, mine
    return mine

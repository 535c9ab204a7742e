"""The `esign` command: admin commands refuse to run against the in-process memory:// database, and
`esign serve` starts, provisions, answers and stops cleanly on SIGTERM."""
from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from esign import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
ESIGN = str(ROOT / ".venv" / "bin" / "esign")
KEY = "esk_live_cli_smoke_test_key_0000000000"


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    env.update(extra)
    return env


def write_config(tmp_path) -> str:
    path = tmp_path / "esign.toml"
    path.write_text(f"""
[server]
port = 0
[database]
url = "memory://"
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[[organizations]]
name = "Smoke"
plan = "enterprise"
[[organizations.api_keys]]
key = "{KEY}"
""")
    return str(path)


ADMIN_COMMANDS = [
    ["create-org", "Acme"], ["create-key", "Acme"], ["revoke-key", "0000"], ["list-keys", "Acme"],
    ["add-embed-origin", "Acme", "https://app.acme.test"], ["set-delivery", "Acme", "https://hook.acme.test"],
]


@pytest.mark.parametrize("command", ADMIN_COMMANDS, ids=[c[0] for c in ADMIN_COMMANDS])
def test_admin_refuses_memory_database(tmp_path, command, capsys, monkeypatch):
    for name in list(os.environ):
        if name.startswith("ESIGN_"):
            monkeypatch.delenv(name)
    with pytest.raises(SystemExit) as info:
        cli.main(["admin", "--config", write_config(tmp_path), *command])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "[[organizations]]" in err and "memory://" in err


def test_admin_refusal_as_a_real_process(tmp_path):
    proc = subprocess.run([ESIGN, "admin", "--config", write_config(tmp_path), "create-org", "Acme"],
                          capture_output=True, text=True, timeout=60, env=clean_env())
    assert proc.returncode == 2
    assert "[[organizations]]" in proc.stderr
    assert proc.stdout == ""


def test_separate_worker_refuses_memory_database(tmp_path):
    proc = subprocess.run([ESIGN, "worker", "--config", write_config(tmp_path)], capture_output=True, text=True,
                          timeout=60, env=clean_env())
    assert proc.returncode != 0 and "memory://" in proc.stderr


def get(url, key=None):
    req = urllib.request.Request(url, headers={"X-API-Key": key} if key else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def pdf_check_children(pid: int, wait: float = 20.0) -> list[int]:
    """The PDF-checking processes `pid` has started, once there are [limits] pdf_check_workers (2)."""
    deadline = time.monotonic() + wait
    while True:
        found = []
        for child in pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            try:
                cmdline = pathlib.Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"esign.pdf.probe" in cmdline:
                found.append(int(child))
        if len(found) >= 2 or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_serve_starts_answers_and_stops_on_sigterm(tmp_path):
    proc = subprocess.Popen([ESIGN, "serve", "--config", write_config(tmp_path), "--port", "0", "--host", "127.0.0.1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean_env(), cwd=tmp_path)
    try:
        line = proc.stdout.readline()
        event = json.loads(line)
        assert event["event"] == "listening", line
        url = event["url"]
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0")
        assert get(url + "/healthz") == (200, {"status": "ok"})
        assert get(url + "/readyz") == (200, {"status": "ready"})
        checkers = pdf_check_children(proc.pid)  # started with the server, before any upload
        assert len(checkers) == 2, checkers
        status, body = get(url + "/v1/documents", key=KEY)  # provisioned from [[organizations]]
        assert (status, body) == (200, {"items": [], "total": 0})
        assert get(url + "/v1/documents")[0] == 401
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
        assert not [pid for pid in checkers if os.path.exists(f"/proc/{pid}")]  # ended with the server
        stderr = proc.stderr.read()
        assert "NOT persistent" in stderr  # the loud memory:// warning
        assert "Traceback" not in stderr
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_reads_esign_config_from_the_environment(tmp_path):
    proc = subprocess.Popen([ESIGN, "serve", "--no-worker"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=clean_env(ESIGN_CONFIG=write_config(tmp_path), ESIGN_SERVER_HOST="127.0.0.1"),
                            cwd=tmp_path)
    try:
        event = json.loads(proc.stdout.readline())
        assert event["event"] == "listening" and event["worker"] is False
        assert get(event["url"] + "/v1/usage", key=KEY)[0] == 200
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_run_script_prints_the_key_and_a_curl_line():
    text = (ROOT / "scripts" / "run").read_text()
    assert os.access(ROOT / "scripts" / "run", os.X_OK) and os.access(ROOT / "scripts" / "test", os.X_OK)
    assert "curl" in text and "NOT persistent" in text and "esign serve" in text

"""The `esign` command: admin commands refuse to run against the in-process memory:// database, and
`esign serve` starts, provisions, answers and stops cleanly on SIGTERM."""
from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import pathlib
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from esign import __version__, cli
from esign import config as configmod
from esign.pdf.seal import InternalCA

pytestmark = pytest.mark.slow  # `esign` in processes of its own

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
    ["add-embed-origin", "Acme", "https://app.acme.test"], ["remove-embed-origin", "Acme", "https://app.acme.test"],
    ["set-delivery", "Acme", "https://hook.acme.test"], ["add-member", "--org", "Acme", "--email", "a@acme.test"],
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
    assert proc.returncode == 2 and "memory://" in proc.stderr and "Traceback" not in proc.stderr


def get(url, key=None):
    req = urllib.request.Request(url, headers={"X-API-Key": key} if key else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def pdf_check_children(pid: int, wait: float = 20.0) -> list[int]:
    """The PDF-checking processes `pid` has started, once there are [limits] pdf_check_workers (2) and
    page_image_workers (1, the page images' own pool)."""
    deadline = time.monotonic() + wait
    while True:
        found = []
        for child in pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            try:
                cmdline = pathlib.Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"esign.pdf.probe_child" in cmdline:
                found.append(int(child))
        if len(found) >= 3 or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def test_serve_starts_answers_and_stops_on_sigterm(tmp_path):
    env = {**clean_env(), "ESIGN_LIMITS_PDF_CHECK_WORKERS": "2"}  # the test config keeps one
    proc = subprocess.Popen([ESIGN, "serve", "--config", write_config(tmp_path), "--port", "0", "--host", "127.0.0.1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        line = proc.stdout.readline()
        event = json.loads(line)
        assert event["event"] == "listening" and event["version"] == __version__, line
        url = event["url"]
        assert url.startswith("http://127.0.0.1:") and not url.endswith(":0")
        assert get(url + "/healthz") == (200, {"status": "ok", "version": __version__})
        assert get(url + "/readyz") == (200, {"status": "ready"})
        checkers = pdf_check_children(proc.pid)  # started with the server, before any upload
        assert len(checkers) == 3, checkers
        status, body = get(url + "/v1/documents", key=KEY)  # provisioned from [[organizations]]
        assert (status, body) == (200, {"items": [], "total": 0, "has_more": False})
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


def serve_once(args, tmp_path, env=None, check=None) -> str:
    """Start `esign ARGS`, wait until it listens, call `check(event)`, stop it with SIGINT (exit 0
    expected) and return what it wrote on standard error."""
    proc = subprocess.Popen([ESIGN, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env or clean_env(), cwd=tmp_path)
    try:
        event = json.loads(proc.stdout.readline())
        assert event["event"] == "listening"
        if check:
            check(event)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        return proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_reads_esign_config_from_the_environment(tmp_path):
    def check(event):
        assert event["worker"] is False
        assert get(event["url"] + "/v1/usage", key=KEY)[0] == 200

    stderr = serve_once(["serve", "--no-worker"], tmp_path, check=check,
                        env=clean_env(ESIGN_CONFIG=write_config(tmp_path), ESIGN_SERVER_HOST="127.0.0.1"))
    # nothing else can reach a memory:// database's jobs: said at start-up
    assert "no process runs background jobs" in stderr


def test_run_script_prints_the_key_and_a_curl_line():
    text = (ROOT / "scripts" / "run").read_text()
    assert os.access(ROOT / "scripts" / "run", os.X_OK) and os.access(ROOT / "scripts" / "test", os.X_OK)
    assert "curl" in text and "NOT persistent" in text and "esign serve" in text


def esign_fails(tmp_path, *args, extra="", env=None) -> subprocess.CompletedProcess:
    """Run `esign ARGS --config C` (C: write_config's plus `extra`), expecting it to fail at once."""
    config = pathlib.Path(write_config(tmp_path))
    config.write_text(config.read_text() + extra)
    proc = subprocess.run([ESIGN, *args, "--config", str(config)], capture_output=True, text=True, timeout=60,
                          env=clean_env(**(env or {})), cwd=tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "listening" not in proc.stdout
    return proc


def pem_pair(name: str) -> tuple[bytes, bytes]:
    return InternalCA.generate(name).to_pem()


def seal_files(tmp_path, cert: bytes | None, key: bytes | None) -> str:
    """`[signing]` naming seal files with these contents (None: a file that does not exist)."""
    lines = ["[signing]"]
    for name, content in (("seal_certificate", cert), ("seal_key", key)):
        path = tmp_path / f"{name}.pem"
        if content is not None:
            path.write_bytes(content)
        lines.append(f'{name} = "{path}"')
    return "\n".join(lines) + "\n"


def test_serve_refuses_an_unusable_configured_seal(tmp_path):
    cert, key = pem_pair("seal")
    other_cert, other_key = pem_pair("other")
    for extra, named in [
        (seal_files(tmp_path, None, None), "signing.seal_certificate"),  # neither file exists
        (seal_files(tmp_path, cert, None), "signing.seal_key"),
        (seal_files(tmp_path, b"not a certificate", key), "signing.seal_certificate"),
        (seal_files(tmp_path, cert, b"not a key"), "signing.seal_key"),
        (seal_files(tmp_path, cert, other_key), "does not match"),
        (f'[signing]\nseal_certificate = "{tmp_path}/c.pem"\n', "signing.seal_key is not"),  # one of the two
        (f'[signing]\nvalidation_roots = "{tmp_path}/absent-roots.pem"\n', "signing.validation_roots"),
    ]:
        proc = esign_fails(tmp_path, "serve", "--port", "0", extra=extra)
        assert proc.returncode == 2 and "configuration error" in proc.stderr and named in proc.stderr, proc.stderr


def seal_valid(not_before: dt.datetime, not_after: dt.datetime) -> tuple[bytes, bytes]:
    """A self-signed seal certificate valid from `not_before` to `not_after`, and its key (PEM)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Dated seal")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
            .sign(key, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.PEM), key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())


def test_serve_refuses_a_seal_outside_its_certificate_and_warns_before_it_expires(tmp_path):
    now = dt.datetime.now(dt.timezone.utc)
    for not_before, not_after, said in [(now - dt.timedelta(days=400), now - dt.timedelta(days=2), "expired on"),
                                        (now + dt.timedelta(days=2), now + dt.timedelta(days=400), "not valid before")]:
        proc = esign_fails(tmp_path, "serve", "--port", "0", extra=seal_files(tmp_path, *seal_valid(not_before, not_after)))
        assert proc.returncode == 2 and "signing.seal_certificate" in proc.stderr and said in proc.stderr, proc.stderr
    config = pathlib.Path(write_config(tmp_path))
    config.write_text(config.read_text() + seal_files(tmp_path, *seal_valid(now - dt.timedelta(days=300),
                                                                              now + dt.timedelta(days=10))))
    # signalled as soon as it listens: a graceful stop (the handlers are installed before it says so)
    assert "the seal's certificate expires on" in serve_once(["serve", "--port", "0", "--config", str(config)], tmp_path)


def test_serve_names_a_corrupt_key_file_in_key_dir(tmp_path):
    keys = tmp_path / "keys"  # beside [storage] path: the default key_dir
    keys.mkdir()
    (keys / "internal_ca.crt").write_text("-----BEGIN CERTIFICATE-----\ngarbage\n-----END CERTIFICATE-----\n")
    (keys / "internal_ca.key").write_text("garbage")
    proc = esign_fails(tmp_path, "serve", "--port", "0")
    assert proc.returncode == 2 and f"{keys}/internal_ca.crt" in proc.stderr, proc.stderr


def test_serve_on_a_port_in_use_says_so_in_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = esign_fails(tmp_path, "serve", "--host", "127.0.0.1", "--port", str(port))
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == \
        f"esign: cannot listen on 127.0.0.1:{port} (server.host, server.port): Address already in use"


def test_an_unreachable_database_is_one_line_without_the_password(tmp_path):
    proc = esign_fails(tmp_path, "serve", "--port", "0", env={
        "ESIGN_DATABASE_URL": "mongodb://esign:hunter2secret@127.0.0.1:9/esign", "ESIGN_DATABASE_TIMEOUT_MS": "300"})
    assert proc.returncode == 1 and "esign: the database (database.url) cannot be used" in proc.stderr, proc.stderr
    assert "hunter2secret" not in proc.stderr + proc.stdout


def test_a_storage_path_that_is_not_a_directory(tmp_path):
    (tmp_path / "file").write_text("")
    proc = esign_fails(tmp_path, "serve", "--port", "0", env={"ESIGN_STORAGE_PATH": f"{tmp_path}/file/blobs"})
    assert proc.returncode == 1 and "Not a directory" in proc.stderr and f"{tmp_path}/file" in proc.stderr


def test_seal_export_never_makes_a_seal(tmp_path):
    proc = esign_fails(tmp_path, "seal", "export")
    assert proc.returncode == 2 and f"no seal found in {tmp_path}/keys" in proc.stderr, proc.stderr
    assert "--config" in proc.stderr and proc.stdout == ""
    assert not (tmp_path / "keys").exists()


def test_seal_export_to_a_path_that_cannot_be_written(tmp_path):
    asyncio.run(_make_keys(write_config(tmp_path)))
    proc = esign_fails(tmp_path, "seal", "export", "--out", f"{tmp_path}/absent/seal.pem")
    assert proc.returncode == 2 and f"--out {tmp_path}/absent/seal.pem: No such file or directory" in proc.stderr


async def _make_keys(config_path):
    services = await cli.start_services(configmod.load(config_path, environ={}))
    await services.close()


def test_config_may_follow_the_subcommand():
    for argv in (["jobs", "--config", "e.toml", "failed"], ["jobs", "failed", "--config", "e.toml"],
                 ["admin", "list-keys", "Acme", "--config", "e.toml"]):
        assert cli._parser().parse_args(argv).config == "e.toml"
    assert cli._parser().parse_args(["jobs", "failed"]).config is None

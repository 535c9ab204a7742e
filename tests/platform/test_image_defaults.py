"""The image's safe defaults, as refusals and files of the entry point (`esign serve`, `esign worker`
run as processes): the Maildir provider refused in the image unless chosen explicitly, a loopback
public_url refused when listening on every interface, the first API key written to a 0600 file, the
worker's health command, a generated seal in MongoDB warned about (the image's own config keeps it in
files on the volume), and the Docker files wiring them."""
from __future__ import annotations

import http.server
import json
import os
import re
import socket
import stat
import subprocess
import sys
import threading

import pytest
import yaml

from esign import config as configmod
from esign import db as dbmod
from esign import plugins as pluginsmod
from esign import services as servicesmod
from esign import startup
from esign.clock import FakeClock
from esign.domain.mail.notifications import public_host
from esign.domain.orgs import keys
from tests.support import TEST_DATABASE_URL
from tests.support.docker import ESIGN, ROOT, Serve, clean_env, dockerfile, image_config


def image_env(tmp_path, **extra) -> dict:
    """What the image's ENV gives a container, on a throw-away database and on 127.0.0.1."""
    env = {k: v for k, v in (part.split("=", 1) for instruction, args in dockerfile() if instruction == "ENV"
                             for part in args.split())}
    assert env["ESIGN_IMAGE"] == "1" and env["ESIGN_BOOTSTRAP_KEY_FILE"].startswith("/data/")
    return clean_env(**{**env, "ESIGN_CONFIG": str(image_config()), "ESIGN_DATABASE_URL": "memory://",
                        "ESIGN_SERVER_HOST": "127.0.0.1", "ESIGN_SERVER_PORT": "0",
                        "ESIGN_STORAGE_PATH": str(tmp_path / "blobs"), "ESIGN_EMAIL_PATH": str(tmp_path / "mail"),
                        "ESIGN_BOOTSTRAP_KEY_FILE": str(tmp_path / "first-api-key.json"),
                        "ESIGN_SIGNING_KEY_DIR": str(tmp_path / "keys"), **extra})


def run(args, env, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([ESIGN, *args], capture_output=True, text=True, timeout=60, env=env, cwd=cwd)


@pytest.mark.slow
@pytest.mark.parametrize("command", [["serve"], ["worker"]])
def test_the_image_refuses_the_maildir_unless_chosen(tmp_path, command):
    proc = run(command, image_env(tmp_path), tmp_path)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert "email.provider is maildir" in proc.stderr and "ESIGN_EMAIL_PROVIDER=smtp" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.slow
def test_the_maildir_chosen_explicitly_starts_and_the_first_key_goes_to_a_private_file(tmp_path):
    env = image_env(tmp_path, ESIGN_EMAIL_PROVIDER="maildir", ESIGN_BOOTSTRAP_FIRST_ORGANIZATION="Northwind")
    with Serve(env, cwd=tmp_path) as server:
        [first] = server.lines
    key_file = tmp_path / "first-api-key.json"
    assert first["key_file"] == str(key_file)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert json.loads(key_file.read_text())["key"] == first["key"]


@pytest.mark.slow
def test_a_loopback_public_url_is_refused_on_every_interface(tmp_path):
    base = image_env(tmp_path, ESIGN_EMAIL_PROVIDER="maildir", ESIGN_SERVER_HOST="0.0.0.0",
                     ESIGN_BOOTSTRAP_FIRST_ORGANIZATION="")
    for public_url in ("http://localhost:8080", None):  # the README's old .env, and none at all
        env = {**base, **({"ESIGN_SERVER_PUBLIC_URL": public_url} if public_url else {})}
        proc = run(["serve"], env, tmp_path)
        assert proc.returncode == 2 and "allow_loopback_public_url" in proc.stderr, proc.stderr
        assert "ESIGN_SERVER_PUBLIC_URL" in proc.stderr
    allowed = {**base, "ESIGN_SERVER_PUBLIC_URL": "http://localhost:8080",
               "ESIGN_SERVER_ALLOW_LOOPBACK_PUBLIC_URL": "true"}
    with Serve(allowed, cwd=tmp_path) as server:
        assert server.listening["public_url"] == "http://localhost:8080"
    with Serve({**base, "ESIGN_SERVER_PUBLIC_URL": "https://sign.example.com"}, cwd=tmp_path) as server:
        assert server.listening["public_url"] == "https://sign.example.com"


@pytest.mark.slow
def test_the_worker_health_command_fails_without_a_database(tmp_path):
    env = clean_env(ESIGN_CONFIG=str(image_config()), ESIGN_EMAIL_PROVIDER="maildir",
                    ESIGN_DATABASE_URL="mongodb://127.0.0.1:1/", ESIGN_DATABASE_TIMEOUT_MS="500")
    proc = run(["worker", "--check"], env, tmp_path)
    assert proc.returncode == 1 and "does not answer" in proc.stderr, proc.stderr
    proc = run(["worker", "--check"], {**env, "ESIGN_DATABASE_URL": "memory://"}, tmp_path)
    assert proc.returncode == 1 and "memory://" in proc.stderr


@pytest.mark.skipif(not TEST_DATABASE_URL.startswith("mongodb"), reason="needs MongoDB (ESIGN_TEST_DATABASE_URL)")
def test_the_worker_health_command_passes_on_a_reachable_database(tmp_path):
    env = clean_env(ESIGN_CONFIG=str(image_config()), ESIGN_EMAIL_PROVIDER="maildir", ESIGN_DATABASE_URL=TEST_DATABASE_URL)
    proc = run(["worker", "--check"], env, tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_a_generated_seal_in_mongodb_is_a_warning_naming_the_fix(tmp_path):
    cfg = configmod.load(None, environ={"ESIGN_DATABASE_URL": "mongodb://db.example.test/"})
    notice = startup.seal_storage_notice(cfg)
    assert notice and "seal_certificate" in notice and "seal_key" in notice and "/run/secrets" in notice
    seal = tmp_path / "seal.pem"
    cfg = configmod.load(None, environ={"ESIGN_DATABASE_URL": "mongodb://db.example.test/",
                                        "ESIGN_SIGNING_SEAL_CERTIFICATE": str(seal), "ESIGN_SIGNING_SEAL_KEY": str(seal)})
    assert startup.seal_storage_notice(cfg) is None


async def test_the_image_keeps_a_made_seal_out_of_the_database(tmp_path):
    """The image's config on a MongoDB URL (the strict double under it): no warning, the seal and its CA
    are PEM files in key_dir (the key 0600), the settings collection holds no key, a restart reads the same."""
    environ = {"ESIGN_DATABASE_URL": "mongodb://127.0.0.1:9/", "ESIGN_SIGNING_KEY_DIR": str(tmp_path / "keys"),
               "ESIGN_STORAGE_PATH": str(tmp_path / "blobs"), "ESIGN_EMAIL_PROVIDER": "maildir"}
    cfg = configmod.load(str(image_config()), environ=environ)
    assert cfg.signing.key_store == "files" and startup.seal_storage_notice(cfg) is None
    database = dbmod.connect("memory://?strict", "esign_image_keys")
    seals = []
    for _ in range(2):
        services = await servicesmod.build(cfg, FakeClock(), database=database)
        try:
            seals.append((await keys.signing_seal(services)).certificate)
        finally:
            await services.close()
    assert seals[0] == seals[1]
    assert stat.S_IMODE((tmp_path / "keys" / "seal.key").stat().st_mode) == 0o600
    assert (tmp_path / "keys" / "internal_ca.key").exists()
    assert await database["settings"].count_documents({"_id": {"$in": ["seal", "internal_ca"]}}) == 0
    # the default keeps the database, as before (and warns)
    cfg = configmod.load(None, environ={"ESIGN_DATABASE_URL": "mongodb://127.0.0.1:9/"})
    assert cfg.signing.key_store == "database" and startup.seal_storage_notice(cfg)


def test_a_helo_name_that_is_not_fully_qualified_is_a_warning(monkeypatch):
    """The SMTP client's EHLO name: the public_url's DNS name, else the machine's; a bare one warns."""
    def smtp(public_url: str, helo: str = ""):
        cfg = configmod.load(None, environ={"ESIGN_SERVER_PUBLIC_URL": public_url, "ESIGN_EMAIL_PROVIDER": "smtp",
                                            "ESIGN_EMAIL_HOST": "mail.example.test", "ESIGN_EMAIL_HELO_HOSTNAME": helo})
        provider = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(load_entry_points=False), cfg, "email")
        provider.public_host = public_host(cfg)
        return provider

    monkeypatch.setattr(socket, "getfqdn", lambda: "a1b2c3d4")  # a container's bare host name
    assert startup.helo_notice(smtp("https://sign.example.com")) is None
    notice = startup.helo_notice(smtp("http://127.0.0.1:8080"))
    assert notice and "'a1b2c3d4'" in notice and "helo_hostname" in notice and "public_url" in notice
    assert startup.helo_notice(smtp("http://127.0.0.1:8080", helo="esign.example.org")) is None
    monkeypatch.setattr(socket, "getfqdn", lambda: "localhost")
    assert "'localhost'" in startup.helo_notice(smtp("http://127.0.0.1:8080"))


def test_the_compose_files_check_the_worker_and_put_tls_in_front():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert compose["services"]["worker"]["healthcheck"]["test"] == ["CMD", "esign", "worker", "--check"]
    caddy = yaml.safe_load((ROOT / "docker-compose.caddy.yml").read_text().replace("!reset", ""))
    assert caddy["services"]["esign"]["environment"]["ESIGN_SERVER_XHEADERS"] == "true"
    assert "./config/Caddyfile:/etc/caddy/Caddyfile:ro" in caddy["services"]["caddy"]["volumes"]
    assert "reverse_proxy esign:8080" in (ROOT / "config" / "Caddyfile").read_text()


class Registry(http.server.BaseHTTPRequestHandler):
    """Docker Hub's token service and registry, as scripts/pin-base-image asks them."""
    digest = "sha256:" + "ab12" * 16
    seen: list = []

    def do_GET(self):  # the token service
        body = json.dumps({"token": "t0ken"}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_HEAD(self):  # the manifest: its digest in a header, as the distribution API answers
        Registry.seen.append((self.path, self.headers["Authorization"], self.headers["Accept"]))
        self.send_response(200)
        self.send_header("Docker-Content-Digest", self.digest)
        self.end_headers()

    def log_message(self, *args):
        pass


def test_the_pin_script_pins_the_base_image_by_digest_or_leaves_it(tmp_path):
    dockerfile_copy = tmp_path / "Dockerfile"
    dockerfile_copy.write_text((ROOT / "Dockerfile").read_text())
    before = dockerfile_copy.read_text()
    script = [sys.executable, str(ROOT / "scripts" / "pin-base-image"), str(dockerfile_copy)]
    # unreachable: exit 1 naming why, the file untouched
    down = subprocess.run(script, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PIN_AUTH": "http://127.0.0.1:9/token", "PIN_REGISTRY": "http://127.0.0.1:9"})
    assert down.returncode == 1 and "did not answer" in down.stderr and dockerfile_copy.read_text() == before
    registry = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Registry)
    threading.Thread(target=registry.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{registry.server_address[1]}"
    try:
        env = {**os.environ, "PIN_AUTH": f"{url}/token", "PIN_REGISTRY": url}
        for _ in range(2):  # pinning again replaces the digest, it does not add one
            up = subprocess.run(script, capture_output=True, text=True, timeout=60, env=env)
            assert up.returncode == 0, up.stderr
    finally:
        registry.shutdown()
    image = re.search(r"^FROM (\S+)", before, re.M).group(1).split("@")[0]
    assert up.stdout.strip() == f"FROM {image}@{Registry.digest}"
    assert dockerfile_copy.read_text() == re.sub(r"^FROM \S+", up.stdout.strip(), before, count=1, flags=re.M)
    path, auth, accept = Registry.seen[0]
    assert path == f"/v2/library/{image.replace(':', '/manifests/')}" and auth == "Bearer t0ken"
    assert "application/vnd.oci.image.index.v1+json" in accept  # the multi-arch index, not one platform's

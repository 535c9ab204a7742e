"""The Docker set-up, checked without a Docker daemon: the files the image runs hold no API key, seal key
or secret; the image runs as a non-root user with a HEALTHCHECK on /readyz; a container started without
configuration refuses with a clear message, and with a database it creates the first organisation and
prints its key once per database; docker-compose.yml parses and has the replica set, separate serve and
worker services, the health-checked start order and secrets from the environment."""
from __future__ import annotations

import json
import shlex
import subprocess
import urllib.request

import pytest
import yaml

from esign import cli
from esign import config as configmod
from esign import db as dbmod
from esign import services as servicesmod
from esign.clock import FakeClock
from esign.config_keys import KEYS
from tests.support.docker import API_KEY, ESIGN, PRIVATE_KEY, ROOT, Serve, clean_env, dockerfile, image_config, image_files

pytestmark = pytest.mark.slow  # the image and its containers

def test_the_files_the_image_runs_hold_no_key_and_no_secret():
    files = image_files()
    config = image_config()
    assert config in files, "the config the image runs is copied into it"
    assert ROOT / "esign" / "cli" / "__init__.py" in files and not any("tests" in p.relative_to(ROOT).parts for p in files)
    assert ROOT / "config" / "esign.example.toml" not in files  # it holds a sample key
    for path in files:
        text = path.read_text(errors="replace")
        assert not API_KEY.search(text), f"{path.relative_to(ROOT)} holds an API key"
        assert not PRIVATE_KEY.search(text), f"{path.relative_to(ROOT)} holds a private key"
    cfg = configmod.load(str(config), environ={"ESIGN_DATABASE_URL": "memory://"})
    assert cfg.organizations == []
    assert cfg.security.secret_key == "" and cfg.signing.seal_key == "" and cfg.signing.seal_certificate == ""
    assert cfg.bootstrap.first_organization  # the first run makes the only organisation, with a fresh key
    assert cfg.storage.path.startswith("/data/") and cfg.email.path.startswith("/data/")
    # the build context is what the Dockerfile copies and nothing else (no .env, .venv, var/, tests/)
    ignore = [line for line in (ROOT / ".dockerignore").read_text().splitlines() if line and line[0] != "#"]
    copied = {s.rstrip("/") for i, args in dockerfile() if i == "COPY" for s in shlex.split(args)[:-1]}
    assert ignore[0] == "*" and {line[1:].rstrip("/") for line in ignore if line[0] == "!"} == copied


def test_the_image_runs_as_a_non_root_user_with_a_healthcheck(tmp_path):
    steps = dockerfile()
    names = [instruction for instruction, _ in steps]
    user = [args for instruction, args in steps if instruction == "USER"]
    assert user and user[-1] not in ("root", "0") and names.index("USER") < names.index("CMD")
    health = dict(steps)["HEALTHCHECK"]
    assert "CMD python -c" in health and "urllib.request.urlopen" in health and "/readyz" in health
    # the probe itself works: run it against a real server
    probe = shlex.split(health[health.index("CMD ") + 4:])
    assert probe[:2] == ["python", "-c"]
    return_code = _probe_a_server(probe[2], tmp_path)
    assert return_code == 0
    assert json.loads(dict(steps)["CMD"]) == ["esign", "serve"]


def _probe_a_server(code: str, tmp_path) -> int:
    env = clean_env(ESIGN_CONFIG=str(image_config()), ESIGN_DATABASE_URL="memory://", ESIGN_SERVER_HOST="127.0.0.1",
                    ESIGN_SERVER_PORT="0", ESIGN_BOOTSTRAP_FIRST_ORGANIZATION="",
                    ESIGN_STORAGE_PATH=str(tmp_path / "blobs"),
                    ESIGN_SIGNING_KEY_DIR=str(tmp_path / "keys"), ESIGN_EMAIL_PATH=str(tmp_path / "mail"))
    with Serve(env, cwd=tmp_path) as server:
        port = server.listening["url"].rsplit(":", 1)[1]
        ok = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c", code], timeout=30,
                            env={**env, "ESIGN_SERVER_PORT": port}).returncode
        down = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-c", code], timeout=30,
                              env={**env, "ESIGN_SERVER_PORT": "1"}, capture_output=True).returncode
        assert down != 0  # the probe fails when nothing answers
        return ok


def test_a_container_without_configuration_refuses_with_a_clear_message(tmp_path):
    proc = subprocess.run([ESIGN, "serve"], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env=clean_env(ESIGN_CONFIG=str(image_config())))
    assert proc.returncode != 0 and proc.stdout == ""
    assert "database.url is not set" in proc.stderr and "ESIGN_DATABASE_URL" in proc.stderr
    assert "Traceback" not in proc.stderr
    proc = subprocess.run([ESIGN, "serve"], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env=clean_env(ESIGN_CONFIG=str(image_config()), ESIGN_DATABASE_URL="postgres://u:hunter2@db"))
    assert proc.returncode != 0 and "not a MongoDB URL" in proc.stderr and "hunter2" not in proc.stderr


def test_first_start_prints_the_first_organisations_key(tmp_path):
    """On memory:// (a new database at every start) as a real process: the key is printed before
    `listening` and works; stdout carries it once, the log never."""
    env = clean_env(ESIGN_CONFIG=str(image_config()), ESIGN_DATABASE_URL="memory://", ESIGN_SERVER_HOST="127.0.0.1",
                    ESIGN_SERVER_PORT="0", ESIGN_STORAGE_PATH=str(tmp_path / "blobs"),
                    ESIGN_SIGNING_KEY_DIR=str(tmp_path / "keys"),
                    ESIGN_EMAIL_PATH=str(tmp_path / "mail"), ESIGN_BOOTSTRAP_FIRST_ORGANIZATION="Northwind")
    with Serve(env, cwd=tmp_path) as server:
        [first] = server.lines
        assert first["event"] == "first organization created" and first["organization"] == "Northwind"
        assert first["plan"] == "enterprise" and API_KEY.fullmatch(first["key"])
        req = urllib.request.Request(server.listening["url"] + "/v1/usage", headers={"X-API-Key": first["key"]})
        with urllib.request.urlopen(req, timeout=10) as resp:
            assert resp.status == 200
        rest = server.proc.stdout  # nothing more is printed while it runs
    assert server.proc.returncode == 0 and rest.read() == ""
    assert first["key"] not in server.stderr and "Traceback" not in server.stderr


async def test_a_restart_on_the_same_database_prints_nothing(tmp_path, capsys):
    """A persistent database (one mongomock database shared by two `processes`): the first start prints
    the key, the restart prints nothing and makes no second key."""
    cfg = configmod.load(str(image_config()), environ={
        "ESIGN_DATABASE_URL": "memory://", "ESIGN_STORAGE_PATH": str(tmp_path / "blobs"),
        "ESIGN_SIGNING_KEY_DIR": str(tmp_path / "keys"),
        "ESIGN_EMAIL_PATH": str(tmp_path / "mail")})
    database = dbmod.connect("memory://", "persistent")
    printed = []
    for _ in range(3):
        services = await servicesmod.build(cfg, FakeClock(), database=database)
        try:
            await cli.announce_first_run(services)
        finally:
            await services.close()
        printed.append(capsys.readouterr().out)
    first = json.loads(printed[0])
    assert first["organization"] == "Default" and printed[1:] == ["", ""]
    assert await database["api_keys"].count_documents({}) == 1
    assert (await database["settings"].find_one({"_id": "first_run"}))["value"]["organization"] == "Default"


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_runs_a_replica_set_and_separate_serve_and_worker_in_health_checked_order():
    services = compose()["services"]
    assert set(services) == {"mongo", "esign", "worker"}
    mongo = services["mongo"]
    assert mongo["image"] == "mongo:7" and mongo["command"][:2] == ["--replSet", "rs0"]
    check = " ".join(mongo["healthcheck"]["test"])
    assert "rs.initiate(" in check and "_id: 'rs0'" in check and "host: 'mongo:27017'" in check
    assert "isWritablePrimary" in check  # healthy only once the node can take writes

    serve, worker = services["esign"], services["worker"]
    assert serve["command"] == ["esign", "serve", "--no-worker"] and worker["command"] == ["esign", "worker"]
    assert serve["depends_on"] == {"mongo": {"condition": "service_healthy"}}
    assert worker["depends_on"] == {"mongo": {"condition": "service_healthy"}, "esign": {"condition": "service_healthy"}}
    assert "healthcheck" not in serve  # the image's HEALTHCHECK (/readyz)
    for service in (serve, worker):
        assert service["build"] == "." and service["volumes"] == ["blobs:/data"]
        env = service["environment"]
        url = env["ESIGN_DATABASE_URL"]
        assert url.startswith("mongodb://mongo:27017/")
        assert {"replicaSet=rs0", "w=majority", "retryWrites=true"} <= set(url.split("?", 1)[1].split("&"))
        # secrets from the environment (.env), never literal
        assert env["ESIGN_SECURITY_SECRET_KEY"].startswith("${ESIGN_SECURITY_SECRET_KEY:?")
        assert service["env_file"] == ".env"
        configmod.load(str(image_config()), environ={k: v for k, v in env.items() if not v.startswith("${")})
    assert set(compose()["volumes"]) == {"mongo-data", "mongo-config", "blobs"}
    text = (ROOT / "docker-compose.yml").read_text()
    assert not API_KEY.search(text) and not PRIVATE_KEY.search(text)


def test_compose_gives_the_drain_its_time_and_rotates_logs():
    """Docker's stop grace exceeds esign's own (the drain of requests and jobs), and logs rotate."""
    grace = max(KEYS["server"]["shutdown_grace_seconds"].default, KEYS["jobs"]["shutdown_grace_seconds"].default)
    for name in ("esign", "worker"):
        service = compose()["services"][name]
        assert int(service["stop_grace_period"].removesuffix("s")) >= grace + 10, name
        assert service["logging"]["driver"] == "json-file" and service["logging"]["options"]["max-file"], name


@pytest.mark.parametrize("url", ["mongodb://db:27017/?replicaSet=rs0", "mongodb+srv://cluster.example", "memory://"])
def test_database_urls_accepted(url):
    assert configmod.load(None, environ={"ESIGN_DATABASE_URL": url}).database.url == url

"""The OpenAPI document (over HTTP and from `esign openapi`), the docs page served from packaged
assets, spec coverage of the platform operations, and the health endpoints."""
from __future__ import annotations

import asyncio
import json
import pathlib
import re
import subprocess
import time

import pytest

from esign import __version__
from esign.api import health
from esign.app import all_routes
from tests.support import assert_error
from tests.support.processes import ROOT, clean_env

SPEC_OPERATIONS = ROOT / "tests" / "spec_operations.txt"
PLATFORM_OPERATIONS = [
    "GET /v1/documents", "POST /v1/documents/upload", "GET /v1/contacts", "POST /v1/contacts",
    "DELETE /v1/contacts/{contact_id}", "GET /v1/usage",
]
PUBLIC_OPERATIONS = ["GET /v1/seal-certificate"]  # extension: what a relying party trusts


@pytest.fixture
async def openapi(client):
    resp = await client.get("/v1/openapi.json", key=None)
    assert resp.status == 200, resp
    assert resp.headers["Content-Type"].startswith("application/json")
    return resp.json


async def test_openapi_document(openapi):
    assert openapi["openapi"].startswith("3.")
    assert openapi["info"]["version"] == "1.0.0"
    assert openapi["components"]["securitySchemes"]["ApiKey"] == {"type": "apiKey", "in": "header",
                                                                  "name": "X-API-Key"}
    error = openapi["components"]["schemas"]["ErrorResponse"]
    assert "error" in error["properties"] and "error" in error.get("required", [])


async def test_every_route_is_described(openapi):
    paths = openapi["paths"]
    for path, handler in all_routes():
        methods = [m for m in ("get", "post", "put", "patch", "delete")
                   if getattr(getattr(handler, m, None), "__openapi__", None)]
        if path.startswith("/v1/") and path != "/v1/openapi.json":
            assert methods, f"{path} has no documented operation"
        for method in methods:
            assert method in paths.get(path, {}), f"{method.upper()} {path}"
    for op in PLATFORM_OPERATIONS:
        method, path = op.split()
        assert method.lower() in paths[path], op


async def test_operations_document_security_errors_and_parameters(openapi):
    for path, ops in openapi["paths"].items():
        for method, op in ops.items():
            where = f"{method.upper()} {path}"
            assert op.get("summary"), where
            if path.startswith("/v1/"):
                assert op["security"] == ([] if where in PUBLIC_OPERATIONS else [{"ApiKey": []}]), where
            if where in PLATFORM_OPERATIONS:
                for status in ("401", "403", "422", "429"):
                    ref = op["responses"][status]["content"]["application/json"]["schema"]
                    assert ref == {"$ref": "#/components/schemas/ErrorResponse"}, (where, status)
            for name in re.findall(r"\{(\w+)\}", path):
                assert any(p["in"] == "path" and p["name"] == name for p in op["parameters"]), where
    upload = openapi["paths"]["/v1/documents/upload"]["post"]
    assert "multipart/form-data" in upload["requestBody"]["content"]
    assert "413" in upload["responses"] and "201" in upload["responses"]
    assert any(p["in"] == "header" and p["name"] == "Idempotency-Key" and p["schema"]["maxLength"] == 255
               for p in upload["parameters"])
    listing = openapi["paths"]["/v1/documents"]["get"]
    names = {p["name"]: p for p in listing["parameters"] if p["in"] == "query"}
    assert names["limit"]["schema"]["minimum"] == 1 and names["limit"]["schema"]["maximum"] == 100
    assert names["offset"]["schema"]["minimum"] == 0
    contact_body = openapi["paths"]["/v1/contacts"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    schema_name = contact_body["$ref"].rsplit("/", 1)[1]
    contact = openapi["components"]["schemas"][schema_name]
    assert contact["properties"]["name"]["minLength"] == 1 and contact["properties"]["name"]["maxLength"] == 255
    assert contact["properties"]["email"]["minLength"] == 3 and contact["properties"]["email"]["maxLength"] == 320
    usage = openapi["paths"]["/v1/usage"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    usage_schema = openapi["components"]["schemas"][usage["$ref"].rsplit("/", 1)[1]]
    assert set(usage_schema["required"]) == {"signing_requests", "storage", "templates", "identity_verifications"}


@pytest.mark.slow
async def test_cli_prints_the_same_document(openapi):
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "esign"), "openapi"], capture_output=True, text=True,
                          timeout=60, env=clean_env())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == openapi


def described(openapi) -> set[str]:
    return {f"{method.upper()} {path}" for path, item in openapi["paths"].items() for method in item
            if method in ("get", "post", "put", "patch", "delete")}


async def test_every_specified_operation_is_described(openapi):
    """tests/spec_operations.txt is the specification's list of operations, carried with the tests."""
    specified = [line.strip() for line in SPEC_OPERATIONS.read_text().splitlines() if line.strip()]
    assert len(specified) > 20 and set(PLATFORM_OPERATIONS) <= set(specified)
    assert [op for op in specified if op not in described(openapi)] == []


async def test_docs_page_uses_only_local_assets(client):
    resp = await client.get("/docs", key=None)
    assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/html")
    html = resp.body.decode()
    assert "swagger-ui-bundle.js" in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "the docs page loads something remotely"
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html)
    assert len(assets) >= 3
    for asset in assets:
        got = await client.get(asset, key=None)
        assert got.status == 200, asset
        assert len(got.body) > 50, asset
    bundle = await client.get("/docs/assets/swagger-ui-bundle.js", key=None)
    assert bundle.status == 200 and len(bundle.body) > 100_000
    assert "javascript" in bundle.headers["Content-Type"]
    init = (await client.get("/docs/init.js", key=None)).body.decode()
    assert "/v1/openapi.json" in init and "http" not in init
    assert (await client.get("/docs/assets/no-such-file.js", key=None)).status == 404


async def test_healthz_and_readyz_need_no_key(client):
    resp = await client.get("/healthz", key=None)
    assert resp.status == 200 and resp.json == {"status": "ok", "version": __version__} and resp.headers["X-Request-ID"]
    resp = await client.get("/readyz", key=None)
    assert resp.status == 200 and resp.json == {"status": "ready"}
    # an invalid key does not matter there either
    assert (await client.get("/healthz", key="esk_live_garbage_garbage_garbage")).status == 200


async def test_readyz_reports_an_unreachable_database(server, client, monkeypatch):
    async def down(*args, **kwargs):
        raise ConnectionError("database is gone")

    monkeypatch.setattr(server.services.db, "command", down, raising=False)
    resp = await client.get("/readyz", key=None)
    assert_error(resp, 503, "upstream_unavailable")
    assert resp.json["error"]["details"] == [{"field": "database", "message": "database is not ready"}]
    assert "database" in resp.json["error"]["message"]
    assert (await client.get("/healthz", key=None)).status == 200  # alive all the same


async def test_readyz_reports_a_blob_directory_that_takes_no_writes(server, client, tmp_path):
    blobs = pathlib.Path(server.services.storage.root)
    blobs.rename(tmp_path / "moved-away")
    blobs.write_text("a file where the blob directory should be")  # refuses writes even to root
    resp = await client.get("/readyz", key=None)
    assert_error(resp, 503, "upstream_unavailable")
    assert resp.json["error"]["details"] == [{"field": "storage", "message": "storage is not ready"}]
    assert str(tmp_path).encode() not in resp.body  # the cause is logged, never shown to anonymous callers
    blobs.unlink()
    (tmp_path / "moved-away").rename(blobs)
    assert (await client.get("/readyz", key=None)).json == {"status": "ready"}
    assert not [p for p in blobs.iterdir() if p.name.startswith(".ready-")]  # the probe cleans up


async def test_readyz_names_every_component_not_ready_and_is_bounded(server, client, monkeypatch):
    async def hangs():
        await asyncio.sleep(3600)

    async def down(*args, **kwargs):
        raise ConnectionError("database is gone")

    monkeypatch.setattr(health, "READY_TIMEOUT_SECONDS", 0.2)
    monkeypatch.setattr(server.services.storage, "ready", hangs)
    monkeypatch.setattr(server.services.db, "command", down, raising=False)
    started = time.monotonic()
    resp = await client.get("/readyz", key=None)
    assert time.monotonic() - started < 5
    assert_error(resp, 503, "upstream_unavailable")
    assert [d["field"] for d in resp.json["error"]["details"]] == ["database", "storage"]
    assert resp.json["error"]["message"] == "not ready: database, storage"


async def test_static_assets_carry_a_request_id(client):
    for path in ("/docs/assets/swagger-ui-bundle.js", "/static/signer/signer.js", "/static/signer/handwriting.ttf"):
        got = await client.get(path, key=None)
        assert got.status == 200 and got.headers["X-Request-ID"], path
        assert got.headers["X-Content-Type-Options"] == "nosniff"

"""What code generators read in the OpenAPI document (issue 37): a stable `operationId` on every
operation, top-level tags and servers, enums that list the null they may be sent, no `default: null`
(openapi-typescript would make such a property required), patterns that JavaScript's engine compiles
as it reads them, and the headers every answer carries."""
from __future__ import annotations

import json
import pathlib
import shutil
import subprocess

import pytest

from esign import openapi
from esign.app import all_routes

PUBLISHED = pathlib.Path(__file__).with_name("operation_ids.txt")


@pytest.fixture(scope="module")
def doc() -> dict:
    return openapi.build(all_routes())


def _operations(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            yield method, path, op


def _walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_every_operation_keeps_its_published_camel_case_id(doc):
    """tests/platform/operation_ids.txt lists the published names: a name never changes once there, and
    a new operation adds its line."""
    published = {}
    for line in PUBLISHED.read_text().splitlines():
        name, method, path = line.split(" ")
        published[method.lower(), path] = name
    now = {(method, path): op["operationId"] for method, path, op in _operations(doc)}
    assert {k: v for k, v in published.items() if now.get(k) != v} == {}, "a published operationId changed or went"
    assert set(now) - set(published) == set(), "a new operation: add its operationId to operation_ids.txt"
    names = list(now.values())
    assert len(set(names)) == len(names)
    assert all(name[0].islower() and name.isalnum() for name in names)


def test_tags_and_servers_are_declared(doc):
    declared = [tag["name"] for tag in doc["tags"]]
    assert all(tag.get("description") for tag in doc["tags"])
    used = {tag for _, _, op in _operations(doc) for tag in op["tags"]}
    assert used == set(declared)
    assert doc["servers"][0]["url"] == "{origin}"
    assert doc["servers"][0]["variables"]["origin"]["default"].startswith("http")


def test_a_nullable_enum_lists_null_and_no_property_defaults_to_null(doc):
    schemas = list(_walk(doc["components"]["schemas"]))
    nullable_enums = [s for s in schemas if s.get("nullable") and "enum" in s]
    assert nullable_enums, "the document has nullable enums (validation_type, auto_source, ...)"
    assert all(None in s["enum"] for s in nullable_enums)
    assert [s for s in schemas if "default" in s and s["default"] is None] == []


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_every_pattern_compiles_in_javascript_and_means_the_same(doc):
    """ajv and browsers read `pattern` as ECMA-262 with the `u` flag: each compiles there, and accepts and
    refuses what the service does for a few probes."""
    patterns = sorted({node["pattern"] for node in _walk(doc) if isinstance(node.get("pattern"), str)})
    assert patterns
    script = ("const ps = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "const out = ps.map(p => { try { const r = new RegExp(p, 'u');"
              " return [true, ['https://example.test/hook', 'a b', 'x\\ny', 'Ann', '+49 30 1234567']"
              ".map(s => r.test(s))]; } catch (e) { return [false, String(e)]; } });"
              "process.stdout.write(JSON.stringify(out));")
    run = subprocess.run(["node", "-e", script], input=json.dumps(patterns), capture_output=True, text=True,
                         timeout=60, check=True)
    results = dict(zip(patterns, json.loads(run.stdout)))
    assert {p: r for p, r in results.items() if not r[0]} == {}
    url = openapi_url_pattern(doc)
    assert results[url][1][:3] == [True, False, False]  # a URL; not with a space; not with a line break


def openapi_url_pattern(doc) -> str:
    return doc["components"]["schemas"]["WebhookCreate"]["properties"]["url"]["pattern"]


def test_answers_declare_the_headers_they_carry(doc):
    headers = doc["components"]["headers"]
    for method, path, op in _operations(doc):
        for status, response in op["responses"].items():
            assert "X-Request-ID" in response["headers"], (method, path, status)
            for ref in response["headers"].values():
                assert ref["$ref"].rsplit("/", 1)[1] in headers
    create = doc["paths"]["/v1/signing-requests"]["post"]["responses"]
    assert {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Idempotent-Replayed"} <= set(
        create["201"]["headers"])
    assert "Retry-After" in create["429"]["headers"]
    assert "X-RateLimit-Limit" not in create["401"]["headers"]

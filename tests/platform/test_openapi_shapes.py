"""What the OpenAPI document says generated clients can rely on (issue 37), checked against the running
service: the signer API's answer as a tree of named schemas that real answers match exactly; the
`/files/...` download link as an operation with the answers it gives; the request-side bounds the
document declares (`maxLength` that the OWASP lint asks for) enforced by the service; and the 400 every
operation declares."""
from __future__ import annotations

import copy
import urllib.parse

from openapi_schema_validator import OAS30Validator, oas30_format_checker

from esign import openapi
from esign.app import all_routes
from tests.support import assert_error
from tests.support.rawhttp import parse_answer, raw_exchange
from tests.support.signing import make_request, sget, spost, typed

UUID = "6f1c3a5e-0000-4000-8000-000000000000"


def _closed(schema, components: dict):
    """`schema` with every `$ref` replaced by what it names and every object closed (no property it does
    not declare), so an answer with a key the document does not name fails."""
    if isinstance(schema, list):
        return [_closed(s, components) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        return _closed(copy.deepcopy(components[schema["$ref"].rsplit("/", 1)[1]]), components)
    out = {k: _closed(v, components) if k in ("items", "allOf", "anyOf", "oneOf") else v for k, v in schema.items()}
    if "properties" in schema:
        out["properties"] = {name: _closed(s, components) for name, s in schema["properties"].items()}
        out["additionalProperties"] = False
    return out


def _inline_objects(name: str, components: dict, seen=None) -> list[str]:
    """Properties (at any depth under component `name`) that are objects without a name of their own."""
    seen = set() if seen is None else seen
    if name in seen:
        return []
    seen.add(name)
    found = []
    for prop_name, prop in components[name].get("properties", {}).items():
        for node in (prop, prop.get("items", {})):
            refs = [node.get("$ref")] + [s.get("$ref") for s in node.get("allOf", [])]
            refs = [r for r in refs if r]
            if refs:
                found += _inline_objects(refs[0].rsplit("/", 1)[1], components, seen)
            elif node.get("type") == "object":
                found.append(f"{name}.{prop_name}")
    return found


def _check(answer: dict, schema_name: str, doc: dict) -> None:
    components = doc["components"]["schemas"]
    validator = OAS30Validator(_closed({"$ref": f"#/components/schemas/{schema_name}"}, components),
                               format_checker=oas30_format_checker)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(answer)]
    assert not errors, errors


async def test_the_signer_api_answer_is_its_named_schemas_exactly(server):
    doc = openapi.build(all_routes())
    assert _inline_objects("SignerView", doc["components"]["schemas"]) == []
    get = doc["paths"]["/sign/{token}/api"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert get == {"$ref": "#/components/schemas/SignerView"}
    made = await make_request(server, fields={
        "sig": {"field_type": "signature"}, "initials": {"field_type": "initials"},
        "pick": {"field_type": "select", "options": ["red", "blue"], "is_required": False},
        "note": {"field_type": "text", "validation_type": "number", "is_required": False},
        "ok": {"field_type": "checkbox", "is_required": False}})
    token = await made.token()
    before = await sget(server, token)
    assert before.status == 200, before
    _check(before.json, "SignerView", doc)
    signed = await spost(server, token, "sign", {"signature": typed(), "consent": True,
                                                 "values": {made.fields["pick"]: "red", made.fields["note"]: "42"}})
    assert signed.status == 200, signed
    assert {f["mark"]["kind"] for f in signed.json["fields"] if f["mark"]} == {"typed"}
    _check(signed.json, "SignerView", doc)


async def test_a_download_link_is_the_operation_the_document_describes(server, client):
    doc = openapi.build(all_routes())
    op = doc["paths"]["/files/{request_id}/{which}"]["get"]
    assert op["operationId"] == "downloadSignedFile" and op["security"] == []
    assert {"200", "403", "404", "410"} <= set(op["responses"])
    assert "application/pdf" in op["responses"]["200"]["content"]
    assert {p["name"] for p in op["parameters"]} == {"request_id", "which", "expires", "sig", "document"}
    made = await make_request(server, fields={"sig": {"field_type": "signature"}})
    token = await made.token()
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    await server.run_jobs()  # the signed PDF is produced
    link = await client.get(f"/v1/signing-requests/{made.id}/download")
    assert link.status == 200, link
    url = urllib.parse.urlsplit(link.json["download_url"])
    assert url.path.startswith("/files/")
    pdf = await client.get(f"{url.path}?{url.query}", key=None)
    assert pdf.status == 200 and pdf.body.startswith(b"%PDF") and pdf.headers["Content-Type"] == "application/pdf"
    query = dict(urllib.parse.parse_qsl(url.query))
    altered = urllib.parse.urlencode({**query, "sig": "0" * 64})
    assert_error(await client.get(f"{url.path}?{altered}", key=None), 403, "forbidden")
    server.clock.advance(hours=25)
    assert_error(await client.get(f"{url.path}?{url.query}", key=None), 410, "gone")
    assert_error(await client.get(f"/files/{UUID}/nothing?{url.query}", key=None), 403, "forbidden")


async def test_the_bounds_the_document_declares_are_enforced(server, client, document_id):
    """Strings whose length the service did not bound before (the OWASP lint's string-limit): longer than
    the document's `maxLength` is a 422 naming the field."""
    long_uuid = "urn:" * 10 + document_id  # uuid.UUID reads any number of "urn:" prefixes
    resp = await client.post("/v1/signing-requests", {"document_id": long_uuid,
                                                      "signers": [{"name": "Ann", "email": "ann@example.test"}]})
    assert [d["field"] for d in assert_error(resp, 422, "validation_error")["details"]] == ["document_id"]
    padded = " " * 400 + "ann@example.test"
    resp = await client.post("/v1/signing-requests", {"document_id": document_id,
                                                      "signers": [{"name": "Ann", "email": padded}]})
    assert [d["field"] for d in assert_error(resp, 422)["details"]] == ["signers.0.email"]
    resp = await client.get("/v1/signing-requests?created_after=" + "2026-11-28T10:00:00" + "0" * 60 + "Z")
    assert [d["field"] for d in assert_error(resp, 422)["details"]] == ["created_after"]
    made = await make_request(server, fields={"note": {"field_type": "text", "is_required": False}})
    token = await made.token()
    resp = await spost(server, token, "sign", {"signature": typed(" " * 300 + "Ann"), "consent": True,
                                               "values": {made.fields["note"]: " " * 1001 + "x"}})
    fields = {d["field"] for d in assert_error(resp, 422)["details"]}
    assert {"signature.text", f"values.{made.fields['note']}"} <= fields, fields
    resp = await spost(server, token, "otp/verify", {"code": "1" * 11})
    assert [d["field"] for d in assert_error(resp, 422)["details"]] == ["code"]


async def test_every_operation_declares_the_400_that_a_malformed_content_length_gets(server):
    doc = openapi.build(all_routes())
    assert [(m, p) for p, item in doc["paths"].items() for m, op in item.items() if "400" not in op["responses"]] == []
    raw, _ = await raw_exchange(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 2\r\n\r\n")
    status, _, body = parse_answer(raw)
    assert status == 400 and body["error"]["code"] == "bad_request", (status, body)

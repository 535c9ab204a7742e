"""The OpenAPI document, built from the routes and the marshmallow schemas that also validate
requests, so documentation and behaviour have one source."""
from __future__ import annotations

import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls

from esign import API_VERSION
from esign.api.base import APIHandler
from esign.schema import Email, Error, Line, Locale

ERROR_TEXT = {
    400: "Bad request: malformed JSON, wrong content type, or a constraint violation (`bad_request`, `invalid_pdf`)",
    401: "Missing, invalid or revoked API key (`unauthorized`)",
    403: "Insufficient scope, plan restriction or quota (`insufficient_scope`, `plan_restricted`, `quota_exceeded`)",
    404: "No such record in this organisation (`not_found`)",
    405: "Method not allowed on this path (`method_not_allowed`); the `Allow` header lists the allowed ones",
    409: "Not allowed in the current state, or an Idempotency-Key conflict (`invalid_state`, `idempotency_key_reused`, "
         "`idempotency_in_progress`)",
    410: "A signing link whose invitation moved: the signer was replaced or delegated their place (`gone`, extension)",
    413: "Body too large: an upload over `[limits] max_upload_mb` (50 MB by default), a JSON body over `[limits] json_body_mb` "
         "(`payload_too_large`)",
    422: "Validation error; `error.details` lists `{field, message}` (`validation_error`)",
    429: "Rate limit exceeded (`rate_limited`); `Retry-After` says when to retry",
    502: "Storage or email provider temporarily unavailable (`upstream_unavailable`)",
    503: "Not ready (`upstream_unavailable`): `error.details` names what is not ready (`database`, `storage`)",
}

DESCRIPTION = """\
The esign `/v1` HTTP/JSON API: upload PDFs, create signing requests, send them, follow progress and
download the signed PDF.

**Authentication**: every `/v1` endpoint needs an API key in `X-API-Key`, except the public
`GET /v1/seal-certificate` (extension). GET needs the `read` scope,
every other method `write`. Sandbox keys mark their requests `sandbox` and every answer carries
`X-Service-Mode: sandbox`.

**Errors** always have the shape `{"error": {"code", "message", "request_id"}}`; 422 adds `details`.
Every answer carries `X-Request-ID`.

**Rate limits**: per key per minute (default 60). Every answer carries `X-RateLimit-Limit`,
`X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time of the window's end); 429 adds `Retry-After`
(seconds).

**Idempotency**: `Idempotency-Key` (1–255 chars) on creating and sending operations. Keys are scoped to
organisation + API key + method + path and remembered 24 hours. A retry replays the first answer
(header `Idempotent-Replayed: true`); the same key with another body is 409 `idempotency_key_reused`;
a retry while the first is still running is 409 `idempotency_in_progress` (if the first was cut off by
a crash, a retry with the same body takes the key over after 5 minutes); answers with status 500 or
more are not remembered.

**Timestamps** are ISO 8601 in UTC with a `Z` suffix and millisecond precision.
"""

SECURITY = [{"ApiKey": []}]
ERROR_SCHEMA = "ErrorResponse"  # not "Error": a generated client's `Error.from_dict` would reuse `error` for two types


def _refine(self, field, ret, **kwargs) -> dict:
    """apispec attribute function: what the validating field types mean, said in the schema —
    emails have `format: email`; one-line strings a pattern without control characters; and a
    nullable enum lists its values only (null comes from `nullable`), so a generated client makes
    one enum class instead of three."""
    out = {}
    if isinstance(field, Email):
        out["format"] = "email"
    if isinstance(field, (Line, Locale)):
        out["pattern"] = field.PATTERN
    if ret.get("nullable") and None in (ret.get("enum") or ()):
        out["enum"] = [v for v in ret["enum"] if v is not None]
    return out


def _resolver(schema):
    cls = resolve_schema_cls(schema)
    name = cls.__name__
    if name.endswith("Schema") and len(name) > 6:
        name = name[:-6]
    return name


def build(routes: list[tuple[str, type]]) -> dict:
    """The OpenAPI document of `routes` ([(path, handler class)]: the app's, esign.app.all_routes())."""
    plugin = MarshmallowPlugin(schema_name_resolver=_resolver)
    spec = APISpec(title="esign", version=API_VERSION, openapi_version="3.0.3", plugins=[plugin],
                   info={"description": DESCRIPTION})
    plugin.converter.add_attribute_function(_refine)
    spec.components.security_scheme("ApiKey", {"type": "apiKey", "in": "header", "name": "X-API-Key"})
    spec.components.schema(ERROR_SCHEMA, schema=Error)
    for path, handler in routes:
        operations = {}
        for method in ("get", "post", "put", "patch", "delete"):
            meta = getattr(getattr(handler, method, None), "__openapi__", None)
            if meta:
                operations[method] = _operation(path, handler, meta)
        if operations:
            spec.path(path=path, operations=operations)
    doc = spec.to_dict()
    for item in doc["paths"].values():  # an empty PATCH body is refused (422): say so on the body's schema
        ref = item.get("patch", {}).get("requestBody", {}).get("content", {}).get("application/json", {})
        if "$ref" in ref.get("schema", {}):
            doc["components"]["schemas"][ref["schema"]["$ref"].rsplit("/", 1)[1]]["minProperties"] = 1
    return doc


def _operation(path, handler, meta) -> dict:
    op = {"summary": meta["summary"], "tags": meta["tags"], "responses": {}}
    if meta["description"]:
        op["description"] = meta["description"]
    params = [{"in": "path", "name": name, "required": True,
               "schema": {"type": "string", "format": "uuid"} if name.endswith("_id") else {"type": "string"}}
              for name in re.findall(r"\{(\w+)\}", path)]
    if meta["idempotent"]:
        params.append({"in": "header", "name": "Idempotency-Key", "required": False,
                       "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"\S"},
                       "description": "retry safely: the same key returns the first answer"})
    if meta["query"] is not None:
        params.append({"in": "query", "schema": meta["query"]})
    if params:
        op["parameters"] = params
    body = meta["body"]
    if body == "multipart":
        op["requestBody"] = {"required": True, "content": {"multipart/form-data": {"schema": {
            "type": "object", "required": ["file"],
            "properties": {"file": {"type": "string", "format": "binary", "description": "the PDF"}}}}}}
    elif body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    for status, schema in meta["responses"].items():
        response = {"description": _success_text(status)}
        if isinstance(schema, dict):  # a described answer that is not JSON (its `content`)
            response.update(schema)
        elif schema is not None:
            response["content"] = {"application/json": {"schema": schema}}
        op["responses"][str(status)] = response
    secured = issubclass(handler, APIHandler)
    errors = set(meta["errors"])
    if meta["idempotent"]:
        errors.add(409)  # idempotency_key_reused, idempotency_in_progress
    if body is not None:
        errors.add(413)  # every body has a size limit
    for status in sorted(errors):
        if status == 401 and not secured:
            continue
        op["responses"].setdefault(str(status), {
            "description": ERROR_TEXT[status], "content": {"application/json": {"schema": ERROR_SCHEMA}}})
    if meta["callbacks"]:
        op["callbacks"] = meta["callbacks"]()
    if secured:
        op["security"] = SECURITY
    else:
        op["security"] = []
    return op


def _success_text(status: int) -> str:
    return {200: "OK", 201: "Created", 202: "Accepted", 204: "No content"}.get(status, "Answer")

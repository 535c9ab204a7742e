"""The OpenAPI document, built from the routes and the marshmallow schemas that also validate
requests, so documentation and behaviour have one source."""
from __future__ import annotations

import re

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from marshmallow import fields

from esign import API_VERSION
from esign.api import files
from esign.api.base import APIHandler
from esign.schema import BoundedUUID, Email, Error, Line, Locale, UTCDateTime

ERROR_TEXT = {
    400: "Bad request: malformed JSON, wrong content type, a constraint violation, or a malformed `Content-Length` "
         "header (`bad_request`, `invalid_pdf`)",
    401: "Missing, invalid or revoked API key (`unauthorized`)",
    403: "Insufficient scope, plan restriction or quota (`insufficient_scope`, `plan_restricted`, `quota_exceeded`), or "
         "an altered download link (`forbidden`)",
    404: "No such record in this organisation (`not_found`)",
    405: "Method not allowed on this path (`method_not_allowed`); the `Allow` header lists the allowed ones",
    409: "Not allowed in the current state, or an Idempotency-Key conflict (`invalid_state`, `idempotency_key_reused`, "
         "`idempotency_in_progress`)",
    410: "A signing link whose invitation moved (the signer was replaced or delegated their place), or a download "
         "link that has expired (`gone`, extension)",
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
`X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time at which the whole budget is back, on a 429
too); 429 adds `Retry-After` (seconds until the next request is allowed).

**Idempotency**: `Idempotency-Key` (1–255 chars) on creating and sending operations. Keys are scoped to
organisation + API key + method + path and remembered 24 hours. A retry replays the first answer
(header `Idempotent-Replayed: true`); the same key with another body is 409 `idempotency_key_reused`;
a retry while the first is still running is 409 `idempotency_in_progress` (if the first was cut off by
a crash, a retry with the same body takes the key over after 5 minutes); answers with status 500 or
more are not remembered.

**Timestamps** are ISO 8601 in UTC with a `Z` suffix and millisecond precision.
"""

SECURITY = [{"ApiKey": []}]

# Every operation's `operationId`: the name a generated client gives its function. Published names never
# change (tests/platform/test_openapi_names.py holds them); a new route needs a name here, or the
# document is not built.
OPERATION_IDS = {
    ("get", "/healthz"): "getLiveness",
    ("get", "/readyz"): "getReadiness",
    ("post", "/v1/documents/upload"): "uploadDocument",
    ("get", "/v1/documents"): "listDocuments",
    ("get", "/v1/documents/{document_id}"): "getDocument",
    ("get", "/v1/contacts"): "listContacts",
    ("post", "/v1/contacts"): "upsertContact",
    ("delete", "/v1/contacts/{contact_id}"): "deleteContact",
    ("get", "/v1/usage"): "getUsage",
    ("get", "/v1/webhooks"): "listWebhooks",
    ("post", "/v1/webhooks"): "createWebhook",
    ("get", "/v1/webhooks/{webhook_id}"): "getWebhook",
    ("patch", "/v1/webhooks/{webhook_id}"): "updateWebhook",
    ("delete", "/v1/webhooks/{webhook_id}"): "deleteWebhook",
    ("post", "/v1/webhooks/{webhook_id}/regenerate-secret"): "regenerateWebhookSecret",
    ("get", "/v1/webhooks/{webhook_id}/deliveries"): "listWebhookDeliveries",
    ("post", "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver"): "redeliverWebhookDelivery",
    ("get", "/v1/events"): "listEvents",
    ("get", "/v1/signing-requests"): "listSigningRequests",
    ("post", "/v1/signing-requests"): "createSigningRequest",
    ("get", "/v1/signing-requests/{request_id}"): "getSigningRequest",
    ("get", "/v1/signing-requests/{request_id}/events"): "listSigningRequestEvents",
    ("post", "/v1/signing-requests/{request_id}/send"): "sendSigningRequest",
    ("post", "/v1/signing-requests/{request_id}/cancel"): "cancelSigningRequest",
    ("post", "/v1/signing-requests/{request_id}/purge"): "purgeSigningRequest",
    ("post", "/v1/signing-requests/{request_id}/revoke"): "revokeSigningRequest",
    ("get", "/v1/retention-policy"): "getRetentionPolicy",
    ("put", "/v1/retention-policy"): "setRetentionPolicy",
    ("get", "/v1/retention-policy/preview"): "previewRetentionPolicy",
    ("get", "/v1/legal-holds"): "listLegalHolds",
    ("post", "/v1/legal-holds"): "createLegalHold",
    ("get", "/v1/legal-holds/{hold_id}"): "getLegalHold",
    ("delete", "/v1/legal-holds/{hold_id}"): "releaseLegalHold",
    ("post", "/v1/erasure-requests"): "createErasureRequest",
    ("put", "/v1/signing-requests/{request_id}/retention"): "setSigningRequestRetention",
    ("delete", "/v1/documents/{document_id}"): "deleteDocument",
    ("delete", "/v1/bulk-jobs/{bulk_job_id}/items"): "deleteBulkJobItems",
    ("post", "/v1/templates/{template_id}/public-links"): "createPublicLink",
    ("get", "/v1/public-links"): "listPublicLinks",
    ("get", "/v1/public-links/{link_id}"): "getPublicLink",
    ("patch", "/v1/public-links/{link_id}"): "updatePublicLink",
    ("delete", "/v1/public-links/{link_id}"): "deletePublicLink",
    ("post", "/v1/public-links/{link_id}/rotate"): "rotatePublicLink",
    ("get", "/v1/public-links/{link_id}/uses"): "listPublicLinkUses",
    ("post", "/v1/signing-requests/{request_id}/remind"): "remindSigners",
    ("post", "/v1/signing-requests/{request_id}/reactivate"): "reactivateSigningRequest",
    ("get", "/v1/signing-requests/{request_id}/fields"): "listFields",
    ("post", "/v1/signing-requests/{request_id}/fields"): "setFields",
    ("post", "/v1/signing-requests/{request_id}/embedded-url"): "createEmbeddedUrls",
    ("get", "/v1/signing-requests/{request_id}/download"): "getSignedPdfDownload",
    ("get", "/files/{request_id}/{which}"): "downloadSignedFile",
    ("post", "/v1/signing-requests/{request_id}/signers/{signer_id}/replace"): "replaceSigner",
    ("get", "/v1/signing-requests/{request_id}/fields/{field_id}/attachment"): "downloadFieldAttachment",
    ("patch", "/v1/signing-requests/{request_id}"): "updateSigningRequest",
    ("delete", "/v1/signing-requests/{request_id}"): "deleteSigningRequest",
    ("patch", "/v1/signing-requests/{request_id}/fields/{field_id}"): "updateField",
    ("delete", "/v1/signing-requests/{request_id}/fields/{field_id}"): "deleteField",
    ("post", "/v1/signing-requests/{request_id}/signers/{signer_id}/signing-url"): "createSigningUrl",
    ("get", "/v1/templates"): "listTemplates",
    ("post", "/v1/templates"): "createTemplate",
    ("get", "/v1/templates/{template_id}"): "getTemplate",
    ("patch", "/v1/templates/{template_id}"): "updateTemplate",
    ("delete", "/v1/templates/{template_id}"): "deleteTemplate",
    ("post", "/v1/templates/{template_id}/send"): "sendTemplate",
    ("post", "/v1/bulk-send"): "bulkSend",
    ("get", "/v1/bulk-jobs/{bulk_job_id}"): "getBulkJob",
    ("get", "/v1/seal-certificate"): "getSealCertificates",
    ("get", "/sign/{token}/api"): "signerGetView",
    ("post", "/sign/{token}/api/viewed"): "signerMarkViewed",
    ("post", "/sign/{token}/api/consent"): "signerConsent",
    ("post", "/sign/{token}/api/sign"): "signerSign",
    ("post", "/sign/{token}/api/decline"): "signerDecline",
    ("post", "/sign/{token}/api/withdraw"): "signerWithdraw",
    ("post", "/sign/{token}/api/delegate"): "signerDelegate",
    ("post", "/sign/{token}/api/approve"): "signerApprove",
    ("post", "/sign/{token}/api/prepare"): "signerPrepare",
    ("post", "/sign/{token}/api/reject"): "signerReject",
    ("post", "/sign/{token}/api/acknowledge"): "signerAcknowledge",
    ("post", "/sign/{token}/api/attachments/{field_id}"): "signerAttachFile",
    ("post", "/sign/{token}/api/otp"): "signerSendPhoneCode",
    ("post", "/sign/{token}/api/otp/verify"): "signerVerifyPhoneCode",
    ("post", "/sign/{token}/api/identity"): "signerSubmitIdentity",
    ("post", "/sign/{token}/api/identity/start"): "signerStartIdentityCheck",
    ("post", "/sign/{token}/api/identity/check"): "signerCheckIdentity",
    ("post", "/identity/webhooks/{provider}"): "receiveIdentityWebhook",
    ("post", "/email/webhooks/{provider}"): "receiveEmailWebhook",
    ("post", "/v1/authoring-sessions"): "createAuthoringSession",
    ("get", "/v1/authoring-sessions/{session_id}"): "getAuthoringSession",
    ("delete", "/v1/authoring-sessions/{session_id}"): "revokeAuthoringSession",
}

# The headers answers carry (`_headers` says which answer carries which).
HEADERS = {
    "X-Request-ID": {"description": "The request's id (the one sent, or a new one), also in error bodies and the "
                                    "service's logs", "schema": {"type": "string", "maxLength": 128}},
    "X-RateLimit-Limit": {"description": "Requests this API key may make per minute",
                          "schema": {"type": "integer", "minimum": 1}},
    "X-RateLimit-Remaining": {"description": "Requests left in the current minute's window",
                              "schema": {"type": "integer", "minimum": 0}},
    "X-RateLimit-Reset": {"description": "When the whole budget is back (Remaining equal to Limit again), as Unix "
                                         "time in seconds: the same meaning on every answer, 429 included "
                                         "(`Retry-After` says when the next request is allowed)",
                          "schema": {"type": "integer", "minimum": 0}},
    "Retry-After": {"description": "Seconds to wait before asking again (a 429, a 503, or a 202 while a file is "
                                   "still being produced)", "schema": {"type": "integer", "minimum": 0}},
    "X-Service-Mode": {"description": "`sandbox` when the API key is a sandbox key (absent for live keys)",
                       "schema": {"type": "string", "enum": ["sandbox"]}},
    "Idempotent-Replayed": {"description": "`true` when this answer replays the first answer to the same "
                                           "Idempotency-Key", "schema": {"type": "string", "enum": ["true"]}},
}

# Beside a file's own media types, the one every code generator reads as bytes (openapi-python-client and
# openapi-fetch drop or refuse `application/pdf`, `application/x-pem-file`, images): the same bytes.
OCTET_STREAM = {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}

# The top-level tags, in the order a reader meets them, with what each groups.
TAGS = [
    ("documents", "Upload PDFs and read them back."),
    ("signing requests", "Create, send, follow, cancel and download signing requests (one or several documents)."),
    ("templates", "Reusable requests with roles; send one to fill its roles."),
    ("authoring sessions", "The editor for a person to place fields and send a draft, with what it may do "
                           "enforced on the server (docs/authoring.md)."),
    ("bulk send", "Send a template to many recipients at once, and follow the job."),
    ("contacts", "The organisation's address book of signers."),
    ("webhooks", "Subscriptions to events, their signing secrets and delivery history."),
    ("events", "The organisation's audit events, for polling."),
    ("usage", "The plan's limits and this period's usage."),
    ("retention", "Purges of finished requests that keep the proof, and legal holds (the `admin` scope: "
                  "docs/retention.md)."),
    ("seal", "The certificates that sealed PDFs are signed with (public)."),
    ("signer (no API key: the link token)",
     "What the signing page calls: the signer's link token in the path authenticates, no API key."),
    ("identity (vendors)", "Results posted by an identity-verification vendor."),
    ("email (providers)", "Bounce and complaint notices posted by an email service."),
    ("health", "Liveness and readiness probes for load balancers and orchestrators."),
]

# Where the service runs: its `[server] public_url` (the document is the same for every deployment).
SERVERS = [{"url": "{origin}", "description": "the esign service: its `[server] public_url`",
            "variables": {"origin": {"default": "http://127.0.0.1:8080",
                                     "description": "scheme, host and port (the default is `./scripts/run`'s)"}}}]
ERROR_SCHEMA = "ErrorResponse"  # not "Error": a generated client's `Error.from_dict` would reuse `error` for two types


def _refine(self, field, ret, **kwargs) -> dict:
    """apispec attribute function: what the validating field types mean, said in the schema —
    emails have `format: email`; one-line strings a pattern without control characters; and a
    nullable enum lists `null` among its values (OpenAPI 3.0.3: `nullable` does not add it to an
    `enum`, so a generated client would refuse the null it is sent)."""
    out = {}
    if isinstance(field, Email):
        out["format"] = "email"
    if isinstance(field, (Email, UTCDateTime, fields.UUID)):  # the bounds the fields enforce (esign.schema)
        out["maxLength"] = BoundedUUID.MAX_LENGTH if isinstance(field, fields.UUID) else field.MAX_LENGTH
    if isinstance(field, (Line, Locale)):
        out["pattern"] = field.PATTERN
    if ret.get("nullable") and ret.get("enum") and None not in ret["enum"]:
        out["enum"] = [*ret["enum"], None]
    return out


def _resolver(schema):
    cls = resolve_schema_cls(schema)
    name = cls.__name__
    if name.endswith("Schema") and len(name) > 6:
        name = name[:-6]
    return name


def _query_style(self, field, **kwargs) -> dict:
    """apispec parameter attribute function: how a query object is written (`metadata[key]=value`: the
    field's metadata says `style: deepObject, explode: true`)."""
    return {key: field.metadata[key] for key in ("style", "explode") if key in field.metadata}


def build(routes: list[tuple[str, type]]) -> dict:
    """The OpenAPI document of `routes` ([(path, handler class)]: the app's, esign.app.all_routes())."""
    plugin = MarshmallowPlugin(schema_name_resolver=_resolver)
    spec = APISpec(title="esign", version=API_VERSION, openapi_version="3.0.3", plugins=[plugin],
                   info={"description": DESCRIPTION, "contact": {"name": "the operator of this esign service"},
                         "license": {"name": "Apache-2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0"}},
                   servers=SERVERS,
                   tags=[{"name": name, "description": text} for name, text in TAGS])
    plugin.converter.add_attribute_function(_refine)
    plugin.converter.add_parameter_attribute_function(_query_style)
    spec.components.security_scheme("ApiKey", {"type": "apiKey", "in": "header", "name": "X-API-Key"})
    spec.components.schema(ERROR_SCHEMA, schema=Error)
    for name, header in HEADERS.items():
        spec.components.header(name, header)
    for path, handler in routes:
        operations = {}
        for method in ("get", "post", "put", "patch", "delete"):
            meta = getattr(getattr(handler, method, None), "__openapi__", None)
            if meta:
                operations[method] = {"operationId": OPERATION_IDS[method, path], **_operation(path, handler, meta)}
        if operations:
            spec.path(path=path, operations=operations)
    doc = spec.to_dict()
    for item in doc["paths"].values():  # an empty PATCH body is refused (422): say so on the body's schema
        ref = item.get("patch", {}).get("requestBody", {}).get("content", {}).get("application/json", {})
        if "$ref" in ref.get("schema", {}):
            doc["components"]["schemas"][ref["schema"]["$ref"].rsplit("/", 1)[1]]["minProperties"] = 1
    for schema in doc["components"]["schemas"].values():  # an absent optional property is not "null" (a
        for prop in schema.get("properties", {}).values():  # generator would make it required to send)
            if "default" in prop and prop["default"] is None:
                del prop["default"]
    return doc


def _operation(path, handler, meta) -> dict:
    op = {"summary": meta["summary"], "tags": meta["tags"], "responses": {}}
    if meta["description"]:
        op["description"] = meta["description"]
    params = [{"in": "path", "name": name, "required": True, "schema": _path_schema(name)}
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
    secured = issubclass(handler, APIHandler)
    for status, schema in meta["responses"].items():
        response = {"description": _success_text(status), "headers": _headers(status, secured, meta["idempotent"])}
        if isinstance(schema, dict):  # a described answer that is not JSON (its `content`)
            response.update(schema, content={**schema["content"], **OCTET_STREAM})
        elif schema is not None:
            response["content"] = {"application/json": {"schema": schema}}
        op["responses"][str(status)] = response
    errors = {400, *meta["errors"]}  # every handler refuses a malformed Content-Length (BaseHandler.prepare)
    if meta["idempotent"]:
        errors.add(409)  # idempotency_key_reused, idempotency_in_progress
    if body is not None:
        errors.add(413)  # every body has a size limit
    for status in sorted(errors):
        if status == 401 and not secured:
            continue
        op["responses"].setdefault(str(status), {
            "description": ERROR_TEXT[status], "headers": _headers(status, secured, meta["idempotent"]),
            "content": {"application/json": {"schema": ERROR_SCHEMA}}})
    if meta["callbacks"]:
        op["callbacks"] = meta["callbacks"]()
    if secured:
        op["security"] = SECURITY
    else:
        op["security"] = []
    return op


# Path parameters that are not record ids: what a longer value answers is a 404 (no such link or provider)
PATH_PARAMETERS = {
    "token": {"type": "string", "minLength": 1, "maxLength": 128, "description": "the signer's link token"},
    "which": {"type": "string", "enum": list(files.FILES), "description": "the file"},
    "provider": {"type": "string", "minLength": 1, "maxLength": 64,
                 "description": "the configured provider's identifier (any other is 404)"},
}


def _path_schema(name: str) -> dict:
    """A path parameter's schema: record ids are UUIDs (esign.api.base.BaseHandler.path_id: anything
    else is a 404), the others PATH_PARAMETERS."""
    if name.endswith("_id"):
        return {"type": "string", "format": "uuid", "maxLength": BoundedUUID.MAX_LENGTH}
    return dict(PATH_PARAMETERS[name])


def _headers(status: int, secured: bool, idempotent: bool) -> dict:
    """The headers an answer of `status` carries (HEADERS), as references."""
    names = ["X-Request-ID"]
    if secured and status != 401:  # once the key is known: counted against its limit, its mode said
        names += ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Service-Mode"]
    if status in (202, 429, 503):
        names.append("Retry-After")
    if idempotent and status < 500 and status not in (401, 429):  # a replay comes after the key and its limit
        names.append("Idempotent-Replayed")
    return {name: {"$ref": f"#/components/headers/{name}"} for name in names}


def _success_text(status: int) -> str:
    return {200: "OK", 201: "Created", 202: "Accepted", 204: "No content"}.get(status, "Answer")

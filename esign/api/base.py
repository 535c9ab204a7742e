"""The JSON handler base: request ids, body limits, API-key auth and scopes in `prepare()`, rate
limits, JSON bodies validated by marshmallow schemas, idempotency, and errors always in the Error shape."""
from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import logging
import math
import re
import uuid

import tornado.web
from marshmallow import ValidationError

from esign.api.bounds import flatten_errors
from esign.domain.lifecycle import Actor
from esign.errors import STATUS_CODES, ApiError, not_found, validation_error
from esign.providers.base import ProviderUnavailable
from esign.secrets import hash_token

log = logging.getLogger("esign.api")
MB = 1024 * 1024
MAX_DETAILS = 100  # error bodies list at most this many `details`
# Tornado's own cap on a streamed body: it would answer a bare 400 (no Error shape) and checks a
# declared chunk's length before reading it, so it is left out of the way; `data_received` counts.
UNCAPPED = 1 << 62
UUID_RE = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


access_log = logging.getLogger("tornado.access")
SECRET_IN_PATH = re.compile(r"^/sign/[^/?]+")


def loggable_path(path: str) -> str:
    """The path without what must never reach a log: signing-link tokens (and every query string,
    which carries download signatures)."""
    return SECRET_IN_PATH.sub("/sign/<token>", path.split("?", 1)[0])


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log line, minus secrets."""
    status = handler.get_status()
    level = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    level("%d %s %s (%s) %.2fms", status, handler.request.method, loggable_path(handler.request.uri or ""),
          handler.request.remote_ip, 1000.0 * handler.request.request_time())


def error_body(status: int, code: str, message: str, request_id: str, details=None) -> dict:
    """The Error shape; bounded whatever the input (the first MAX_DETAILS details, short texts)."""
    error = {"code": code, "message": _bounded(message, 1000), "request_id": request_id}
    if details is not None:
        error["details"] = [{key: _bounded(value, 300) for key, value in item.items()}
                            for item in details[:MAX_DETAILS]]
    return {"error": error}


def _bounded(text, limit: int):
    return text[:limit - 3] + "..." if isinstance(text, str) and len(text) > limit else text


@tornado.web.stream_request_body
class BaseHandler(tornado.web.RequestHandler):
    """JSON in, JSON out, errors in the Error shape. No authentication (health, docs, 404).

    Bodies are streamed: `prepare()` (which subclasses call first) refuses a declared length over
    `body_limit()` with 413 before any of the body is read, and `data_received` cuts a chunked body
    off at the limit. The body is then in `self.body`."""

    def initialize(self, services):
        self.services = services
        self._chunks: list[bytes] = []
        self._body_size = 0

    def body_limit(self) -> int:
        return self.services.config.limits.json_body_mb * MB

    def too_large(self) -> ApiError:
        return ApiError(413, "payload_too_large", f"the request body exceeds {self.body_limit() // MB} MB")

    def prepare(self):
        self.request.connection.set_max_body_size(UNCAPPED)
        length = self.request.headers.get("Content-Length")
        if length is not None:
            values = {value.strip() for value in length.split(",")}  # a proxy may repeat it
            value = values.pop() if len(values) == 1 else ""
            if not value.isdigit():
                raise ApiError(400, "bad_request", "malformed Content-Length header")
            if int(value) > self.body_limit():
                raise self.too_large()

    def data_received(self, chunk):
        if self._finished:
            return
        self._body_size += len(chunk)
        if self._body_size > self.body_limit():
            return self.refuse(self.too_large())
        self.consume(chunk)

    def consume(self, chunk: bytes) -> None:
        """Take one piece of a body within the limit (kept in memory; the upload handler streams)."""
        self._chunks.append(chunk)

    @property
    def actor(self) -> Actor:
        """The person behind the request, for the audit trail."""
        return Actor(ip_address=self.request.remote_ip, user_agent=self.request.headers.get("User-Agent", "")[:512])

    @property
    def body(self) -> bytes:
        if len(self._chunks) > 1:  # joined once, however often it is read (parsing, the idempotency fingerprint)
            self._chunks = [b"".join(self._chunks)]
        return self._chunks[0] if self._chunks else b""

    def refuse(self, exc: Exception) -> None:
        """Answer with the error for `exc` now, while the body is still arriving."""
        self.send_error(self.error_for(exc)[0], exc_info=(type(exc), exc, None))

    def finish(self, chunk=None):
        if not self.request._body_future.done():
            # Answering before the request was read to its end (an error from prepare(), which runs
            # before the body, even an empty one): Tornado then closes the connection. Say so, or a
            # client reuses the connection for its next request and meets a closed socket.
            if not self._headers_written:
                self.set_header("Connection", "close")
            # With a body still arriving, the server half-closes and discards the rest for a while
            # (esign.server.LingeringStream), so the client reads this answer.
            headers = self.request.headers
            if "Transfer-Encoding" in headers or headers.get("Content-Length", "0") not in ("", "0"):
                self.request.connection.stream.linger = True
        return super().finish(chunk)

    def set_default_headers(self):
        # Called again by send_error(), so headers that must survive an error live in _sticky.
        if not hasattr(self, "request_id"):
            self.request_id = uuid.uuid4().hex
            self._sticky: dict[str, str] = {}
            self._json_out = None
        self.clear_header("Server")  # no product and version banner
        self.set_header("X-Request-ID", self.request_id)
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        for name, value in self._sticky.items():
            self.set_header(name, value)

    def compute_etag(self):
        return None  # API answers are not cached conditionally

    @classmethod
    def allowed_methods(cls) -> list[str]:
        """The methods this handler implements (the `Allow` header of a 405); HEAD wherever GET is."""
        methods = [m for m in ("GET", "POST", "PUT", "PATCH", "DELETE")
                   if getattr(cls, m.lower()) is not getattr(tornado.web.RequestHandler, m.lower())]
        return ["GET", "HEAD", *methods[1:]] if methods[:1] == ["GET"] else methods

    def head(self, *args, **kwargs):
        """HEAD answers as GET does, headers only (RFC 9110 §9.3.2; uptime monitors probe with it):
        Tornado leaves the body out of a HEAD answer. A handler without GET answers 405."""
        return self.get(*args, **kwargs)

    def sticky_header(self, name: str, value) -> None:
        self._sticky[name] = str(value)
        self.set_header(name, str(value))

    def write_json(self, data, status: int = 200) -> None:
        self.set_status(status)
        self._json_out = data
        # not finished here: Tornado finishes after the method returns, so an idempotency record
        # is stored before the client can see the answer (and retry)
        self.write(json.dumps(data, separators=(",", ":")))

    def error_for(self, exc) -> tuple[int, dict, dict]:
        """(status, body, extra headers) that answer `exc`."""
        if isinstance(exc, ApiError):
            return exc.status, error_body(exc.status, exc.code, exc.message, self.request_id, exc.details), exc.headers
        if isinstance(exc, ProviderUnavailable):
            return 502, error_body(502, "upstream_unavailable", str(exc) or "upstream service unavailable", self.request_id), {}
        if isinstance(exc, tornado.web.HTTPError):
            status = exc.status_code
            code = STATUS_CODES.get(status, "bad_request" if status < 500 else "internal_error")
            message = exc.log_message % exc.args if exc.log_message and exc.args else (exc.log_message or exc.reason or self._reason)
            headers = {}
            if status == 405:
                allowed = self.allowed_methods()
                headers["Allow"] = ", ".join(allowed)
                message = (f"method {self.request.method} is not allowed on {self.request.path}; "
                           f"allowed: {', '.join(allowed) or 'none'}")
            return status, error_body(status, code, message, self.request_id), headers
        return 500, error_body(500, "internal_error", "internal error; quote the request_id when reporting it", self.request_id), {}

    def write_error(self, status_code, **kwargs):
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if exc is None:
            exc = tornado.web.HTTPError(status_code)
        status, body, headers = self.error_for(exc)
        if isinstance(exc, (ApiError, ProviderUnavailable)):
            if status >= 500:  # an answer chosen on purpose (an upstream down): its cause, once, no traceback
                log.warning("request %s: %s %s answered %s: %s", self.request_id, self.request.method,
                            loggable_path(self.request.path), status, body["error"]["message"])
        elif status >= 500:
            log.error("request %s failed: %s %s", self.request_id, self.request.method, loggable_path(self.request.path),
                      exc_info=kwargs.get("exc_info"))
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name, value)
        self._json_out = body
        self.finish(json.dumps(body))

    def log_exception(self, typ, value, tb):
        # ApiErrors are ordinary answers; everything else is logged once by write_error
        if not isinstance(value, (ApiError, tornado.web.HTTPError, ProviderUnavailable)):
            return
        if isinstance(value, tornado.web.HTTPError) and value.status_code >= 500:
            log.warning("request %s: %s", self.request_id, value)

    # --- input -----------------------------------------------------------------------------------

    async def json_body(self, schema, required: bool = True):
        """Parse, bound and validate the JSON body with `schema` (esign.api.bounds: a large body in a
        child process); 400 for unreadable JSON, 422 for bad fields or arrays over their bounds."""
        raw = self.body
        if not raw or not raw.strip():
            if required:
                raise ApiError(400, "bad_request", "a JSON request body is required")
            return self.validate(schema, {})
        ctype = self.request.headers.get("Content-Type", "")
        if ctype and "json" not in ctype.split(";")[0].lower():
            raise ApiError(400, "bad_request", f"Content-Type must be application/json, not {ctype.split(';')[0]}")
        return await self.services.body_loader.load(schema, raw)

    def validate(self, schema, data):
        try:
            return schema.load(data)
        except ValidationError as exc:
            raise validation_error(flatten_errors(exc.messages)) from None

    def query(self, schema):
        """Validate the query string with `schema` (each parameter given once)."""
        data = {}
        for name, values in self.request.query_arguments.items():
            if len(values) > 1:
                raise validation_error([{"field": name, "message": "give this parameter once"}])
            try:
                data[name] = values[0].decode()
            except UnicodeDecodeError:
                raise validation_error([{"field": name, "message": "not valid UTF-8"}]) from None
        return self.validate(schema, data)

    @staticmethod
    def path_id(value: str, what: str) -> str:
        """Path parameters are UUIDs; anything else names no record, so it is a 404."""
        if not UUID_RE.match(value or ""):
            raise not_found(what)
        return value.lower()


class APIHandler(BaseHandler):
    """A `/v1` handler: needs an API key (`X-API-Key`) with the method's scope. Sandbox keys may write
    only where `sandbox_writes` is true: handlers that create sandbox records or check that the record
    they change is one (design.md §11); elsewhere their writes are 403."""

    sandbox_writes = False

    async def prepare(self):
        super().prepare()
        key = self.request.headers.get("X-API-Key", "").strip()
        if not key:
            raise ApiError(401, "unauthorized", "missing API key: send it in the X-API-Key header")
        throttle = self.settings["auth_throttle"]
        key_hash = hash_token(key)
        wait = throttle.retry_after(self.request.remote_ip, key_hash)
        if wait is not None:  # before any database work
            wait = max(1, math.ceil(wait))
            raise ApiError(429, "rate_limited", f"too many invalid API keys from this address; retry in {wait} s",
                           headers={"Retry-After": str(wait)})
        # both cached in the process for `[security] api_key_cache_seconds` (esign.store.cache)
        record = await self.services.store.api_keys.authenticate(key_hash)
        org = None
        if record is not None and record.get("revoked_at") is None:
            org = await self.services.store.organizations.authenticated(record["org_id"])
        if org is None:
            throttle.failed(self.request.remote_ip, key_hash)
            raise ApiError(401, "unauthorized", "invalid or revoked API key")
        throttle.accepted(key_hash)
        self.api_key, self.org = record, org
        self.sandbox = bool(record.get("sandbox"))
        if self.sandbox:
            self.sticky_header("X-Service-Mode", "sandbox")
        await self._rate_limit()
        needed = "read" if self.request.method in ("GET", "HEAD") else "write"
        if needed not in record.get("scopes", ()):
            raise ApiError(403, "insufficient_scope", f"this API key lacks the {needed!r} scope")
        if (self.sandbox and needed == "write" and not self.sandbox_writes
                and self.request.method in self.allowed_methods()):  # a wrong method stays a 405
            raise ApiError(403, "forbidden", "a sandbox key changes only sandbox records (documents, signing "
                                             "requests, templates and bulk jobs it creates); use a live key")

    async def _rate_limit(self):
        limit = self.api_key.get("rate_limit") or self.services.config.limits.default_rate_per_minute
        allowed, remaining, reset = await self.services.store.rate_limits.hit(self.api_key["id"], limit)
        self.sticky_header("X-RateLimit-Limit", limit)
        self.sticky_header("X-RateLimit-Remaining", remaining)
        self.sticky_header("X-RateLimit-Reset", math.ceil(reset.replace(tzinfo=dt.timezone.utc).timestamp()))
        if not allowed:
            wait = max(1, math.ceil((reset - self.services.clock.now()).total_seconds()))
            raise ApiError(429, "rate_limited", f"rate limit of {limit} requests per minute exceeded; retry in {wait} s",
                           headers={"Retry-After": str(wait)})

    @property
    def org_id(self) -> str:
        return self.org["id"]

    async def fingerprint(self) -> str:
        """What an Idempotency-Key is bound to: the SHA-256 of a JSON body's canonical form (keys
        sorted, no spacing), so a retry that serialises the same JSON differently is the same request;
        of the raw bytes when the body is not JSON (uploads: what was uploaded). A large body's is
        computed in a child (esign.api.bounds)."""
        return await self.services.body_loader.fingerprint(self.body)


def idempotent(method):
    """Honour `Idempotency-Key` on a creating or sending operation (design.md §6): scoped to
    organisation + API key + method + path, remembered 24 hours; a retry replays the first answer;
    another body with the same key is 409 idempotency_key_reused; a retry while the first is still
    running is 409 idempotency_in_progress; answers with status >= 500 are not remembered."""

    @functools.wraps(method)
    async def wrapper(self: APIHandler, *args, **kwargs):
        key = self.request.headers.get("Idempotency-Key")
        if key is None:
            return await method(self, *args, **kwargs)
        if not key.strip() or len(key) > 255:
            raise validation_error([{"field": "Idempotency-Key", "message": "must be 1 to 255 characters"}])
        scope = hashlib.sha256("\x00".join(
            [self.org_id, self.api_key["id"], self.request.method, self.request.path, key]).encode()).hexdigest()
        body_hash = await self.fingerprint()
        records = self.services.store.idempotency
        existing = await records.begin(scope, body_hash)
        if existing is not None:
            if existing["body_hash"] != body_hash:
                raise ApiError(409, "idempotency_key_reused", "this Idempotency-Key was used with a different request body")
            if existing["state"] != "done":
                raise ApiError(409, "idempotency_in_progress", "a request with this Idempotency-Key is still being processed")
            for name, value in (existing.get("headers") or {}).items():
                self.set_header(name, value)
            self.set_header("Idempotent-Replayed", "true")
            if existing["status"] == 204:
                self.set_status(204)
                return self.finish()
            self.set_status(existing["status"])
            body = existing["body"]
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                # a replayed error names this request, as its X-Request-ID does
                body = {**body, "error": {**body["error"], "request_id": self.request_id}}
            self._json_out = body
            return self.finish(json.dumps(body))
        try:
            await method(self, *args, **kwargs)
        except BaseException as exc:
            status, body, headers = self.error_for(exc)
            if status >= 500:
                await records.abandon(scope)
            else:
                await records.finish(scope, status, body, headers)
            raise
        status = self.get_status()
        if status >= 500:
            await records.abandon(scope)
            return
        try:
            await records.finish(scope, status, self._json_out, {})
        except Exception:  # noqa: BLE001 - what was done is answered: a 500 would have the client retry it
            log.exception("request %s: the answer for its Idempotency-Key could not be stored; a retry meets "
                          "409 idempotency_in_progress until the key's lease ends", self.request_id)

    return wrapper


class StaticAssets(tornado.web.StaticFileHandler):
    """Files served from the package (Swagger UI, the signing page's script and styles): cacheable,
    with a request id like every other answer."""

    def set_default_headers(self):
        self.clear_header("Server")
        self.set_header("X-Request-ID", uuid.uuid4().hex)
        self.set_header("X-Content-Type-Options", "nosniff")

    def set_extra_headers(self, path):
        self.set_header("Cache-Control", "public, max-age=3600")


class NotFoundHandler(BaseHandler):
    """Tornado's default handler: unknown paths answer in the Error shape too."""

    def prepare(self):
        super().prepare()
        raise ApiError(404, "not_found", f"no such endpoint: {self.request.method} {self.request.path}")

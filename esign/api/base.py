"""The JSON handler base: request ids, body limits, JSON bodies validated by marshmallow schemas, and
errors always in the Error shape; `APIHandler` adds API-key authentication, rate limits and scopes in
`prepare()` (esign.api.auth). Beside it: esign.api.errors (the Error shape), esign.api.idempotency
(Idempotency-Key), esign.api.access_log (the access log line)."""
from __future__ import annotations

import asyncio
import json
import logging
import re

import tornado.web
from marshmallow import ValidationError

from esign import logs
from esign.api import bounds
from esign.api.access_log import loggable_path
from esign.api.auth import authenticate, check_scope, rate_limit
from esign.api.bounds import flatten_errors
from esign.api.errors import error_body
from esign.domain.requests.lifecycle import Actor
from esign.errors import STATUS_CODES, ApiError, Problems, not_found, validation_error
from esign.observability.metrics import UNMATCHED
from esign.providers.base import ProviderUnavailable

log = logging.getLogger("esign.api")
MB = 1024 * 1024
# Tornado's own cap on a streamed body: it would answer a bare 400 (no Error shape) and checks a
# declared chunk's length before reading it, so it is left out of the way; `data_received` counts.
UNCAPPED = 1 << 62
UUID_RE = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def request_log_fields(handler: tornado.web.RequestHandler) -> dict:
    """The log context of a request (esign.logs): its id (the incoming `X-Request-ID`
    when sane) and its route template (the application's `route_templates`)."""
    route = handler.application.settings.get("route_templates", {}).get(type(handler), UNMATCHED)
    return {"request_id": logs.request_id(handler.request.headers.get("X-Request-ID")), "route": route}


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
        logs.CONTEXT.set(self.log_fields)  # every line logged while serving it names this request
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
            self.log_fields = request_log_fields(self)
            self.request_id = self.log_fields["request_id"]
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
        self._write_encoded(data, json.dumps(data, separators=(",", ":")), status)

    async def write_json_of(self, render, status: int = 200) -> None:
        """`write_json(render())` with `render` (a schema's dump) and the JSON encoding in a thread: for
        answers of thousands of items (a request's 5000 fields: ~0.1 s of marshmallow), which would
        hold the event loop. The loop takes the interpreter back every few milliseconds
        (sys.getswitchinterval) while the thread works."""
        def encoded():
            data = render()
            return data, json.dumps(data, separators=(",", ":"))
        self._write_encoded(*await asyncio.to_thread(encoded), status)

    def _write_encoded(self, data, text: str, status: int) -> None:
        self.set_status(status)
        self._json_out = data
        # not finished here: Tornado finishes after the method returns, so an idempotency record
        # is stored before the client can see the answer (and retry)
        self.write(text)

    def error_for(self, exc) -> tuple[int, dict, dict]:
        """(status, body, extra headers) that answer `exc`."""
        if isinstance(exc, ApiError):
            return exc.status, error_body(exc.status, exc.code, exc.message, self.request_id, exc.details), exc.headers
        if isinstance(exc, ProviderUnavailable):
            return 502, error_body(502, "upstream_unavailable", str(exc) or "upstream service unavailable", self.request_id), {}
        if isinstance(exc, tornado.web.HTTPError):
            status = exc.status_code
            code = STATUS_CODES.get(status, "bad_request" if status < 500 else "internal_error")
            message = (exc.log_message % exc.args if exc.log_message and exc.args
                       else exc.log_message or exc.reason or self._reason)
            headers = {}
            if status == 405:
                allowed = self.allowed_methods()
                headers["Allow"] = ", ".join(allowed)
                message = (f"method {self.request.method} is not allowed on {self.request.path}; "
                           f"allowed: {', '.join(allowed) or 'none'}")
            return status, error_body(status, code, message, self.request_id), headers
        return 500, error_body(500, "internal_error", "internal error; quote the request_id when reporting it",
                               self.request_id), {}

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

    async def checked_body(self, schema) -> tuple[dict, Problems]:
        """The first half of one validation pass (esign.errors.Problems) over a JSON body: the body as
        `schema` loads it, and no problem yet; or, when the schema refuses some of its fields, what it
        did load of the others (the top-level keys no problem names) and the schema's problems, for the
        checks that follow to add theirs, so one 422 lists them all. A body that is not JSON, is over a
        bound, or is larger than what is loaded where it arrives (esign.api.bounds) answers its own
        error at once."""
        try:
            return await self.json_body(schema), Problems()
        except ApiError as exc:
            if exc.status != 422 or exc.code != "validation_error" or len(self.body) > bounds.INLINE_BYTES:
                raise
            data = json.loads(self.body)
            over, count = bounds.check_bounds(schema, data)
            if over or count > bounds.INLINE_VALUES:
                raise
            loaded = {}
            try:
                schema.load(data)  # refused again, in this process, for what it did load
            except ValidationError as refused:
                loaded = refused.valid_data if isinstance(refused.valid_data, dict) else {}
            problems = Problems(exc.details)
            return {key: value for key, value in loaded.items() if not problems.refused(key)}, problems

    def loaded_items(self, problems: Problems, key: str, item_schema) -> tuple[list[dict], list[int]]:
        """With `checked_body`'s problems: the items of the body's list `key` that `item_schema` loads
        and where each stood, for the checks that follow to check them beside the refused ones (none
        when the list itself was refused)."""
        if problems.refused_whole(key):
            return [], []
        items, indexes = [], []
        for i, raw in enumerate(json.loads(self.body).get(key) or []):
            try:
                items.append(item_schema.load(raw))
            except ValidationError:
                continue
            indexes.append(i)
        return items, indexes

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
    #: the scope every method needs, when not `read` (GET) and `write` (the rest): `admin`
    scope: str | None = None

    async def prepare(self):
        super().prepare()
        self.api_key, self.org, self.sandbox = await authenticate(self)
        self.log_fields["org_id"] = self.org["id"]
        if self.sandbox:
            self.sticky_header("X-Service-Mode", "sandbox")
        await rate_limit(self)
        check_scope(self)

    @property
    def org_id(self) -> str:
        return self.org["id"]

    def has_scope(self, scope: str) -> bool:
        """Whether the caller's key has `scope` beside the method's (`admin` lets retention come sooner)."""
        return scope in self.api_key.get("scopes", ())

    async def fingerprint(self) -> str:
        """What an Idempotency-Key is bound to: the SHA-256 of a JSON body's canonical form (keys
        sorted, no spacing), so a retry that serialises the same JSON differently is the same request;
        of the raw bytes when the body is not JSON (uploads: what was uploaded). A large body's is
        computed in a child (esign.api.bounds)."""
        return await self.services.body_loader.fingerprint(self.body)


class StaticAssets(tornado.web.StaticFileHandler):
    """Files served from the package (Swagger UI, the signing page's script and styles): cacheable,
    with a request id like every other answer."""

    def set_default_headers(self):
        if not hasattr(self, "log_fields"):  # called again by send_error()
            self.log_fields = request_log_fields(self)
        self.clear_header("Server")
        self.set_header("X-Request-ID", self.log_fields["request_id"])
        self.set_header("X-Content-Type-Options", "nosniff")

    def set_extra_headers(self, path):
        self.set_header("Cache-Control", "public, max-age=3600")


class NotFoundHandler(BaseHandler):
    """Tornado's default handler: unknown paths answer in the Error shape too."""

    def prepare(self):
        super().prepare()
        raise ApiError(404, "not_found", f"no such endpoint: {self.request.method} {self.request.path}")

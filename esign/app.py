"""The Tornado application (routes of every API module, the docs assets, JSON 404s) and the HTTP
server that carries it."""
import json

import swagger_ui_bundle
import tornado.web

from esign import openapi
from esign.api import (
    authoring,
    bulk,
    console,
    console_new,
    console_requests,
    console_templates,
    contacts,
    copies,
    documents,
    email_webhooks,
    erasure,
    events,
    files,
    health,
    identity,
    legal_holds,
    meta,
    metrics,
    public_link_page,
    public_links,
    retention,
    revocation,
    seal,
    signer,
    signer_roles,
    signer_text,
    signing_requests,
    templates,
    usage,
    verification,
    webhooks,
)
from esign.api.access_log import log_request
from esign.api.base import NotFoundHandler, StaticAssets
from esign.api.common import tornado_pattern
from esign.api.throttle import FailedAuthThrottle
from esign.observability.metrics import UNMATCHED
from esign.server import Server

MB = 1024 * 1024

# each module exports its handlers as ROUTES: [(OpenAPI-style path, handler class)], matched in this order
API_MODULES = [health, meta, metrics, documents, contacts, usage, webhooks, events, signing_requests, templates, bulk, files,
               seal, copies, signer, signer_text, signer_roles, identity, email_webhooks, console, console_new, console_requests,
               console_templates,
               authoring, retention, revocation, legal_holds, erasure, public_links, public_link_page, verification]


def all_routes() -> list[tuple[str, type]]:
    return [route for module in API_MODULES for route in module.ROUTES]


class OpenApiDocument:
    """The OpenAPI document of an app's routes, built on first use (GET /v1/openapi.json) and kept."""

    def __init__(self, routes: list[tuple[str, type]]):
        self._routes = routes
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(openapi.build(self._routes))
        return self._text


class Compression(tornado.web.GZipContentEncoding):
    """gzip for text (HTML, CSS), JavaScript, JSON and TrueType (the signing page's handwriting font: a
    third smaller) answers of at least 1 KB to clients that accept it (Tornado's `compress_response`);
    never for PDFs and images (not of its types: they stream as they are, with their Content-Length)
    nor for a range (206: Content-Range counts the bytes as stored)."""

    CONTENT_TYPES = tornado.web.GZipContentEncoding.CONTENT_TYPES | {"font/ttf"}

    def transform_first_chunk(self, status_code, headers, chunk, finishing):
        if status_code == 206 or "Content-Range" in headers:
            self._gzipping = False
        return super().transform_first_chunk(status_code, headers, chunk, finishing)


def make_app(services, routes: list[tuple[str, type]] | None = None,
             document: OpenApiDocument | None = None) -> tornado.web.Application:
    """The application serving `routes` (default: every API module's) and `document`, their OpenAPI
    document (default: built from the routes)."""
    routes = all_routes() if routes is None else routes
    handlers = [(tornado_pattern(path), cls, {"services": services}) for path, cls in routes]
    handlers.append((r"/docs/assets/(.*)", StaticAssets, {"path": swagger_ui_bundle.swagger_ui_path}))
    handlers.append(signer.STATIC_ROUTE)
    # the route of each handler class as metrics name it: its template, never the path with its ids
    templates = {cls: path for path, cls in routes} | {StaticAssets: "/docs/assets/{path}",
                                                        signer.STATIC_ROUTE[1]: "/static/signer/{path}"}

    def log_function(handler: tornado.web.RequestHandler) -> None:
        log_request(handler)
        services.metrics.request(handler.request.method, templates.get(type(handler), UNMATCHED),
                                 handler.get_status(), handler.request.request_time())

    return tornado.web.Application(
        handlers,
        transforms=[Compression],
        default_handler_class=NotFoundHandler,
        default_handler_args={"services": services},
        log_function=log_function,
        route_templates=templates,
        openapi=document or OpenApiDocument(routes),
        auth_throttle=FailedAuthThrottle(services.clock, services.config.limits.failed_auth_per_minute),
    )


def make_server(app: tornado.web.Application, config) -> Server:
    """The HTTP server for `app` with the `[server]` limits. Bodies larger than `[limits] json_body_mb`
    are refused by Tornado itself (a bare 400) for handlers that buffer them; esign's handlers stream
    their bodies, answer 413 in the Error shape before reading one that is too large, and raise the
    cap for themselves (uploads)."""
    server = config.server
    return Server(app, xheaders=server.xheaders, max_connections=server.max_connections,
                  idle_connection_timeout=server.idle_timeout_seconds, body_timeout=server.body_timeout_seconds,
                  max_body_size=config.limits.json_body_mb * MB, max_buffer_size=16 * MB)

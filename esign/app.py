"""The Tornado application (routes of every API module, the docs assets, JSON 404s) and the HTTP
server that carries it."""
import importlib

import swagger_ui_bundle
import tornado.web

from esign.api.base import NotFoundHandler, StaticAssets, log_request
from esign.api import signer
from esign.api.common import ROUTES, tornado_pattern
from esign.api.throttle import FailedAuthThrottle
from esign.server import Server

MB = 1024 * 1024

API_MODULES = [
    "esign.api.health",
    "esign.api.meta",
    "esign.api.documents",
    "esign.api.contacts",
    "esign.api.usage",
    "esign.api.webhooks",
    "esign.api.events",
    "esign.api.signing_requests",
    "esign.api.templates",
    "esign.api.bulk",
    "esign.api.files",
    "esign.api.seal",
    "esign.api.signer",
]


def all_routes():
    for name in API_MODULES:
        importlib.import_module(name)
    return list(ROUTES)


def make_app(services) -> tornado.web.Application:
    handlers = [(tornado_pattern(path), cls, {"services": services}) for path, cls in all_routes()]
    handlers.append((r"/docs/assets/(.*)", StaticAssets, {"path": swagger_ui_bundle.swagger_ui_path}))
    handlers.append(signer.STATIC_ROUTE)
    return tornado.web.Application(
        handlers,
        default_handler_class=NotFoundHandler,
        default_handler_args={"services": services},
        compress_response=False,
        log_function=log_request,
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

"""The Tornado application: routes of every API module, the docs assets, JSON 404s."""
import importlib

import swagger_ui_bundle
import tornado.web

from esign.api.base import NotFoundHandler, StaticAssets, log_request
from esign.api import signer
from esign.api.common import ROUTES, tornado_pattern

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
        xheaders=services.config.server.xheaders,
        max_body_size=services.config.limits.max_upload_mb * 1024 * 1024 + 1024 * 1024,
        compress_response=False,
        log_function=log_request,
    )

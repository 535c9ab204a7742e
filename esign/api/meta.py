"""The OpenAPI document and the interactive docs page (Swagger UI served from the package)."""
import os

from esign.api.base import BaseHandler

STATIC = os.path.join(os.path.dirname(os.path.dirname(__file__)), "static", "docs")


class OpenApiHandler(BaseHandler):
    def get(self):
        self.finish(self.settings["openapi"].text())


class DocsHandler(BaseHandler):
    def get(self):
        name = "index.html"
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        with open(os.path.join(STATIC, name), "rb") as fh:
            self.finish(fh.read())


class DocsInitHandler(BaseHandler):
    def get(self):
        self.set_header("Content-Type", "application/javascript")
        with open(os.path.join(STATIC, "init.js"), "rb") as fh:
            self.finish(fh.read())


ROUTES = [
    ("/v1/openapi.json", OpenApiHandler),
    ("/docs", DocsHandler),
    ("/docs/init.js", DocsInitHandler),
]

"""The OpenAPI document, the interactive docs page (Swagger UI served from the package) and the home
page (`GET /`: what the start-up banner's address shows a person)."""
import os

from esign import API_VERSION, __version__
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


HOME = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>esign</title></head>
<body>
<h1>esign</h1>
<p>A self-hosted electronic-signature service (version {version}, API {api}).</p>
<ul>
<li><a href="/docs">API documentation</a> (<a href="/v1/openapi.json">OpenAPI document</a>)</li>
<li><a href="/healthz">Health check</a> and <a href="/readyz">readiness</a></li>
</ul>
<p>Signers open the link in their invitation email; there is nothing to sign here.</p>
</body>
</html>
""".format(version=__version__, api=API_VERSION)


class HomeHandler(BaseHandler):
    """A small page naming the service and linking the docs and the health check."""

    def get(self):
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
        self.finish(HOME)


ROUTES = [
    ("/", HomeHandler),
    ("/v1/openapi.json", OpenApiHandler),
    ("/docs", DocsHandler),
    ("/docs/init.js", DocsInitHandler),
]

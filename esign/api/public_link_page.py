"""A public link's visitors (no API key; docs/public-links.md): the page `/p/{slug}` with the template's
document, its QR code images, and the two calls the page makes — ask for a code (`start`) and prove
the address with it (`verify`), which makes (or resumes) the visitor's signing request."""
from __future__ import annotations

import tornado.web

from esign import i18n, qr
from esign.api.base import BaseHandler
from esign.api.public_link_schemas import VisitorStart, VisitorVerify
from esign.api.signer_page import asset_url, csp, page_locale, render
from esign.domain import public_link_visits as visits
from esign.domain import public_links
from esign.domain.signer import page_images

MAX_PAGES_SHOWN = 50


class VisitorHandler(BaseHandler):
    """The link's pages and calls: no referrer, never cached, framed only by the link's embed origins."""

    link: dict | None = None

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        origins = " ".join(self.link["embed_origins"]) if self.link and self.link["embed_origins"] else None
        self.set_header("Content-Security-Policy", csp(origins or "'none'", form_action="'self'"))
        if origins is None:
            self.set_header("X-Frame-Options", "DENY")
        else:
            self.clear_header("X-Frame-Options")

    async def open(self, slug: str) -> dict:
        self.link = await visits.open_link(self.services, slug)
        self.log_fields.update(org_id=self.link["org_id"], public_link_id=self.link["id"])
        self.set_default_headers()
        return self.link


class PageHandler(VisitorHandler):
    """`GET /p/{slug}`: the document and the form, in the visitor's language (errors as a page too)."""

    async def get(self, slug):
        link = await self.open(slug)
        template = await self.services.store.templates.get(link["org_id"], link["template_id"])
        document = template and template.get("document_id") and await self.services.store.documents.get(
            link["org_id"], template["document_id"])
        org = await self.services.store.organizations.by_id(link["org_id"]) or {}
        locale = page_locale(self, org.get("default_locale"))
        pages = min((document or {}).get("page_count") or 0, MAX_PAGES_SHOWN)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Content-Language", locale)
        self.finish(render("public-link.html", locale, link=link, pages=pages, base_path=f"/p/{slug}",
                           ask_name="name" in link["collect"], static_url=asset_url))

    def write_error(self, status_code, **kwargs):
        exc = kwargs.get("exc_info", (None, None, None))[1] or tornado.web.HTTPError(status_code)
        status, body, headers = self.error_for(exc)
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name, value)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        heading = {410: i18n.N_("This link no longer works"), 409: i18n.N_("This link is paused")}.get(status)
        self.finish(render("error.html", page_locale(self), status=status, message=body["error"]["message"],
                           code=body["error"]["code"], heading=heading, request_id=self.request_id, embed=None,
                           situation=None, person=None, static_url=asset_url))


class PageImageHandler(VisitorHandler):
    """`GET /p/{slug}/pages/{n}.png`: a page of the template's document as it is, before anyone signs."""

    async def get(self, slug, number):
        link = await self.open(slug)
        template = await self.services.store.templates.get(link["org_id"], link["template_id"])
        if not number.isdigit() or not template or not template.get("document_id"):
            raise tornado.web.HTTPError(404)
        document = await self.services.store.documents.get(link["org_id"], template["document_id"])
        if document is None:
            raise tornado.web.HTTPError(404)
        shown = {"id": f"public-link-{link['id']}", "org_id": link["org_id"], "document_id": document["id"],
                 "document_name": document["name"], "document_pages": document.get("page_count"),
                 "signers": [], "fields": []}
        png = await page_images.image(self.services, shown, int(number))
        self.set_header("Content-Type", "image/png")
        self.finish(png)


class QrHandler(VisitorHandler):
    """`GET /p/{slug}/qr.svg` and `/qr.png`: the QR code of the link's address (a poster's)."""

    async def get(self, slug, kind):
        if kind not in ("svg", "png"):
            raise tornado.web.HTTPError(404)
        link = await self.open(slug)
        address = public_links.url(self.services, link["slug"])
        if kind == "svg":
            self.set_header("Content-Type", "image/svg+xml")
            self.finish(qr.svg(address, title=link["name"]))
        else:
            self.set_header("Content-Type", "image/png")
            self.finish(qr.png(address))


class StartHandler(VisitorHandler):
    """`POST /p/{slug}/start` `{name, email, phone?}`: 202, a code is on its way (by text when `phone` is
    given on a link with `phone_code`); 201 with the request for a link without `email_code`."""

    async def post(self, slug):
        body = await self.json_body(VisitorStart())
        made = await visits.start(self.services, slug, body.get("name"), body["email"], self.request.remote_ip,
                                  page_locale(self), phone=body.get("phone"))
        if made is None:
            self.write_json({"status": "code_sent"}, 202)
        else:
            self.write_json(made, 200 if made["resumed"] else 201)


class VerifyHandler(VisitorHandler):
    """`POST /p/{slug}/verify` `{email, code}`: 201 `{signing_request_id, signing_url}` (200 when the
    address's unfinished request is resumed)."""

    async def post(self, slug):
        body = await self.json_body(VisitorVerify())
        made = await visits.verify(self.services, slug, body["email"], body["code"], body.get("name"),
                                   body.get("prefill"), phone=body.get("phone"))
        self.write_json(made, 200 if made["resumed"] else 201)


ROUTES = [
    ("/p/{slug}", PageHandler),
    ("/p/{slug}/pages/{number}.png", PageImageHandler),
    ("/p/{slug}/qr.{kind}", QrHandler),
    ("/p/{slug}/start", StartHandler),
    ("/p/{slug}/verify", VerifyHandler),
]

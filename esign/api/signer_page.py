"""What every page and call of the signer's side shares (esign.api.signer, esign.api.identity): the
link opened before a handler runs, the signer-page security headers, the page's language, its
templates and its content-addressed static files."""
from __future__ import annotations

import os
import re

import tornado.escape
import tornado.template
import tornado.web

from esign import i18n
from esign.api.base import BaseHandler, StaticAssets
from esign.api.common import operation
from esign.api.signer_schemas import SignerView
from esign.domain.requests import cc_links
from esign.domain.signer import signing
from esign.pdf import fonts

HERE = os.path.dirname(os.path.dirname(__file__))
STATIC = os.path.join(HERE, "static", "signer")
TEMPLATES = tornado.template.Loader(os.path.join(HERE, "templates", "signer"))
TAG = ["signer (no API key: the link token)"]
ERRORS = (400, 403, 404, 409, 410, 422, 429)


def page_locale(handler, *choices: str | None) -> str:
    """The language of a signer's page: the switcher's `?lang=`, else `choices` (the signer's locale,
    the organisation's default_locale), else Accept-Language, else English (esign.i18n)."""
    return i18n.negotiate(handler.get_query_argument("lang", None), *choices,
                          accept_language=handler.request.headers.get("Accept-Language"))


def isolated(message: str, **values: object) -> str:
    """A translated `message` as HTML (for `{% raw %}`), its {placeholders} filled with `values`, each in a
    <bdi>: a name, an address or a date keeps its own direction in a sentence of the other (issue 39 item 7)."""
    escape = tornado.escape.xhtml_escape
    return escape(message).format(**{key: f"<bdi>{escape(str(value))}</bdi>" for key, value in values.items()})


def render(name: str, locale: str, **values) -> bytes:
    """A signer-side template in `locale`: `_` translates (`ngettext` with a plural), `isolated` fills a message in with isolated
    values, `lang` and `dir` go on <html>."""
    words = i18n.translations(locale)
    return TEMPLATES.load(name).generate(_=words.gettext, ngettext=words.ngettext, lang=locale, dir=i18n.direction(locale),
                                         languages=i18n.language_names(), isolated=isolated, **values)


def csp(frame_ancestors: str, form_action: str = "'none'") -> str:
    """The pages' Content-Security-Policy; the staff console's forms post to `'self'` (esign.api.console)."""
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
            f"font-src 'self'; connect-src 'self'; form-action {form_action}; base-uri 'none'; "
            f"frame-ancestors {frame_ancestors}")


class SignerHandler(BaseHandler):
    """Opens the link in `prepare()`; errors are JSON (the API) unless `html` is set (the page)."""

    html = False
    completed = False  # also opens a signer's own link of a completed request (signing.open_link)
    error_heading = None  # of the html error page, when not the signing page's (translated there)
    session: signing.SignerSession | None = None
    org_locale: str | None = None

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Pragma", "no-cache")
        origin = self.session.embed_origin if self.session else None
        self.set_header("Content-Security-Policy", csp(origin or "'none'"))
        if origin is None:
            self.set_header("X-Frame-Options", "DENY")
        else:
            self.clear_header("X-Frame-Options")

    async def prepare(self):
        super().prepare()
        try:
            self.session = await signing.open_link(self.services, self.path_kwargs["token"], completed=self.completed)
        except signing.LinkError as exc:  # a known link: its error page speaks the signer's language
            await self._read_org_locale(exc.org_id)
            raise
        self.log_fields.update(org_id=self.session.request["org_id"], signing_request_id=self.session.request["id"])
        if self.request.method not in ("GET", "HEAD"):
            cc_links.refuse_action(self.session.signer)  # a cc's link only shows the document
        await self._read_org_locale(self.session.request["org_id"])
        self.set_default_headers()

    async def _read_org_locale(self, org_id: str) -> None:
        """The organisation's `default_locale`, for a page (`html`) of its link."""
        if self.html:
            org = await self.services.store.organizations.authenticated(org_id)
            self.org_locale = (org or {}).get("default_locale")

    def session_locales(self, link_error: signing.LinkError | None = None) -> tuple[str | None, str | None]:
        """The signer's `locale` and the organisation's `default_locale` (read by `page_locale`): of the
        opened link, or of a known link that no longer works (`link_error`)."""
        if self.session is None:
            return (link_error.locale if link_error else None), self.org_locale
        return self.session.signer.get("locale"), self.org_locale

    @property
    def base_path(self) -> str:
        return f"/sign/{self.path_kwargs['token']}"

    async def answer(self, request: dict | None = None, status: int = 200) -> None:
        """The signer's view after an action (or now)."""
        if request is not None:
            self.session = self.session.updated(request)
        view = await signing.view(self.services, self.session, self.base_path, self.actor)
        await self.write_json_of(lambda: view, status)  # 5000 fields: ~20 ms of JSON encoding

    def write_error(self, status_code, **kwargs):
        if not self.html:
            return super().write_error(status_code, **kwargs)
        exc = kwargs.get("exc_info", (None, None, None))[1] or tornado.web.HTTPError(status_code)
        status, body, headers = self.error_for(exc)
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name, value)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        known = exc if isinstance(exc, signing.LinkError) else None
        # a known embedded link that no longer works may still be framed by its origin, and tells it
        embed = known if known and known.embed_origin else None
        if embed:
            self.set_header("Content-Security-Policy", csp(embed.embed_origin))
            self.clear_header("X-Frame-Options")
        # what happened, when the link did not open: each situation has its own heading and sentence
        situation = known.situation if known else "unknown" if self.session is None and status == 404 else None
        locale = page_locale(self, *self.session_locales(known))
        self.finish(render(
            "error.html", locale, status=status, message=body["error"]["message"], code=body["error"]["code"],
            heading=self.error_heading, request_id=self.request_id, embed=embed, situation=situation,
            person=known.name if known else None, static_url=asset_url))


# a page image's name at its content address: `{address}-{width}.webp` (esign.domain.signer.page_images.urls)
ADDRESSED = re.compile(r"([0-9a-f]{24})-([0-9]{1,4})\.(webp)")


def document_order(order: str) -> int:
    """The envelope document a page route names (`/documents/{order}/pages/...`; 1 for `/pages/...`)."""
    if not order.isdigit() or len(order) > 3:
        raise tornado.web.HTTPError(404)
    return int(order)


def signer_op(summary: str, body=None, response=SignerView, description: str = ""):
    return operation(summary, tags=TAG, body=body, responses={200: response}, errors=ERRORS,
                     description=description)


class SignerAssets(StaticAssets):
    """The page's script, style sheet and the handwriting font (served from the machine's fonts).
    Asked for with their version (`asset_url`: `?v=` a hash of the file) they are cached for a year,
    `immutable`: a changed file has another address."""

    def set_extra_headers(self, path):
        if self.get_query_argument("v", None):
            self.set_header("Cache-Control", f"public, max-age={ASSET_MAX_AGE}, immutable")
        else:
            super().set_extra_headers(path)

    @classmethod
    def get_absolute_path(cls, root, path):
        if path == "handwriting.ttf":
            return fonts.path_of(fonts.HANDWRITING) or os.path.join(root, path)
        return super().get_absolute_path(root, path)

    def validate_absolute_path(self, root, absolute_path):
        if absolute_path == fonts.path_of(fonts.HANDWRITING):
            return absolute_path
        return super().validate_absolute_path(root, absolute_path)


ASSET_MAX_AGE = 365 * 24 * 3600


def asset_url(name: str) -> str:
    """The content-addressed URL of one of the page's static files (`static_url` in the templates):
    `/static/signer/<name>?v=<hash of the file>`."""
    return f"/static/signer/{name}?v={SignerAssets.get_version({'static_path': STATIC}, name)[:16]}"

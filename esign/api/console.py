"""The staff console's pages (docs/console.md): sign-in by a link sent by email, the confirm page
that signs in (mail scanners prefetch GETs: only its POST uses the link), the requests list and
sign-out. Server-rendered in the signing page's languages, with the signing page's CSP (forms post to
this origin only) and no script.

The session cookie is `__Host-esign_console` (Secure, HttpOnly, SameSite=Strict, Path=/) when
`[server] public_url` is https; over plain http (development) browsers refuse a `__Host-` cookie, so
it is `esign_console` with the same attributes but Secure. Every form carries a CSRF token: the
session's own once signed in, before that a random one that must match a SameSite=Strict cookie (a
form posted from another site carries no such cookie): a POST without it is 403."""
from __future__ import annotations

import datetime as dt
import hmac
import logging
import os
import urllib.parse
from typing import Any

import tornado.template
import tornado.web

from esign import i18n
from esign.api.access_log import loggable_path
from esign.api.base import BaseHandler
from esign.api.signer_page import asset_url, csp, page_locale
from esign.domain.authoring import sessions
from esign.domain.console import requests as console_requests
from esign.domain.console import sign_in
from esign.errors import ApiError
from esign.schema import EMAIL_RE
from esign.secrets import new_token
from esign.store.signing_requests import MAX_NAME_WORDS, STATUSES, search_words

log = logging.getLogger("esign.api")
HERE = os.path.dirname(os.path.dirname(__file__))
TEMPLATES = tornado.template.Loader(os.path.join(HERE, "templates", "console"))
PAGE_SIZE = 50
MAX_FIELDS = 10  # the console's forms post three at most
FORM_BYTES = 16 * 1024  # a larger body is 413 before it is read
N_ = i18n.N_
# the messages of the error page, translated there
BAD_CSRF = N_("The form's security token is missing or wrong: reload the page and try again.")
TOO_MANY = N_("Too many sign-in links were asked for: try again in a minute.")
BAD_FORM = N_("The form could not be read: reload the page and try again.")
BAD_STATUS = N_("Choose one of the listed statuses.")
BAD_SEARCH = N_("Search for whole words of a signer's name, or their full email address.")
BAD_DATE = N_("Enter dates as year-month-day, such as 2026-11-28.")
BAD_CURSOR = N_("The page link names no signing request of your organisation.")
SESSION_GONE = N_("That session has ended already.")
# what a refusal that is not the console's own (ConsoleError) means, by its `code`: the domain's message
# is English, so the page says this in the page's language and shows the message beside it as detail
ERROR_SENTENCES = {
    "bad_request": N_("The request could not be understood."),
    "forbidden": N_("You are not allowed to do this."),
    "not_found": N_("This was not found, or you may not see it."),
    "method_not_allowed": N_("This page cannot be used that way."),
    "invalid_state": N_("This cannot be done in the current state, which may have changed meanwhile: reload the "
                        "page and check."),
    "validation_error": N_("Some of what was entered is not valid."),
    "rate_limited": N_("Too many attempts: wait a little and try again."),
    "payload_too_large": N_("What was sent is too large."),
    "invalid_pdf": N_("The file is not a PDF that can be used."),
    "active_content": N_("The PDF holds active content, such as scripts, and was refused."),
    "quota_exceeded": N_("Your organisation has used up its quota for now."),
    "plan_restricted": N_("Your organisation's plan does not include this."),
    "record_too_large": N_("This would make the record too large to store."),
    "upstream_unavailable": N_("A service esign depends on is not available: try again later."),
    "internal_error": N_("Something failed on our side: quote the reference below when you report it."),
}
OTHER_ERROR = N_("This could not be done.")
STATUS_NAMES = {"draft": N_("Draft"), "pending": N_("Waiting for signatures"), "completed": N_("Completed"),
                "cancelled": N_("Cancelled"), "expired": N_("Expired")}


class ConsoleError(ApiError):
    """A refusal whose message is the console's own (marked for translation: the error page translates
    it); any other error's message is English (the domain's, as `/v1` answers it): the page shows its
    code's sentence (ERROR_SENTENCES) in the page's language, the English message only as detail."""


class ConsoleHandler(BaseHandler):
    """An HTML page of the console; errors are pages too."""

    member: dict[str, Any] | None = None
    console_session: dict[str, Any] | None = None
    form_fields = MAX_FIELDS  # the most fields its forms post

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Content-Security-Policy", csp("'none'", form_action="'self'"))

    def body_limit(self) -> int:
        return FORM_BYTES

    @property
    def secure(self) -> bool:
        return self.services.config.server.public_url.startswith("https://")

    def cookie_name(self, name: str) -> str:
        return f"__Host-{name}" if self.secure else name

    def set_console_cookie(self, name: str, value: str) -> None:
        self.set_cookie(self.cookie_name(name), value, path="/", httponly=True, secure=self.secure,
                        samesite="Strict")

    def form(self) -> dict[str, str]:
        """The posted form's fields (the first of each name); 400 for what no form of ours posts."""
        try:
            fields = urllib.parse.parse_qs(self.body.decode("utf-8", "replace"), max_num_fields=self.form_fields)
        except ValueError:
            raise ConsoleError(400, "bad_request", BAD_FORM) from None
        return {name: values[0] for name, values in fields.items()}

    def form_token(self) -> str:
        """The CSRF token of a form shown before sign-in (its cookie is set now when missing)."""
        token = self.get_cookie(self.cookie_name("esign_console_form"))
        if not token:
            token = new_token(nbytes=24)
            self.set_console_cookie("esign_console_form", token)
        return token

    def check_csrf(self, form: dict[str, str]) -> None:
        expected = (self.console_session["csrf"] if self.console_session
                    else self.get_cookie(self.cookie_name("esign_console_form")))
        given = form.get("csrf", "")
        if not expected or not hmac.compare_digest(expected.encode(), given.encode()):
            raise ConsoleError(403, "forbidden", BAD_CSRF)

    async def load_session(self) -> bool:
        found = await sign_in.current(self.services, self.get_cookie(self.cookie_name("esign_console")))
        if found is None:
            return False
        self.console_session, self.member = found
        self.log_fields.update(org_id=self.member["org_id"])
        return True

    def locale(self) -> str:
        return page_locale(self)

    def page(self, name: str, status: int = 200, **values: Any) -> None:
        locale = self.locale()
        self.set_status(status)
        self.set_header("Content-Language", locale)
        self.finish(TEMPLATES.load(name).generate(
            _=i18n.translations(locale).gettext, lang=locale, dir=i18n.direction(locale),
            languages=i18n.language_names(), static_url=asset_url, member=self.member,
            csrf=self.console_session["csrf"] if self.console_session else "", **values))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1] or tornado.web.HTTPError(status_code)
        status, body, headers = self.error_for(exc)
        if status >= 500:
            log.error("request %s failed: %s %s", self.request_id, self.request.method,
                      loggable_path(self.request.path), exc_info=kwargs.get("exc_info"))
        for name, value in headers.items():
            self.set_header(name, value)
        own = isinstance(exc, ConsoleError)
        message, code = body["error"]["message"], body["error"]["code"]
        self.page("error.html", status, status_code=status, request_id=self.request_id,
                  message=message if own else ERROR_SENTENCES.get(code, OTHER_ERROR), detail=None if own else message)


class SignInHandler(ConsoleHandler):
    async def get(self) -> None:
        if await self.load_session():  # signed in already
            self.redirect("/console/requests", status=303)
            return
        self.page("sign-in.html", form_csrf=self.form_token(), error=None, options=self.sign_in_options())

    def sign_in_options(self) -> list[dict[str, str]]:
        """Extra ways to sign in that plugins offer (esign.hookspecs.esign_console_sign_in_options)."""
        return [option for options in self.services.pm.hook.esign_console_sign_in_options() for option in options]

    async def post(self) -> None:
        form = self.form()
        self.check_csrf(form)
        address = form.get("email", "").strip()
        if not EMAIL_RE.match(address):
            self.page("sign-in.html", 400, form_csrf=self.form_token(), error=N_("Enter a valid email address."),
                      options=self.sign_in_options())
            return
        wait = await sign_in.request_link(self.services, address, self.request.remote_ip)
        if wait is not None:
            raise ConsoleError(429, "rate_limited", TOO_MANY,
                           headers={"Retry-After": str(int(wait) + 1)})
        self.page("sent.html", minutes=self.services.config.console.link_minutes)


class SignInLinkHandler(ConsoleHandler):
    async def get(self, token: str) -> None:
        if not await sign_in.usable_link(self.services, token):
            self.page("link-gone.html", 410)
            return
        self.page("confirm.html", form_csrf=self.form_token())

    async def post(self, token: str) -> None:
        self.check_csrf(self.form())
        try:
            session_id, _, _ = await sign_in.sign_in(self.services, token)
        except sign_in.SignInRefused:
            self.page("link-gone.html", 410)
            return
        self.set_console_cookie("esign_console", session_id)
        self.redirect("/console/requests", status=303)


class HomeHandler(ConsoleHandler):
    def get(self) -> None:
        self.redirect("/console/requests", status=303)


class RequestsHandler(ConsoleHandler):
    async def get(self) -> None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return
        member = self.member
        status = self.get_query_argument("status", "") or None
        if status is not None and status not in STATUSES:
            raise ConsoleError(400, "validation_error", BAD_STATUS)
        search = self.get_query_argument("q", "").strip()
        terms = [search.lower()] if EMAIL_RE.match(search) else search_words(search)[:MAX_NAME_WORDS]
        if search and not terms:
            raise ConsoleError(400, "validation_error", BAD_SEARCH)
        created_after, created_before = self.created_range()
        store = self.services.store.signing_requests
        after = None
        cursor = self.get_query_argument("after", "")
        if cursor:
            after = await store.cursor_at(member["org_id"], cursor)
            if after is None:
                raise ConsoleError(400, "validation_error", BAD_CURSOR)
        page = await store.list(member["org_id"], status=status, terms=terms, limit=PAGE_SIZE,
                                created_after=created_after, created_before=created_before,
                                after=after, owner_email=member["email"] if member["role"] == "sender" else None)
        locale = self.locale()
        rows = [{"id": r["id"], "name": r.get("document_name") or "", "status": r["status"],
                 "signers": ", ".join(s["name"] for s in r.get("signers", [])),
                 "created": i18n.datetime_text(r["created_at"], locale, seconds=False)} for r in page.items]
        dates = {"from": self.get_query_argument("from", ""), "to": self.get_query_argument("to", "")}
        more = {"status": status or "", "q": search, **dates, "after": rows[-1]["id"]} if page.has_more else None
        self.page("requests.html", rows=rows, chosen=status or "", search=search, statuses=STATUS_NAMES, dates=dates,
                  next_query=urllib.parse.urlencode(more) if more else "")


    def created_range(self) -> tuple[dt.datetime | None, dt.datetime | None]:
        """The `from` and `to` days (YYYY-MM-DD, UTC, both included) as the store's exclusive bounds."""
        bounds: list[dt.datetime | None] = []
        for name, shift in (("from", -dt.timedelta(milliseconds=1)), ("to", dt.timedelta(days=1))):
            text = self.get_query_argument(name, "").strip()
            try:
                bounds.append(dt.datetime.combine(dt.date.fromisoformat(text), dt.time.min) + shift if text else None)
            except (ValueError, OverflowError):  # not a date; the first or last day there is
                raise ConsoleError(400, "validation_error", BAD_DATE) from None
        return bounds[0], bounds[1]


class SignOutHandler(ConsoleHandler):
    async def post(self) -> None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return
        form = self.form()
        self.check_csrf(form)
        await sign_in.sign_out(self.services, self.get_cookie(self.cookie_name("esign_console")) or "",
                               form.get("everywhere") == "1", self.member or {})
        self.clear_cookie(self.cookie_name("esign_console"), path="/")
        self.redirect("/console/sign-in", status=303)


class SessionsHandler(ConsoleHandler):
    """The member's own sessions (where they are signed in), each with a button that ends it."""

    async def get(self) -> None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return
        locale = self.locale()
        rows = [{"id": s["id"], "current": s["id"] == (self.console_session or {}).get("id"),
                 "created": i18n.datetime_text(s["created_at"], locale, seconds=False),
                 "active": i18n.datetime_text(s["last_active"], locale, seconds=False)}
                for s in await sign_in.sessions(self.services, self.member or {})]
        self.page("sessions.html", rows=rows, done=self.get_query_argument("done", "") == "ended")

    async def post(self) -> None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return
        form = self.form()
        self.check_csrf(form)
        if not await sign_in.end_session(self.services, self.member or {}, form.get("session", "")):
            raise ConsoleError(404, "not_found", SESSION_GONE)
        if form.get("session") == (self.console_session or {}).get("id"):  # this browser's own
            self.clear_cookie(self.cookie_name("esign_console"), path="/")
            self.redirect("/console/sign-in", status=303)
            return
        self.redirect("/console/sessions?done=ended", status=303)


ROUTES = [
    ("/console", HomeHandler),
    ("/console/sign-in", SignInHandler),
    ("/console/sign-in/{token}", SignInLinkHandler),
    ("/console/requests", RequestsHandler),
    ("/console/sign-out", SignOutHandler),
    ("/console/sessions", SessionsHandler),
]


async def open_editor(handler: ConsoleHandler, sandbox: bool, subject_id: str, action: str, what: str,
                      request_id: str | None = None, template_id: str | None = None) -> None:
    """Open a draft (`request_id`) or a template (`template_id`) in the editor for the signed-in member:
    an authoring session with the default capabilities, the member acting, recorded as `action`; then
    there. (The rooms `authoring` and `console` are independent, so the HTTP layer joins them.)"""
    member = handler.member or {}
    org = await handler.services.store.organizations.by_id(member["org_id"])
    body = {**console_requests.editor_session(member, request_id, template_id),
            "capabilities": dict(sessions.CAPABILITY_DEFAULTS)}
    session, url = await sessions.create(handler.services, org or {}, console_requests.owner(member), sandbox, body,
                                         member=console_requests.actor(member))
    console_requests.done(handler.services, member, action, subject_id, f"authoring session {session['id']}", what=what)
    handler.redirect(url, status=303)

"""The console's templates (docs/console.md): the organisation's templates, 50 a page, and "use": a form
mapping each role to a person (name, email), with a value for each of the template's placeholders,
that sends a request from the template through the domain function `POST /v1/templates/{id}/send`
uses, the member its owner and sender; and "open in the editor": a template authoring session for the
member (docs/authoring.md), as a draft is opened from its page."""
from __future__ import annotations

import urllib.parse
from typing import Any

import marshmallow

from esign import i18n
from esign.api.console import BAD_CURSOR, FORM_BYTES, ConsoleError, ConsoleHandler, open_editor
from esign.api.signing_request_schemas import SignerBase
from esign.domain.authoring.sessions import MAX_ROLES
from esign.domain.console import requests as console_requests
from esign.domain.templating import templates as templates_domain

N_ = i18n.N_
PAGE_SIZE = 50
BAD_PEOPLE = N_("Enter a name and a valid email address for every role.")
BAD_VALUE = N_("A value can be at most 1000 characters long.")
MAX_VARIABLES = 100  # the template send's `variables`: at most 100, each at most 1000 characters
MAX_VALUE = 1000


class TemplatesPage(ConsoleHandler):
    async def get(self) -> None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return
        org_id = (self.member or {})["org_id"]
        repo = self.services.store.templates
        after = None
        cursor = self.get_query_argument("after", "")
        if cursor:
            after = await repo.cursor_at(org_id, cursor)
            if after is None:
                raise ConsoleError(400, "validation_error", BAD_CURSOR)
        page = await repo.list(org_id, PAGE_SIZE, 0, after)
        rows = [{"id": listed["id"], "name": listed["name"], "roles": ", ".join(r["name"] for r in listed["roles"]),
                 "usable": not listed.get("sandbox")} for listed in page.items]
        more = urllib.parse.urlencode({"after": rows[-1]["id"]}) if page.has_more else ""
        self.page("templates.html", rows=rows, next_query=more)


class UseTemplatePage(ConsoleHandler):
    form_fields = 2 * MAX_ROLES + MAX_VARIABLES + 1  # a name and an email a role, the values, the CSRF token

    def body_limit(self) -> int:
        return FORM_BYTES + MAX_VARIABLES * MAX_VALUE * 4  # UTF-8, URL-encoded: room for every value in full

    async def template(self, template_id: str) -> dict[str, Any] | None:
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return None
        template: dict[str, Any] = await templates_domain.get(self.services, (self.member or {})["org_id"],
                                                              self.path_id(template_id, "template"))
        return template

    async def get(self, template_id: str) -> None:
        template = await self.template(template_id)
        if template is not None:
            self.page("use-template.html", template=template, keys=console_requests.placeholders(template))

    async def post(self, template_id: str) -> None:
        template = await self.template(template_id)
        if template is None:
            return
        form = self.form()
        self.check_csrf(form)
        people = []
        for i, role in enumerate(template["roles"]):
            try:
                person = SignerBase(only=("name", "email")).load({"name": form.get(f"name-{i}", ""),
                                                                  "email": form.get(f"email-{i}", "")})
            except marshmallow.ValidationError:
                raise ConsoleError(400, "validation_error", BAD_PEOPLE) from None
            people.append({"role": role["name"], **person})
        variables = {key: form.get(f"var-{i}", "") for i, key in enumerate(console_requests.placeholders(template))}
        if any(len(value) > MAX_VALUE for value in variables.values()):
            raise ConsoleError(400, "validation_error", BAD_VALUE)
        request = await console_requests.send_template(self.services, self.member or {}, template, people, variables)
        self.redirect(f"/console/requests/{request['id']}?done=sent", status=303)


class EditTemplateHandler(UseTemplatePage):
    """POST: the template opened in the editor (a template session, the member acting), then there."""

    async def post(self, template_id: str) -> None:
        template = await self.template(template_id)
        if template is None:
            return
        self.check_csrf(self.form())
        await open_editor(self, bool(template.get("sandbox")), template["id"], "template_editor_opened", "template",
                          template_id=template["id"])


ROUTES = [
    ("/console/templates", TemplatesPage),
    ("/console/templates/{template_id}", UseTemplatePage),
    ("/console/templates/{template_id}/edit", EditTemplateHandler),
]

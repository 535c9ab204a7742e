"""The console's page of one signing request (docs/console.md): its participants, its timeline and the
actions a member takes on it, each a POST form with the session's CSRF token, done by
esign.domain.console.requests through the domain functions `/v1` uses (the member recorded as actor)."""
from __future__ import annotations

from typing import Any

import marshmallow

from esign import i18n
from esign.api.console import STATUS_NAMES, ConsoleError, ConsoleHandler, open_editor
from esign.api.signing_request_schemas import SignerBase
from esign.domain.console import requests as console_requests
from esign.domain.requests import envelope
from esign.pdf.certificate_words import EMAIL_LABELS, EMAIL_SENT, LABELS

N_ = i18n.N_
BAD_PERSON = N_("Enter the new signer's name, a valid email address and, if you give one, a phone number in "
                "international form.")
BAD_REASON = N_("A reason can be at most 500 characters long.")
BAD_FILE = N_("Choose one of the listed files.")
DONE = {"reminded": N_("The signers whose turn it is were reminded."),
        "cancelled": N_("The signing request was cancelled."),
        "sent": N_("The signing request was sent."),
        "replaced": N_("The signer was replaced; if they had been invited, the new person is invited now.")}
SIGNER_STATES = {"pending": N_("Not invited yet"), "sent": N_("Invited"), "viewed": N_("Viewed"),
                 "signed": N_("Signed"), "declined": N_("Declined"), "delegated": N_("Delegated"),
                 "withdrawn": N_("Withdrawn"), "approved": N_("Approved"), "rejected": N_("Rejected"),  # roles: docs/roles.md
                 "acknowledged": N_("Reviewed and acknowledged"), "prepared": N_("Fields filled in"),
                 "notified": N_("Notified")}
OTHER_EVENT = N_("Other event")
FILES = ("signed", "combined", "certificate")


def event_label(event: dict[str, Any]) -> str:
    """What an event reads as, in the certificate's words (translated by the page)."""
    if event["event_type"] == "signing_event.email_sent":
        return EMAIL_LABELS.get((event.get("metadata") or {}).get("template"), EMAIL_SENT)
    return LABELS.get(event["event_type"], OTHER_EVENT)


class RequestPage(ConsoleHandler):
    """A signed-in member's page of one of their requests; other requests are 404."""

    async def request_of(self, request_id: str) -> dict[str, Any] | None:
        """The request (404 unless the member may reach it); None (and the way to sign-in) when signed out."""
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return None
        return await console_requests.load(self.services, self.member or {},
                                           self.path_id(request_id, "signing request"))

    async def acted_on(self, request_id: str) -> dict[str, Any] | None:
        """The request a POST acts on, once the form's CSRF token is right (403 otherwise)."""
        if not await self.load_session():
            self.redirect("/console/sign-in", status=303)
            return None
        self.check_csrf(self.form())
        return await console_requests.load(self.services, self.member or {},
                                           self.path_id(request_id, "signing request"))

    def back(self, request: dict[str, Any], done: str) -> None:
        self.redirect(f"/console/requests/{request['id']}?done={done}", status=303)


class DetailHandler(RequestPage):
    async def get(self, request_id: str) -> None:
        request = await self.request_of(request_id)
        if request is None:
            return
        locale = self.locale()
        events = [{"when": i18n.datetime_text(e["created_at"], locale), "label": event_label(e),
                   "who": e.get("signer_email") or ((e.get("metadata") or {}).get("by") or {}).get("name") or ""}
                  for e in await console_requests.timeline(self.services, request)]
        done = DONE.get(self.get_query_argument("done", ""))
        self.page("request.html", request=request, events=events, documents=envelope.of(request), done=done,
                  statuses=STATUS_NAMES, signer_states=SIGNER_STATES,
                  created=i18n.datetime_text(request["created_at"], locale, seconds=False),
                  expires=i18n.datetime_text(request["expires_at"], locale, seconds=False))


class RemindHandler(RequestPage):
    async def post(self, request_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is not None:
            await console_requests.remind(self.services, self.member or {}, request)
            self.back(request, "reminded")


class CancelHandler(RequestPage):
    async def post(self, request_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is None:
            return
        reason = self.form().get("reason", "").strip()
        if len(reason) > 500:
            raise ConsoleError(400, "validation_error", BAD_REASON)
        await console_requests.cancel(self.services, self.member or {}, request, reason)
        self.back(request, "cancelled")


class ReplaceHandler(RequestPage):
    async def post(self, request_id: str, signer_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is None:
            return
        form = self.form()
        try:
            person = SignerBase(only=("name", "email", "phone")).load(
                {"name": form.get("name", ""), "email": form.get("email", ""), "phone": form.get("phone") or None})
        except marshmallow.ValidationError:
            raise ConsoleError(400, "validation_error", BAD_PERSON) from None
        await console_requests.replace_signer(self.services, self.member or {}, request,
                                              self.path_id(signer_id, "signer"), person)
        self.back(request, "replaced")


class LinkHandler(RequestPage):
    async def post(self, request_id: str, signer_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is None:
            return
        signer_id = self.path_id(signer_id, "signer")
        url = await console_requests.fresh_link(self.services, self.member or {}, request, signer_id)
        signer = next(s for s in request["signers"] if s["id"] == signer_id)
        self.set_header("Cache-Control", "no-store")
        self.page("link.html", request=request, signer=signer, url=url)


class DownloadHandler(RequestPage):
    async def post(self, request_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is None:
            return
        form = self.form()
        which, document_id = form.get("file", ""), form.get("document") or None
        if which not in FILES:
            raise ConsoleError(400, "validation_error", BAD_FILE)
        if document_id is not None:
            document_id = self.path_id(document_id, "document of this signing request")
        url = await console_requests.download(self.services, self.member or {}, request, which, document_id)
        if url.startswith(self.services.config.server.public_url + "/"):
            self.redirect(url, status=303)
            return
        # a storage provider's own link, on another origin: the page's CSP (form-action 'self') would stop
        # a form's redirect there, so the member follows it
        self.set_header("Cache-Control", "no-store")
        self.page("download.html", request=request, url=url)


class EditHandler(RequestPage):
    async def post(self, request_id: str) -> None:
        request = await self.acted_on(request_id)
        if request is None:
            return
        await open_editor(self, bool(request.get("sandbox")), request["id"], "editor_opened", "signing request",
                          request_id=request["id"])


ROUTES = [
    ("/console/requests/{request_id}", DetailHandler),
    ("/console/requests/{request_id}/remind", RemindHandler),
    ("/console/requests/{request_id}/cancel", CancelHandler),
    ("/console/requests/{request_id}/download", DownloadHandler),
    ("/console/requests/{request_id}/edit", EditHandler),
    ("/console/requests/{request_id}/signers/{signer_id}/replace", ReplaceHandler),
    ("/console/requests/{request_id}/signers/{signer_id}/link", LinkHandler),
]

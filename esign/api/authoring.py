"""Authoring sessions (docs/authoring.md): `/v1/authoring-sessions` for the API client, and the editor's
own API under `/author/api/...`, authenticated by the secret the page got for the URL's token
(`Authorization: Bearer <secret>`). Thin: the rules and every capability check live in
esign.domain.authoring.sessions."""
from __future__ import annotations

import json
import os

import tornado.web

from esign import i18n
from esign.api.authoring_schemas import (
    AnchorsBody,
    AuthoringSession,
    AuthoringSessionCreate,
    EditorFieldsBody,
    EditorView,
    OpenBody,
    Opened,
    SavedTemplate,
    TemplateBody,
    TextTags,
)
from esign.api.base import MB, APIHandler, BaseHandler
from esign.api.common import operation
from esign.api.draft_schemas import SigningRequestUpdate
from esign.api.idempotency import idempotent
from esign.api.signer_page import ADDRESSED, STATIC, asset_url, csp, document_order, page_locale, render
from esign.api.signing_request_schemas import FieldRead, SigningRequest
from esign.api.template_schemas import Template as TemplateRead
from esign.api.template_schemas import TemplateUpdate
from esign.api.uploads import SpooledUpload
from esign.domain.authoring import detection, edits, template_edits
from esign.domain.authoring import sessions as domain
from esign.domain.requests import signing_requests as requests_domain
from esign.domain.signer import page_images
from esign.errors import ApiError
from esign.pdf.render import FORMATS, WIDTHS

TAG = ["authoring sessions"]
SCRIPT = os.path.join(STATIC, "author.js")
SEALED_URL = "_sealed_url"  # the key under which an idempotency record keeps the encrypted URL


class AuthoringSessionsHandler(APIHandler):
    sandbox_writes = True  # a sandbox key's session edits a sandbox draft (lifecycle.check_changeable)

    @operation("Create an authoring session", tags=TAG, body=AuthoringSessionCreate, idempotent=True,
               responses={201: AuthoringSession}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="A URL of the editor for one draft (mode `request`: `request_id`, a draft of the "
                           "organisation, 409 otherwise; or `document_ids`, of which a draft is made at once with "
                           "`defaults`) or one template (mode `template`: `template_id`). `allowed_origin` must be "
                           "a registered embed origin (403 origin_not_allowed). The URL must be opened within "
                           "`open_within_seconds`; the editor then works while used (30 minutes idle at most) "
                           "and 8 hours at most. `capabilities` bound what the editor may do, on the server "
                           "(docs/authoring.md lists the defaults).")
    @idempotent
    async def post(self):
        body = await self.json_body(AuthoringSessionCreate())
        session, url = await domain.create(self.services, self.org, self.api_key, self.sandbox, body)
        answer = AuthoringSession().dump({**domain.view(session), "url": url})
        self.write_json(answer, 201)
        # what an Idempotency-Key stores to replay: the URL (its token) encrypted, never in clear
        self._json_out = {**answer, "url": None, SEALED_URL: self.services.secrets.encrypt(url)}

    def finish(self, chunk=None):
        """A replayed answer (Idempotency-Key) gets its URL back from the stored ciphertext."""
        if self._headers.get("Idempotent-Replayed") == "true" and isinstance(chunk, str) and SEALED_URL in chunk:
            stored = json.loads(chunk)
            if isinstance(stored, dict) and SEALED_URL in stored:
                sealed = stored.pop(SEALED_URL)
                chunk = json.dumps({**stored, "url": self.services.secrets.decrypt(sealed)})
        return super().finish(chunk)


class AuthoringSessionHandler(APIHandler):
    sandbox_writes = True

    async def load(self, session_id: str) -> dict:
        return await domain.get(self.services, self.org_id, self.path_id(session_id, "authoring session"))

    @operation("Get an authoring session", tags=TAG, responses={200: AuthoringSession}, errors=(401, 403, 404, 429),
               description="Its state (`created`, `open`, `saved`, `sent`, `expired`, `revoked`), its draft or "
                           "template and its capabilities.")
    async def get(self, session_id):
        session = await domain.settle(self.services, await self.load(session_id))
        self.write_json(AuthoringSession().dump(domain.view(session)))

    @operation("Revoke an authoring session", tags=TAG, responses={200: AuthoringSession},
               errors=(401, 403, 404, 409, 429),
               description="The URL and the editor's secret stop working at once (the editor's next call is "
                           "410 `session_revoked`). The draft stays. A sent or expired session is 409; revoking "
                           "again changes nothing.")
    async def delete(self, session_id):
        session = await self.load(session_id)
        if self.sandbox and not session["sandbox"]:
            raise ApiError(403, "forbidden", "a sandbox key changes only sandbox records; use a live key")
        self.write_json(AuthoringSession().dump(domain.view(await domain.revoke(self.services, session))))


class EditorBase(BaseHandler):
    """The editor page's calls: no API key, no cookie; the secret in `Authorization: Bearer`."""

    session: dict | None = None

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")

    async def prepare(self):
        super().prepare()
        scheme, _, secret = self.request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not secret.strip():
            raise ApiError(401, "unauthorized", "send the editor's secret as Authorization: Bearer <secret>")
        self.session = await domain.authenticate(self.services, secret.strip())
        self.log_fields["org_id"] = self.session["org_id"]

    async def draft(self, request_id: str) -> dict:
        return await edits.draft_of(self.services, self.session, self.path_id(request_id, "signing request"))

    async def template(self, template_id: str) -> dict:
        return await template_edits.template_of(self.services, self.session, self.path_id(template_id, "template"))

    def write_request(self, request: dict, status: int = 200) -> None:
        self.write_json(SigningRequest().dump(requests_domain.full_view(self.services, request)), status)


class OpenHandler(BaseHandler):
    """`POST /author/api/open`: the URL's token for a new secret (retiring an earlier tab's)."""

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")

    async def post(self):
        body = await self.json_body(OpenBody())
        session, secret = await domain.open_session(self.services, body["token"])
        self.log_fields["org_id"] = session["org_id"]
        self.write_json(Opened().dump({"secret": secret, "session": domain.view(session)}), 201)


class EditorSessionHandler(EditorBase):
    async def get(self):
        view = {"session": domain.view(self.session), "request": None, "template": None, "fields": [], "documents": [],
                "anchored": None}
        if self.session["request_id"]:
            request = await self.draft(self.session["request_id"])
            view.update(request=requests_domain.full_view(self.services, request),
                        fields=requests_domain.field_views(request),
                        documents=await edits.documents(self.services, request, edits.image_base(request)))
        else:
            template = await self.template(self.session["template_id"])
            view.update(template=template, documents=await edits.documents(
                self.services, await template_edits.stand_in(self.services, template), template_edits.base(template)),
                        anchored=await detection.template_anchored(self.services, template))
        await self.write_json_of(lambda: EditorView().dump(view))


class EditorDraftHandler(EditorBase):
    async def patch(self, request_id):
        request = await self.draft(request_id)
        changes = await self.json_body(SigningRequestUpdate())
        self.write_request(await edits.edit_draft(self.services, self.session, request, changes))


class EditorFieldsHandler(EditorBase):
    async def post(self, request_id):
        request = await self.draft(request_id)
        body = await self.json_body(EditorFieldsBody())
        request = await edits.replace_fields(self.services, self.session, request, body["fields"])
        await self.write_json_of(lambda: FieldRead(many=True).dump(requests_domain.field_views(request)), 201)


class EditorTextTagsHandler(EditorBase):
    async def get(self, request_id):
        request = await self.draft(request_id)
        found = await detection.text_tags(self.services, request)
        await self.write_json_of(lambda: TextTags().dump(found))


class EditorTemplateTextTagsHandler(EditorBase):
    async def get(self, template_id):
        found = await detection.template_text_tags(self.services, await self.template(template_id))
        await self.write_json_of(lambda: TextTags().dump(found))


class EditorAnchorsHandler(EditorBase):
    """"Find text": fields proposed where /v1 would place them at `anchor` texts (docs/placement.md)."""

    async def post(self, request_id):
        request = await self.draft(request_id)
        body = await self.json_body(AnchorsBody())
        found = await detection.request_anchors(self.services, request, body["fields"])
        await self.write_json_of(lambda: TextTags().dump(found))


class EditorTemplateAnchorsHandler(EditorBase):
    async def post(self, template_id):
        template = await self.template(template_id)
        body = await self.json_body(AnchorsBody())
        found = await detection.template_anchors(self.services, template, body["fields"])
        await self.write_json_of(lambda: TextTags().dump(found))


class EditorSendHandler(EditorBase):
    async def post(self, request_id):
        request = await self.draft(request_id)
        self.write_request(await edits.send(self.services, self.session, request))


class EditorTemplateHandler(EditorBase):
    async def post(self, request_id):
        request = await self.draft(request_id)
        body = await self.json_body(TemplateBody())
        template = await edits.save_as_template(self.services, self.session, request, body["name"])
        self.write_json(SavedTemplate().dump(template), 201)


class EditorUploadHandler(SpooledUpload, EditorBase):
    """A PDF added to the draft: multipart with one part `file`, as `POST /v1/documents/upload` takes it."""

    def upload_limit(self) -> int:
        return self.services.config.limits.max_upload_mb * MB

    async def prepare(self):
        await super().prepare()
        await self.check_upload(self.path_kwargs["record_id"])

    async def check_upload(self, record_id: str) -> None:
        edits.check_upload(self.services, self.session, await self.draft(record_id))

    def upload_name(self) -> str | None:
        self._spooled()
        return self.fields["name"].data.decode("utf-8", "replace") if "name" in self.fields else self.filename

    async def post(self, record_id):
        request = await self.draft(record_id)
        name = self.upload_name()
        request = await edits.add_document(self.services, self.session, request, self.tmp_path, self.file_size, name)
        self.write_request(request, 201)


class EditorTemplateUploadHandler(EditorUploadHandler):
    """A PDF added to the template (as its last document), taken as the draft's is."""

    async def check_upload(self, record_id: str) -> None:
        template = await self.template(record_id)
        edits.check_upload(self.services, self.session, await template_edits.stand_in(self.services, template))

    async def post(self, record_id):
        template = await self.template(record_id)
        name = self.upload_name()
        template = await template_edits.add_document(self.services, self.session, template, self.tmp_path,
                                                     self.file_size, name)
        await self.write_json_of(lambda: TemplateRead().dump(template), 201)


class EditorPageImageHandler(EditorBase):
    """A page of the draft's document `order` as the signing page draws it (its renderer, WebP, at a content
    address: `image_url` / `image_srcset` of `GET /author/api/session`), read with the secret. An address that
    is no longer the page's redirects to the current one; the browser keeps an image for the session's life."""

    async def pages_of(self, record_id: str) -> tuple[dict, str]:
        """What the pages are drawn of (the draft), and where its images lie."""
        request = await self.draft(record_id)
        return request, edits.image_base(request)

    async def get(self, record_id, number, image, order="1"):
        m = ADDRESSED.fullmatch(image)
        if not number.isdigit() or m is None or int(m.group(2)) not in WIDTHS:
            raise tornado.web.HTTPError(404)
        address, width, fmt = m.group(1), int(m.group(2)), m.group(3)
        (request, base), n = await self.pages_of(record_id), document_order(order)
        current = await page_images.current_address(self.services, request, int(number), order=n)
        if current != address:
            self.redirect(f"{page_images.page_path(base, n, int(number))}/{current}-{width}.{fmt}")
            return
        data = await page_images.image(self.services, request, int(number), width, fmt, order=n)
        self.set_header("Content-Type", FORMATS[fmt])
        self.set_header("Cache-Control", f"private, max-age={int(domain.ABSOLUTE.total_seconds())}, immutable")
        self.finish(data)


class EditorTemplatePageImageHandler(EditorPageImageHandler):
    """A page of the template's document `order`: the document's own image (a template has no values)."""

    async def pages_of(self, record_id: str) -> tuple[dict, str]:
        template = await self.template(record_id)
        return await template_edits.stand_in(self.services, template), template_edits.base(template)


class EditorTemplateEditHandler(EditorBase):
    async def patch(self, template_id):
        template = await self.template(template_id)
        changes = await self.json_body(TemplateUpdate())
        template = await template_edits.edit(self.services, self.session, template, changes)
        await self.write_json_of(lambda: TemplateRead().dump(template))


class AuthorPageHandler(BaseHandler):
    """`/author/{token}`: the editor page, server-rendered with the signing page's templates, styles and CSP,
    framed only by the session's `allowed_origin`. Its script swaps the token for the secret and shows the
    draft's pages with its fields for the person to place, change and send (docs/authoring.md). A URL that no
    longer works answers a small page that still tells the framing origin (`esign.authoring.expired` or
    `esign.authoring.error`): never a blank frame."""

    origin: str | None = None

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Content-Security-Policy", csp(self.origin or "'none'"))
        if self.origin is None:
            self.set_header("X-Frame-Options", "DENY")
        else:
            self.clear_header("X-Frame-Options")

    async def get(self, token):
        session, state = await domain.for_page(self.services, token)
        session = session or {}
        self.origin = session.get("allowed_origin")
        self.set_default_headers()
        if session:
            self.log_fields["org_id"] = session["org_id"]
        locale = page_locale(self, session.get("locale"))
        self.set_header("Content-Language", locale)
        if state != "ready":
            self.set_status(404 if not session else 410)
        messages = i18n.script_catalog(locale, i18n.script_messages(SCRIPT))
        self.finish(render("author.html", locale, state=state, origin=self.origin or "", messages=messages,
                           request_id=session.get("request_id") or "",
                           template_id=session.get("template_id") or "", external_id=session.get("external_id") or "",
                           static_url=asset_url))


ROUTES = [
    ("/v1/authoring-sessions", AuthoringSessionsHandler),
    ("/v1/authoring-sessions/{session_id}", AuthoringSessionHandler),
    ("/author/api/open", OpenHandler),
    ("/author/api/session", EditorSessionHandler),
    ("/author/api/requests/{request_id}", EditorDraftHandler),
    ("/author/api/requests/{request_id}/fields", EditorFieldsHandler),
    ("/author/api/requests/{request_id}/send", EditorSendHandler),
    ("/author/api/requests/{request_id}/text-tags", EditorTextTagsHandler),
    ("/author/api/requests/{record_id}/documents", EditorUploadHandler),
    ("/author/api/requests/{request_id}/anchors", EditorAnchorsHandler),
    ("/author/api/requests/{request_id}/template", EditorTemplateHandler),
    ("/author/api/requests/{record_id}/pages/{number}/{image}", EditorPageImageHandler),
    ("/author/api/requests/{record_id}/documents/{order}/pages/{number}/{image}", EditorPageImageHandler),
    ("/author/api/templates/{template_id}", EditorTemplateEditHandler),
    ("/author/api/templates/{template_id}/text-tags", EditorTemplateTextTagsHandler),
    ("/author/api/templates/{template_id}/anchors", EditorTemplateAnchorsHandler),
    ("/author/api/templates/{record_id}/documents", EditorTemplateUploadHandler),
    ("/author/api/templates/{record_id}/pages/{number}/{image}", EditorTemplatePageImageHandler),
    ("/author/api/templates/{record_id}/documents/{order}/pages/{number}/{image}", EditorTemplatePageImageHandler),
    ("/author/{token}", AuthorPageHandler),
]

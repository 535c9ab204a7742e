"""Signing requests: create, list, get, edit and delete a draft, send, cancel, remind, reactivate, fields,
events, embedded URLs, a signer's fresh link and download."""
from __future__ import annotations

from esign.api.common import operation
from esign.api.draft_schemas import FieldUpdate, SigningRequestUpdate, SigningUrl, SigningUrlBody
from esign.api.idempotency import idempotent
from esign.api.pdf_download import content_disposition
from esign.api.request_handler import RequestHandler
from esign.api.signing_request_schemas import (
    ANCHOR_TEXT,
    CancelBody,
    CancelResponse,
    DownloadQuery,
    DownloadResponse,
    EmbeddedUrlBody,
    EmbeddedUrlResponse,
    FieldCreate,
    FieldRead,
    FieldsBody,
    ListQuery,
    ReactivateBody,
    RemindResponse,
    RequestEvent,
    SignerBase,
    SigningRequest,
    SigningRequestCreate,
    SigningRequestPage,
)
from esign.domain.evidence import attachments
from esign.domain.requests import downloads, drafts, fresh_links, lifecycle, tags
from esign.domain.requests import signing_requests as domain
from esign.domain.retention import holds
from esign.domain.signer import routing, signing
from esign.errors import ApiError
from esign.schema import (
    cursor_record,
)


class SigningRequestsHandler(RequestHandler):
    @operation("List signing requests", tags=["signing requests"], query=ListQuery, responses={200: SigningRequestPage},
               description="Newest first by default. `signer_email` matches a signer's email exactly (case-insensitive). "
                           "Extension: `external_id` and `metadata[key]=value` match the request's own (exact); "
                           "at most one of `signer_email`, `external_id` and `metadata` (422 otherwise).")
    async def get(self):
        q = self.query(ListQuery())
        repo = self.services.store.signing_requests
        page = await repo.list(
            self.org_id, status=q.get("status"), created_after=q.get("created_after"),
            created_before=q.get("created_before"), signer_email=q.get("signer_email"),
            external_id=q.get("external_id"), metadata_terms=tags.filter_terms(q), sort=q["sort"],
            order=q["order"], limit=q["limit"], offset=q["offset"], after=await cursor_record(repo, self.org_id, q))
        self.write_json(SigningRequestPage().dump({**page._asdict(), "items": [domain.summary_view(r) for r in page.items]}))

    @operation("Create a signing request", tags=["signing requests"], body=SigningRequestCreate, idempotent=True,
               responses={201: SigningRequest},
               description="Creates a draft (`auto_send` false) or creates and sends it. Extension: `fields` "
                           "places the signature fields in the same call (the rules of `POST .../fields`, each "
                           "field naming its signer by `signer_email`; an email that is not one of `signers` is "
                           "422 with detail `fields.<i>.signer_email`). Unknown document_id: 422. "
                           "Non-sandbox requests count toward the monthly quota (403 quota_exceeded). "
                           "`signing_level` qes without a QES provider: 403 plan_restricted. With `auto_send` "
                           "the answer carries `warnings` as the send's does. A sequential request in which "
                           "no signer gives `order` takes the list order.")
    @idempotent
    async def post(self):
        body, problems = await self.checked_body(SigningRequestCreate())
        request = await domain.create(self.services, self.org, self.api_key, self.sandbox, body, problems)
        self.write_request(request, 201, sent=request["status"] != "draft")


class SigningRequestHandler(RequestHandler):
    @operation("Get a signing request with its signers", tags=["signing requests"], responses={200: SigningRequest},
               description="The request as it stands: its status, documents, signers and their progress; "
                           "extension: the legal holds that cover it, and once purged its tombstone "
                           "(docs/retention.md).")
    async def get(self, request_id):
        request = await self.load(request_id)
        held = await holds.shown(self.services, self.org, request)
        self.write_request({**request, "legal_holds": held} if held else request)

    @operation("Edit a draft", tags=["signing requests"], body=SigningRequestUpdate, responses={200: SigningRequest},
               errors=(400, 401, 403, 404, 409, 422, 429),
               description="Draft only (409 invalid_state otherwise, also when a send wins the race). Any of "
                           "`message`, `email_subject`, `signing_order`, `expires_in_days` (from now), "
                           "`reminder_days`, `cc_emails`, `metadata`, `external_id`, `redirect_url`, with the create "
                           "body's rules; a key left out is unchanged. `signers` is the whole new list: an entry with "
                           "an existing signer's `id` keeps and changes that signer (and their fields, and their "
                           "`metadata`, `external_id`, `redirect_url` as the entry gives them), one without `id` adds a signer, a "
                           "signer left out is removed with their fields. An empty body is 422.")
    async def patch(self, request_id):
        changes, problems = await self.checked_body(SigningRequestUpdate())
        self.write_request(await drafts.update(self.services, await self.load_for_change(request_id), changes,
                                               problems))

    @operation("Delete a draft", tags=["signing requests"], responses={204: None},
               errors=(401, 403, 404, 409, 429),
               description="Draft only: 409 invalid_state once sent (pending, completed, cancelled, expired: "
                           "cancel a pending request instead). The request and its fields go; its documents "
                           "stay (they are the organisation's); its audit events stay, the last one "
                           "`signing_event.deleted`, and `GET .../events` answers 404 like the request. "
                           "Deleting it again is 404. The monthly count it took at creation stays.")
    async def delete(self, request_id):
        request = await self.load_for_change(request_id)
        await drafts.delete(self.services, request, by=lifecycle.api_actor(self.api_key))
        self.set_status(204)


class RequestEventsHandler(RequestHandler):
    @operation("Audit events of a signing request, newest first", tags=["signing requests"],
               responses={200: RequestEvent(many=True)},
               description="Every event of the request's audit trail (the hash chain sealed into the signed PDF's "
                           "certificate), newest first.")
    async def get(self, request_id):
        request = await self.load(request_id)
        events = await self.services.store.events.for_request(self.org_id, request["id"])
        self.write_json(RequestEvent(many=True).dump(events))


class SendHandler(RequestHandler):
    @operation("Send a draft: invite the signers", tags=["signing requests"], idempotent=True,
               responses={200: SigningRequest}, errors=(401, 403, 404, 409, 422, 429),
               description="Draft only; otherwise 409 invalid_state. Parallel: everyone is invited; sequential: the "
                           "lowest order first. The request becomes `pending`. The answer carries `warnings` "
                           "(a signer with no field: `signer_without_fields`); they do not stop the sending.")
    @idempotent
    async def post(self, request_id):
        request = await self.load_for_change(request_id)
        self.write_request(await domain.send(self.services, request, by=lifecycle.api_actor(self.api_key)), sent=True)


class CancelHandler(RequestHandler):
    @operation("Cancel a draft or pending request", tags=["signing requests"], body=CancelBody, idempotent=True,
               responses={200: CancelResponse}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="Allowed from draft and pending; otherwise 409 invalid_state. The body is optional.")
    @idempotent
    async def post(self, request_id):
        body = await self.json_body(CancelBody(), required=False)
        request = await lifecycle.cancel(self.services, await self.load_for_change(request_id), body.get("reason"),
                                         by=lifecycle.api_actor(self.api_key))
        self.write_json({"status": request["status"], "id": request["id"]})


class RemindHandler(RequestHandler):
    @operation("Remind the signers whose turn it is", tags=["signing requests"], idempotent=True,
               responses={200: RemindResponse}, errors=(401, 403, 404, 409, 422, 429),
               description="Pending only (409 otherwise). A signer reminded less than `[notifications] "
                           "remind_signer_minutes` ago (60) is skipped (not in `signers`); when every signer whose "
                           "turn it is was, 429 rate_limited with Retry-After and nothing is recorded. Sandbox: no "
                           "emails, `{sent_count: 0, signers: []}`, the reminder event is still logged.")
    @idempotent
    async def post(self, request_id):
        _, targets = await lifecycle.remind(self.services, await self.load_for_change(request_id),
                                             by=lifecycle.api_actor(self.api_key))
        self.write_json({"sent_count": len(targets), "signers": [s["email"] for s in targets]})


class ReactivateHandler(RequestHandler):
    @operation("Reactivate an expired request as a draft", tags=["signing requests"], body=ReactivateBody,
               responses={200: SigningRequest}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="Expired only (409 otherwise). Send must follow.")
    async def post(self, request_id):
        body = await self.json_body(ReactivateBody())
        request = await self.load_for_change(request_id)
        self.write_request(await lifecycle.reactivate(self.services, request, body["expires_in_days"]))


class FieldsHandler(RequestHandler):
    @operation("List the fields of a signing request", tags=["signing requests"],
               responses={200: FieldRead(many=True)}, errors=(401, 403, 404, 429),
               description="Extension: every field in the read shape, in their stored order, with the position "
                           "anchors and text tags resolved to (`page_number`, `x_percent`, `y_percent`).")
    async def get(self, request_id):
        request = await self.load(request_id)
        await self.write_json_of(lambda: FieldRead(many=True).dump(domain.field_views(request)))

    @operation("Replace the signature fields", tags=["signing requests"], body=FieldsBody,
               responses={201: FieldRead(many=True)}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="Draft only (409 otherwise). All fields in one call replace any existing ones. "
                           "validation_type: email, number, phone, date, regex (with validation_pattern); "
                           "auto_source: signer_name, signer_email, signer_phone, signing_date. A select needs options; "
                           "a field must lie within the page and on an existing page. Size bound: the fields "
                           "together may take at most 10 MB counted at their largest (placeholders, options, "
                           "validation patterns and the longest value a signer may enter in each: 4000 bytes for a "
                           "text field), else 422 with detail `fields`. " + ANCHOR_TEXT + " An anchor not found is "
                           "422 with detail `fields.<i>.anchor` naming the text (unless `if_missing` is `skip`).")
    async def post(self, request_id):
        request = await self.load_for_change(request_id)
        body, problems = await self.checked_body(FieldsBody())
        fields, indexes = (body["fields"], None) if not problems.details else \
            self.loaded_items(problems, "fields", FieldCreate())
        request = await domain.replace_fields(self.services, request, fields, problems, indexes)
        await self.write_json_of(lambda: FieldRead(many=True).dump(domain.field_views(request)), 201)


class FieldHandler(RequestHandler):
    @operation("Change one field of a draft", tags=["signing requests"], body=FieldUpdate,
               responses={200: FieldRead}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="Draft only (409 otherwise). Any key of the field create shape except `anchor` and "
                           "`every_page`; a key left out is unchanged. Checked as `POST .../fields` checks a "
                           "field (its signer, document, page and the page's bounds, the fields' size bound: "
                           "422 naming the key). Moving a field placed at an anchor drops its `anchor`.")
    async def patch(self, request_id, field_id):
        request = await self.load_for_change(request_id)
        field_id = self.path_id(field_id, "field")
        changes = await self.json_body(FieldUpdate())
        request = await drafts.update_field(self.services, request, field_id, changes)
        changed = [f for f in request["fields"] if f["id"] == field_id]
        self.write_json(FieldRead().dump(domain.field_views(request, changed)[0]))

    @operation("Delete one field of a draft", tags=["signing requests"], responses={204: None},
               errors=(401, 403, 404, 409, 429), description="Draft only (409 otherwise); 404 for a field that is "
                                                              "not the request's.")
    async def delete(self, request_id, field_id):
        request = await self.load_for_change(request_id)
        await drafts.delete_field(self.services, request, self.path_id(field_id, "field"))
        self.set_status(204)


class SigningUrlHandler(RequestHandler):
    @operation("A fresh signing link for a signer (extension)", tags=["signing requests"], body=SigningUrlBody,
               responses={201: SigningUrl}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="For a signer of a pending request who has been invited and has neither signed, "
                           "declined nor delegated (409 invalid_state otherwise), whatever their `delivery` "
                           "(email, sms, both, link): nothing is sent, the link is in the answer. It becomes the "
                           "signer's current link (reminders carry it). The earlier links keep working unless "
                           "`revoke_previous` is true; a signer holds at most 5 working links (409 beyond). "
                           "Recorded as `signing_event.link_issued`. The body is optional. `Idempotency-Key` is "
                           "refused here (400 `bad_request` naming it): a replay would need the link stored in "
                           "clear; a retry without it issues another link, the earlier ones still working.")
    async def post(self, request_id, signer_id):
        if "Idempotency-Key" in self.request.headers:
            raise ApiError(400, "bad_request", "Idempotency-Key is not honoured by POST .../signing-url (its "
                                               "answer carries a signing link, which is never stored in clear): "
                                               "send the request without it")
        body = await self.json_body(SigningUrlBody(), required=False)
        request = await self.load_for_change(request_id)
        signer_id = self.path_id(signer_id, "signer")
        request, url = await fresh_links.issue(self.services, request, signer_id, body["revoke_previous"],
                                               by=lifecycle.api_actor(self.api_key))
        self.write_json(SigningUrl().dump({"signer_id": signer_id, "signing_url": url,
                                           "expires_at": request["expires_at"]}), 201)


class EmbeddedUrlHandler(RequestHandler):
    @operation("Embedded signing URLs for an iframe", tags=["signing requests"], body=EmbeddedUrlBody,
               responses={201: EmbeddedUrlResponse}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="`allowed_origin` must be registered for the organisation (403 origin_not_allowed); the "
                           "request must be pending (409). One URL per signer who still has to sign, valid 60 minutes.")
    async def post(self, request_id):
        request = await self.load_for_change(request_id)
        body = await self.json_body(EmbeddedUrlBody())
        origin = body["allowed_origin"].rstrip("/")
        if origin not in [o.rstrip("/") for o in self.org.get("embed_origins", [])]:
            raise ApiError(403, "origin_not_allowed", f"origin {origin!r} is not registered for embedding")
        base = self.services.config.server.public_url
        issued = [{"signer_id": s["id"], "name": s["name"], "email": s["email"],
                   "embedded_url": f"{base}/sign/{token}?embed=1"}
                  for s, token in await signing.embed_links(self.services, request, origin)]
        self.write_json({"signers": issued, "allowed_origin": origin, "expires_in_seconds": signing.EMBED_SECONDS}, 201)


class ReplaceSignerHandler(RequestHandler):
    @operation("Correct a signer after sending (extension)", tags=["signing requests"], body=SignerBase,
               idempotent=True, responses={200: SigningRequest}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="Puts another person (`name`, `email`, `phone`) in the place of a signer who has "
                           "neither signed nor declined (409 otherwise), in a draft or pending request: the signer "
                           "keeps its id, order, fields and labels (metadata, external_id, redirect_url); a bounce "
                           "mark, a view, consent and verifications of the earlier person are cleared; an address "
                           "already used by another signer is 422. If the signer had been invited, the new "
                           "address is invited now and the old link stops working (it answers 410 `gone`, saying "
                           "the invitation moved). Fires "
                           "`signing_request.signer_replaced` (the old and new address are in the audit trail).")
    @idempotent
    async def post(self, request_id, signer_id):
        body = await self.json_body(SignerBase())
        request = await self.load_for_change(request_id)
        signer_id = self.path_id(signer_id, "signer")
        lifecycle.find_signer(request, signer_id)
        self.write_request(await routing.replace(self.services, request, signer_id, body))


class AttachmentDownloadHandler(RequestHandler):
    @operation("Download the file a signer attached to a field (extension)", tags=["signing requests"],
               responses={200: {"content": {t: {"schema": {"type": "string", "format": "binary"}}
                                            for t in ("application/pdf", "image/png", "image/jpeg")}}},
               errors=(401, 403, 404, 410, 429),
               description="The bytes the signer uploaded to an `attachment` field (PDF, PNG or JPEG, its "
                           "`Content-Type`), as an attachment named as the signer named it. 404 when the field has "
                           "no file (yet); 410 `purged` once the request was purged (docs/retention.md).")
    async def get(self, request_id, field_id):
        request = await self.load(request_id)
        downloads.check_not_purged(request)
        described = attachments.find(request, self.path_id(field_id, "field"))
        size = await self.services.storage.size(described["blob_key"])
        if not size:
            raise ApiError(404, "not_found", "the attached file is missing from storage")
        self.set_header("Content-Type", described["content_type"])
        self.set_header("Content-Length", str(size))
        self.set_header("Content-Disposition", content_disposition(described["name"]))
        self.set_header("Cache-Control", "private, no-store")
        async for chunk in self.services.storage.stream(described["blob_key"]):
            self.write(chunk)
            await self.flush()


class DownloadHandler(RequestHandler):
    @operation("A 24-hour download URL of the signed PDF", tags=["signing requests"], query=DownloadQuery,
               responses={200: DownloadResponse}, errors=(401, 403, 404, 409, 410, 422, 429),
               description="Completed requests only (409 invalid_state otherwise, also while the signed PDF is "
                           "still being produced: then with `Retry-After` in seconds; the `document.signed` "
                           "event says when it is ready). The URL needs no API key and expires after 24 hours. "
                           "Extension: for an envelope of several documents, the first document's signed PDF; "
                           "`document_id` names another (404 for one not in the request), `combined=true` asks for "
                           "one sealed PDF of every document with the certificate (both together: 422). 410 `purged` "
                           "once the request was purged (docs/retention.md).")
    async def get(self, request_id):
        request = await self.load(request_id)
        q = self.query(DownloadQuery())
        document_id = str(q["document_id"]) if q.get("document_id") else None
        self.write_json(await downloads.download_link(self.services, request, q["file"], document_id, q["combined"]))


ROUTES = [
    ("/v1/signing-requests", SigningRequestsHandler),
    ("/v1/signing-requests/{request_id}", SigningRequestHandler),
    ("/v1/signing-requests/{request_id}/events", RequestEventsHandler),
    ("/v1/signing-requests/{request_id}/send", SendHandler),
    ("/v1/signing-requests/{request_id}/cancel", CancelHandler),
    ("/v1/signing-requests/{request_id}/remind", RemindHandler),
    ("/v1/signing-requests/{request_id}/reactivate", ReactivateHandler),
    ("/v1/signing-requests/{request_id}/fields", FieldsHandler),
    ("/v1/signing-requests/{request_id}/embedded-url", EmbeddedUrlHandler),
    ("/v1/signing-requests/{request_id}/download", DownloadHandler),
    ("/v1/signing-requests/{request_id}/signers/{signer_id}/replace", ReplaceSignerHandler),
    ("/v1/signing-requests/{request_id}/fields/{field_id}/attachment", AttachmentDownloadHandler),
    ("/v1/signing-requests/{request_id}/fields/{field_id}", FieldHandler),
    ("/v1/signing-requests/{request_id}/signers/{signer_id}/signing-url", SigningUrlHandler),
]

"""Documents: streamed upload (checked before it is accepted) and listing."""
from __future__ import annotations

import hashlib
import json

from marshmallow import fields

from esign.api.base import MB, APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.uploads import SpooledUpload
from esign.domain.pages import documents as domain
from esign.domain.pages import placement
from esign.domain.retention import deletion
from esign.pdf import active
from esign.schema import CursorPageQuery, OutSchema, UTCDateTime, cursor_record, page_of

ACTIVE_CONTENT_REMOVED = {
    "description": "What the upload check removed from the file before it was stored, the copy that is signed "
                   "(`[limits] active_content = \"strip\"`, the default; the certificate of completion says so too), "
                   "among: " + ", ".join(f"`{kind}`" for kind in active.KINDS) + ". Empty when nothing was.",
    "example": ["javascript", "launch", "embedded_files"]}
HAD_SIGNATURES = {"description": "The uploaded file carried digital signatures: they do not survive signing here "
                                 "(the stamps change the file) and are removed from the signed PDF, whose certificate "
                                 "of completion says so."}


class Document(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    file_size = fields.Integer(required=True)
    page_count = fields.Integer(allow_none=True)
    status = fields.String(required=True, metadata={"description": "`ready` once the file has been checked and stored"})
    created_at = UTCDateTime(allow_none=True)
    active_content_removed = fields.List(fields.String(), dump_default=list, metadata=ACTIVE_CONTENT_REMOVED)
    had_signatures = fields.Boolean(dump_default=False, metadata=HAD_SIGNATURES)


class TagAttributes(OutSchema):
    type = fields.String(required=True, metadata={"description": "the field type"})
    signer = fields.Integer(metadata={"description": "signer=N: the N-th entry of a create body's `signers`"})
    role = fields.String(metadata={"description": "role=Name: a template role"})
    name = fields.String(metadata={"description": "the field's label (its `placeholder`)"})
    required = fields.Boolean()
    options = fields.List(fields.String())
    width = fields.Float(metadata={"description": "percent of the page"})
    height = fields.Float(metadata={"description": "percent of the page"})


class TextTag(OutSchema):
    tag = fields.String(required=True, metadata={"description": "the tag as written, white space runs as one space"})
    page = fields.Integer(required=True)
    x_percent = fields.Float(required=True)
    y_percent = fields.Float(required=True)
    width_percent = fields.Float(required=True)
    height_percent = fields.Float(required=True)
    attributes = fields.Nested(TagAttributes, required=True)


class TextTagError(OutSchema):
    tag = fields.String(allow_none=True)
    page = fields.Integer(allow_none=True)
    message = fields.String(required=True, metadata={"description": "why the tag cannot make a field"})


class TextTags(OutSchema):
    """Extension: the text tags found in the file when it was uploaded (docs/placement.md)."""
    text_tags = fields.List(fields.Nested(TextTag), dump_default=list, metadata={
        "description": f"extension: the well-formed text tags, in reading order (at most {placement.MAX_TAGS})"})
    text_tag_errors = fields.List(fields.Nested(TextTagError), dump_default=list, metadata={
        "description": f"extension: the malformed ones (at most {placement.MAX_TAG_ERRORS})"})
    text_tags_truncated = fields.Boolean(dump_default=False, metadata={
        "description": "extension: true when there were more tags or errors than listed"})


class DocumentRead(Document, TextTags):
    pass


class UploadResponse(TextTags):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={"description": "same value as id; pass it when creating a signing request"})
    name = fields.String(required=True)
    file_size = fields.Integer(required=True, metadata={
        "description": "bytes of the document as stored (smaller than the upload when active content was removed)"})
    status = fields.String(required=True)
    active_content_removed = fields.List(fields.String(), required=True, metadata=ACTIVE_CONTENT_REMOVED)
    had_signatures = fields.Boolean(required=True, metadata=HAD_SIGNATURES)


DocumentPage = page_of(Document, "DocumentPage")


class UploadHandler(SpooledUpload, APIHandler):
    """The document upload (esign.domain.pages.documents.accept_upload checks it)."""

    sandbox_writes = True  # a sandbox key's documents are marked sandbox

    def upload_limit(self) -> int:
        return self.services.config.limits.max_upload_mb * MB

    async def fingerprint(self) -> str:
        """What was uploaded, not the raw body (whose multipart boundary is the client's random
        choice): a retry with the same Idempotency-Key and the same file replays the first answer."""
        self._spooled()
        self.file_sha256 = await domain.file_sha256(self.tmp_path)
        what = {"file_sha256": self.file_sha256, "file_size": self.file_size, "filename": self.filename,
                "fields": {name: sink.data.hex() for name, sink in sorted(self.fields.items())}}
        return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()

    @operation("Upload a PDF document", tags=["documents"], body="multipart", idempotent=True,
               responses={201: UploadResponse},
               description="multipart/form-data with one part `file` (the PDF, at most `[limits] max_upload_mb`, 50 MB by "
                           "default). Extension: the answer lists the text tags found in the file (`text_tags`, "
                           "`text_tag_errors`; docs/placement.md). The file is "
                           "checked before it is accepted: a non-PDF, encrypted or broken PDF is 400 `invalid_pdf`; "
                           "a page larger than 14,400 pt (200 inches) on a side is 422 `validation_error` "
                           "naming the page; "
                           "active content (JavaScript, launch, import and submit actions, XFA, rich media, "
                           "multimedia, embedded files) is removed before the file is stored "
                           "(`active_content_removed` lists it), or refused with 400 `active_content` naming it "
                           "where the service is set to (`[limits] active_content = \"refuse\"`); "
                           "a larger body is 413 `payload_too_large`; a temporary storage failure is 502 "
                           "`upstream_unavailable` (retry, with the same Idempotency-Key).",
               errors=(400, 401, 403, 413, 422, 429, 502))
    @idempotent
    async def post(self):
        self._spooled()
        name = self.fields["name"].data.decode("utf-8", "replace") if "name" in self.fields else self.filename
        record = await domain.accept_upload(
            self.services, self.org, self.tmp_path, self.file_size, name, self.sandbox, self.file_sha256)
        self.write_json(UploadResponse().dump({**record, "document_id": record["id"]}), 201)


class DocumentsHandler(APIHandler):
    @operation("List documents", tags=["documents"], query=CursorPageQuery, responses={200: DocumentPage},
               description="The organisation's documents, newest first, a page at a time (`limit` and `offset`, "
                           "or `after_id`: the previous page's last id).")
    async def get(self):
        q = self.query(CursorPageQuery())
        repo = self.services.store.documents
        page = await repo.list(self.org_id, q["limit"], q["offset"], await cursor_record(repo, self.org_id, q))
        self.write_json(DocumentPage().dump(page._asdict()))


class DocumentHandler(APIHandler):
    @operation("Get a document", tags=["documents"], responses={200: DocumentRead}, errors=(401, 403, 404, 429),
               description="Extension: the document's record with the text tags found in it at upload.")
    async def get(self, document_id):
        record = await self.services.store.documents.require(self.org_id, self.path_id(document_id, "document"),
                                                             "document")
        self.write_json(DocumentRead().dump(record))

    @operation("Delete an unused document (extension)", tags=["documents"], responses={204: None},
               errors=(401, 403, 404, 409, 429),
               description="Only a document that no signing request (not purged of its content) and no template "
                           "uses: 409 `in_use` otherwise, naming them. From the answer on, the document is no "
                           "longer listed or usable (404); the job worker deletes its file and then its record, "
                           "and the storage it took is given back to the plan (docs/retention.md).")
    async def delete(self, document_id):
        await deletion.delete_document(self.services, self.org_id, self.path_id(document_id, "document"))
        self.set_status(204)


ROUTES = [
    ("/v1/documents/upload", UploadHandler),
    ("/v1/documents", DocumentsHandler),
    ("/v1/documents/{document_id}", DocumentHandler),
]

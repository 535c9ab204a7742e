"""Documents: streamed upload (checked before it is accepted) and listing."""
from __future__ import annotations

import hashlib
import os
import tempfile

import tornado.web
from marshmallow import fields

from esign.api.base import APIHandler, idempotent
from esign.api.common import OutSchema, PageQuery, UTCDateTime, operation, page_of, route
from esign.domain import documents as domain
from esign.errors import ApiError
from esign.multipart import MultipartError, StreamingParser, boundary_of

MULTIPART_OVERHEAD = 64 * 1024  # room for part headers and boundaries around a maximal file
DRAIN_BYTES = 8 * 1024 * 1024  # how much of an oversized chunked body is read past the limit


class Document(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    file_size = fields.Integer(required=True)
    page_count = fields.Integer(allow_none=True)
    status = fields.String(required=True, metadata={"description": "`ready` once the file has been checked and stored"})
    created_at = UTCDateTime(allow_none=True)


class UploadResponse(OutSchema):
    id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={"description": "same value as id; pass it when creating a signing request"})
    name = fields.String(required=True)
    file_size = fields.Integer(required=True)
    status = fields.String(required=True)


DocumentPage = page_of(Document, "DocumentPage")


class _FileSink:
    def __init__(self, handler, fh):
        self.handler, self.fh = handler, fh

    def write(self, data):
        h = self.handler
        h.file_size += len(data)
        if h.file_size > h.max_bytes:
            raise ApiError(413, "payload_too_large", f"the file exceeds the {h.max_bytes // (1024 * 1024)} MB upload limit")
        h.file_hash.update(data)
        self.fh.write(data)


class _FieldSink:
    def __init__(self, handler, name):
        self.handler, self.name, self.data = handler, name, b""

    def write(self, data):
        self.data += data
        if len(self.data) > 4096:
            raise ApiError(400, "bad_request", f"form field {self.name!r} is longer than 4096 bytes; the PDF goes "
                                               f"in a part named \"file\"")


@route("/v1/documents/upload")
@tornado.web.stream_request_body
class UploadHandler(APIHandler):
    tmp_path = None
    sandbox_writes = True  # a sandbox key's documents are marked sandbox

    async def prepare(self):
        await super().prepare()
        if self.request.method != "POST":
            raise tornado.web.HTTPError(405)  # before the multipart checks, which only apply to POST
        self.max_bytes = self.services.config.limits.max_upload_mb * 1024 * 1024
        # An oversized chunked body has no length to refuse up front. A little past the limit is
        # drained and answered 413 when the body ends: answering mid-body makes Tornado close the
        # socket with unread data, and the client's kernel may then drop the answer (a TCP reset).
        # A body that goes on beyond DRAIN_BYTES more is answered at once and cut off. Tornado's
        # own cap (a bare 400) lies beyond both.
        chunked = "Content-Length" not in self.request.headers
        self.request.connection.set_max_body_size((self.max_bytes + MULTIPART_OVERHEAD) * (2 if chunked else 1))
        self.drained = 0
        length = self.request.headers.get("Content-Length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes + MULTIPART_OVERHEAD):
            raise ApiError(413, "payload_too_large", f"uploads are limited to {self.max_bytes // (1024 * 1024)} MB")
        try:
            boundary = boundary_of(self.request.headers.get("Content-Type", ""))
        except MultipartError as exc:
            raise ApiError(400, "bad_request", f"{exc}; send the PDF as the form part named 'file'") from None
        fd, self.tmp_path = tempfile.mkstemp(prefix="esign-upload-", suffix=".pdf")
        self.tmp = os.fdopen(fd, "wb")
        self.file_size = 0
        self.file_hash = hashlib.sha256()
        self.body_hash = hashlib.sha256()
        self.fields: dict[str, _FieldSink] = {}
        self.filename = None
        self.got_file = False
        self.failure: ApiError | None = None
        self.parser = StreamingParser(boundary, self._open_part, lambda: None)

    def _open_part(self, name, filename, headers):
        if name == "file":
            if self.got_file:
                raise ApiError(400, "bad_request", "send exactly one part named 'file'")
            self.got_file = True
            self.filename = filename
            return _FileSink(self, self.tmp)
        if filename is not None:
            raise ApiError(400, "bad_request", f"expected the PDF in a part named \"file\", got a file in a part "
                                               f"named {name!r}")
        sink = _FieldSink(self, name)
        self.fields[name] = sink
        return sink

    def data_received(self, chunk):
        if self.failure is not None:
            # keep draining the body after an error so the error answer can be read, up to a point
            self.drained += len(chunk)
            if self.drained > DRAIN_BYTES and self.failure.status == 413 and not self._finished:
                self.send_error(413, exc_info=(ApiError, self.failure, None))
            return
        self.body_hash.update(chunk)
        try:
            self.parser.feed(chunk)
        except ApiError as exc:
            self.failure = exc
        except MultipartError as exc:
            self.failure = ApiError(400, "bad_request", str(exc))

    @property
    def body_fingerprint(self):
        return self.body_hash.hexdigest()

    @operation("Upload a PDF document", tags=["documents"], body="multipart", idempotent=True,
               responses={201: UploadResponse},
               description="multipart/form-data with one part `file` (the PDF, at most 50 MB). The file is "
                           "checked before it is accepted: a non-PDF, encrypted or broken PDF is 400 `invalid_pdf`; "
                           "a larger body is 413 `payload_too_large`.",
               errors=(400, 401, 403, 413, 422, 429, 502))
    @idempotent
    async def post(self):
        self.tmp.close()
        if self.failure is not None:
            raise self.failure
        try:
            self.parser.close()
        except MultipartError as exc:
            raise ApiError(400, "bad_request", str(exc)) from None
        if not self.got_file:
            given = ", ".join(repr(name) for name in self.fields) or "none"
            raise ApiError(400, "bad_request", f"expected a part named \"file\" with the PDF (parts given: {given})")
        name = self.fields["name"].data.decode("utf-8", "replace") if "name" in self.fields else self.filename
        record = await domain.accept_upload(
            self.services, self.org, self.tmp_path, self.file_size, self.file_hash.hexdigest(), name, self.sandbox)
        self.write_json({"id": record["id"], "document_id": record["id"], "name": record["name"],
                         "file_size": record["file_size"], "status": record["status"]}, 201)

    def on_finish(self):
        self._cleanup()

    def on_connection_close(self):
        super().on_connection_close()  # ends the wait for the rest of the body; without it the handler hangs
        self._cleanup()

    def _cleanup(self):
        if self.tmp_path:
            try:
                self.tmp.close()
                os.unlink(self.tmp_path)
            except (OSError, AttributeError):
                pass
            self.tmp_path = None


@route("/v1/documents")
class DocumentsHandler(APIHandler):
    @operation("List documents", tags=["documents"], query=PageQuery, responses={200: DocumentPage})
    async def get(self):
        q = self.query(PageQuery())
        items, total = await self.services.store.documents.list(self.org_id, q["limit"], q["offset"])
        self.write_json(DocumentPage().dump({"items": items, "total": total}))

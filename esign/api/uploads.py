"""Uploads over HTTP: a multipart body streamed to a temporary file, never held in memory. Shared by
the document upload (esign.api.documents) and the signer's attachments (esign.api.signer)."""
from __future__ import annotations

import os
import tempfile

import tornado.web

from esign.api.base import MB
from esign.errors import ApiError, upstream_unavailable
from esign.multipart import MultipartError, StreamingParser, boundary_of

MULTIPART_OVERHEAD = 64 * 1024  # room for part headers, boundaries and small fields around a maximal file
MAX_FIELDS = 16  # form parts besides `file`
MAX_FIELD_BYTES = 4096


class _FileSink:
    def __init__(self, handler, fh):
        self.handler, self.fh = handler, fh

    def write(self, data):
        h = self.handler
        h.file_size += len(data)
        if h.file_size > h.max_bytes:
            raise ApiError(413, "payload_too_large", f"the file exceeds the {h.max_bytes // MB} MB upload limit")
        self.fh.write(data)


class _FieldSink:
    def __init__(self, handler, name):
        self.handler, self.name, self.data = handler, name, b""

    def write(self, data):
        self.data += data
        if len(self.data) > MAX_FIELD_BYTES:
            raise ApiError(400, "bad_request", f"form field {self.name!r} is longer than {MAX_FIELD_BYTES} bytes; the "
                                               f"PDF goes in a part named \"file\"")


def spool_failed(exc: OSError) -> ApiError:
    """The upload's temporary file could not be written (a full or read-only temp directory)."""
    return upstream_unavailable(f"the upload could not be spooled to a temporary file: {exc.strerror or exc}")


class SpooledUpload:
    """Streams a multipart body through the parser: the part `file` goes to a temporary file (the
    system temp directory, TMPDIR), never into memory; at most `max_bytes` of it (413 beyond). Any
    failure while the body arrives is answered at once; the server discards the rest of the body
    (esign.server). Mixed into a handler before its BaseHandler class."""

    tmp_path = None
    what = "the PDF"  # what the part `file` carries, for messages

    def body_limit(self) -> int:
        return self.max_bytes + MULTIPART_OVERHEAD

    def too_large(self) -> ApiError:
        return ApiError(413, "payload_too_large", f"uploads are limited to {self.max_bytes // MB} MB")

    async def prepare(self):
        self.max_bytes = self.upload_limit()
        await super().prepare()
        if self.request.method != "POST":
            raise tornado.web.HTTPError(405)  # before the multipart checks, which only apply to POST
        try:
            boundary = boundary_of(self.request.headers.get("Content-Type", ""))
        except MultipartError as exc:
            raise ApiError(400, "bad_request", f"{exc}; send {self.what} as the form part named 'file'") from None
        try:
            fd, self.tmp_path = tempfile.mkstemp(prefix="esign-upload-", suffix=".upload")
        except OSError as exc:
            raise spool_failed(exc) from exc
        self.tmp = os.fdopen(fd, "wb")
        self.file_size = 0
        self.file_sha256 = None
        self.fields: dict[str, _FieldSink] = {}
        self.filename = None
        self.got_file = False
        self.parser = StreamingParser(boundary, self._open_part, lambda: None)

    def _open_part(self, name, filename, headers):
        if name == "file":
            if self.got_file:
                raise ApiError(400, "bad_request", "send exactly one part named 'file'")
            self.got_file = True
            self.filename = filename
            return _FileSink(self, self.tmp)
        if filename is not None:
            raise ApiError(400, "bad_request", f"expected {self.what} in a part named \"file\", got a file in a part "
                                               f"named {name!r}")
        if name not in self.fields and len(self.fields) >= MAX_FIELDS:
            raise ApiError(400, "bad_request", f"at most {MAX_FIELDS} form fields besides 'file'")
        sink = self.fields[name] = _FieldSink(self, name)
        return sink

    def consume(self, chunk):
        try:
            self.parser.feed(chunk)
        except ApiError as exc:
            self.refuse(exc)
        except MultipartError as exc:
            self.refuse(ApiError(400, "bad_request", str(exc)))
        except OSError as exc:
            self.refuse(spool_failed(exc))

    def _spooled(self) -> None:
        """The body has arrived: the file part is whole in the temporary file (once; then nothing)."""
        if self.tmp.closed:
            return
        try:
            self.tmp.close()
        except OSError as exc:
            raise spool_failed(exc) from exc
        try:
            self.parser.close()
        except MultipartError as exc:
            raise ApiError(400, "bad_request", str(exc)) from None
        if not self.got_file:
            given = ", ".join(repr(name) for name in self.fields) or "none"
            raise ApiError(400, "bad_request", f"expected a part named \"file\" with {self.what} (parts given: {given})")

    def on_finish(self):
        self._cleanup()

    def on_connection_close(self):
        super().on_connection_close()  # ends the wait for the rest of the body; without it the handler hangs
        self._cleanup()

    def _cleanup(self):
        if self.tmp_path:
            try:
                self.tmp.close()
            except OSError:
                pass
            try:
                os.unlink(self.tmp_path)
            except OSError:
                pass
            self.tmp_path = None

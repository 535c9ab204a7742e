"""The console's new request (docs/console.md): a form of 1 to 10 PDFs, streamed to temporary files as
`POST /v1/documents/upload` streams its one (esign.api.uploads) and checked by the same domain function;
then an authoring session for a new draft of them, and the editor."""
from __future__ import annotations

import os
import tempfile
from typing import Any

from esign import i18n
from esign.api.base import MB
from esign.api.console import ConsoleError, ConsoleHandler
from esign.api.uploads import SpooledUpload, _FileSink, spool_failed
from esign.domain.authoring import sessions
from esign.domain.console import requests as console_requests
from esign.domain.pages import documents
from esign.domain.requests.envelope import MAX_DOCUMENTS
from esign.errors import ApiError

N_ = i18n.N_
TOO_MANY_FILES = N_("Choose at most 10 PDF files.")
NO_FILE = N_("Choose at least one PDF file.")


class _AsyncPage(ConsoleHandler):
    """A console page whose `prepare` can be awaited (SpooledUpload's awaits the next one's)."""

    async def prepare(self) -> None:  # type: ignore[override]
        ConsoleHandler.prepare(self)


class NewRequestHandler(SpooledUpload, _AsyncPage):
    """`GET`: the form; `POST` (multipart, the parts `file`, at most 10, together within `[limits]
    max_upload_mb`, and `csrf`): the documents, the draft, the editor. Signed out, both lead to sign-in
    before any of a body is read (a form posted from another site carries no session cookie)."""

    what = "the PDFs"

    def upload_limit(self) -> int:
        return int(self.services.config.limits.max_upload_mb * MB)

    async def prepare(self) -> None:
        if self.request.method == "POST":
            self.files: list[tuple[str, Any, str | None]] = []
            await super().prepare()  # SpooledUpload's, which awaits _AsyncPage's
        else:
            await _AsyncPage.prepare(self)
        if not self._finished and not await self.load_session():
            self.redirect("/console/sign-in", status=303)

    def _open_part(self, name: str, filename: str | None, headers: Any) -> Any:
        """Each part `file` in a temporary file of its own (SpooledUpload takes one)."""
        if name != "file":
            return super()._open_part(name, filename, headers)
        if len(self.files) >= MAX_DOCUMENTS:
            raise ConsoleError(400, "validation_error", TOO_MANY_FILES)
        try:
            fd, path = tempfile.mkstemp(prefix="esign-upload-", suffix=".upload")
        except OSError as exc:
            raise spool_failed(exc) from exc
        handle = os.fdopen(fd, "wb")
        self.files.append((path, handle, filename))
        self.got_file = True
        return _FileSink(self, handle)

    def _cleanup(self) -> None:
        super()._cleanup()
        for path, handle, _ in getattr(self, "files", []):
            handle.close()
            try:
                os.unlink(path)
            except OSError:
                pass
        self.files = []

    async def get(self) -> None:
        self.page("new.html", max_mb=self.services.config.limits.max_upload_mb)

    async def post(self) -> None:
        try:
            self._spooled()
        except ApiError as exc:
            if not self.got_file:  # the form sent no file part at all
                raise ConsoleError(400, "validation_error", NO_FILE) from exc
            raise
        self.check_csrf({name: sink.data.decode("utf-8", "replace") for name, sink in self.fields.items()})
        for _, handle, _ in self.files:
            handle.close()
        # a browser sends an empty part with no file name for a file input left empty
        chosen = [(path, name) for path, _, name in self.files if name or os.path.getsize(path)]
        if not chosen:
            raise ConsoleError(400, "validation_error", NO_FILE)
        member = self.member or {}
        org = await self.services.store.organizations.by_id(member["org_id"])
        if org is None:
            raise ApiError(404, "not_found", "organisation not found")
        ids = []
        for path, filename in chosen:
            record = await documents.accept_upload(self.services, org, path, os.path.getsize(path), filename, False)
            ids.append(record["id"])
        body = {**console_requests.editor_session(member), "document_ids": ids,
                "capabilities": dict(sessions.CAPABILITY_DEFAULTS)}
        session, url = await sessions.create(self.services, org, console_requests.owner(member), False, body,
                                             member=console_requests.actor(member))
        console_requests.done(self.services, member, "created", session["request_id"],
                              f"{len(ids)} documents, authoring session {session['id']}")
        self.redirect(url, status=303)


ROUTES = [("/console/requests/new", NewRequestHandler)]

"""Serves the signed PDF behind the copy links of completion emails (esign.domain.copies; no API key)."""
from esign.api.base import BaseHandler
from esign.api.files import content_disposition
from esign.clock import readable
from esign.domain import copies, downloads
from esign.errors import ApiError, invalid_state, not_found


class CopyHandler(BaseHandler):
    async def get(self, request_id):
        why = copies.check(self.services, request_id, self.get_query_argument("expires", ""),
                           self.get_query_argument("sig", ""))
        if why == "invalid":
            raise ApiError(403, "forbidden", "this download link is invalid")
        request = await self.services.store.signing_requests.by_id(request_id)
        if request is None or request["status"] != "completed":
            raise not_found("signed document")
        if why == "expired":
            raise ApiError(403, "forbidden", "this download link expired on "
                           f"{readable(copies.link_expires_at(self.services, request), seconds=False)}; "
                           "ask the sender for a copy")
        if request.get("signed_pdf_status") != "ready":
            raise invalid_state("the signed PDF is still being prepared; try again later")
        key = downloads.blob_key(request, "signed")
        size = await self.services.storage.size(key)
        if not size:
            raise not_found("signed document")
        self.set_header("Content-Type", "application/pdf")
        self.set_header("Content-Length", str(size))
        self.set_header("Content-Disposition", content_disposition(downloads.file_name(request, "signed")))
        self.set_header("Cache-Control", "private, no-store")
        async for chunk in self.services.storage.stream(key):
            self.write(chunk)
            await self.flush()


ROUTES = [
    ("/copies/{request_id}", CopyHandler),
]

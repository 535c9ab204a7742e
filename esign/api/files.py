"""Serves signed PDFs behind the expiring HMAC-signed URLs of esign.domain.downloads (no API key)."""
import re
import urllib.parse

from esign.api.base import BaseHandler
from esign.domain import downloads
from esign.errors import ApiError


def content_disposition(filename: str) -> str:
    """RFC 6266: `filename*` carries the name in UTF-8 (RFC 5987); `filename` an ASCII fallback for
    clients that do not read it. A header value must be Latin-1, so the name never goes in raw."""
    fallback = re.sub(r'[^\x20-\x7e]|["\\]', "_", filename)
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{urllib.parse.quote(filename, safe='')}"


class FileHandler(BaseHandler):
    async def get(self, request_id, which):
        document_id = self.get_query_argument("document", None)  # covered by the link's HMAC
        if which not in ("signed", "certificate", "combined") or not downloads.verify(
                self.services, request_id, which, self.get_query_argument("expires", ""),
                self.get_query_argument("sig", ""), document_id):
            raise ApiError(403, "forbidden", "this download link is invalid or has expired")
        request = await self.services.store.signing_requests.by_id(request_id)
        await send_file(self, request, which, document_id)


async def send_file(handler, request: dict | None, which: str, document_id: str | None = None) -> None:
    """Stream a request's signed PDF (`signed`, of the first document or of `document_id`), its
    certificate or its combined PDF from blob storage as an attachment; 404 when there is none. Also
    the signer's own download (esign.api.signer)."""
    key = request and downloads.blob_key(request, which, document_id)
    size = key and await handler.services.storage.size(key)
    if not size:
        raise ApiError(404, "not_found", "file not found")
    handler.set_header("Content-Type", "application/pdf")
    handler.set_header("Content-Length", str(size))
    handler.set_header("Content-Disposition", content_disposition(downloads.file_name(request, which, document_id)))
    handler.set_header("Cache-Control", "private, no-store")
    async for chunk in handler.services.storage.stream(key):
        handler.write(chunk)
        await handler.flush()


ROUTES = [
    ("/files/{request_id}/{which}", FileHandler),
]

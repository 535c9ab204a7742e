"""Serves signed PDFs behind the expiring HMAC-signed URLs of esign.domain.requests.downloads (no API key)."""
from esign.api.base import BaseHandler
from esign.api.pdf_download import send_file
from esign.domain.requests import downloads
from esign.errors import ApiError


class FileHandler(BaseHandler):
    async def get(self, request_id, which):
        document_id = self.get_query_argument("document", None)  # covered by the link's HMAC
        if which not in ("signed", "certificate", "combined") or not downloads.verify(
                self.services, request_id, which, self.get_query_argument("expires", ""),
                self.get_query_argument("sig", ""), document_id):
            raise ApiError(403, "forbidden", "this download link is invalid or has expired")
        request = await self.services.store.signing_requests.by_id(request_id)
        await send_file(self, request, which, document_id)


ROUTES = [
    ("/files/{request_id}/{which}", FileHandler),
]

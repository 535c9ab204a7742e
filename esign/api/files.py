"""Serves signed PDFs behind the expiring HMAC-signed URLs of esign.domain.requests.downloads (no API key):
the `download_url` of `GET /v1/signing-requests/{id}/download` and of webhooks, when the storage has no
presigned URLs of its own."""
from marshmallow import fields, validate

from esign.api.base import BaseHandler
from esign.api.common import operation
from esign.api.pdf_download import send_file
from esign.domain.requests import downloads
from esign.errors import ApiError
from esign.schema import QuerySchema

FILES = ("signed", "certificate", "combined")


class FileQuery(QuerySchema):
    """The query of a download link as the API hands it out (documentation: the handler reads it as it
    comes, and any other value than the one signed is refused with 403)."""

    expires = fields.String(required=True, validate=validate.Length(max=20), metadata={
        "pattern": "^[0-9]+$", "description": "the link's expiry, Unix seconds (covered by `sig`)"})
    sig = fields.String(required=True, validate=validate.Length(max=128), metadata={
        "description": "the HMAC that covers the request, the file, `document` and `expires`"})
    document = fields.UUID(metadata={"description": "the envelope's document whose signed PDF this is (`signed` "
                                                    "only; without it, the first document's)"})


class FileHandler(BaseHandler):
    @operation("Download a signed PDF, its certificate or the combined PDF through a download link",
               tags=["signing requests"], query=FileQuery, errors=(400, 403, 404, 410),
               responses={200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}},
               description="The `download_url` that `GET /v1/signing-requests/{request_id}/download` and the "
                           "webhooks hand out, when the storage has no presigned URLs of its own: no API key, the "
                           "link's query is the credential. Take the URL as it is given; this describes it for "
                           "generated clients. `signed` is the signed PDF (of `document`, else of the first "
                           "document), `certificate` the separate certificate, `combined` one PDF of an "
                           "envelope's documents with the certificate. 403 `forbidden` when the link was altered "
                           "or is not one; 410 `gone` once it has expired (ask the API for a new one); 404 when "
                           "the file does not exist (yet).")
    async def get(self, request_id, which):
        document_id = self.get_query_argument("document", None)  # covered by the link's HMAC
        problem = "invalid" if which not in FILES else downloads.problem(
            self.services, request_id, which, self.get_query_argument("expires", ""),
            self.get_query_argument("sig", ""), document_id)
        if problem == "expired":
            raise ApiError(410, "gone", "this download link has expired; ask GET /v1/signing-requests/{id}/download "
                                        "for a new one")
        if problem:
            raise ApiError(403, "forbidden", "this download link is invalid")
        request = await self.services.store.signing_requests.by_id(request_id)
        await send_file(self, request, which, document_id)


ROUTES = [
    ("/files/{request_id}/{which}", FileHandler),
]

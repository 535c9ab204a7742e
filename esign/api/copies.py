"""Serves the signed PDF (the combined PDF of an envelope of several documents) behind the copy links of
completion emails (esign.domain.mail.copies; no API key)."""
from esign.api.base import BaseHandler
from esign.api.pdf_download import send_file
from esign.domain.mail import copies


class CopyHandler(BaseHandler):
    async def get(self, request_id):
        request = await copies.download(self.services, request_id, self.get_query_argument("expires", ""),
                                        self.get_query_argument("sig", ""), self.actor)
        # of one document: its signed PDF; named in the language of the email the link came in
        await send_file(self, request, "combined", locale=await copies.file_locale(self.services, request))


ROUTES = [
    ("/copies/{request_id}", CopyHandler),
]

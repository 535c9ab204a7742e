"""The base of the handlers that answer with one signing request (esign.api.signing_requests, and a
template's send in esign.api.templates): load it for the organisation, check it may change, write it."""
from __future__ import annotations

from esign.api.base import APIHandler
from esign.api.signing_request_schemas import SigningRequest
from esign.domain.requests import lifecycle
from esign.domain.requests import signing_requests as domain
from esign.errors import invalid_state


class RequestHandler(APIHandler):
    sandbox_writes = True  # creates sandbox requests; changes existing ones through load_for_change

    async def load(self, request_id: str) -> dict:
        return await domain.get(self.services, self.org_id, self.path_id(request_id, "signing request"))

    async def load_for_change(self, request_id: str) -> dict:
        request = await self.load(request_id)
        lifecycle.check_changeable(request, self.sandbox, "signing request")
        if request.get("purge"):
            raise invalid_state("this signing request was purged: it changes no more")
        return request

    def write_request(self, request: dict, status: int = 200, sent: bool = False):
        """The request; `sent`: it was sent by this call, and the answer carries `warnings`."""
        view = domain.full_view(self.services, request, self.api_key, handover=sent)
        if sent:
            view["warnings"] = domain.send_warnings(request)
        self.write_json(SigningRequest().dump(view), status)

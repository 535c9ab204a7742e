"""The sender's revocation of a completed signing request (docs/signing.md "Verification page"): its
public verification page then says `revoked_by_sender`. The rules are esign.domain.evidence.revocation."""
from __future__ import annotations

from esign.api.common import operation
from esign.api.request_handler import RequestHandler
from esign.api.retention_schemas import RevokeBody
from esign.api.signing_request_schemas import SigningRequest
from esign.domain.evidence import revocation
from esign.domain.requests import lifecycle


class RevokeHandler(RequestHandler):
    @operation("Revoke a completed signing request (extension)", tags=["signing requests"], body=RevokeBody,
               responses={200: SigningRequest}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="The sender no longer stands by a completed request: `revoked_at` and "
                           "`revocation_reason` are kept on it, `signing_request.revoked` is recorded, and its "
                           "public verification page (`/v/{verification_id}`) says `revoked_by_sender` with the "
                           "date (the reason only when the organisation opts in to names). The signed files and "
                           "their proof do not change. Only a completed request that is not purged (409 "
                           "invalid_state otherwise). Idempotent: revoking it again answers it as it is, the first "
                           "reason kept.")
    async def post(self, request_id):
        body = await self.json_body(RevokeBody())
        request = await self.load(request_id)
        lifecycle.check_changeable(request, self.sandbox, "signing request")
        revoked = await revocation.revoke(self.services, request, body["reason"], by=lifecycle.api_actor(self.api_key))
        self.write_request(revoked)


ROUTES = [("/v1/signing-requests/{request_id}/revoke", RevokeHandler)]

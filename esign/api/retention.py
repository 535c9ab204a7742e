"""Retention (docs/retention.md): the purge of one signing request. Needs the `admin` scope."""
from __future__ import annotations

from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.request_handler import RequestHandler
from esign.api.retention_schemas import PurgeBody
from esign.api.signing_request_schemas import SigningRequest
from esign.domain.requests import lifecycle
from esign.domain.retention import purge


class PurgeHandler(RequestHandler):
    scope = "admin"

    @operation("Purge a finished signing request's content, or all of it (extension)", tags=["retention"],
               body=PurgeBody, idempotent=True, responses={202: SigningRequest},
               errors=(400, 401, 403, 404, 409, 422, 429),
               description="Requires the `admin` scope. Completed, cancelled or expired requests only (409 "
                           "invalid_state otherwise: delete a draft instead; also while the signed PDF is being "
                           "produced, or when the request was purged already; a request purged with "
                           "`purge_content` may be purged again with `purge_all`). The answer is the request with "
                           "`purge.state` `purging`: the job worker deletes its files, one job per file, and with "
                           "`purge_all` removes the personal data from the request and its events, then sets "
                           "`purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request "
                           "changes no more, and its downloads and attachments answer 410 `purged`.")
    @idempotent
    async def post(self, request_id):
        body = await self.json_body(PurgeBody())
        request = await self.load(request_id)  # not load_for_change: a purged request may be purged of all
        lifecycle.check_changeable(request, self.sandbox, "signing request")
        started = await purge.begin(self.services, request, body["action"], body["reason"],
                                    by=lifecycle.api_actor(self.api_key))
        self.write_request(started, 202)


ROUTES = [
    ("/v1/signing-requests/{request_id}/purge", PurgeHandler),
]

"""Legal holds (docs/retention.md): apply, list, read and release. Needs the `admin` scope."""
from __future__ import annotations

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.retention_schemas import LegalHold, LegalHoldCreate, LegalHoldPage, LegalHoldQuery
from esign.domain.requests import lifecycle
from esign.domain.retention import holds
from esign.schema import cursor_record


class LegalHoldsHandler(APIHandler):
    scope = "admin"

    @operation("List legal holds, newest first (extension)", tags=["retention"], query=LegalHoldQuery,
               responses={200: LegalHoldPage}, description="Requires the `admin` scope. Active and released "
                                                           "holds, or those `active` says.")
    async def get(self):
        q = self.query(LegalHoldQuery())
        repo = self.services.store.legal_holds
        page = await repo.list(self.org_id, q.get("active"), q["limit"], q["offset"],
                               await cursor_record(repo, self.org_id, q))
        self.write_json(LegalHoldPage().dump(page._asdict()))

    @operation("Apply a legal hold (extension)", tags=["retention"], body=LegalHoldCreate, idempotent=True,
               responses={201: LegalHold}, errors=(400, 401, 403, 409, 422, 429),
               description="Requires the `admin` scope. Exactly one criterion: `signing_request_ids`, "
                           "`signer_email`, `template_id`, or a creation range (`created_from` and/or "
                           "`created_to`; 422 otherwise). It is evaluated whenever a purge asks, so requests "
                           "made later that match it are held too; a purge of a held request is 409 "
                           "`legal_hold` naming the holds. `matched_now` counts the requests it covers now. "
                           "Records `legal_hold.applied`. 409 `limit_reached` past 1000 active holds.")
    @idempotent
    async def post(self):
        body = await self.json_body(LegalHoldCreate())
        hold = await holds.create(self.services, self.org, body, lifecycle.api_actor(self.api_key))
        self.write_json(LegalHold().dump(hold), 201)


class LegalHoldHandler(APIHandler):
    scope = "admin"

    @operation("Get a legal hold (extension)", tags=["retention"], responses={200: LegalHold},
               description="Requires the `admin` scope. With `matched_now`, the requests it covers now.")
    async def get(self, hold_id):
        self.write_json(LegalHold().dump(await holds.get(self.services, self.org_id,
                                                         self.path_id(hold_id, "legal hold"))))

    @operation("Release a legal hold (extension)", tags=["retention"], responses={200: LegalHold},
               errors=(401, 403, 404, 409, 429),
               description="Requires the `admin` scope. The hold stays listed, `active` false, with "
                           "`released_at`; what it held may be purged again. Records `legal_hold.released`. "
                           "Releasing it again is 409 invalid_state.")
    async def delete(self, hold_id):
        released = await holds.release(self.services, self.org_id, self.path_id(hold_id, "legal hold"),
                                       lifecycle.api_actor(self.api_key))
        self.write_json(LegalHold().dump(released))


ROUTES = [
    ("/v1/legal-holds", LegalHoldsHandler),
    ("/v1/legal-holds/{hold_id}", LegalHoldHandler),
]

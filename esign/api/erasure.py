"""A person's erasure request (docs/retention.md): every signing request the address signs is purged of
all personal data, or reported held or kept. Needs the `admin` scope."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.retention_schemas import HeldBy
from esign.domain.requests import lifecycle
from esign.domain.retention import erasure
from esign.schema import Email, Line, OutSchema, StrictSchema, UTCDateTime


class ErasureBody(StrictSchema):
    email = Email(required=True, metadata={"description": "the person's address (any signer of a request, "
                                                          "without case)"})
    reason = Line(required=True, validate=validate.Length(1, 500), metadata={
        "description": "why (kept in each purged request's tombstone)"})


class ErasureRecord(OutSchema):
    signing_request_id = fields.UUID(required=True)
    status = fields.String(required=True, metadata={"description": "the request's state"})
    outcome = fields.String(required=True, metadata={"description": ", ".join(erasure.OUTCOMES)})
    legal_holds = fields.List(fields.Nested(HeldBy), dump_default=list, metadata={
        "description": "`held`: the active holds that keep it"})
    why = fields.String(allow_none=True, dump_default=None, metadata={"description": "`kept`: why"})


class ErasureCounts(OutSchema):
    purging = fields.Integer(required=True)
    purged = fields.Integer(required=True)
    held = fields.Integer(required=True)
    kept = fields.Integer(required=True)


class ErasureOther(OutSchema):
    kind = fields.String(required=True, metadata={"description": ", ".join(erasure.OTHER_KINDS)})
    outcome = fields.String(required=True, metadata={"description": (
        "`deleted` (the contact), `scrubbed` (the address and what was given with it removed now), `purging` (an "
        "identity session, scrubbed by its request's purge), `kept` (`why`), `held` (a legal hold names the "
        "address: nothing of the person's other records changed), `not_stored` (webhook deliveries)")})
    count = fields.Integer(required=True)
    why = fields.String(allow_none=True, dump_default=None)
    legal_holds = fields.List(fields.Nested(HeldBy), dump_default=list, metadata={
        "description": "`held`: the active holds that name the address"})


class ErasureReport(OutSchema):
    email = fields.String(required=True)
    reason = fields.String(required=True)
    requested_at = UTCDateTime(required=True)
    records = fields.List(fields.Nested(ErasureRecord), required=True, metadata={
        "description": f"oldest first, at most {erasure.MAX_RECORDS}"})
    counts = fields.Nested(ErasureCounts, required=True)
    other_records = fields.List(fields.Nested(ErasureOther), required=True, metadata={
        "description": "the person's records besides signing requests, by kind (at most "
                       f"{erasure.MAX_OTHERS} bulk rows and {erasure.MAX_OTHERS} public link uses a call)"})
    truncated = fields.Boolean(required=True, metadata={
        "description": "there are more: ask again once these are purged"})


class ErasureRequestsHandler(APIHandler):
    scope = "admin"

    @operation("Erase a person's data (extension)", tags=["retention"], body=ErasureBody, idempotent=True,
               responses={202: ErasureReport}, errors=(400, 401, 403, 422, 429),
               description="Requires the `admin` scope. Every signing request of the organisation that the "
                           "address signs, oldest first (at most " + str(erasure.MAX_RECORDS) + " a call; "
                           "`truncated` says there are more), is purged with `purge_all` through the job worker "
                           "(`outcome` `purging`, or `purged` when that was done before), or reported `held` "
                           "(naming the legal holds) or `kept`: by the organisation's floor (`floor_days` of the "
                           "retention policy), or because it is a draft or pending (delete or cancel it, then ask "
                           "again). Each purge keeps its tombstone with `reason`. The person's other records are "
                           "reported in `other_records`: the contact deleted, the bulk rows and public link uses "
                           "scrubbed unless their request is kept, the identity sessions scrubbed with their "
                           "requests; nothing of them while a legal hold names the address (docs/retention.md).")
    @idempotent
    async def post(self):
        body = await self.json_body(ErasureBody())
        report = await erasure.erase(self.services, self.org_id, body["email"], body["reason"],
                                     lifecycle.api_actor(self.api_key))
        self.write_json(ErasureReport().dump(report), 202)


ROUTES = [("/v1/erasure-requests", ErasureRequestsHandler)]

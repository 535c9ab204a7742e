"""What an approver, a viewer and an assistant do through their link (docs/roles.md): approve, reject,
acknowledge, prepare.
Thin handlers over esign.domain.signer.roles; approving and acknowledging answer the participant's
view, rejecting what declining answers, as the signer's actions do (esign.api.signer)."""
from __future__ import annotations

from esign.api.signer_page import SignerHandler, signer_op
from esign.api.signer_schemas import DeclineBody, Declined, FieldValues
from esign.domain.requests import signing_requests
from esign.domain.signer import roles
from esign.schema import StrictSchema


class ApproveBody(StrictSchema):
    values = FieldValues(load_default=dict, metadata={
        "maxProperties": signing_requests.MAX_FIELDS,
        "description": "field id -> value for the approver's own text, date, checkbox and select fields, checked as "
                       "when signing; the body may be left out"})


class ApproveHandler(SignerHandler):
    @signer_op("Approve (an approver; extension)", body=ApproveBody,
               description="Only for a participant of type `approver`, while it is their turn (409 otherwise). The "
                           "approver becomes `approved` (`signer.approved`); once every approver has approved, a "
                           "parallel request invites everyone else; the request completes once everyone who blocks "
                           "completion is done. The approver's own fields are checked as a signer's are (422).")
    async def post(self, token):
        body = await self.json_body(ApproveBody(), required=False)
        await self.answer(await roles.approve(self.services, self.session, body["values"], self.actor))


class PrepareBody(StrictSchema):
    values = FieldValues(load_default=dict, metadata={
        "maxProperties": signing_requests.MAX_FIELDS,
        "description": "field id -> value for text, checkbox and select fields of the signers the assistant "
                       "assists (never signature, initials, attachment or date: 422), each checked as a signer's "
                       "value is; an empty one is left out. The body may be left out (nothing prefilled)"})


class PrepareHandler(SignerHandler):
    @signer_op("Prefill the fields of the signers assisted, and be done (an assistant; extension)", body=PrepareBody,
               description="Only for a participant of type `assistant`, while it is their turn (409 otherwise). The "
                           "values are stored as prefilled by the assistant (the signers see them so, and may change "
                           "them unless the field is `locked`); the assistant becomes `prepared` (`signer.prepared`) "
                           "and whoever's turn it now is is invited.")
    async def post(self, token):
        body = await self.json_body(PrepareBody(), required=False)
        await self.answer(await roles.prepare(self.services, self.session, body["values"], self.actor))


class RejectHandler(SignerHandler):
    @signer_op("Reject, with a reason (an approver; extension)", body=DeclineBody, response=Declined,
               description="Only for a participant of type `approver`, while it is their turn (409 otherwise). The "
                           "approver becomes `rejected` and the request `cancelled` with `cancellation: {kind: "
                           "rejected, reason, by}` (`signer.rejected`, `signing_request.cancelled`); nobody else is "
                           "invited and the owner is emailed the reason. The link then stops working.")
    async def post(self, token):
        body = await self.json_body(DeclineBody())
        request = await roles.reject(self.services, self.session, body["reason"], self.actor)
        self.write_json(Declined().dump({"status": "rejected", "signing_request_id": request["id"],
                                         "signer_id": self.session.signer["id"], "reason": body["reason"].strip()}))


class AcknowledgeHandler(SignerHandler):
    @signer_op("Confirm having reviewed the document (a viewer; extension)",
               description="Only for a participant of type `viewer`, while it is their turn (409 otherwise). The "
                           "viewer becomes `acknowledged` (`signer.acknowledged`); the request completes only once "
                           "every viewer has acknowledged and everyone else is done.")
    async def post(self, token):
        await self.answer(await roles.acknowledge(self.services, self.session, self.actor))


ROUTES = [
    ("/sign/{token}/api/approve", ApproveHandler),
    ("/sign/{token}/api/reject", RejectHandler),
    ("/sign/{token}/api/acknowledge", AcknowledgeHandler),
    ("/sign/{token}/api/prepare", PrepareHandler),
]

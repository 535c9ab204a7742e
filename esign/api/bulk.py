"""Bulk send: one template to many recipients as a tracked job, and the job's progress."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.signing_request_schemas import Recipient, SendOptions
from esign.domain.retention import deletion
from esign.domain.templating import bulk as domain
from esign.domain.templating.templates import PLACEHOLDER_TEXT
from esign.schema import OutSchema, UTCDateTime

STATUS_TEXT = ("Job status: `queued` (not started), `processing`, then `completed` (every item succeeded), "
               "`completed_with_errors` (some failed) or `failed` (every item failed). Item status: `pending`, "
               "`succeeded` (with `signing_request_id`), `failed` (with `error_message`, `<code>: <reason>`).")


class BulkSend(SendOptions):
    template_id = fields.UUID(required=True, metadata={"description": "a template of the organisation (422 otherwise)"})
    recipients = fields.List(fields.Nested(Recipient), required=True, validate=validate.Length(1, 500),
                             metadata={"description": "1 to 500; each gets an independent signing request"})


class BulkAccepted(OutSchema):
    bulk_job_id = fields.UUID(required=True)
    total_count = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"description": "`queued`"})


class BulkItem(OutSchema):
    id = fields.UUID(required=True)
    status = fields.String(required=True, metadata={"description": "pending, succeeded, failed"})
    signing_request_id = fields.UUID(allow_none=True)
    recipient_email = fields.String(allow_none=True, metadata={"description": "the recipient's first signer"})
    error_message = fields.String(allow_none=True)


class BulkJob(OutSchema):
    id = fields.UUID(required=True)
    template_id = fields.UUID(allow_none=True)
    status = fields.String(required=True, metadata={
        "description": "queued, processing, completed, completed_with_errors, failed"})
    total_count = fields.Integer(required=True)
    success_count = fields.Integer(required=True)
    failure_count = fields.Integer(required=True)
    created_at = UTCDateTime(required=True)
    completed_at = UTCDateTime(allow_none=True)
    items = fields.List(fields.Nested(BulkItem), required=True, metadata={"description": "in recipient order"})


class BulkSendHandler(APIHandler):
    sandbox_writes = True  # a sandbox key's bulk jobs make sandbox requests

    @operation("Send a template to many recipients", tags=["bulk send"], body=BulkSend, idempotent=True,
               responses={202: BulkAccepted},
               description="Answers 202 at once; the requests are made in the background through the job queue, "
                           "a few at a time (`[jobs] bulk_concurrency`). The body's shape is checked here (422 for "
                           "the whole call, details name `recipients.<i>....`); what depends on the template — "
                           "roles, placeholders, duplicate signer emails, the documents' pages — and the monthly "
                           "quota are checked per recipient: such a recipient's item fails with the reason in "
                           "`error_message` and the others go on. Each recipient is sent like "
                           "`POST /v1/templates/{template_id}/send` with the template as it is now (later edits "
                           "or its deletion do not change the job); an envelope template (`document_ids`) makes one envelope "
                           "request per recipient with all its documents. A job interrupted by a restart resumes "
                           "without making any request or mail twice. A retry with the same Idempotency-Key "
                           "returns the original job.\n\n" + STATUS_TEXT + "\n\n" + PLACEHOLDER_TEXT)
    @idempotent
    async def post(self):
        body = await self.json_body(BulkSend())
        job = await domain.submit(self.services, self.org, self.api_key, self.sandbox, body)
        self.write_json(BulkAccepted().dump({"bulk_job_id": job["id"], "total_count": job["total_count"],
                                             "status": job["status"]}), 202)


class BulkJobHandler(APIHandler):
    @operation("Get a bulk job with its items", tags=["bulk send"], responses={200: BulkJob},
               description=STATUS_TEXT)
    async def get(self, bulk_job_id):
        job = await domain.view(self.services, self.org_id, self.path_id(bulk_job_id, "bulk job"))
        self.write_json(BulkJob().dump(job))


class BulkJobItemsHandler(APIHandler):
    @operation("Delete a finished bulk job's items (extension)", tags=["bulk send"], responses={202: BulkJob},
               errors=(401, 403, 404, 409, 429),
               description="Once the job has finished (409 invalid_state while it is queued or processing, and "
                           "when its items were deleted already): its items, with each recipient's input and "
                           "address, are deleted by the job worker; the job stays with its counts and no items. "
                           "The signing requests it made are not touched (docs/retention.md).")
    async def delete(self, bulk_job_id):
        job = await deletion.delete_bulk_items(self.services, self.org_id, self.path_id(bulk_job_id, "bulk job"))
        self.write_json(BulkJob().dump(job), 202)


ROUTES = [
    ("/v1/bulk-send", BulkSendHandler),
    ("/v1/bulk-jobs/{bulk_job_id}", BulkJobHandler),
    ("/v1/bulk-jobs/{bulk_job_id}/items", BulkJobItemsHandler),
]

"""The shapes of the retention API (docs/retention.md): a purge's body, and what a purged request keeps
(its tombstone), shown on the signing request."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.schema import Line, OutSchema, StrictSchema, UTCDateTime

ACTIONS = ("purge_content", "purge_all")


class PurgeBody(StrictSchema):
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS), metadata={"description": (
        "`purge_content`: every file of the request (signed, combined and certificate PDFs, attachments, "
        "drawings; the originals nothing else uses) and the field values; the participants and the audit "
        "trail stay. `purge_all`: also the names, email addresses, phone numbers, IP addresses and user "
        "agents in the request and its events (a request purged of its content may be purged of all later)")})
    reason = Line(required=True, validate=validate.Length(1, 500), metadata={
        "description": "why (kept in the tombstone)"})


class TombstoneDocument(OutSchema):
    document_id = fields.UUID(required=True)
    original_sha256 = fields.String(allow_none=True, metadata={"description": "the uploaded document's"})
    stamped_sha256 = fields.String(allow_none=True, metadata={"description": "with the signers' values, "
                                                                            "before sealing"})
    signed_sha256 = fields.String(allow_none=True, metadata={"description": "the sealed PDF's, as downloaded"})


class TombstoneAudit(OutSchema):
    head = fields.String(allow_none=True, metadata={"description": "the hash of the request's last event "
                                                                  "before the purge"})
    event_count = fields.Integer(required=True)


class Tombstone(OutSchema):
    signing_request_id = fields.UUID(required=True)
    created_at = UTCDateTime(required=True)
    ended_at = UTCDateTime(allow_none=True, metadata={"description": "completed, cancelled or expired at"})
    purged_at = UTCDateTime(allow_none=True)
    final_state = fields.String(required=True)
    action = fields.String(required=True)
    reason = fields.String(allow_none=True)
    rule = fields.String(allow_none=True, metadata={"description": "the retention rule, when one purged it"})
    documents = fields.List(fields.Nested(TombstoneDocument), required=True)
    audit = fields.Nested(TombstoneAudit, required=True)
    signing_level = fields.String(required=True)
    seal_fingerprint = fields.String(allow_none=True, metadata={
        "description": "SHA-256 of the seal certificate that signed the PDF (hex, colons)"})
    verification_id = fields.String(allow_none=True)


class PurgeState(OutSchema):
    state = fields.String(required=True, metadata={"description": "purging (the job worker is at it), done"})
    action = fields.String(required=True)
    reason = fields.String(allow_none=True)
    requested_at = UTCDateTime(required=True)

"""The shapes of the retention API (docs/retention.md): a purge's body, what a purged request keeps (its
tombstone, shown on the signing request), and legal holds."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.schema import (
    BoundedUUID,
    CursorPageQuery,
    Email,
    Int,
    Line,
    OutSchema,
    QueryBool,
    StrictSchema,
    UTCDateTime,
    page_of,
)

ACTIONS = ("purge_content", "purge_all")
STATES = ("completed", "cancelled", "expired")
MAX_HELD_IDS = 1000  # request ids one legal hold names
# the signing request's retention and revocation (esign.api.signing_request_schemas.SigningRequest)
PURGE_AT_TEXT = "extension: when the retention policy purges it (`retention_rule` says by which rule)"
REVOKED_TEXT = ("extension: when its sender revoked it (`POST .../revoke`): its public verification page says "
                "`revoked_by_sender` (docs/signing.md)")
REASON_TEXT = "extension: the reason its sender gave for revoking it (removed by a `purge_all`)"


class PurgeBody(StrictSchema):
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS), metadata={"description": (
        "`purge_content`: every file of the request (signed, combined and certificate PDFs, attachments, "
        "drawings; the originals nothing else uses) and the field values; the participants and the audit "
        "trail stay. `purge_all`: also the names, email addresses, phone numbers, IP addresses and user "
        "agents in the request and its events (a request purged of its content may be purged of all later)")})
    reason = Line(required=True, validate=validate.Length(1, 500), metadata={
        "description": "why (kept in the tombstone)"})


class RevokeBody(StrictSchema):
    reason = Line(required=True, validate=validate.Length(1, 500), metadata={
        "description": "why the sender no longer stands by the signed documents (shown on the verification page only "
                       "to an organisation that opts in to names)"})


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


class LegalHoldCreate(StrictSchema):
    name = Line(required=True, validate=validate.Length(1, 200))
    reason = Line(required=True, validate=validate.Length(1, 500))
    signing_request_ids = fields.List(BoundedUUID(), validate=validate.Length(1, MAX_HELD_IDS), metadata={
        "description": f"these requests (at most {MAX_HELD_IDS})"})
    signer_email = Email(metadata={"description": "every request one of whose signers has this address"})
    template_id = BoundedUUID(metadata={"description": "every request made from this template"})
    created_from = UTCDateTime(metadata={"description": "every request created at or after this time"})
    created_to = UTCDateTime(metadata={"description": "every request created before this time"})


class LegalHoldQuery(CursorPageQuery):
    active = QueryBool(metadata={"description": "only active (true) or released (false) holds"})


class LegalHold(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    reason = fields.String(required=True)
    signing_request_ids = fields.List(fields.UUID(), dump_default=None, allow_none=True)
    signer_email = fields.String(dump_default=None, allow_none=True)
    template_id = fields.UUID(dump_default=None, allow_none=True)
    created_from = UTCDateTime(dump_default=None, allow_none=True)
    created_to = UTCDateTime(dump_default=None, allow_none=True)
    active = fields.Boolean(required=True, metadata={"description": "false once released"})
    created_at = UTCDateTime(required=True)
    released_at = UTCDateTime(allow_none=True)
    matched_now = fields.Integer(metadata={"description": "the signing requests it covers now (not in lists)"})


LegalHoldPage = page_of(LegalHold, "LegalHoldPage")


class HeldBy(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)


class RetentionRule(StrictSchema):
    state = fields.String(required=True, validate=validate.OneOf(STATES), metadata={
        "description": "the final state the rule applies to"})
    after_days = Int(required=True, validate=validate.Range(1, 36500), metadata={
        "description": "days after the request ended (completed, cancelled or expired)"})
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))


class RetentionOverrideBody(StrictSchema):
    after_days = Int(required=True, validate=validate.Range(1, 36500), metadata={
        "description": "days after the request ended; not below the organisation's `floor_days` of its state"})
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))


class RetentionPolicyBody(StrictSchema):
    rules = fields.List(fields.Nested(RetentionRule), required=True, validate=validate.Length(max=len(STATES)),
                        metadata={"description": "at most one per state; a state without a rule is kept"})
    notice_days = Int(required=True, validate=validate.Range(0, 365), metadata={
        "description": "signing_request.purge_scheduled is recorded this many days before a purge"})
    floor_days = fields.Dict(keys=fields.String(validate=validate.OneOf(STATES)),
                             values=Int(validate=validate.Range(0, 36500)), load_default=dict,
                             validate=validate.Length(max=len(STATES)), metadata={
        "description": "the floor: per final state, the days after its end before which no rule, override or "
                       "erasure request purges a request (a rule below it is 422; 0 or absent: none)"})


class RuleOut(OutSchema):
    state = fields.String(required=True)
    after_days = fields.Integer(required=True)
    action = fields.String(required=True)


class RetentionPolicy(OutSchema):
    rules = fields.List(fields.Nested(RuleOut), required=True)
    notice_days = fields.Integer(required=True)
    floor_days = fields.Dict(keys=fields.String(), values=fields.Integer(), dump_default=dict, metadata={
        "description": "per final state, the days after its end before which nothing purges a request"})
    source = fields.String(required=True, metadata={"description": "organization (set by PUT), or config "
                                                                  "(`[retention]`, until it is set)"})
    updated_at = UTCDateTime(allow_none=True, dump_default=None)


class PreviewCounts(OutSchema):
    now = fields.Integer(required=True, metadata={"description": "requests it would purge now"})
    next_30_days = fields.Integer(required=True, metadata={"description": "now and within 30 days"})


class PreviewRule(RuleOut, PreviewCounts):
    """A rule of the policy with its counts."""


class PreviewTemplate(PreviewCounts):
    template_id = fields.UUID(required=True)
    after_days = fields.Integer(required=True, metadata={"description": "the template's retention (raised to a "
                                                                        "state's floor for the requests of that state)"})
    action = fields.String(required=True)


class RetentionPreview(OutSchema):
    rules = fields.List(fields.Nested(PreviewRule), required=True, metadata={
        "description": "the policy's rules: the requests of their state made from no template with its own retention "
                       "(or scheduled by a rule already)"})
    templates = fields.List(fields.Nested(PreviewTemplate), required=True, metadata={
        "description": "each template with its own retention: the requests made from it, whatever their final state"})
    requests = fields.Nested(PreviewCounts, required=True, metadata={
        "description": "the requests whose own retention was set (`PUT /v1/signing-requests/{id}/retention`)"})
    source = fields.String(required=True)

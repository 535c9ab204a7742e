"""The body of a webhook delivery and the `data` shape of each event type: one declaration each.

`DATA_SCHEMAS` is the contract. An event type's schema is published (the callbacks of
`POST /v1/webhooks` in the OpenAPI document, and `describe()` in its text), lists the event types a
webhook can subscribe to, and fills the deliveries: `data_for` dumps the event through its schema, so a
delivery carries exactly the fields declared, taken from the event record (request and signer ids,
`sandbox`), the event's `metadata` (the audit trail's `reason`, `signers`) and its stored `data`
(given by the operation that emitted it), the latter winning. A field declared but never filled, or
filled but not declared, fails tests/webhooks/test_payload_contract.py, which checks a delivery of every
event type against its published schema.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from marshmallow import fields

from esign.clock import iso
from esign.schema import OutSchema


def _timestamp(description: str = "", **kwargs) -> fields.String:
    """A date-time the stored data already holds as ISO 8601 text."""
    return fields.String(metadata={"format": "date-time", **({"description": description} if description else {})},
                         **kwargs)


class _Base(OutSchema):
    sandbox = fields.Boolean(required=True)


class Labels(OutSchema):
    """The sender's own labels of a request or signer (esign.domain.requests.tags)."""
    external_id = fields.String(required=True, allow_none=True, metadata={
        "description": "extension: the `external_id` given on create, else null"})
    metadata = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={
        "description": "extension: the `metadata` given on create (an empty object when none was)"})


class SigningRequestData(_Base, Labels):
    signing_request_id = fields.UUID(required=True)
    status = fields.String(required=True, metadata={"description": "the request's status after the event"})
    document_id = fields.UUID(required=True)
    document_name = fields.String(required=True)


class Person(OutSchema):
    name = fields.String(required=True)
    email = fields.String(required=True)


class DelegatePerson(Person):
    id = fields.UUID(required=True)


class Cancellation(OutSchema):
    kind = fields.String(required=True, metadata={
        "description": "`cancelled`: the sender cancelled it; `rejected`: an approver rejected; `declined`: a signer "
                       "declined"})
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "the reason the approver or the signer gave, or the sender's (null when none was given)"})
    by = fields.Nested(DelegatePerson, required=True, allow_none=True, metadata={
        "description": "`{id, name, email}` of the participant who rejected or declined; null when the sender "
                       "cancelled"})
    at = _timestamp(required=True, description="when it was cancelled")


class CancelledData(SigningRequestData):
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "the reason given when cancelling, `declined by <email>` when a signer declined, `rejected by "
                       "<email>` when an approver rejected, null when none was given"})
    cancellation = fields.Nested(Cancellation, required=True, metadata={
        "description": "extension: why and by whom, as the request's own `cancellation` shows it (docs/roles.md)"})


class RemindedData(SigningRequestData):
    signers = fields.List(fields.String(), required=True, metadata={
        "description": "email addresses of the reminded signers (none for sandbox requests, which send no email)"})


class CompletedSigner(OutSchema):
    email = fields.String(required=True)
    name = fields.String(required=True)
    signed_at = _timestamp(required=True)


class SignedDocument(OutSchema):
    document_id = fields.UUID(required=True)
    name = fields.String(required=True)
    signed_pdf_storage_key = fields.String(required=True, metadata={
        "description": "location of this document's signed PDF in storage"})


class CompletedFieldValue(OutSchema):
    field_id = fields.UUID(required=True)
    signer_id = fields.UUID(required=True)
    name = fields.String(required=True, allow_none=True, metadata={
        "description": "the field's placeholder (a text tag's `name=`), null when it has none"})
    field_type = fields.String(required=True)
    value = fields.String(required=True, allow_none=True, metadata={
        "description": "what the signer entered; `signed` for a signature or initials, the file's name for an "
                       "attachment, null for an optional field left empty"})


class CompletedData(SigningRequestData):
    completed_at = _timestamp(required=True)
    all_signers = fields.List(fields.Nested(CompletedSigner), required=True,
                              metadata={"description": "array of `{email, name, signed_at}`"})
    signed_pdf_storage_key = fields.String(required=True, metadata={
        "description": "location of the signed PDF in storage (of the first document of an envelope)"})
    documents = fields.List(fields.Nested(SignedDocument), required=True, metadata={
        "description": "extension: every document of the request in order, each `{document_id, name, "
                       "signed_pdf_storage_key}` (each is signed as a PDF of its own)"})
    field_values = fields.List(fields.Nested(CompletedFieldValue), required=True, allow_none=True, metadata={
        "description": "extension: every field of the request with what was filled in, in the request's order; "
                       "null when they would take more than 256 KiB (read them with `GET /v1/signing-requests/{id}`)"})


class SignerState(Labels):
    id = fields.UUID(required=True)
    email = fields.String(required=True)
    name = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "the signer's status after the event"})


class SignerData(SigningRequestData):
    signer_id = fields.UUID(required=True)
    signer_name = fields.String(required=True)
    signer_email = fields.String(required=True)
    signer = fields.Nested(SignerState, required=True, metadata={"description": "`{id, email, name, status}` of the "
                                                                                "signer after the event"})


class SignedData(SignerData):
    completed_at = _timestamp("present when this signature completed the request")
    all_signers = fields.List(fields.Nested(CompletedSigner), metadata={
        "description": "present when this signature completed the request: array of `{email, name, signed_at}`"})


class DeclinedData(SignerData):
    reason = fields.String(required=True, metadata={"description": "the reason the signer gave"})


class SignerReplacedData(SignerData):
    previous = fields.Nested(Person, required=True, metadata={
        "description": "`{name, email}` of the person replaced; `signer_*` name the new one (same `signer_id`)"})


class DelegatedData(SignerData):
    delegate = fields.Nested(DelegatePerson, required=True, metadata={
        "description": "`{id, name, email}`: the new signer who takes the delegating signer's order and fields"})
    reason = fields.String(required=True, metadata={"description": "the reason the delegating signer gave"})


class RoleData(SignerData):
    type = fields.String(required=True, metadata={"description": "extension: the participant's type (`approver`, "
                                                                 "`viewer`, `assistant`, `witness`; docs/roles.md)"})


class ApprovedData(RoleData):
    signed = fields.Boolean(metadata={"description": "extension: present (true) when an approver with `approver_signs` "
                                                    "approved by signing"})


class WitnessedData(RoleData):
    mode = fields.String(required=True, metadata={"enum": ["remote", "in_person"], "description": (
        "extension: the witness's `witness_mode`: `remote` (invited by its own message) or `in_person` (handed the "
        "signer's device)")})


class PreparedData(RoleData):
    fields = fields.Integer(required=True, metadata={"description": "how many fields of the signers it assists the "
                                                                    "assistant prefilled"})


class RejectedData(RoleData):
    reason = fields.String(required=True, metadata={"description": "the reason the approver gave"})


class EmailBouncedData(SignerData):
    error = fields.String(required=True, metadata={
        "description": "extension: what the mail server answered about the address (at most 500 characters)"})


class EmailFailedData(EmailBouncedData):
    template = fields.String(allow_none=True, metadata={
        "description": "extension: which email will not arrive (`invitation`, `reminder`, ...), when known"})


class DocumentSignedData(_Base, Labels):
    signing_request_id = fields.UUID(required=True)
    document_id = fields.UUID(required=True, metadata={
        "description": "extension: the document whose signed PDF is ready (one event per document of the request)"})
    document_name = fields.String(required=True)
    completed_at = _timestamp(required=True)
    signing_level = fields.String(required=True, metadata={"description": "the request's signing level, e.g. `ses`"})
    signers = fields.List(fields.Nested(CompletedSigner), required=True,
                          metadata={"description": "array of `{email, name, signed_at}`"})
    download_url = fields.String(required=True, metadata={
        "description": "extension: a link to this document's signed PDF, valid until `download_expires_at` (24 "
                       "hours after the event; a retry delivers the same link): afterwards ask "
                       "`GET /v1/signing-requests/{id}/download` for a new one"})
    download_expires_at = _timestamp(required=True)


class DocumentUploadedData(_Base):
    document_id = fields.UUID(required=True)
    name = fields.String(required=True)
    file_size = fields.Integer(required=True, metadata={"description": "bytes"})
    page_count = fields.Integer(required=True, allow_none=True)


class PurgeScheduledData(_Base):
    signing_request_id = fields.UUID(required=True)
    purge_at = _timestamp("when the retention policy purges it", required=True)
    action = fields.String(required=True, metadata={"description": "purge_content or purge_all"})
    rule = fields.String(required=True, metadata={"description": "the rule: the final state and its after_days"})


class RevokedData(_Base):
    signing_request_id = fields.UUID(required=True)
    revoked_at = _timestamp("when its sender revoked the completed request", required=True)
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "the reason the sender gave (null once a `purge_all` removed it)"})


class LegalHoldData(_Base):
    legal_hold_id = fields.UUID(required=True)
    name = fields.String(required=True)


class LegalHoldAppliedData(LegalHoldData):
    matched_now = fields.Integer(required=True, metadata={
        "description": "signing requests the hold covers when applied (later ones are covered too)"})


class MemberInvitedData(_Base):
    email = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)


class PublicLinkData(_Base):
    public_link_id = fields.UUID(required=True)
    name = fields.String(required=True)
    template_id = fields.UUID(required=True)
    uses = fields.Integer(required=True, metadata={"description": "requests made from the link so far"})
    max_uses = fields.Integer(required=True, allow_none=True)


class PublicLinkUsedData(PublicLinkData):
    signing_request_id = fields.UUID(required=True, metadata={"description": "the request made for the visitor"})
    email_proven = fields.Boolean(required=True, metadata={
        "description": "whether the visitor proved their address with an emailed code"})


class PublicLinkPausedData(PublicLinkData):
    reason = fields.String(required=True, metadata={
        "description": "`owner`: paused by a PATCH; `phone_breaker`: only the link's phone codes were paused by the "
                       "breaker (docs/public-links.md), the link still works by email"})


# Every event type a webhook can subscribe to, and the schema of its `data`. Where in storage the
# signed PDF lies is named to receivers once, as the specification says: only `CompletedData` declares
# `signed_pdf_storage_key` (and `documents`), so the other events whose stored data holds it (a signer's event that
# completed the request, `document.signed`) never deliver it.
DATA_SCHEMAS = {
    "signing_request.created": SigningRequestData, "signing_request.sent": SigningRequestData,
    "signing_request.reminded": RemindedData, "signing_request.completed": CompletedData,
    "signing_request.cancelled": CancelledData, "signing_request.expired": SigningRequestData,
    "signer.viewed": SignerData, "signer.signed": SignedData, "signer.declined": DeclinedData,
    "signer.withdrawn": SignerData, "document.signed": DocumentSignedData,
    "signing_request.signer_replaced": SignerReplacedData, "signer.delegated": DelegatedData,
    "signer.approved": ApprovedData, "signer.rejected": RejectedData, "signer.acknowledged": RoleData,
    "signer.prepared": PreparedData, "signer.witnessed": WitnessedData,
    "document.uploaded": DocumentUploadedData, "member.invited": MemberInvitedData,
    "signing_event.email_bounced": EmailBouncedData, "signing_event.email_failed": EmailFailedData,
    "signing_request.purge_scheduled": PurgeScheduledData,
    "signing_request.revoked": RevokedData,
    "legal_hold.applied": LegalHoldAppliedData, "legal_hold.released": LegalHoldData,
    "public_link.used": PublicLinkUsedData, "public_link.exhausted": PublicLinkData,
    "public_link.paused": PublicLinkPausedData,
}
SUBSCRIBABLE = tuple(DATA_SCHEMAS)


def data_for(event: dict) -> dict:
    """The delivered `data`: what the event type's schema declares, nothing else."""
    source = dict(event.get("metadata") or {})
    source["sandbox"] = bool(event.get("sandbox"))
    if event.get("signing_request_id"):
        source["signing_request_id"] = event["signing_request_id"]
    if event.get("signer_id"):
        source.update(signer_id=event["signer_id"], signer_name=event.get("signer_name"),
                      signer_email=event.get("signer_email"))
    source.update(event.get("data") or {})
    return DATA_SCHEMAS[event["event_type"]]().dump(source)


def _json_default(value):
    if isinstance(value, dt.datetime):
        return iso(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def body_for(webhook_id: str, event: dict) -> bytes:
    """The exact bytes sent (and signed). The same event gives the same bytes on every retry."""
    body = {"id": event["id"], "event": event["event_type"], "timestamp": iso(event["created_at"]),
            "webhook_id": webhook_id, "data": data_for(event)}
    return json.dumps(body, separators=(",", ":"), default=_json_default).encode()


class _Delivery(OutSchema):
    """The envelope `body_for` sends around an event's `data` (each event type's: DELIVERY_SCHEMAS)."""

    id = fields.UUID(required=True, metadata={"description": "the event id: the same on every retry"})
    timestamp = _timestamp("the event's time", required=True)
    webhook_id = fields.UUID(required=True)


def _delivery_schema(event_type: str, data_schema: type[OutSchema]) -> type[OutSchema]:
    """The named schema of an event type's delivery body (`signer.signed` -> `SignerSignedDelivery`), the
    component a generated client's type is named after."""
    name = "".join(part.capitalize() for part in re.split(r"[._]", event_type)) + "Delivery"
    return type(name, (_Delivery,), {
        "event": fields.String(required=True, metadata={"enum": [event_type]}),
        "data": fields.Nested(data_schema, required=True)})


DELIVERY_SCHEMAS = {event_type: _delivery_schema(event_type, schema) for event_type, schema in DATA_SCHEMAS.items()}

# The headers of every delivery (esign.webhooks.delivery, esign.webhooks.signatures): name -> (required,
# schema, description)
DELIVERY_HEADERS = {
    "X-Webhook-Signature": (True, {"type": "string", "pattern": "^[0-9a-f]{64}$", "maxLength": 64},
                            "hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`) as UTF-8"),
    "X-Webhook-Event": (True, {"type": "string", "enum": list(DATA_SCHEMAS)}, "the event type"),
    "X-Webhook-ID": (True, {"type": "string", "format": "uuid", "maxLength": 36}, "the webhook's id"),
    "X-Webhook-Retry": (False, {"type": "string", "enum": ["1", "2", "3"]}, "the retry's number; absent on a first "
                                                                            "attempt"),
    "X-Request-ID": (False, {"type": "string", "maxLength": 128}, "the id of the API request that made the event "
                                                                 "(its `X-Request-ID`), when an API request did"),
    "webhook-id": (True, {"type": "string", "maxLength": 64}, "Standard Webhooks: the message id"),
    "webhook-timestamp": (True, {"type": "string", "pattern": "^[0-9]+$", "maxLength": 20},
                          "Standard Webhooks: the attempt's time, Unix seconds"),
    "webhook-signature": (True, {"type": "string", "maxLength": 200},
                          "Standard Webhooks: `v1,<base64 HMAC-SHA256>`, a second one after a space while the "
                          "previous secret is in force"),
}


def callbacks() -> dict:
    """OpenAPI callback objects, one per event type: the POST a subscribed webhook receives with its
    headers, its body the type's named delivery schema (DELIVERY_SCHEMAS; apispec makes them components)."""
    headers = [{"in": "header", "name": name, "required": required, "schema": schema, "description": text}
               for name, (required, schema, text) in DELIVERY_HEADERS.items()]
    return {event_type: {"{$request.body#/url}": {"post": {
        "summary": f"`{event_type}` delivery",
        "description": "Signed as the description of `POST /v1/webhooks` says; retried on any answer but 2xx.",
        "parameters": headers,
        "requestBody": {"required": True, "content": {"application/json": {"schema": schema}}},
        "responses": {"2XX": {"description": "received"},
                      "4XX": {"description": "refused: delivered again later, as after any answer but 2xx"}}}}}
        for event_type, schema in DELIVERY_SCHEMAS.items()}


def _field_line(name, field) -> str:
    kind = {fields.UUID: "uuid", fields.String: field.metadata.get("format", "string"), fields.Boolean: "boolean",
            fields.Integer: "integer", fields.List: "array"}.get(type(field), "object")
    notes = ["required" if field.required else "optional"] + (["nullable"] if field.allow_none else [])
    desc = field.metadata.get("description")
    return f"`{name}` ({kind}; {', '.join(notes)}){': ' + desc if desc else ''}"


def describe() -> str:
    """Markdown: the delivery body, headers and every event type's `data` fields."""
    lines = [
        "**Delivery**: for each subscribed event the service POSTs JSON "
        "`{id, event, timestamp, webhook_id, data}`: `id` is the event id (the same on every retry, so "
        "receivers can de-duplicate), `event` the type, `timestamp` the event's time, `webhook_id` this "
        "webhook. Headers: `Content-Type: application/json`, `X-Webhook-Signature` (hex HMAC-SHA256 of the "
        "raw body keyed with the whole secret string, `whsec_…`, as UTF-8), `X-Webhook-Event`, "
        "`X-Webhook-ID` (webhook id), `X-Webhook-Retry` (1, 2, 3) on retries only, and `X-Request-ID`: the "
        "id of the API request that made the event, when one did (the `X-Request-ID` it answered with).",
        "",
        "**Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox "
        "requests) and the fields below; more fields may be added, so receivers should ignore unknown ones. "
        "Each event type's body is also published as a named schema, `<EventType>Delivery` (`signer.signed`: "
        "`SignerSignedDelivery`; its `data`: `SignedData`), with the headers: the callbacks of this operation.",
        "",
    ]
    for event_type, schema in DATA_SCHEMAS.items():
        parts = "; ".join(_field_line(n, f) for n, f in schema._declared_fields.items() if n != "sandbox")
        lines.append(f"- `{event_type}`: {parts}")
    return "\n".join(lines)

"""The body of a webhook delivery and the `data` shape of each event type.

`data` is the event's stored `data` (given by the operation that emitted it) on top of the fields
every event of its kind carries, taken from the event record itself. The schemas below are the
documented contract; `describe()` renders them into the OpenAPI document.
"""
from __future__ import annotations

import datetime as dt
import json

from marshmallow import fields

from esign.clock import iso
from esign.schema import OutSchema

SUBSCRIBABLE = (
    "signing_request.created", "signing_request.sent", "signing_request.reminded",
    "signing_request.completed", "signing_request.cancelled", "signing_request.expired",
    "signer.viewed", "signer.signed", "signer.declined", "signer.withdrawn",
    "signing_request.signer_replaced", "signer.delegated",
    "document.signed", "document.uploaded", "member.invited",
)


class _Base(OutSchema):
    sandbox = fields.Boolean(required=True)


class SigningRequestData(_Base):
    signing_request_id = fields.UUID(required=True)
    status = fields.String(metadata={"description": "the request's status after the event"})
    document_name = fields.String()


class CancelledData(SigningRequestData):
    reason = fields.String(allow_none=True, metadata={"description": "the cancel reason, when one was given"})


class RemindedData(SigningRequestData):
    signers = fields.List(fields.String(), metadata={"description": "email addresses of the reminded signers"})


class CompletedSigner(OutSchema):
    email = fields.String(required=True)
    name = fields.String(required=True)
    signed_at = fields.String(required=True, metadata={"description": "date-time"})


class CompletedData(_Base):
    signing_request_id = fields.UUID(required=True)
    completed_at = fields.String(required=True, metadata={"description": "date-time"})
    all_signers = fields.List(fields.Nested(CompletedSigner), required=True,
                              metadata={"description": "array of `{email, name, signed_at}`"})
    signed_pdf_storage_key = fields.String(required=True, metadata={"description": "location of the signed PDF in storage"})


class SignerData(_Base):
    signing_request_id = fields.UUID(required=True)
    signer_id = fields.UUID(required=True)
    signer_name = fields.String(required=True)
    signer_email = fields.String(required=True)


class DeclinedData(SignerData):
    reason = fields.String(allow_none=True, metadata={"description": "the reason the signer gave"})


class Person(OutSchema):
    name = fields.String(required=True)
    email = fields.String(required=True)


class DelegatePerson(Person):
    id = fields.UUID(required=True)


class SignerReplacedData(SignerData):
    previous = fields.Nested(Person, required=True, metadata={
        "description": "`{name, email}` of the person replaced; `signer_*` name the new one (same `signer_id`)"})


class DelegatedData(SignerData):
    delegate = fields.Nested(DelegatePerson, required=True, metadata={
        "description": "`{id, name, email}`: the new signer who takes the delegating signer's order and fields"})
    reason = fields.String(required=True, metadata={"description": "the reason the delegating signer gave"})


class DocumentSignedData(_Base):
    signing_request_id = fields.UUID(required=True)
    document_name = fields.String()
    completed_at = fields.String(metadata={"description": "date-time"})


class DocumentUploadedData(_Base):
    document_id = fields.UUID(required=True)
    name = fields.String(required=True)
    file_size = fields.Integer(required=True, metadata={"description": "bytes"})
    page_count = fields.Integer(allow_none=True)


class MemberInvitedData(_Base):
    email = fields.String(required=True)
    name = fields.String(allow_none=True)


DATA_SCHEMAS = {
    "signing_request.created": SigningRequestData, "signing_request.sent": SigningRequestData,
    "signing_request.reminded": RemindedData, "signing_request.completed": CompletedData,
    "signing_request.cancelled": CancelledData, "signing_request.expired": SigningRequestData,
    "signer.viewed": SignerData, "signer.signed": SignerData, "signer.declined": DeclinedData,
    "signer.withdrawn": SignerData, "document.signed": DocumentSignedData,
    "signing_request.signer_replaced": SignerReplacedData, "signer.delegated": DelegatedData,
    "document.uploaded": DocumentUploadedData, "member.invited": MemberInvitedData,
}


# Where in storage the signed PDF lies is named to receivers once, as the specification says: in
# `signing_request.completed`. The stored data of other events holds it too (a signer's event that
# completed the request, `document.signed`): it is left out of their deliveries.
STORAGE_KEY = "signed_pdf_storage_key"
NAMES_STORAGE_KEY = "signing_request.completed"


def data_for(event: dict) -> dict:
    data = {"sandbox": bool(event.get("sandbox"))}
    if event.get("signing_request_id"):
        data["signing_request_id"] = event["signing_request_id"]
    if event.get("signer_id"):
        data.update(signer_id=event["signer_id"], signer_name=event.get("signer_name"),
                    signer_email=event.get("signer_email"))
    data.update(event.get("data") or {})
    if event["event_type"] != NAMES_STORAGE_KEY:
        data.pop(STORAGE_KEY, None)
    return data


def _json_default(value):
    if isinstance(value, dt.datetime):
        return iso(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def body_for(webhook_id: str, event: dict) -> bytes:
    """The exact bytes sent (and signed). The same event gives the same bytes on every retry."""
    body = {"id": event["id"], "event": event["event_type"], "timestamp": iso(event["created_at"]),
            "webhook_id": webhook_id, "data": data_for(event)}
    return json.dumps(body, separators=(",", ":"), default=_json_default).encode()


def _field_line(name, field) -> str:
    kind = {fields.UUID: "uuid", fields.String: "string", fields.Boolean: "boolean",
            fields.Integer: "integer", fields.List: "array", fields.Nested: "object"}.get(type(field), "object")
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
        "`X-Webhook-ID` (webhook id), and `X-Webhook-Retry` (1, 2, 3) on retries only.",
        "",
        "**Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox "
        "requests) and the fields below; more fields may be added, so receivers should ignore unknown ones.",
        "",
    ]
    for event_type, schema in DATA_SCHEMAS.items():
        parts = "; ".join(_field_line(n, f) for n, f in schema._declared_fields.items() if n != "sandbox")
        lines.append(f"- `{event_type}`: {parts}")
    return "\n".join(lines)

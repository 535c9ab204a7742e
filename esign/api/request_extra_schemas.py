"""Extensions of the signing-request shapes (esign.api.signing_request_schemas mixes them in): a cancelled
request's `cancellation` (esign.domain.requests.cancellation), in the shape the `signing_request.cancelled`
webhook carries it (one schema: esign.webhooks.payloads), and a cc participant's `notify_on`
(esign.domain.requests.cc_links)."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.domain.requests import cc_links
from esign.schema import OutSchema, StrictSchema, UTCDateTime
from esign.webhooks.payloads import Cancellation


class Cancelled(OutSchema):
    cancellation = fields.Nested(Cancellation, allow_none=True, dump_default=None, metadata={"description": (
        "extension: a cancelled request's `{kind, reason, by, at}`, as `signing_request.cancelled` carries it "
        "(docs/roles.md); null otherwise")})


class NotifyOn(StrictSchema):
    notify_on = fields.String(validate=validate.OneOf(cc_links.NOTIFY_ON), metadata={"description": cc_links.NOTIFY_ON_TEXT})


class Notified(OutSchema):
    notify_on = fields.String(allow_none=True, metadata={
        "enum": list(cc_links.NOTIFY_ON), "description": "extension: a cc's (null for anyone else): " + cc_links.NOTIFY_ON_TEXT})
    notified_at = UTCDateTime(allow_none=True, metadata={
        "description": "extension: when a cc was notified (its read-only link sent, or its copy at completion)"})

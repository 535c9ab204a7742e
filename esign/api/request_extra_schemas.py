"""An extension of the signing-request shape (esign.api.signing_request_schemas mixes it in): a cancelled
request's `cancellation` (esign.domain.requests.cancellation), in the shape the `signing_request.cancelled`
webhook carries it (one schema: esign.webhooks.payloads)."""
from __future__ import annotations

from marshmallow import fields

from esign.schema import OutSchema
from esign.webhooks.payloads import Cancellation


class Cancelled(OutSchema):
    cancellation = fields.Nested(Cancellation, allow_none=True, dump_default=None, metadata={"description": (
        "extension: a cancelled request's `{kind, reason, by, at}`, as `signing_request.cancelled` carries it "
        "(docs/roles.md); null otherwise")})


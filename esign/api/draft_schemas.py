"""The request and answer shapes of editing a draft (`PATCH /v1/signing-requests/{id}`, `PATCH
.../fields/{field_id}`) and of a fresh signing link (`POST .../signers/{signer_id}/signing-url`). The
edits reuse the create shapes' field declarations (esign.api.signing_request_schemas): the same rules,
none required and no defaults, so that a field left out is left as it is."""
from __future__ import annotations

from marshmallow import fields

from esign.api.changes import ChangeSchema, optional
from esign.api.signing_request_schemas import FieldCreate, SignerInput, SigningRequestCreate
from esign.schema import Bool, OutSchema, StrictSchema, UTCDateTime

#: what a PATCH of a draft may change besides `signers` (their create declarations)
EDITABLE = ("message", "email_subject", "signing_order", "expires_in_days", "reminder_days", "cc_emails", "metadata",
            "external_id", "redirect_url")
#: what a field's PATCH may not change: how it was placed (an anchor, every page) and what it was made from
NOT_EDITABLE_FIELD = ("anchor", "every_page", "text_tag")
DESCRIPTIONS = {
    "expires_in_days": "1 to 90: the request expires this many days from now",
    "signing_order": "parallel or sequential; without `signers`, every signer keeps their order",
    "metadata": "the request's whole new metadata, as on create (`{}` removes it)",
    "external_id": "as on create; null removes it",
    "redirect_url": "as on create; null removes it",
}
#: what an edit may set to null to remove
CLEARABLE = ("external_id", "redirect_url")


def _editable(name: str) -> fields.Field:
    field = optional(_CREATE[name], DESCRIPTIONS.get(name))
    field.allow_none = field.allow_none or name in CLEARABLE
    return field



class SignerEdit(SignerInput):
    """A signer in a draft's new list of signers: the create input, and `id` to keep an existing one."""
    id = fields.UUID(metadata={"description": (
        "an existing signer of the draft: kept under this id, with this input (name, email, phone, order, "
        "locale, delivery as on create), and keeps their fields. Without `id`: a new signer")})


_CREATE = SigningRequestCreate._declared_fields
# (named in this module: a large body is loaded in a child, which finds its schema by module and name)
SigningRequestUpdate = type("SigningRequestUpdate", (ChangeSchema,), {
    "__module__": __name__,
    **{name: _editable(name) for name in EDITABLE},
    "signers": fields.List(fields.Nested(SignerEdit), validate=_CREATE["signers"].validators, metadata={
        "description": (
            "the draft's whole new list of signers, in order (1 to 100, emails unique): an entry with the `id` "
            "of an existing signer keeps and changes that signer, an entry without `id` adds one, and an "
            "existing signer left out is removed together with their fields. Orders as on create (a "
            "sequential request's entry without `order` takes its place in the list). A signer who has "
            "already signed (a reactivated request) can be neither changed nor removed (409)")}),
})

FieldUpdate = type("FieldUpdate", (ChangeSchema,), {
    "__module__": __name__,
    **{name: optional(f) for name, f in FieldCreate._declared_fields.items() if name not in NOT_EDITABLE_FIELD},
})


class SigningUrlBody(StrictSchema):
    revoke_previous = Bool(load_default=False, metadata={"description": (
        "true: every earlier link of this signer stops working (404) and only the new one works; false "
        "(default): the earlier links keep working beside it, up to 5 working links per signer (409 beyond: "
        "revoke the earlier ones)")})


class SigningUrl(OutSchema):
    signer_id = fields.UUID(required=True)
    signing_url = fields.String(required=True, metadata={"description": "`{public_url}/sign/{token}`"})
    expires_at = UTCDateTime(required=True, metadata={"description": (
        "when the link stops working at the latest: the request's `expires_at` (it stops earlier when the "
        "request is cancelled, or when the signer is replaced or a later link revokes it)")})

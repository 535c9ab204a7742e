"""A participant's `type` and the progress of everyone who blocks completion (docs/roles.md), as the
signing-request, template and bulk shapes (esign.api.signing_request_schemas, esign.api.template_schemas)
declare them: one declaration each."""
from __future__ import annotations

from marshmallow import fields, validate

from esign.domain.requests import cc_links, roles
from esign.schema import Bool, OutSchema, StrictSchema, UTCDateTime

TYPE_TEXT = (
    "Extension: what this participant does (docs/roles.md): `signer` signs; `approver` approves (`POST "
    "/sign/{token}/api/approve`) or rejects with a reason (`.../reject`, which cancels the request), and in a "
    "parallel request every approver acts before anyone else is invited; it may fill its own text, date, checkbox "
    "and select fields, never a signature, initials or attachment field (422); `viewer` confirms having reviewed "
    "the document (`.../acknowledge`; no fields, 422 otherwise), and the request completes only once every viewer "
    "has; `cc` is never invited, blocks nothing and gets the copy at completion (no fields; `cc_emails` is a "
    "shorthand for it); `assistant` prefills the text, checkbox and select fields of the signers it `assists` "
    "(`.../prepare`) before they are invited (no fields of its own); `witness` signs its own witness block once "
    "the signer it is `witness_for` has signed (on a template role, `assists` and `witness_for` name roles; a "
    "send's or bulk row's person takes the role's type). `total_signers` and `signed_count` count signers only")


def participant_type(default: str | None = "signer", linked: bool = False) -> fields.String:
    """A participant's `type` (esign.domain.requests.roles), the one declaration of it: a create body's
    signer and a template role default to `signer`; a template send's signer takes its role's. Only
    where a participant can name others (`linked`: a create body, a draft's edit) may it be an
    assistant or a witness."""
    types = roles.TYPES if linked else tuple(t for t in roles.TYPES if t not in roles.LINKED)
    return fields.String(validate=validate.OneOf(types), metadata={"description": TYPE_TEXT},
                         **({"load_default": default} if default else {}))


APPROVER_SIGNS_TEXT = (
    "extension, only for an `approver` (422 otherwise): the approver also signs. It may have signature, initials "
    "and attachment fields, approves by signing (`POST /sign/{token}/api/sign`; its status becomes `signed`, with "
    "`approved_at`, and `signer.approved` is sent with `signed: true`) and may still reject; `.../approve` answers "
    "409. It still acts before the signers and viewers, and is not counted in `total_signers` or `signed_count`")


ASSISTS_TEXT = (
    "extension, only for an `assistant` (at least one; 422 otherwise): the signers (type `signer`) whose text, "
    "checkbox and select fields it prefills. On input each is a participant's email in the same list (or, in a "
    "draft's edit, a participant's `id`); on output, their ids. In a sequential request the assistant's `order` "
    "is lower than each of theirs (422); in a parallel one it acts first, with the approvers")


WITNESS_FOR_TEXT = (
    "extension, only for a `witness` (required then; 422 otherwise): the signer (type `signer`) whose signature "
    "it witnesses, by email in the same list (or, in a draft's edit, by `id`); on output, their id. The witness "
    "is invited once that signer has signed and signs its own fields (a witness block: signature, name, address); "
    "its status becomes `signed` with `witnessed_at` (`signer.witnessed`)")


WITNESS_MODE_TEXT = (
    "extension, only for a `witness` (422 otherwise): `remote` (the default) invites the witness by its own email "
    "or text once its signer signed; `in_person` never emails nor texts it: right after signing, the signer's own "
    "page (`GET /sign/{token}/api` `witness_handover`) hands the device to the witness, who signs there, and the "
    "certificate says \"(in person)\"")


class NotifyOn(StrictSchema):
    notify_on = fields.String(validate=validate.OneOf(cc_links.NOTIFY_ON), metadata={"description": cc_links.NOTIFY_ON_TEXT})


class Notified(OutSchema):
    notify_on = fields.String(allow_none=True, metadata={
        "enum": list(cc_links.NOTIFY_ON), "description": "extension: a cc's (null for anyone else): " + cc_links.NOTIFY_ON_TEXT})
    notified_at = UTCDateTime(allow_none=True, metadata={
        "description": "extension: when a cc was notified (its read-only link sent, or its copy at completion)"})


class ParticipantInput(NotifyOn):
    """What a create body's participant says of its kind (docs/roles.md)."""
    type = participant_type(linked=True)
    approver_signs = Bool(load_default=False, metadata={"description": APPROVER_SIGNS_TEXT})
    assists = fields.List(fields.String(validate=validate.Length(1, 320)), validate=validate.Length(max=10),
                          metadata={"description": ASSISTS_TEXT})
    witness_for = fields.String(validate=validate.Length(1, 320), metadata={"description": WITNESS_FOR_TEXT})
    witness_mode = fields.String(validate=validate.OneOf(roles.WITNESS_MODES), metadata={"description": WITNESS_MODE_TEXT})


class ParticipantOutput(Notified):
    """What a request's participant shows of its kind."""
    type = fields.String(dump_default="signer", metadata={"enum": list(roles.TYPES), "description": TYPE_TEXT})
    approver_signs = fields.Boolean(dump_default=False, metadata={"description": APPROVER_SIGNS_TEXT})
    assists = fields.List(fields.String(), dump_default=list, metadata={"description": ASSISTS_TEXT})
    prepared_at = UTCDateTime(allow_none=True, metadata={"description": "extension: when an assistant was done"})
    witness_for = fields.String(allow_none=True, metadata={"description": WITNESS_FOR_TEXT})
    witness_mode = fields.String(allow_none=True, metadata={"enum": list(roles.WITNESS_MODES), "description": WITNESS_MODE_TEXT})
    witnessed_at = UTCDateTime(allow_none=True, metadata={"description": "extension: when a witness signed"})


LOCKED_TEXT = ("extension: the signer cannot change the value the field was given (at creation, or prefilled by an "
               "assistant; 422 otherwise)")


class Locked(StrictSchema):
    """A field's input: whether its signer may change the value it is given."""
    locked = Bool(load_default=False, metadata={"description": LOCKED_TEXT})


class Prefilled(OutSchema):
    """What a field's read shape shows of a value given for its signer (docs/roles.md)."""
    locked = fields.Boolean(dump_default=False, metadata={"description": LOCKED_TEXT})
    prefilled_by = fields.String(allow_none=True, metadata={
        "description": "extension: the id of the assistant who prefilled the value, else null"})


PROGRESS_TEXT = ("extension: of everyone who blocks completion (signers, approvers, viewers; not cc), how many there "
                 "are (a delegated place once) and how many are done (signed, approved or acknowledged)")


class Progress(OutSchema):
    total = fields.Integer(required=True)
    done = fields.Integer(required=True)


def progress_field() -> fields.Nested:
    """A request's `participants_progress`, in its full and its list shapes: one declaration."""
    return fields.Nested(Progress, required=True, metadata={"description": PROGRESS_TEXT})

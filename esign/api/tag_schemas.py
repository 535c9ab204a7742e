"""The sender's own labels on a signing request and on each signer (extension, issue 37): `metadata`,
`external_id` and `redirect_url`, on input (create and template send) and on output (every answer that
shows a request or a signer), and the list's `external_id=` and `metadata[key]=` filters. Their bounds
and rules are esign.domain.requests.tags'."""
from __future__ import annotations

from marshmallow import ValidationError, fields, pre_load, validate

from esign.domain.requests import tags
from esign.schema import Line, MaxProperties, OutSchema, QuerySchema, StrictSchema

METADATA_TEXT = (
    f"extension: the sender's own data, never shown to signers: at most {tags.MAX_KEYS} keys of 1 to "
    f"{tags.MAX_KEY} characters of `A-Z a-z 0-9 _ . -`, each value a string of at most {tags.MAX_VALUE} "
    f"characters (no control or bidirectional control characters); a request's and its signers' metadata "
    f"together at most {tags.MAX_TOTAL_BYTES // 1024} KiB (UTF-8). Returned in every answer and webhook that "
    f"shows the request (or the signer)")
EXTERNAL_ID_TEXT = (
    f"extension: the sender's own identifier, 1 to {tags.MAX_EXTERNAL_ID} characters on one line (no control "
    f"or bidirectional control characters); not unique. Returned in every answer and webhook that shows the "
    f"request (or the signer)")
REDIRECT_TEXT = (
    "extension: where the signing page sends the signer after they sign or decline, with `event=signed` or "
    "`event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the "
    f"organisation's registered embed origins (e.g. `http://localhost:3000`); at most {tags.MAX_URL} "
    "characters. Otherwise 422 naming the field. A signer's own `redirect_url` wins over the request's")


def _key(key: str) -> None:
    if not tags.valid_key(key):
        raise ValidationError(f"{key[:50]!r}: keys are 1 to {tags.MAX_KEY} characters of A-Z a-z 0-9 _ . -")


def _metadata(**kwargs) -> fields.Dict:
    return fields.Dict(
        keys=fields.String(validate=_key),
        values=fields.String(validate=validate.Length(max=tags.MAX_VALUE)),
        validate=MaxProperties(tags.MAX_KEYS), metadata={"maxProperties": tags.MAX_KEYS, "description": METADATA_TEXT},
        **kwargs)


class Tagged(StrictSchema):
    """What a create body and each of its signers may carry."""
    metadata = _metadata()
    external_id = Line(validate=validate.Length(1, tags.MAX_EXTERNAL_ID), metadata={"description": EXTERNAL_ID_TEXT})
    redirect_url = Line(validate=[validate.Length(max=tags.MAX_URL),
                                  validate.URL(schemes={"http", "https"}, require_tld=False)],
                        metadata={"format": "uri", "description": REDIRECT_TEXT})


class TaggedOut(OutSchema):
    """What an answer shows of a request or a signer (the stored metadata given back as an object)."""
    metadata = fields.Dict(keys=fields.String(), values=fields.String(), dump_default=dict,
                           metadata={"description": "extension: as given on create (an empty object when none was)"})
    external_id = fields.String(allow_none=True, dump_default=None,
                                metadata={"description": "extension: as given on create, else null"})
    redirect_url = fields.String(allow_none=True, dump_default=None,
                                 metadata={"description": "extension: as given on create, else null"})


class TaggedSummary(OutSchema):
    """What a list item shows."""
    metadata = fields.Dict(keys=fields.String(), values=fields.String(), dump_default=dict,
                           metadata={"description": "extension: the request's metadata"})
    external_id = fields.String(allow_none=True, dump_default=None,
                                metadata={"description": "extension: the request's external_id, else null"})


class SignerRedirect(OutSchema):
    """The signer API's `redirect`: where the signing page goes after each outcome."""
    signed = fields.String(required=True, metadata={"description": "after signing: the URL with `event=signed`"})
    declined = fields.String(required=True, metadata={"description": "after declining: the URL with `event=declined`"})


class TagFilters(QuerySchema):
    """The list's filters by the request's own labels (not its signers')."""
    external_id = fields.String(validate=validate.Length(1, tags.MAX_EXTERNAL_ID), metadata={
        "description": "extension: only requests with this `external_id` (exact match)"})
    metadata = fields.Dict(
        keys=fields.String(validate=_key),
        values=fields.String(validate=validate.Length(max=tags.MAX_VALUE)),
        validate=MaxProperties(tags.MAX_FILTERS),
        metadata={"maxProperties": tags.MAX_FILTERS, "style": "deepObject", "explode": True, "description": (
            f"extension: `metadata[key]=value`, only requests whose metadata has `key` equal to `value` (exact "
            f"match); up to {tags.MAX_FILTERS} pairs, all must match. Not together with `external_id` or "
            f"`signer_email` (422)")})

    @pre_load
    def gather_metadata(self, data, **kwargs):
        """`metadata[key]=value` query parameters into one `metadata` object (a bare `metadata` is refused)."""
        if not isinstance(data, dict):
            return data
        pairs = {name[len("metadata["):-1]: value for name, value in data.items()
                 if name.startswith("metadata[") and name.endswith("]")}
        if not pairs:
            return data
        rest = {name: value for name, value in data.items() if not (name.startswith("metadata[") and name.endswith("]"))}
        return {**rest, "metadata": pairs}

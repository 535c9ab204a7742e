"""The shapes of public links (esign.api.public_links) and of their visitors' calls (esign.api.public_link_page)."""
from __future__ import annotations

import phonenumbers
from marshmallow import ValidationError, fields, validate

from esign.api.signing_request_schemas import TaggedRoleSigner
from esign.domain.public_links import COLLECT
from esign.schema import Bool, Email, Int, Line, Name, OutSchema, Phone, StrictSchema, UTCDateTime, page_of

ORIGIN = r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$"
DOMAIN = r"^[A-Za-z0-9]([A-Za-z0-9-]{0,62}\.)+[A-Za-z]{2,63}$"


def domain_item() -> fields.String:
    return fields.String(validate=[validate.Regexp(DOMAIN), validate.Length(max=253)])


def origin_item() -> fields.String:
    return fields.String(validate=[validate.Regexp(ORIGIN), validate.Length(max=300)])


def region_code(value: str) -> None:
    if value.upper() not in phonenumbers.SUPPORTED_REGIONS:
        raise ValidationError(f"{value!r} is not an ISO 3166 region code of phone numbers (write GB, DE, US)")


class PhoneCode(StrictSchema):
    allowed_countries = fields.List(fields.String(validate=[validate.Length(2, 2), region_code]), required=True,
                                    validate=validate.Length(1, 250), metadata={
        "description": "ISO 3166 alpha-2 codes (GB, DE, US) of the phone numbers a visitor may get a code on; any "
                       "other number is refused (422) before anything is sent or counted"})


class PhoneCodeOut(OutSchema):
    allowed_countries = fields.List(fields.String(), required=True)


class PublicLinkSettings(StrictSchema):
    """What a link's owner may change after creating it (PATCH) besides pausing."""
    name = Line(validate=validate.Length(1, 255), metadata={"description": "shown to visitors as the page's heading"})
    max_uses = Int(allow_none=True, validate=validate.Range(1, 1_000_000), metadata={
        "description": "1 to 1,000,000 requests made from the link, then it answers 410 (null: unlimited); a PATCH "
                       "may not set it below the uses made"})
    per_person_interval_days = Int(allow_none=True, validate=validate.Range(1, 3650), metadata={
        "description": "one email address may make a new request only this many days after its last (429 "
                       "before); null: whenever its earlier one is finished"})
    expires_at = UTCDateTime(allow_none=True, metadata={"description": "from then on the link answers 410"})
    allowed_email_domains = fields.List(domain_item(),
                                        validate=validate.Length(max=50), metadata={
        "description": "at most 50; only addresses of these domains may use the link (422); empty: any"})
    embed_origins = fields.List(origin_item(), validate=validate.Length(max=10),
                                metadata={"description": "at most 10 origins (`https://host[:port]`) that may show "
                                                         "the link's page in a frame; empty: none"})
    redirect_url = fields.Url(allow_none=True, schemes={"https", "http"}, validate=validate.Length(max=2000),
                              metadata={"description": "where the signing page sends the visitor once they signed "
                                                       "(the request's `redirect_url`)"})
    phone_code = fields.Nested(PhoneCode, allow_none=True, metadata={
        "description": "null (the default): codes go by email only; set: a visitor may give a phone number of one "
                       "of `allowed_countries` as well as their email address and get the code by text instead "
                       "(capped per number, per number prefix and per link a day; docs/public-links.md)"})


class PublicLinkCreate(PublicLinkSettings):
    name = Line(required=True, validate=validate.Length(1, 255), metadata={
        "description": "shown to visitors as the page's heading"})
    public_role = Line(required=True, validate=validate.Length(1, 100), metadata={
        "description": "the template role each visitor takes (matched case-insensitively)"})
    fixed_roles = fields.List(fields.Nested(TaggedRoleSigner), load_default=list, validate=validate.Length(max=9),
                              metadata={"description": "the people of every other role of the template, one each "
                                                       "(as a template send names them); 422 for a role left out"})
    collect = fields.List(fields.String(validate=validate.OneOf(COLLECT)), load_default=lambda: list(COLLECT),
                          validate=validate.Length(1, len(COLLECT)), metadata={
        "description": "what the page asks the visitor for: `email` always; without `name` the visitor is named "
                       "by their address"})
    email_code = Bool(load_default=True, metadata={
        "description": "true (the default): a request is made only once the visitor proved their address with a "
                       "code sent to it; false: at once (the certificate then says the address was not proven)"})
    max_uses = Int(allow_none=True, load_default=None, validate=validate.Range(1, 1_000_000), metadata={
        "description": "1 to 1,000,000 requests made from the link, then it answers 410 (null: unlimited)"})
    per_person_interval_days = Int(allow_none=True, load_default=None, validate=validate.Range(1, 3650))
    expires_at = UTCDateTime(allow_none=True, load_default=None, metadata={
        "description": "in the future (422); from then on the link answers 410"})
    allowed_email_domains = fields.List(domain_item(), load_default=list,
                                        validate=validate.Length(max=50))
    embed_origins = fields.List(origin_item(), load_default=list,
                                validate=validate.Length(max=10))
    redirect_url = fields.Url(allow_none=True, load_default=None, schemes={"https", "http"},
                              validate=validate.Length(max=2000))
    phone_code = fields.Nested(PhoneCode, allow_none=True, load_default=None)


class PublicLinkUpdate(PublicLinkSettings):
    paused = Bool(metadata={"description": "true stops the link (409 to visitors; emits `public_link.paused`); false "
                                           "opens it again"})
    phone_paused = Bool(metadata={"description": "false resumes phone codes paused by the breaker (or by a PATCH); "
                                                 "true pauses phone codes only (the link keeps working by email)"})


class FixedRole(OutSchema):
    role = fields.String(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)


class PublicLink(OutSchema):
    id = fields.UUID(required=True)
    template_id = fields.UUID(required=True)
    name = fields.String(required=True)
    public_role = fields.String(required=True)
    fixed_roles = fields.List(fields.Nested(FixedRole), required=True)
    collect = fields.List(fields.String(), required=True)
    email_code = fields.Boolean(required=True)
    max_uses = fields.Integer(required=True, allow_none=True)
    uses = fields.Integer(required=True, metadata={"description": "requests made from the link"})
    per_person_interval_days = fields.Integer(required=True, allow_none=True)
    expires_at = UTCDateTime(required=True, allow_none=True)
    allowed_email_domains = fields.List(fields.String(), required=True)
    embed_origins = fields.List(fields.String(), required=True)
    redirect_url = fields.String(required=True, allow_none=True)
    paused = fields.Boolean(required=True)
    phone_code = fields.Nested(PhoneCodeOut, required=True, allow_none=True)
    phone_paused = fields.Boolean(required=True, metadata={
        "description": "phone codes are paused (by the breaker: `public_link.paused` with `reason` phone_breaker, "
                       "or by a PATCH); visitors still get codes by email"})
    url = fields.String(required=True, metadata={"description": "`{public_url}/p/{slug}`: the page visitors open"})
    qr_svg_url = fields.String(required=True, metadata={"description": "the QR code of `url` as SVG (no API key)"})
    qr_png_url = fields.String(required=True, metadata={"description": "the QR code of `url` as PNG (no API key)"})
    created_at = UTCDateTime(required=True)
    updated_at = UTCDateTime(required=True)


class PublicLinkCreated(PublicLink):
    prefill_secret = fields.String(required=True, metadata={
        "description": "shown once, here: signs prefill values (docs/public-links.md); never returned again"})


PublicLinkPage = page_of(PublicLink, "PublicLinkPage")


class PublicLinkUse(OutSchema):
    id = fields.UUID(required=True)
    email = fields.String(required=True, metadata={"description": "the visitor's address (lower-cased)"})
    email_proven = fields.Boolean(required=True, metadata={"description": "proven with an emailed code"})
    phone_proven = fields.Boolean(dump_default=False, metadata={
        "description": "the visitor proved a phone number with a texted code instead"})
    signing_request_id = fields.UUID(required=True, allow_none=True)
    open = fields.Boolean(required=True, metadata={"description": "the visitor may still resume its request"})
    created_at = UTCDateTime(required=True)


PublicLinkUsePage = page_of(PublicLinkUse, "PublicLinkUsePage")


class VisitorStart(StrictSchema):
    name = Name(load_default=None, allow_none=True, validate=validate.Length(1, 255))
    email = Email(required=True)
    phone = Phone(load_default=None, allow_none=True, validate=validate.Length(max=40))


class VisitorVerify(StrictSchema):
    email = Email(required=True)
    code = fields.String(required=True, validate=validate.Regexp(r"^\s*[0-9]{6}\s*$"))
    phone = Phone(load_default=None, allow_none=True, validate=validate.Length(max=40))
    name = Name(load_default=None, allow_none=True, validate=validate.Length(1, 255))
    prefill = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=8000))

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.phone_code import PhoneCode
  from ..models.public_link_update_phone_code_type_1_type_0 import PublicLinkUpdatePhoneCodeType1Type0





T = TypeVar("T", bound="PublicLinkUpdate")



@_attrs_define
class PublicLinkUpdate:
    """ 
        Attributes:
            name (str | Unset): shown to visitors as the page's heading
            max_uses (int | None | Unset): 1 to 1,000,000 requests made from the link, then it answers 410 (null:
                unlimited); a PATCH may not set it below the uses made
            per_person_interval_days (int | None | Unset): one email address may make a new request only this many days
                after its last (429 before); null: whenever its earlier one is finished
            expires_at (datetime.datetime | None | Unset): from then on the link answers 410
            allowed_email_domains (list[str] | Unset): at most 50; only addresses of these domains may use the link (422);
                empty: any
            embed_origins (list[str] | Unset): at most 10 origins (`https://host[:port]`) that may show the link's page in a
                frame; empty: none
            redirect_url (None | str | Unset): where the signing page sends the visitor once they signed (the request's
                `redirect_url`)
            phone_code (None | PhoneCode | PublicLinkUpdatePhoneCodeType1Type0 | Unset): null (the default): codes go by
                email only; set: a visitor may give a phone number of one of `allowed_countries` as well as their email address
                and get the code by text instead (capped per number, per number prefix and per link a day; docs/public-links.md)
            paused (bool | Unset): true stops the link (409 to visitors; emits `public_link.paused`); false opens it again
            phone_paused (bool | Unset): false resumes phone codes paused by the breaker (or by a PATCH); true pauses phone
                codes only (the link keeps working by email)
     """

    name: str | Unset = UNSET
    max_uses: int | None | Unset = UNSET
    per_person_interval_days: int | None | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    allowed_email_domains: list[str] | Unset = UNSET
    embed_origins: list[str] | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    phone_code: None | PhoneCode | PublicLinkUpdatePhoneCodeType1Type0 | Unset = UNSET
    paused: bool | Unset = UNSET
    phone_paused: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.phone_code import PhoneCode # noqa: PLC0415
        from ..models.public_link_update_phone_code_type_1_type_0 import PublicLinkUpdatePhoneCodeType1Type0 # noqa: PLC0415
        name = self.name

        max_uses: int | None | Unset
        if isinstance(self.max_uses, Unset):
            max_uses = UNSET
        else:
            max_uses = self.max_uses

        per_person_interval_days: int | None | Unset
        if isinstance(self.per_person_interval_days, Unset):
            per_person_interval_days = UNSET
        else:
            per_person_interval_days = self.per_person_interval_days

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        elif isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        allowed_email_domains: list[str] | Unset = UNSET
        if not isinstance(self.allowed_email_domains, Unset):
            allowed_email_domains = self.allowed_email_domains



        embed_origins: list[str] | Unset = UNSET
        if not isinstance(self.embed_origins, Unset):
            embed_origins = self.embed_origins



        redirect_url: None | str | Unset
        if isinstance(self.redirect_url, Unset):
            redirect_url = UNSET
        else:
            redirect_url = self.redirect_url

        phone_code: dict[str, Any] | None | Unset
        if isinstance(self.phone_code, Unset):
            phone_code = UNSET
        elif isinstance(self.phone_code, PhoneCode):
            phone_code = self.phone_code.to_dict()
        elif isinstance(self.phone_code, PublicLinkUpdatePhoneCodeType1Type0):
            phone_code = self.phone_code.to_dict()
        else:
            phone_code = self.phone_code

        paused = self.paused

        phone_paused = self.phone_paused


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if max_uses is not UNSET:
            field_dict["max_uses"] = max_uses
        if per_person_interval_days is not UNSET:
            field_dict["per_person_interval_days"] = per_person_interval_days
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if allowed_email_domains is not UNSET:
            field_dict["allowed_email_domains"] = allowed_email_domains
        if embed_origins is not UNSET:
            field_dict["embed_origins"] = embed_origins
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if phone_code is not UNSET:
            field_dict["phone_code"] = phone_code
        if paused is not UNSET:
            field_dict["paused"] = paused
        if phone_paused is not UNSET:
            field_dict["phone_paused"] = phone_paused

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.phone_code import PhoneCode # noqa: PLC0415
        from ..models.public_link_update_phone_code_type_1_type_0 import PublicLinkUpdatePhoneCodeType1Type0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_max_uses(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_uses = _parse_max_uses(d.pop("max_uses", UNSET))


        def _parse_per_person_interval_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        per_person_interval_days = _parse_per_person_interval_days(d.pop("per_person_interval_days", UNSET))


        def _parse_expires_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))


        allowed_email_domains = cast(list[str], d.pop("allowed_email_domains", UNSET))


        embed_origins = cast(list[str], d.pop("embed_origins", UNSET))


        def _parse_redirect_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url", UNSET))


        def _parse_phone_code(data: object) -> None | PhoneCode | PublicLinkUpdatePhoneCodeType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                phone_code_type_0 = PhoneCode.from_dict(data)



                return phone_code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                phone_code_type_1_type_0 = PublicLinkUpdatePhoneCodeType1Type0.from_dict(data)



                return phone_code_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PhoneCode | PublicLinkUpdatePhoneCodeType1Type0 | Unset, data)

        phone_code = _parse_phone_code(d.pop("phone_code", UNSET))


        paused = d.pop("paused", UNSET)

        phone_paused = d.pop("phone_paused", UNSET)

        public_link_update = cls(
            name=name,
            max_uses=max_uses,
            per_person_interval_days=per_person_interval_days,
            expires_at=expires_at,
            allowed_email_domains=allowed_email_domains,
            embed_origins=embed_origins,
            redirect_url=redirect_url,
            phone_code=phone_code,
            paused=paused,
            phone_paused=phone_paused,
        )

        return public_link_update


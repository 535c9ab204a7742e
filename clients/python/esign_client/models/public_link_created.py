from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.fixed_role import FixedRole
  from ..models.phone_code_out import PhoneCodeOut
  from ..models.public_link_created_phone_code_type_0_type_0 import PublicLinkCreatedPhoneCodeType0Type0





T = TypeVar("T", bound="PublicLinkCreated")



@_attrs_define
class PublicLinkCreated:
    """ 
        Attributes:
            id (UUID):
            template_id (UUID):
            name (str):
            public_role (str):
            fixed_roles (list[FixedRole]):
            collect (list[str]):
            email_code (bool):
            max_uses (int | None):
            uses (int): requests made from the link
            per_person_interval_days (int | None):
            expires_at (datetime.datetime | None):
            allowed_email_domains (list[str]):
            embed_origins (list[str]):
            redirect_url (None | str):
            paused (bool):
            phone_code (None | PhoneCodeOut | PublicLinkCreatedPhoneCodeType0Type0):
            phone_paused (bool): phone codes are paused (by the breaker: `public_link.paused` with `reason` phone_breaker,
                or by a PATCH); visitors still get codes by email
            url (str): `{public_url}/p/{slug}`: the page visitors open
            qr_svg_url (str): the QR code of `url` as SVG (no API key)
            qr_png_url (str): the QR code of `url` as PNG (no API key)
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            prefill_secret (str): shown once, here: signs prefill values (docs/public-links.md); never returned again
     """

    id: UUID
    template_id: UUID
    name: str
    public_role: str
    fixed_roles: list[FixedRole]
    collect: list[str]
    email_code: bool
    max_uses: int | None
    uses: int
    per_person_interval_days: int | None
    expires_at: datetime.datetime | None
    allowed_email_domains: list[str]
    embed_origins: list[str]
    redirect_url: None | str
    paused: bool
    phone_code: None | PhoneCodeOut | PublicLinkCreatedPhoneCodeType0Type0
    phone_paused: bool
    url: str
    qr_svg_url: str
    qr_png_url: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    prefill_secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.fixed_role import FixedRole # noqa: PLC0415
        from ..models.phone_code_out import PhoneCodeOut # noqa: PLC0415
        from ..models.public_link_created_phone_code_type_0_type_0 import PublicLinkCreatedPhoneCodeType0Type0 # noqa: PLC0415
        id = str(self.id)

        template_id = str(self.template_id)

        name = self.name

        public_role = self.public_role

        fixed_roles = []
        for fixed_roles_item_data in self.fixed_roles:
            fixed_roles_item = fixed_roles_item_data.to_dict()
            fixed_roles.append(fixed_roles_item)



        collect = self.collect



        email_code = self.email_code

        max_uses: int | None
        max_uses = self.max_uses

        uses = self.uses

        per_person_interval_days: int | None
        per_person_interval_days = self.per_person_interval_days

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        allowed_email_domains = self.allowed_email_domains



        embed_origins = self.embed_origins



        redirect_url: None | str
        redirect_url = self.redirect_url

        paused = self.paused

        phone_code: dict[str, Any] | None
        if isinstance(self.phone_code, PublicLinkCreatedPhoneCodeType0Type0):
            phone_code = self.phone_code.to_dict()
        elif isinstance(self.phone_code, PhoneCodeOut):
            phone_code = self.phone_code.to_dict()
        else:
            phone_code = self.phone_code

        phone_paused = self.phone_paused

        url = self.url

        qr_svg_url = self.qr_svg_url

        qr_png_url = self.qr_png_url

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        prefill_secret = self.prefill_secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "template_id": template_id,
            "name": name,
            "public_role": public_role,
            "fixed_roles": fixed_roles,
            "collect": collect,
            "email_code": email_code,
            "max_uses": max_uses,
            "uses": uses,
            "per_person_interval_days": per_person_interval_days,
            "expires_at": expires_at,
            "allowed_email_domains": allowed_email_domains,
            "embed_origins": embed_origins,
            "redirect_url": redirect_url,
            "paused": paused,
            "phone_code": phone_code,
            "phone_paused": phone_paused,
            "url": url,
            "qr_svg_url": qr_svg_url,
            "qr_png_url": qr_png_url,
            "created_at": created_at,
            "updated_at": updated_at,
            "prefill_secret": prefill_secret,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fixed_role import FixedRole # noqa: PLC0415
        from ..models.phone_code_out import PhoneCodeOut # noqa: PLC0415
        from ..models.public_link_created_phone_code_type_0_type_0 import PublicLinkCreatedPhoneCodeType0Type0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        template_id = UUID(d.pop("template_id"))




        name = d.pop("name")

        public_role = d.pop("public_role")

        fixed_roles = []
        _fixed_roles = d.pop("fixed_roles")
        for fixed_roles_item_data in (_fixed_roles):
            fixed_roles_item = FixedRole.from_dict(fixed_roles_item_data)



            fixed_roles.append(fixed_roles_item)


        collect = cast(list[str], d.pop("collect"))


        email_code = d.pop("email_code")

        def _parse_max_uses(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_uses = _parse_max_uses(d.pop("max_uses"))


        uses = d.pop("uses")

        def _parse_per_person_interval_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        per_person_interval_days = _parse_per_person_interval_days(d.pop("per_person_interval_days"))


        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        allowed_email_domains = cast(list[str], d.pop("allowed_email_domains"))


        embed_origins = cast(list[str], d.pop("embed_origins"))


        def _parse_redirect_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url"))


        paused = d.pop("paused")

        def _parse_phone_code(data: object) -> None | PhoneCodeOut | PublicLinkCreatedPhoneCodeType0Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                phone_code_type_0_type_0 = PublicLinkCreatedPhoneCodeType0Type0.from_dict(data)



                return phone_code_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                phone_code_type_1 = PhoneCodeOut.from_dict(data)



                return phone_code_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PhoneCodeOut | PublicLinkCreatedPhoneCodeType0Type0, data)

        phone_code = _parse_phone_code(d.pop("phone_code"))


        phone_paused = d.pop("phone_paused")

        url = d.pop("url")

        qr_svg_url = d.pop("qr_svg_url")

        qr_png_url = d.pop("qr_png_url")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        prefill_secret = d.pop("prefill_secret")

        public_link_created = cls(
            id=id,
            template_id=template_id,
            name=name,
            public_role=public_role,
            fixed_roles=fixed_roles,
            collect=collect,
            email_code=email_code,
            max_uses=max_uses,
            uses=uses,
            per_person_interval_days=per_person_interval_days,
            expires_at=expires_at,
            allowed_email_domains=allowed_email_domains,
            embed_origins=embed_origins,
            redirect_url=redirect_url,
            paused=paused,
            phone_code=phone_code,
            phone_paused=phone_paused,
            url=url,
            qr_svg_url=qr_svg_url,
            qr_png_url=qr_png_url,
            created_at=created_at,
            updated_at=updated_at,
            prefill_secret=prefill_secret,
        )


        public_link_created.additional_properties = d
        return public_link_created

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.public_link_create_collect_item import PublicLinkCreateCollectItem
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.phone_code import PhoneCode
  from ..models.public_link_create_phone_code_type_1_type_0 import PublicLinkCreatePhoneCodeType1Type0
  from ..models.tagged_role_signer import TaggedRoleSigner





T = TypeVar("T", bound="PublicLinkCreate")



@_attrs_define
class PublicLinkCreate:
    """ 
        Attributes:
            name (str): shown to visitors as the page's heading
            public_role (str): the template role each visitor takes (matched case-insensitively)
            max_uses (int | None | Unset): 1 to 1,000,000 requests made from the link, then it answers 410 (null: unlimited)
            per_person_interval_days (int | None | Unset):
            expires_at (datetime.datetime | None | Unset): in the future (422); from then on the link answers 410
            allowed_email_domains (list[str] | Unset):
            embed_origins (list[str] | Unset):
            redirect_url (None | str | Unset):
            phone_code (None | PhoneCode | PublicLinkCreatePhoneCodeType1Type0 | Unset):
            fixed_roles (list[TaggedRoleSigner] | Unset): the people of every other role of the template, one each (as a
                template send names them); 422 for a role left out
            collect (list[PublicLinkCreateCollectItem] | Unset): what the page asks the visitor for: `email` always; without
                `name` the visitor is named by their address
            email_code (bool | Unset): true (the default): a request is made only once the visitor proved their address with
                a code sent to it; false: at once (the certificate then says the address was not proven) Default: True.
     """

    name: str
    public_role: str
    max_uses: int | None | Unset = UNSET
    per_person_interval_days: int | None | Unset = UNSET
    expires_at: datetime.datetime | None | Unset = UNSET
    allowed_email_domains: list[str] | Unset = UNSET
    embed_origins: list[str] | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    phone_code: None | PhoneCode | PublicLinkCreatePhoneCodeType1Type0 | Unset = UNSET
    fixed_roles: list[TaggedRoleSigner] | Unset = UNSET
    collect: list[PublicLinkCreateCollectItem] | Unset = UNSET
    email_code: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        from ..models.phone_code import PhoneCode # noqa: PLC0415
        from ..models.public_link_create_phone_code_type_1_type_0 import PublicLinkCreatePhoneCodeType1Type0 # noqa: PLC0415
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        name = self.name

        public_role = self.public_role

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
        elif isinstance(self.phone_code, PublicLinkCreatePhoneCodeType1Type0):
            phone_code = self.phone_code.to_dict()
        else:
            phone_code = self.phone_code

        fixed_roles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fixed_roles, Unset):
            fixed_roles = []
            for fixed_roles_item_data in self.fixed_roles:
                fixed_roles_item = fixed_roles_item_data.to_dict()
                fixed_roles.append(fixed_roles_item)



        collect: list[str] | Unset = UNSET
        if not isinstance(self.collect, Unset):
            collect = []
            for collect_item_data in self.collect:
                collect_item = collect_item_data.value
                collect.append(collect_item)



        email_code = self.email_code


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "public_role": public_role,
        })
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
        if fixed_roles is not UNSET:
            field_dict["fixed_roles"] = fixed_roles
        if collect is not UNSET:
            field_dict["collect"] = collect
        if email_code is not UNSET:
            field_dict["email_code"] = email_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.phone_code import PhoneCode # noqa: PLC0415
        from ..models.public_link_create_phone_code_type_1_type_0 import PublicLinkCreatePhoneCodeType1Type0 # noqa: PLC0415
        from ..models.tagged_role_signer import TaggedRoleSigner # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        public_role = d.pop("public_role")

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


        def _parse_phone_code(data: object) -> None | PhoneCode | PublicLinkCreatePhoneCodeType1Type0 | Unset:
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
                phone_code_type_1_type_0 = PublicLinkCreatePhoneCodeType1Type0.from_dict(data)



                return phone_code_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PhoneCode | PublicLinkCreatePhoneCodeType1Type0 | Unset, data)

        phone_code = _parse_phone_code(d.pop("phone_code", UNSET))


        _fixed_roles = d.pop("fixed_roles", UNSET)
        fixed_roles: list[TaggedRoleSigner] | Unset = UNSET
        if _fixed_roles is not UNSET:
            fixed_roles = []
            for fixed_roles_item_data in _fixed_roles:
                fixed_roles_item = TaggedRoleSigner.from_dict(fixed_roles_item_data)



                fixed_roles.append(fixed_roles_item)


        _collect = d.pop("collect", UNSET)
        collect: list[PublicLinkCreateCollectItem] | Unset = UNSET
        if _collect is not UNSET:
            collect = []
            for collect_item_data in _collect:
                collect_item = PublicLinkCreateCollectItem(collect_item_data)



                collect.append(collect_item)


        email_code = d.pop("email_code", UNSET)

        public_link_create = cls(
            name=name,
            public_role=public_role,
            max_uses=max_uses,
            per_person_interval_days=per_person_interval_days,
            expires_at=expires_at,
            allowed_email_domains=allowed_email_domains,
            embed_origins=embed_origins,
            redirect_url=redirect_url,
            phone_code=phone_code,
            fixed_roles=fixed_roles,
            collect=collect,
            email_code=email_code,
        )

        return public_link_create


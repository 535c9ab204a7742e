from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ContactCreate")



@_attrs_define
class ContactCreate:
    """ 
        Attributes:
            name (str):
            email (str):
            phone (None | str | Unset): left out: a new contact has none and an existing one keeps its phone; null clears it
            locale (None | str | Unset): extension: the contact's language (BCP 47; one of the signer side's languages), for
                a client to pass as the signer's `locale`; left out: kept, null clears it
     """

    name: str
    email: str
    phone: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "email": email,
        })
        if phone is not UNSET:
            field_dict["phone"] = phone
        if locale is not UNSET:
            field_dict["locale"] = locale

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        contact_create = cls(
            name=name,
            email=email,
            phone=phone,
            locale=locale,
        )

        return contact_create


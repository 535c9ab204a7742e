from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="PhoneCode")



@_attrs_define
class PhoneCode:
    """ 
        Attributes:
            allowed_countries (list[str]): ISO 3166 alpha-2 codes (GB, DE, US) of the phone numbers a visitor may get a code
                on; any other number is refused (422) before anything is sent or counted
     """

    allowed_countries: list[str]





    def to_dict(self) -> dict[str, Any]:
        allowed_countries = self.allowed_countries




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "allowed_countries": allowed_countries,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowed_countries = cast(list[str], d.pop("allowed_countries"))


        phone_code = cls(
            allowed_countries=allowed_countries,
        )

        return phone_code


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ReactivateBody")



@_attrs_define
class ReactivateBody:
    """ 
        Attributes:
            expires_in_days (int | Unset):  Default: 7.
     """

    expires_in_days: int | Unset = 7





    def to_dict(self) -> dict[str, Any]:
        expires_in_days = self.expires_in_days


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_in_days = d.pop("expires_in_days", UNSET)

        reactivate_body = cls(
            expires_in_days=expires_in_days,
        )

        return reactivate_body


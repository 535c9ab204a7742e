from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DelegateBody")



@_attrs_define
class DelegateBody:
    """ 
        Attributes:
            name (str):
            email (str): not an address already in the request
            reason (str): 1 to 1000 characters
     """

    name: str
    email: str
    reason: str





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "email": email,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        reason = d.pop("reason")

        delegate_body = cls(
            name=name,
            email=email,
            reason=reason,
        )

        return delegate_body


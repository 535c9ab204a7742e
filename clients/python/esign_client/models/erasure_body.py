from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ErasureBody")



@_attrs_define
class ErasureBody:
    """ 
        Attributes:
            email (str): the person's address (any signer of a request, without case)
            reason (str): why (kept in each purged request's tombstone)
     """

    email: str
    reason: str





    def to_dict(self) -> dict[str, Any]:
        email = self.email

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "email": email,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        reason = d.pop("reason")

        erasure_body = cls(
            email=email,
            reason=reason,
        )

        return erasure_body


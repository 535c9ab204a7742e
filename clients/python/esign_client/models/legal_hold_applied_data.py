from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="LegalHoldAppliedData")



@_attrs_define
class LegalHoldAppliedData:
    """ 
        Attributes:
            sandbox (bool):
            legal_hold_id (UUID):
            name (str):
            matched_now (int): signing requests the hold covers when applied (later ones are covered too)
     """

    sandbox: bool
    legal_hold_id: UUID
    name: str
    matched_now: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sandbox = self.sandbox

        legal_hold_id = str(self.legal_hold_id)

        name = self.name

        matched_now = self.matched_now


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sandbox": sandbox,
            "legal_hold_id": legal_hold_id,
            "name": name,
            "matched_now": matched_now,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sandbox = d.pop("sandbox")

        legal_hold_id = UUID(d.pop("legal_hold_id"))




        name = d.pop("name")

        matched_now = d.pop("matched_now")

        legal_hold_applied_data = cls(
            sandbox=sandbox,
            legal_hold_id=legal_hold_id,
            name=name,
            matched_now=matched_now,
        )


        legal_hold_applied_data.additional_properties = d
        return legal_hold_applied_data

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

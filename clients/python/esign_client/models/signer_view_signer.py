from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="SignerViewSigner")



@_attrs_define
class SignerViewSigner:
    """ 
        Attributes:
            id (UUID):
            name (str):
            email (str):
            status (str):
            type_ (str): extension: `signer`, `approver` (approve or reject), `viewer` (acknowledge), `assistant` (prefill
                the `fields` of the signers it assists: `prepare`) or `cc` (docs/roles.md)
            approver_signs (bool): extension: an approver who approves by signing (`POST .../sign`) and may still reject
     """

    id: UUID
    name: str
    email: str
    status: str
    type_: str
    approver_signs: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        email = self.email

        status = self.status

        type_ = self.type_

        approver_signs = self.approver_signs


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "email": email,
            "status": status,
            "type": type_,
            "approver_signs": approver_signs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        email = d.pop("email")

        status = d.pop("status")

        type_ = d.pop("type")

        approver_signs = d.pop("approver_signs")

        signer_view_signer = cls(
            id=id,
            name=name,
            email=email,
            status=status,
            type_=type_,
            approver_signs=approver_signs,
        )


        signer_view_signer.additional_properties = d
        return signer_view_signer

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

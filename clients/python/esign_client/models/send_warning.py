from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="SendWarning")



@_attrs_define
class SendWarning:
    """ 
        Attributes:
            code (str): `signer_without_fields`
            signer_id (UUID):
            email (str):
            message (str):
     """

    code: str
    signer_id: UUID
    email: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        signer_id = str(self.signer_id)

        email = self.email

        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "signer_id": signer_id,
            "email": email,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        signer_id = UUID(d.pop("signer_id"))




        email = d.pop("email")

        message = d.pop("message")

        send_warning = cls(
            code=code,
            signer_id=signer_id,
            email=email,
            message=message,
        )


        send_warning.additional_properties = d
        return send_warning

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

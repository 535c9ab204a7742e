from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="EmbeddedSigner")



@_attrs_define
class EmbeddedSigner:
    """ 
        Attributes:
            signer_id (str):
            name (str):
            email (str):
            embedded_url (str):
     """

    signer_id: str
    name: str
    email: str
    embedded_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        signer_id = self.signer_id

        name = self.name

        email = self.email

        embedded_url = self.embedded_url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signer_id": signer_id,
            "name": name,
            "email": email,
            "embedded_url": embedded_url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        signer_id = d.pop("signer_id")

        name = d.pop("name")

        email = d.pop("email")

        embedded_url = d.pop("embedded_url")

        embedded_signer = cls(
            signer_id=signer_id,
            name=name,
            email=email,
            embedded_url=embedded_url,
        )


        embedded_signer.additional_properties = d
        return embedded_signer

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

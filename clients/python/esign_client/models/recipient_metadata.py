from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RecipientMetadata")



@_attrs_define
class RecipientMetadata:
    """ extension: the sender's own data, never shown to signers: at most 50 keys of 1 to 40 characters of `A-Z a-z 0-9 _ .
    -`, each value a string of at most 500 characters (no control or bidirectional control characters); a request's and
    its signers' metadata together at most 256 KiB (UTF-8). Returned in every answer and webhook that shows the request
    (or the signer)

     """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recipient_metadata = cls(
        )


        recipient_metadata.additional_properties = d
        return recipient_metadata

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

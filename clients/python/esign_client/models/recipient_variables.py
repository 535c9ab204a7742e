from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RecipientVariables")



@_attrs_define
class RecipientVariables:
    """ at most 100; keys 1 to 100 chars, values at most 1000 chars. `{{key}}` placeholders (spaces inside the braces
    allowed) in the message, the email subject and the role fields' `value` are replaced by `variables[key]` (keys match
    exactly, case-sensitively; a value is inserted as it is and never expanded again). A placeholder with no variable is
    refused: 422 `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one line, field value
    1000).

     """

    additional_properties: dict[str, str] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        
        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recipient_variables = cls(
        )


        recipient_variables.additional_properties = d
        return recipient_variables

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID






T = TypeVar("T", bound="CompletedFieldValue")



@_attrs_define
class CompletedFieldValue:
    """ 
        Attributes:
            field_id (UUID):
            signer_id (UUID):
            name (None | str): the field's placeholder (a text tag's `name=`), null when it has none
            field_type (str):
            value (None | str): what the signer entered; `signed` for a signature or initials, the file's name for an
                attachment, null for an optional field left empty
     """

    field_id: UUID
    signer_id: UUID
    name: None | str
    field_type: str
    value: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        field_id = str(self.field_id)

        signer_id = str(self.signer_id)

        name: None | str
        name = self.name

        field_type = self.field_type

        value: None | str
        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "field_id": field_id,
            "signer_id": signer_id,
            "name": name,
            "field_type": field_type,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_id = UUID(d.pop("field_id"))




        signer_id = UUID(d.pop("signer_id"))




        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        field_type = d.pop("field_type")

        def _parse_value(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        value = _parse_value(d.pop("value"))


        completed_field_value = cls(
            field_id=field_id,
            signer_id=signer_id,
            name=name,
            field_type=field_type,
            value=value,
        )


        completed_field_value.additional_properties = d
        return completed_field_value

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

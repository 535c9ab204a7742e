from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.field_create import FieldCreate





T = TypeVar("T", bound="FieldsBody")



@_attrs_define
class FieldsBody:
    """ 
        Attributes:
            fields (list[FieldCreate]):
     """

    fields: list[FieldCreate]





    def to_dict(self) -> dict[str, Any]:
        from ..models.field_create import FieldCreate # noqa: PLC0415
        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "fields": fields,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_create import FieldCreate # noqa: PLC0415
        d = dict(src_dict)
        fields = []
        _fields = d.pop("fields")
        for fields_item_data in (_fields):
            fields_item = FieldCreate.from_dict(fields_item_data)



            fields.append(fields_item)


        fields_body = cls(
            fields=fields,
        )

        return fields_body


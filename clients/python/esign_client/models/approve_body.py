from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.approve_body_values import ApproveBodyValues





T = TypeVar("T", bound="ApproveBody")



@_attrs_define
class ApproveBody:
    """ 
        Attributes:
            values (ApproveBodyValues | Unset): field id -> value for the approver's own text, date, checkbox and select
                fields, checked as when signing; the body may be left out
     """

    values: ApproveBodyValues | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.approve_body_values import ApproveBodyValues # noqa: PLC0415
        values: dict[str, Any] | Unset = UNSET
        if not isinstance(self.values, Unset):
            values = self.values.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if values is not UNSET:
            field_dict["values"] = values

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.approve_body_values import ApproveBodyValues # noqa: PLC0415
        d = dict(src_dict)
        _values = d.pop("values", UNSET)
        values: ApproveBodyValues | Unset
        if isinstance(_values,  Unset):
            values = UNSET
        else:
            values = ApproveBodyValues.from_dict(_values)




        approve_body = cls(
            values=values,
        )

        return approve_body


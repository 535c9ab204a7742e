from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.prepare_body_values import PrepareBodyValues





T = TypeVar("T", bound="PrepareBody")



@_attrs_define
class PrepareBody:
    """ 
        Attributes:
            values (PrepareBodyValues | Unset): field id -> value for text, checkbox and select fields of the signers the
                assistant assists (never signature, initials, attachment or date: 422), each checked as a signer's value is; an
                empty one is left out. The body may be left out (nothing prefilled)
     """

    values: PrepareBodyValues | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.prepare_body_values import PrepareBodyValues # noqa: PLC0415
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
        from ..models.prepare_body_values import PrepareBodyValues # noqa: PLC0415
        d = dict(src_dict)
        _values = d.pop("values", UNSET)
        values: PrepareBodyValues | Unset
        if isinstance(_values,  Unset):
            values = UNSET
        else:
            values = PrepareBodyValues.from_dict(_values)




        prepare_body = cls(
            values=values,
        )

        return prepare_body


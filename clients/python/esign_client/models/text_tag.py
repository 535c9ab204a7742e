from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tag_attributes import TagAttributes





T = TypeVar("T", bound="TextTag")



@_attrs_define
class TextTag:
    """ 
        Attributes:
            tag (str): the tag as written, white space runs as one space
            page (int):
            x_percent (float):
            y_percent (float):
            width_percent (float):
            height_percent (float):
            attributes (TagAttributes):
     """

    tag: str
    page: int
    x_percent: float
    y_percent: float
    width_percent: float
    height_percent: float
    attributes: TagAttributes
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tag_attributes import TagAttributes # noqa: PLC0415
        tag = self.tag

        page = self.page

        x_percent = self.x_percent

        y_percent = self.y_percent

        width_percent = self.width_percent

        height_percent = self.height_percent

        attributes = self.attributes.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tag": tag,
            "page": page,
            "x_percent": x_percent,
            "y_percent": y_percent,
            "width_percent": width_percent,
            "height_percent": height_percent,
            "attributes": attributes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tag_attributes import TagAttributes # noqa: PLC0415
        d = dict(src_dict)
        tag = d.pop("tag")

        page = d.pop("page")

        x_percent = d.pop("x_percent")

        y_percent = d.pop("y_percent")

        width_percent = d.pop("width_percent")

        height_percent = d.pop("height_percent")

        attributes = TagAttributes.from_dict(d.pop("attributes"))




        text_tag = cls(
            tag=tag,
            page=page,
            x_percent=x_percent,
            y_percent=y_percent,
            width_percent=width_percent,
            height_percent=height_percent,
            attributes=attributes,
        )


        text_tag.additional_properties = d
        return text_tag

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

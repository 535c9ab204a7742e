from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.attached_file_content_type import AttachedFileContentType






T = TypeVar("T", bound="AttachedFile")



@_attrs_define
class AttachedFile:
    """ 
        Attributes:
            name (str):
            size (int): bytes
            sha256 (str):
            content_type (AttachedFileContentType):
     """

    name: str
    size: int
    sha256: str
    content_type: AttachedFileContentType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        size = self.size

        sha256 = self.sha256

        content_type = self.content_type.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "size": size,
            "sha256": sha256,
            "content_type": content_type,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        size = d.pop("size")

        sha256 = d.pop("sha256")

        content_type = AttachedFileContentType(d.pop("content_type"))




        attached_file = cls(
            name=name,
            size=size,
            sha256=sha256,
            content_type=content_type,
        )


        attached_file.additional_properties = d
        return attached_file

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

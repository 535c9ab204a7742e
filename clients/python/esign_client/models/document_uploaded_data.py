from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID






T = TypeVar("T", bound="DocumentUploadedData")



@_attrs_define
class DocumentUploadedData:
    """ 
        Attributes:
            sandbox (bool):
            document_id (UUID):
            name (str):
            file_size (int): bytes
            page_count (int | None):
     """

    sandbox: bool
    document_id: UUID
    name: str
    file_size: int
    page_count: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sandbox = self.sandbox

        document_id = str(self.document_id)

        name = self.name

        file_size = self.file_size

        page_count: int | None
        page_count = self.page_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sandbox": sandbox,
            "document_id": document_id,
            "name": name,
            "file_size": file_size,
            "page_count": page_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sandbox = d.pop("sandbox")

        document_id = UUID(d.pop("document_id"))




        name = d.pop("name")

        file_size = d.pop("file_size")

        def _parse_page_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        page_count = _parse_page_count(d.pop("page_count"))


        document_uploaded_data = cls(
            sandbox=sandbox,
            document_id=document_id,
            name=name,
            file_size=file_size,
            page_count=page_count,
        )


        document_uploaded_data.additional_properties = d
        return document_uploaded_data

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

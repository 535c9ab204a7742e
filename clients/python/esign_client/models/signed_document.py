from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="SignedDocument")



@_attrs_define
class SignedDocument:
    """ 
        Attributes:
            document_id (UUID):
            name (str):
            signed_pdf_storage_key (str): location of this document's signed PDF in storage
     """

    document_id: UUID
    name: str
    signed_pdf_storage_key: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        name = self.name

        signed_pdf_storage_key = self.signed_pdf_storage_key


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_id": document_id,
            "name": name,
            "signed_pdf_storage_key": signed_pdf_storage_key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))




        name = d.pop("name")

        signed_pdf_storage_key = d.pop("signed_pdf_storage_key")

        signed_document = cls(
            document_id=document_id,
            name=name,
            signed_pdf_storage_key=signed_pdf_storage_key,
        )


        signed_document.additional_properties = d
        return signed_document

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CapabilitiesOut")



@_attrs_define
class CapabilitiesOut:
    """ 
        Attributes:
            upload (bool):
            max_documents (int):
            edit_signers (bool):
            max_signers (int):
            field_types (list[str]):
            edit_settings (bool):
            send (bool):
            save_as_template (bool):
     """

    upload: bool
    max_documents: int
    edit_signers: bool
    max_signers: int
    field_types: list[str]
    edit_settings: bool
    send: bool
    save_as_template: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        upload = self.upload

        max_documents = self.max_documents

        edit_signers = self.edit_signers

        max_signers = self.max_signers

        field_types = self.field_types



        edit_settings = self.edit_settings

        send = self.send

        save_as_template = self.save_as_template


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "upload": upload,
            "max_documents": max_documents,
            "edit_signers": edit_signers,
            "max_signers": max_signers,
            "field_types": field_types,
            "edit_settings": edit_settings,
            "send": send,
            "save_as_template": save_as_template,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        upload = d.pop("upload")

        max_documents = d.pop("max_documents")

        edit_signers = d.pop("edit_signers")

        max_signers = d.pop("max_signers")

        field_types = cast(list[str], d.pop("field_types"))


        edit_settings = d.pop("edit_settings")

        send = d.pop("send")

        save_as_template = d.pop("save_as_template")

        capabilities_out = cls(
            upload=upload,
            max_documents=max_documents,
            edit_signers=edit_signers,
            max_signers=max_signers,
            field_types=field_types,
            edit_settings=edit_settings,
            send=send,
            save_as_template=save_as_template,
        )


        capabilities_out.additional_properties = d
        return capabilities_out

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.capabilities_field_types_item import CapabilitiesFieldTypesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Capabilities")



@_attrs_define
class Capabilities:
    """ 
        Attributes:
            upload (bool | Unset): may add documents Default: True.
            max_documents (int | Unset): 1 to 10: the most documents the draft may hold Default: 10.
            edit_signers (bool | Unset): may add, change and remove signers Default: True.
            max_signers (int | Unset): 1 to 100: the most signers the draft may have Default: 100.
            field_types (list[CapabilitiesFieldTypesItem] | Unset): the field types that may be placed (default: all)
            edit_settings (bool | Unset): may change the message, subject, order, expiry, reminders and cc Default: True.
            send (bool | Unset): may send the draft Default: True.
            save_as_template (bool | Unset): may save the draft as a template Default: False.
     """

    upload: bool | Unset = True
    max_documents: int | Unset = 10
    edit_signers: bool | Unset = True
    max_signers: int | Unset = 100
    field_types: list[CapabilitiesFieldTypesItem] | Unset = UNSET
    edit_settings: bool | Unset = True
    send: bool | Unset = True
    save_as_template: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        upload = self.upload

        max_documents = self.max_documents

        edit_signers = self.edit_signers

        max_signers = self.max_signers

        field_types: list[str] | Unset = UNSET
        if not isinstance(self.field_types, Unset):
            field_types = []
            for field_types_item_data in self.field_types:
                field_types_item = field_types_item_data.value
                field_types.append(field_types_item)



        edit_settings = self.edit_settings

        send = self.send

        save_as_template = self.save_as_template


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if upload is not UNSET:
            field_dict["upload"] = upload
        if max_documents is not UNSET:
            field_dict["max_documents"] = max_documents
        if edit_signers is not UNSET:
            field_dict["edit_signers"] = edit_signers
        if max_signers is not UNSET:
            field_dict["max_signers"] = max_signers
        if field_types is not UNSET:
            field_dict["field_types"] = field_types
        if edit_settings is not UNSET:
            field_dict["edit_settings"] = edit_settings
        if send is not UNSET:
            field_dict["send"] = send
        if save_as_template is not UNSET:
            field_dict["save_as_template"] = save_as_template

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        upload = d.pop("upload", UNSET)

        max_documents = d.pop("max_documents", UNSET)

        edit_signers = d.pop("edit_signers", UNSET)

        max_signers = d.pop("max_signers", UNSET)

        _field_types = d.pop("field_types", UNSET)
        field_types: list[CapabilitiesFieldTypesItem] | Unset = UNSET
        if _field_types is not UNSET:
            field_types = []
            for field_types_item_data in _field_types:
                field_types_item = CapabilitiesFieldTypesItem(field_types_item_data)



                field_types.append(field_types_item)


        edit_settings = d.pop("edit_settings", UNSET)

        send = d.pop("send", UNSET)

        save_as_template = d.pop("save_as_template", UNSET)

        capabilities = cls(
            upload=upload,
            max_documents=max_documents,
            edit_signers=edit_signers,
            max_signers=max_signers,
            field_types=field_types,
            edit_settings=edit_settings,
            send=send,
            save_as_template=save_as_template,
        )

        return capabilities


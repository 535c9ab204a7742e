from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TagAttributes")



@_attrs_define
class TagAttributes:
    """ 
        Attributes:
            type_ (str): the field type
            signer (int | Unset): signer=N: the N-th entry of a create body's `signers`
            role (str | Unset): role=Name: a template role
            name (str | Unset): the field's label (its `placeholder`)
            required (bool | Unset):
            options (list[str] | Unset):
            width (float | Unset): percent of the page
            height (float | Unset): percent of the page
     """

    type_: str
    signer: int | Unset = UNSET
    role: str | Unset = UNSET
    name: str | Unset = UNSET
    required: bool | Unset = UNSET
    options: list[str] | Unset = UNSET
    width: float | Unset = UNSET
    height: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        signer = self.signer

        role = self.role

        name = self.name

        required = self.required

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options



        width = self.width

        height = self.height


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
        })
        if signer is not UNSET:
            field_dict["signer"] = signer
        if role is not UNSET:
            field_dict["role"] = role
        if name is not UNSET:
            field_dict["name"] = name
        if required is not UNSET:
            field_dict["required"] = required
        if options is not UNSET:
            field_dict["options"] = options
        if width is not UNSET:
            field_dict["width"] = width
        if height is not UNSET:
            field_dict["height"] = height

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        signer = d.pop("signer", UNSET)

        role = d.pop("role", UNSET)

        name = d.pop("name", UNSET)

        required = d.pop("required", UNSET)

        options = cast(list[str], d.pop("options", UNSET))


        width = d.pop("width", UNSET)

        height = d.pop("height", UNSET)

        tag_attributes = cls(
            type_=type_,
            signer=signer,
            role=role,
            name=name,
            required=required,
            options=options,
            width=width,
            height=height,
        )


        tag_attributes.additional_properties = d
        return tag_attributes

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

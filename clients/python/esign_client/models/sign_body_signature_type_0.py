from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sign_body_signature_type_0_kind import SignBodySignatureType0Kind
from ..types import UNSET, Unset






T = TypeVar("T", bound="SignBodySignatureType0")



@_attrs_define
class SignBodySignatureType0:
    """ the adopted signature; always required (422 signature_required without it, or null), also for a signer with no
    signature field

        Attributes:
            kind (SignBodySignatureType0Kind):
            text (str | Unset): typed: the name as typed (1 to 255 characters)
            image (str | Unset): drawn: a PNG data URL (at most 256 KB as PNG, 4000 px)
     """

    kind: SignBodySignatureType0Kind
    text: str | Unset = UNSET
    image: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        text = self.text

        image = self.image


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
        })
        if text is not UNSET:
            field_dict["text"] = text
        if image is not UNSET:
            field_dict["image"] = image

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SignBodySignatureType0Kind(d.pop("kind"))




        text = d.pop("text", UNSET)

        image = d.pop("image", UNSET)

        sign_body_signature_type_0 = cls(
            kind=kind,
            text=text,
            image=image,
        )


        sign_body_signature_type_0.additional_properties = d
        return sign_body_signature_type_0

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

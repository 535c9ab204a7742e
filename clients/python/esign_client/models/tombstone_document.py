from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="TombstoneDocument")



@_attrs_define
class TombstoneDocument:
    """ 
        Attributes:
            document_id (UUID):
            original_sha256 (None | str | Unset): the uploaded document's
            stamped_sha256 (None | str | Unset): with the signers' values, before sealing
            signed_sha256 (None | str | Unset): the sealed PDF's, as downloaded
     """

    document_id: UUID
    original_sha256: None | str | Unset = UNSET
    stamped_sha256: None | str | Unset = UNSET
    signed_sha256: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        original_sha256: None | str | Unset
        if isinstance(self.original_sha256, Unset):
            original_sha256 = UNSET
        else:
            original_sha256 = self.original_sha256

        stamped_sha256: None | str | Unset
        if isinstance(self.stamped_sha256, Unset):
            stamped_sha256 = UNSET
        else:
            stamped_sha256 = self.stamped_sha256

        signed_sha256: None | str | Unset
        if isinstance(self.signed_sha256, Unset):
            signed_sha256 = UNSET
        else:
            signed_sha256 = self.signed_sha256


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_id": document_id,
        })
        if original_sha256 is not UNSET:
            field_dict["original_sha256"] = original_sha256
        if stamped_sha256 is not UNSET:
            field_dict["stamped_sha256"] = stamped_sha256
        if signed_sha256 is not UNSET:
            field_dict["signed_sha256"] = signed_sha256

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))




        def _parse_original_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        original_sha256 = _parse_original_sha256(d.pop("original_sha256", UNSET))


        def _parse_stamped_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stamped_sha256 = _parse_stamped_sha256(d.pop("stamped_sha256", UNSET))


        def _parse_signed_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signed_sha256 = _parse_signed_sha256(d.pop("signed_sha256", UNSET))


        tombstone_document = cls(
            document_id=document_id,
            original_sha256=original_sha256,
            stamped_sha256=stamped_sha256,
            signed_sha256=signed_sha256,
        )


        tombstone_document.additional_properties = d
        return tombstone_document

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.embedded_signer import EmbeddedSigner





T = TypeVar("T", bound="EmbeddedUrlResponse")



@_attrs_define
class EmbeddedUrlResponse:
    """ 
        Attributes:
            signers (list[EmbeddedSigner]):
            allowed_origin (str):
            expires_in_seconds (int | Unset):
     """

    signers: list[EmbeddedSigner]
    allowed_origin: str
    expires_in_seconds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.embedded_signer import EmbeddedSigner # noqa: PLC0415
        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        allowed_origin = self.allowed_origin

        expires_in_seconds = self.expires_in_seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signers": signers,
            "allowed_origin": allowed_origin,
        })
        if expires_in_seconds is not UNSET:
            field_dict["expires_in_seconds"] = expires_in_seconds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.embedded_signer import EmbeddedSigner # noqa: PLC0415
        d = dict(src_dict)
        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = EmbeddedSigner.from_dict(signers_item_data)



            signers.append(signers_item)


        allowed_origin = d.pop("allowed_origin")

        expires_in_seconds = d.pop("expires_in_seconds", UNSET)

        embedded_url_response = cls(
            signers=signers,
            allowed_origin=allowed_origin,
            expires_in_seconds=expires_in_seconds,
        )


        embedded_url_response.additional_properties = d
        return embedded_url_response

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

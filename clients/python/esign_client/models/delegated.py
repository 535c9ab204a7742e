from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.delegate import Delegate





T = TypeVar("T", bound="Delegated")



@_attrs_define
class Delegated:
    """ 
        Attributes:
            status (str): `delegated`
            signing_request_id (str):
            signer_id (str):
            delegate (Delegate):
     """

    status: str
    signing_request_id: str
    signer_id: str
    delegate: Delegate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delegate import Delegate # noqa: PLC0415
        status = self.status

        signing_request_id = self.signing_request_id

        signer_id = self.signer_id

        delegate = self.delegate.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "signing_request_id": signing_request_id,
            "signer_id": signer_id,
            "delegate": delegate,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delegate import Delegate # noqa: PLC0415
        d = dict(src_dict)
        status = d.pop("status")

        signing_request_id = d.pop("signing_request_id")

        signer_id = d.pop("signer_id")

        delegate = Delegate.from_dict(d.pop("delegate"))




        delegated = cls(
            status=status,
            signing_request_id=signing_request_id,
            signer_id=signer_id,
            delegate=delegate,
        )


        delegated.additional_properties = d
        return delegated

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

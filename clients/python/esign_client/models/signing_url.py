from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="SigningUrl")



@_attrs_define
class SigningUrl:
    """ 
        Attributes:
            signer_id (UUID):
            signing_url (str): `{public_url}/sign/{token}`
            expires_at (datetime.datetime): when the link stops working at the latest: the request's `expires_at` (it stops
                earlier when the request is cancelled, or when the signer is replaced or a later link revokes it)
     """

    signer_id: UUID
    signing_url: str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        signer_id = str(self.signer_id)

        signing_url = self.signing_url

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signer_id": signer_id,
            "signing_url": signing_url,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        signer_id = UUID(d.pop("signer_id"))




        signing_url = d.pop("signing_url")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        signing_url = cls(
            signer_id=signer_id,
            signing_url=signing_url,
            expires_at=expires_at,
        )


        signing_url.additional_properties = d
        return signing_url

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

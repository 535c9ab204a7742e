from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signer_view_request_signing_order import SignerViewRequestSigningOrder
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="SignerViewRequest")



@_attrs_define
class SignerViewRequest:
    """ 
        Attributes:
            id (UUID):
            document_name (str):
            status (str):
            signing_order (SignerViewRequestSigningOrder):
            message (None | str):
            sender_name (None | str):
            expires_at (datetime.datetime):
     """

    id: UUID
    document_name: str
    status: str
    signing_order: SignerViewRequestSigningOrder
    message: None | str
    sender_name: None | str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        document_name = self.document_name

        status = self.status

        signing_order = self.signing_order.value

        message: None | str
        message = self.message

        sender_name: None | str
        sender_name = self.sender_name

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_name": document_name,
            "status": status,
            "signing_order": signing_order,
            "message": message,
            "sender_name": sender_name,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_name = d.pop("document_name")

        status = d.pop("status")

        signing_order = SignerViewRequestSigningOrder(d.pop("signing_order"))




        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        def _parse_sender_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sender_name = _parse_sender_name(d.pop("sender_name"))


        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        signer_view_request = cls(
            id=id,
            document_name=document_name,
            status=status,
            signing_order=signing_order,
            message=message,
            sender_name=sender_name,
            expires_at=expires_at,
        )


        signer_view_request.additional_properties = d
        return signer_view_request

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

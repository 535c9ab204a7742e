from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="BulkItem")



@_attrs_define
class BulkItem:
    """ 
        Attributes:
            id (UUID):
            status (str): pending, succeeded, failed
            signing_request_id (None | Unset | UUID):
            recipient_email (None | str | Unset): the recipient's first signer
            error_message (None | str | Unset):
     """

    id: UUID
    status: str
    signing_request_id: None | Unset | UUID = UNSET
    recipient_email: None | str | Unset = UNSET
    error_message: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status

        signing_request_id: None | str | Unset
        if isinstance(self.signing_request_id, Unset):
            signing_request_id = UNSET
        elif isinstance(self.signing_request_id, UUID):
            signing_request_id = str(self.signing_request_id)
        else:
            signing_request_id = self.signing_request_id

        recipient_email: None | str | Unset
        if isinstance(self.recipient_email, Unset):
            recipient_email = UNSET
        else:
            recipient_email = self.recipient_email

        error_message: None | str | Unset
        if isinstance(self.error_message, Unset):
            error_message = UNSET
        else:
            error_message = self.error_message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
        })
        if signing_request_id is not UNSET:
            field_dict["signing_request_id"] = signing_request_id
        if recipient_email is not UNSET:
            field_dict["recipient_email"] = recipient_email
        if error_message is not UNSET:
            field_dict["error_message"] = error_message

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        status = d.pop("status")

        def _parse_signing_request_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signing_request_id_type_0 = UUID(data)



                return signing_request_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        signing_request_id = _parse_signing_request_id(d.pop("signing_request_id", UNSET))


        def _parse_recipient_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipient_email = _parse_recipient_email(d.pop("recipient_email", UNSET))


        def _parse_error_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error_message = _parse_error_message(d.pop("error_message", UNSET))


        bulk_item = cls(
            id=id,
            status=status,
            signing_request_id=signing_request_id,
            recipient_email=recipient_email,
            error_message=error_message,
        )


        bulk_item.additional_properties = d
        return bulk_item

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

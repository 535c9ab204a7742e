from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="PublicLinkUse")



@_attrs_define
class PublicLinkUse:
    """ 
        Attributes:
            id (UUID):
            email (str): the visitor's address (lower-cased)
            email_proven (bool): proven with an emailed code
            signing_request_id (None | UUID):
            open_ (bool): the visitor may still resume its request
            created_at (datetime.datetime):
            phone_proven (bool | Unset): the visitor proved a phone number with a texted code instead
     """

    id: UUID
    email: str
    email_proven: bool
    signing_request_id: None | UUID
    open_: bool
    created_at: datetime.datetime
    phone_proven: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        email = self.email

        email_proven = self.email_proven

        signing_request_id: None | str
        if isinstance(self.signing_request_id, UUID):
            signing_request_id = str(self.signing_request_id)
        else:
            signing_request_id = self.signing_request_id

        open_ = self.open_

        created_at = self.created_at.isoformat()

        phone_proven = self.phone_proven


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "email": email,
            "email_proven": email_proven,
            "signing_request_id": signing_request_id,
            "open": open_,
            "created_at": created_at,
        })
        if phone_proven is not UNSET:
            field_dict["phone_proven"] = phone_proven

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        email = d.pop("email")

        email_proven = d.pop("email_proven")

        def _parse_signing_request_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signing_request_id_type_0 = UUID(data)



                return signing_request_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        signing_request_id = _parse_signing_request_id(d.pop("signing_request_id"))


        open_ = d.pop("open")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        phone_proven = d.pop("phone_proven", UNSET)

        public_link_use = cls(
            id=id,
            email=email,
            email_proven=email_proven,
            signing_request_id=signing_request_id,
            open_=open_,
            created_at=created_at,
            phone_proven=phone_proven,
        )


        public_link_use.additional_properties = d
        return public_link_use

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

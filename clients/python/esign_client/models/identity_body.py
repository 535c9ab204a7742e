from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.identity_body_document_type import IdentityBodyDocumentType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="IdentityBody")



@_attrs_define
class IdentityBody:
    """ 
        Attributes:
            full_name (str): as on the document (1 to 255)
            date_of_birth (str): YYYY-MM-DD
            document_type (IdentityBodyDocumentType):
            document_number (str): 4 to 64 characters; stored masked
            document_expiry (str): YYYY-MM-DD, not in the past
            issued_country (str): ISO 3166 alpha-2
            address (None | str | Unset):
     """

    full_name: str
    date_of_birth: str
    document_type: IdentityBodyDocumentType
    document_number: str
    document_expiry: str
    issued_country: str
    address: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        full_name = self.full_name

        date_of_birth = self.date_of_birth

        document_type = self.document_type.value

        document_number = self.document_number

        document_expiry = self.document_expiry

        issued_country = self.issued_country

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "full_name": full_name,
            "date_of_birth": date_of_birth,
            "document_type": document_type,
            "document_number": document_number,
            "document_expiry": document_expiry,
            "issued_country": issued_country,
        })
        if address is not UNSET:
            field_dict["address"] = address

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        full_name = d.pop("full_name")

        date_of_birth = d.pop("date_of_birth")

        document_type = IdentityBodyDocumentType(d.pop("document_type"))




        document_number = d.pop("document_number")

        document_expiry = d.pop("document_expiry")

        issued_country = d.pop("issued_country")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))


        identity_body = cls(
            full_name=full_name,
            date_of_birth=date_of_birth,
            document_type=document_type,
            document_number=document_number,
            document_expiry=document_expiry,
            issued_country=issued_country,
            address=address,
        )

        return identity_body


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="SignerPage")



@_attrs_define
class SignerPage:
    """ 
        Attributes:
            document_id (UUID):
            document_order (int):
            number (int): a page of that document
            width (float): points, as displayed
            height (float): points, as displayed
            image_url (str): the page as it stands (every value given so far stamped on it), WebP 960 px wide; content-
                addressed, cached for the link's life
            image_srcset (str): 480, 720, 960 and 1600 px wide (`srcset`)
     """

    document_id: UUID
    document_order: int
    number: int
    width: float
    height: float
    image_url: str
    image_srcset: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_id = str(self.document_id)

        document_order = self.document_order

        number = self.number

        width = self.width

        height = self.height

        image_url = self.image_url

        image_srcset = self.image_srcset


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_id": document_id,
            "document_order": document_order,
            "number": number,
            "width": width,
            "height": height,
            "image_url": image_url,
            "image_srcset": image_srcset,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_id = UUID(d.pop("document_id"))




        document_order = d.pop("document_order")

        number = d.pop("number")

        width = d.pop("width")

        height = d.pop("height")

        image_url = d.pop("image_url")

        image_srcset = d.pop("image_srcset")

        signer_page = cls(
            document_id=document_id,
            document_order=document_order,
            number=number,
            width=width,
            height=height,
            image_url=image_url,
            image_srcset=image_srcset,
        )


        signer_page.additional_properties = d
        return signer_page

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.signer_progress import SignerProgress





T = TypeVar("T", bound="SignerDocument")



@_attrs_define
class SignerDocument:
    """ 
        Attributes:
            id (UUID):
            name (str):
            page_count (int):
            order (int):
            progress (SignerProgress):
     """

    id: UUID
    name: str
    page_count: int
    order: int
    progress: SignerProgress
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_progress import SignerProgress # noqa: PLC0415
        id = str(self.id)

        name = self.name

        page_count = self.page_count

        order = self.order

        progress = self.progress.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "page_count": page_count,
            "order": order,
            "progress": progress,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_progress import SignerProgress # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        page_count = d.pop("page_count")

        order = d.pop("order")

        progress = SignerProgress.from_dict(d.pop("progress"))




        signer_document = cls(
            id=id,
            name=name,
            page_count=page_count,
            order=order,
            progress=progress,
        )


        signer_document.additional_properties = d
        return signer_document

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.signer_state_metadata import SignerStateMetadata





T = TypeVar("T", bound="SignerState")



@_attrs_define
class SignerState:
    """ 
        Attributes:
            external_id (None | str): extension: the `external_id` given on create, else null
            metadata (SignerStateMetadata): extension: the `metadata` given on create (an empty object when none was)
            id (UUID):
            email (str):
            name (str):
            status (str): the signer's status after the event
     """

    external_id: None | str
    metadata: SignerStateMetadata
    id: UUID
    email: str
    name: str
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_state_metadata import SignerStateMetadata # noqa: PLC0415
        external_id: None | str
        external_id = self.external_id

        metadata = self.metadata.to_dict()

        id = str(self.id)

        email = self.email

        name = self.name

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "external_id": external_id,
            "metadata": metadata,
            "id": id,
            "email": email,
            "name": name,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_state_metadata import SignerStateMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        metadata = SignerStateMetadata.from_dict(d.pop("metadata"))




        id = UUID(d.pop("id"))




        email = d.pop("email")

        name = d.pop("name")

        status = d.pop("status")

        signer_state = cls(
            external_id=external_id,
            metadata=metadata,
            id=id,
            email=email,
            name=name,
            status=status,
        )


        signer_state.additional_properties = d
        return signer_state

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

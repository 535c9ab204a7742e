from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="BulkAccepted")



@_attrs_define
class BulkAccepted:
    """ 
        Attributes:
            bulk_job_id (UUID):
            total_count (int):
            status (str): `queued`
     """

    bulk_job_id: UUID
    total_count: int
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bulk_job_id = str(self.bulk_job_id)

        total_count = self.total_count

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bulk_job_id": bulk_job_id,
            "total_count": total_count,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bulk_job_id = UUID(d.pop("bulk_job_id"))




        total_count = d.pop("total_count")

        status = d.pop("status")

        bulk_accepted = cls(
            bulk_job_id=bulk_job_id,
            total_count=total_count,
            status=status,
        )


        bulk_accepted.additional_properties = d
        return bulk_accepted

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

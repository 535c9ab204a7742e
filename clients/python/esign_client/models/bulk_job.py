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

if TYPE_CHECKING:
  from ..models.bulk_item import BulkItem





T = TypeVar("T", bound="BulkJob")



@_attrs_define
class BulkJob:
    """ 
        Attributes:
            id (UUID):
            status (str): queued, processing, completed, completed_with_errors, failed
            total_count (int):
            success_count (int):
            failure_count (int):
            created_at (datetime.datetime):
            items (list[BulkItem]): in recipient order
            template_id (None | Unset | UUID):
            completed_at (datetime.datetime | None | Unset):
     """

    id: UUID
    status: str
    total_count: int
    success_count: int
    failure_count: int
    created_at: datetime.datetime
    items: list[BulkItem]
    template_id: None | Unset | UUID = UNSET
    completed_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.bulk_item import BulkItem # noqa: PLC0415
        id = str(self.id)

        status = self.status

        total_count = self.total_count

        success_count = self.success_count

        failure_count = self.failure_count

        created_at = self.created_at.isoformat()

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        elif isinstance(self.template_id, UUID):
            template_id = str(self.template_id)
        else:
            template_id = self.template_id

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        elif isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "total_count": total_count,
            "success_count": success_count,
            "failure_count": failure_count,
            "created_at": created_at,
            "items": items,
        })
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_item import BulkItem # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        status = d.pop("status")

        total_count = d.pop("total_count")

        success_count = d.pop("success_count")

        failure_count = d.pop("failure_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = BulkItem.from_dict(items_item_data)



            items.append(items_item)


        def _parse_template_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                template_id_type_0 = UUID(data)



                return template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        template_id = _parse_template_id(d.pop("template_id", UNSET))


        def _parse_completed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)



                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        bulk_job = cls(
            id=id,
            status=status,
            total_count=total_count,
            success_count=success_count,
            failure_count=failure_count,
            created_at=created_at,
            items=items,
            template_id=template_id,
            completed_at=completed_at,
        )


        bulk_job.additional_properties = d
        return bulk_job

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.erasure_counts import ErasureCounts
  from ..models.erasure_other import ErasureOther
  from ..models.erasure_record import ErasureRecord





T = TypeVar("T", bound="ErasureReport")



@_attrs_define
class ErasureReport:
    """ 
        Attributes:
            email (str):
            reason (str):
            requested_at (datetime.datetime):
            records (list[ErasureRecord]): oldest first, at most 200
            counts (ErasureCounts):
            other_records (list[ErasureOther]): the person's records besides signing requests, by kind (at most 1000 bulk
                rows and 1000 public link uses a call)
            truncated (bool): there are more: ask again once these are purged
     """

    email: str
    reason: str
    requested_at: datetime.datetime
    records: list[ErasureRecord]
    counts: ErasureCounts
    other_records: list[ErasureOther]
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.erasure_counts import ErasureCounts # noqa: PLC0415
        from ..models.erasure_other import ErasureOther # noqa: PLC0415
        from ..models.erasure_record import ErasureRecord # noqa: PLC0415
        email = self.email

        reason = self.reason

        requested_at = self.requested_at.isoformat()

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)



        counts = self.counts.to_dict()

        other_records = []
        for other_records_item_data in self.other_records:
            other_records_item = other_records_item_data.to_dict()
            other_records.append(other_records_item)



        truncated = self.truncated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "email": email,
            "reason": reason,
            "requested_at": requested_at,
            "records": records,
            "counts": counts,
            "other_records": other_records,
            "truncated": truncated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.erasure_counts import ErasureCounts # noqa: PLC0415
        from ..models.erasure_other import ErasureOther # noqa: PLC0415
        from ..models.erasure_record import ErasureRecord # noqa: PLC0415
        d = dict(src_dict)
        email = d.pop("email")

        reason = d.pop("reason")

        requested_at = datetime.datetime.fromisoformat(d.pop("requested_at"))




        records = []
        _records = d.pop("records")
        for records_item_data in (_records):
            records_item = ErasureRecord.from_dict(records_item_data)



            records.append(records_item)


        counts = ErasureCounts.from_dict(d.pop("counts"))




        other_records = []
        _other_records = d.pop("other_records")
        for other_records_item_data in (_other_records):
            other_records_item = ErasureOther.from_dict(other_records_item_data)



            other_records.append(other_records_item)


        truncated = d.pop("truncated")

        erasure_report = cls(
            email=email,
            reason=reason,
            requested_at=requested_at,
            records=records,
            counts=counts,
            other_records=other_records,
            truncated=truncated,
        )


        erasure_report.additional_properties = d
        return erasure_report

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

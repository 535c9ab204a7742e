from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.retention_policy_floor_days import RetentionPolicyFloorDays
  from ..models.rule_out import RuleOut





T = TypeVar("T", bound="RetentionPolicy")



@_attrs_define
class RetentionPolicy:
    """ 
        Attributes:
            rules (list[RuleOut]):
            notice_days (int):
            source (str): organization (set by PUT), or config (`[retention]`, until it is set)
            floor_days (RetentionPolicyFloorDays | Unset): per final state, the days after its end before which nothing
                purges a request
            updated_at (datetime.datetime | None | Unset):
     """

    rules: list[RuleOut]
    notice_days: int
    source: str
    floor_days: RetentionPolicyFloorDays | Unset = UNSET
    updated_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.retention_policy_floor_days import RetentionPolicyFloorDays # noqa: PLC0415
        from ..models.rule_out import RuleOut # noqa: PLC0415
        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)



        notice_days = self.notice_days

        source = self.source

        floor_days: dict[str, Any] | Unset = UNSET
        if not isinstance(self.floor_days, Unset):
            floor_days = self.floor_days.to_dict()

        updated_at: None | str | Unset
        if isinstance(self.updated_at, Unset):
            updated_at = UNSET
        elif isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "rules": rules,
            "notice_days": notice_days,
            "source": source,
        })
        if floor_days is not UNSET:
            field_dict["floor_days"] = floor_days
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.retention_policy_floor_days import RetentionPolicyFloorDays # noqa: PLC0415
        from ..models.rule_out import RuleOut # noqa: PLC0415
        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = RuleOut.from_dict(rules_item_data)



            rules.append(rules_item)


        notice_days = d.pop("notice_days")

        source = d.pop("source")

        _floor_days = d.pop("floor_days", UNSET)
        floor_days: RetentionPolicyFloorDays | Unset
        if isinstance(_floor_days,  Unset):
            floor_days = UNSET
        else:
            floor_days = RetentionPolicyFloorDays.from_dict(_floor_days)




        def _parse_updated_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)



                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        updated_at = _parse_updated_at(d.pop("updated_at", UNSET))


        retention_policy = cls(
            rules=rules,
            notice_days=notice_days,
            source=source,
            floor_days=floor_days,
            updated_at=updated_at,
        )


        retention_policy.additional_properties = d
        return retention_policy

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

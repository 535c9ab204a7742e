from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.retention_policy_body_floor_days import RetentionPolicyBodyFloorDays
  from ..models.retention_rule import RetentionRule





T = TypeVar("T", bound="RetentionPolicyBody")



@_attrs_define
class RetentionPolicyBody:
    """ 
        Attributes:
            rules (list[RetentionRule]): at most one per state; a state without a rule is kept
            notice_days (int): signing_request.purge_scheduled is recorded this many days before a purge
            floor_days (RetentionPolicyBodyFloorDays | Unset): the floor: per final state, the days after its end before
                which no rule, override or erasure request purges a request (a rule below it is 422; 0 or absent: none)
     """

    rules: list[RetentionRule]
    notice_days: int
    floor_days: RetentionPolicyBodyFloorDays | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.retention_policy_body_floor_days import RetentionPolicyBodyFloorDays # noqa: PLC0415
        from ..models.retention_rule import RetentionRule # noqa: PLC0415
        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)



        notice_days = self.notice_days

        floor_days: dict[str, Any] | Unset = UNSET
        if not isinstance(self.floor_days, Unset):
            floor_days = self.floor_days.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rules": rules,
            "notice_days": notice_days,
        })
        if floor_days is not UNSET:
            field_dict["floor_days"] = floor_days

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.retention_policy_body_floor_days import RetentionPolicyBodyFloorDays # noqa: PLC0415
        from ..models.retention_rule import RetentionRule # noqa: PLC0415
        d = dict(src_dict)
        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = RetentionRule.from_dict(rules_item_data)



            rules.append(rules_item)


        notice_days = d.pop("notice_days")

        _floor_days = d.pop("floor_days", UNSET)
        floor_days: RetentionPolicyBodyFloorDays | Unset
        if isinstance(_floor_days,  Unset):
            floor_days = UNSET
        else:
            floor_days = RetentionPolicyBodyFloorDays.from_dict(_floor_days)




        retention_policy_body = cls(
            rules=rules,
            notice_days=notice_days,
            floor_days=floor_days,
        )

        return retention_policy_body


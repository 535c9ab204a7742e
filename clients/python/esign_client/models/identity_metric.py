from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="IdentityMetric")



@_attrs_define
class IdentityMetric:
    """ 
        Attributes:
            current (int):
            cost_per_check (float):
            total_cost (float):
            month (str): YYYY-MM
     """

    current: int
    cost_per_check: float
    total_cost: float
    month: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        current = self.current

        cost_per_check = self.cost_per_check

        total_cost = self.total_cost

        month = self.month


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "current": current,
            "cost_per_check": cost_per_check,
            "total_cost": total_cost,
            "month": month,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        current = d.pop("current")

        cost_per_check = d.pop("cost_per_check")

        total_cost = d.pop("total_cost")

        month = d.pop("month")

        identity_metric = cls(
            current=current,
            cost_per_check=cost_per_check,
            total_cost=total_cost,
            month=month,
        )


        identity_metric.additional_properties = d
        return identity_metric

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

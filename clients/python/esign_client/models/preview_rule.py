from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PreviewRule")



@_attrs_define
class PreviewRule:
    """ 
        Attributes:
            now (int): requests it would purge now
            next_30_days (int): now and within 30 days
            state (str):
            after_days (int):
            action (str):
     """

    now: int
    next_30_days: int
    state: str
    after_days: int
    action: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        now = self.now

        next_30_days = self.next_30_days

        state = self.state

        after_days = self.after_days

        action = self.action


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "now": now,
            "next_30_days": next_30_days,
            "state": state,
            "after_days": after_days,
            "action": action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        now = d.pop("now")

        next_30_days = d.pop("next_30_days")

        state = d.pop("state")

        after_days = d.pop("after_days")

        action = d.pop("action")

        preview_rule = cls(
            now=now,
            next_30_days=next_30_days,
            state=state,
            after_days=after_days,
            action=action,
        )


        preview_rule.additional_properties = d
        return preview_rule

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

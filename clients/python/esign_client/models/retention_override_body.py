from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.retention_override_body_action import RetentionOverrideBodyAction






T = TypeVar("T", bound="RetentionOverrideBody")



@_attrs_define
class RetentionOverrideBody:
    """ 
        Attributes:
            after_days (int): days after the request ended; not below the organisation's `floor_days` of its state
            action (RetentionOverrideBodyAction):
     """

    after_days: int
    action: RetentionOverrideBodyAction





    def to_dict(self) -> dict[str, Any]:
        after_days = self.after_days

        action = self.action.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "after_days": after_days,
            "action": action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_days = d.pop("after_days")

        action = RetentionOverrideBodyAction(d.pop("action"))




        retention_override_body = cls(
            after_days=after_days,
            action=action,
        )

        return retention_override_body


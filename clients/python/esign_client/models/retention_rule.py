from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.retention_rule_action import RetentionRuleAction
from ..models.retention_rule_state import RetentionRuleState






T = TypeVar("T", bound="RetentionRule")



@_attrs_define
class RetentionRule:
    """ 
        Attributes:
            state (RetentionRuleState): the final state the rule applies to
            after_days (int): days after the request ended (completed, cancelled or expired)
            action (RetentionRuleAction):
     """

    state: RetentionRuleState
    after_days: int
    action: RetentionRuleAction





    def to_dict(self) -> dict[str, Any]:
        state = self.state.value

        after_days = self.after_days

        action = self.action.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "state": state,
            "after_days": after_days,
            "action": action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        state = RetentionRuleState(d.pop("state"))




        after_days = d.pop("after_days")

        action = RetentionRuleAction(d.pop("action"))




        retention_rule = cls(
            state=state,
            after_days=after_days,
            action=action,
        )

        return retention_rule


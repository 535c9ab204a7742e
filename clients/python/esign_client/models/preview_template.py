from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="PreviewTemplate")



@_attrs_define
class PreviewTemplate:
    """ 
        Attributes:
            now (int): requests it would purge now
            next_30_days (int): now and within 30 days
            template_id (UUID):
            after_days (int): the template's retention (raised to a state's floor for the requests of that state)
            action (str):
     """

    now: int
    next_30_days: int
    template_id: UUID
    after_days: int
    action: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        now = self.now

        next_30_days = self.next_30_days

        template_id = str(self.template_id)

        after_days = self.after_days

        action = self.action


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "now": now,
            "next_30_days": next_30_days,
            "template_id": template_id,
            "after_days": after_days,
            "action": action,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        now = d.pop("now")

        next_30_days = d.pop("next_30_days")

        template_id = UUID(d.pop("template_id"))




        after_days = d.pop("after_days")

        action = d.pop("action")

        preview_template = cls(
            now=now,
            next_30_days=next_30_days,
            template_id=template_id,
            after_days=after_days,
            action=action,
        )


        preview_template.additional_properties = d
        return preview_template

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

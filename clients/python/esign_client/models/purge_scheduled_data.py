from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="PurgeScheduledData")



@_attrs_define
class PurgeScheduledData:
    """ 
        Attributes:
            sandbox (bool):
            signing_request_id (UUID):
            purge_at (datetime.datetime): when the retention policy purges it
            action (str): purge_content or purge_all
            rule (str): the rule: the final state and its after_days
     """

    sandbox: bool
    signing_request_id: UUID
    purge_at: datetime.datetime
    action: str
    rule: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        purge_at = self.purge_at.isoformat()

        action = self.action

        rule = self.rule


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sandbox": sandbox,
            "signing_request_id": signing_request_id,
            "purge_at": purge_at,
            "action": action,
            "rule": rule,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        purge_at = datetime.datetime.fromisoformat(d.pop("purge_at"))




        action = d.pop("action")

        rule = d.pop("rule")

        purge_scheduled_data = cls(
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            purge_at=purge_at,
            action=action,
            rule=rule,
        )


        purge_scheduled_data.additional_properties = d
        return purge_scheduled_data

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

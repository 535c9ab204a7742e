from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            id (UUID):
            name (str):
            url (str):
            events (list[str]):
            status (str): `active` or `paused`
            trigger_count (int): events sent to this webhook (first attempts, successful or not; retries not counted)
            failure_count (int): failed delivery attempts, retries included
            created_at (datetime.datetime):
     """

    id: UUID
    name: str
    url: str
    events: list[str]
    status: str
    trigger_count: int
    failure_count: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        url = self.url

        events = self.events



        status = self.status

        trigger_count = self.trigger_count

        failure_count = self.failure_count

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "url": url,
            "events": events,
            "status": status,
            "trigger_count": trigger_count,
            "failure_count": failure_count,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))


        status = d.pop("status")

        trigger_count = d.pop("trigger_count")

        failure_count = d.pop("failure_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        webhook = cls(
            id=id,
            name=name,
            url=url,
            events=events,
            status=status,
            trigger_count=trigger_count,
            failure_count=failure_count,
            created_at=created_at,
        )


        webhook.additional_properties = d
        return webhook

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

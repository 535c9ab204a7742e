from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TombstoneAudit")



@_attrs_define
class TombstoneAudit:
    """ 
        Attributes:
            event_count (int):
            head (None | str | Unset): the hash of the request's last event before the purge
     """

    event_count: int
    head: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        event_count = self.event_count

        head: None | str | Unset
        if isinstance(self.head, Unset):
            head = UNSET
        else:
            head = self.head


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "event_count": event_count,
        })
        if head is not UNSET:
            field_dict["head"] = head

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_count = d.pop("event_count")

        def _parse_head(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        head = _parse_head(d.pop("head", UNSET))


        tombstone_audit = cls(
            event_count=event_count,
            head=head,
        )


        tombstone_audit.additional_properties = d
        return tombstone_audit

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.delegate_person import DelegatePerson





T = TypeVar("T", bound="Cancellation")



@_attrs_define
class Cancellation:
    """ 
        Attributes:
            kind (str): `rejected`: an approver rejected
            reason (str): the reason the approver gave
            by (DelegatePerson):
     """

    kind: str
    reason: str
    by: DelegatePerson
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delegate_person import DelegatePerson # noqa: PLC0415
        kind = self.kind

        reason = self.reason

        by = self.by.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "reason": reason,
            "by": by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delegate_person import DelegatePerson # noqa: PLC0415
        d = dict(src_dict)
        kind = d.pop("kind")

        reason = d.pop("reason")

        by = DelegatePerson.from_dict(d.pop("by"))




        cancellation = cls(
            kind=kind,
            reason=reason,
            by=by,
        )


        cancellation.additional_properties = d
        return cancellation

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

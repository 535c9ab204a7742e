from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.cancellation_by_type_1_type_0 import CancellationByType1Type0
  from ..models.delegate_person import DelegatePerson





T = TypeVar("T", bound="Cancellation")



@_attrs_define
class Cancellation:
    """ 
        Attributes:
            kind (str): `cancelled`: the sender cancelled it; `rejected`: an approver rejected; `declined`: a signer
                declined
            reason (None | str): the reason the approver or the signer gave, or the sender's (null when none was given)
            by (CancellationByType1Type0 | DelegatePerson | None): `{id, name, email}` of the participant who rejected or
                declined; null when the sender cancelled
            at (datetime.datetime): when it was cancelled
     """

    kind: str
    reason: None | str
    by: CancellationByType1Type0 | DelegatePerson | None
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cancellation_by_type_1_type_0 import CancellationByType1Type0 # noqa: PLC0415
        from ..models.delegate_person import DelegatePerson # noqa: PLC0415
        kind = self.kind

        reason: None | str
        reason = self.reason

        by: dict[str, Any] | None
        if isinstance(self.by, DelegatePerson):
            by = self.by.to_dict()
        elif isinstance(self.by, CancellationByType1Type0):
            by = self.by.to_dict()
        else:
            by = self.by

        at = self.at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "reason": reason,
            "by": by,
            "at": at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cancellation_by_type_1_type_0 import CancellationByType1Type0 # noqa: PLC0415
        from ..models.delegate_person import DelegatePerson # noqa: PLC0415
        d = dict(src_dict)
        kind = d.pop("kind")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        def _parse_by(data: object) -> CancellationByType1Type0 | DelegatePerson | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                by_type_0 = DelegatePerson.from_dict(data)



                return by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                by_type_1_type_0 = CancellationByType1Type0.from_dict(data)



                return by_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CancellationByType1Type0 | DelegatePerson | None, data)

        by = _parse_by(d.pop("by"))


        at = datetime.datetime.fromisoformat(d.pop("at"))




        cancellation = cls(
            kind=kind,
            reason=reason,
            by=by,
            at=at,
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

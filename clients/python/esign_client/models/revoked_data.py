from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="RevokedData")



@_attrs_define
class RevokedData:
    """ 
        Attributes:
            sandbox (bool):
            signing_request_id (UUID):
            revoked_at (datetime.datetime): when its sender revoked the completed request
            reason (None | str): the reason the sender gave (null once a `purge_all` removed it)
     """

    sandbox: bool
    signing_request_id: UUID
    revoked_at: datetime.datetime
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sandbox = self.sandbox

        signing_request_id = str(self.signing_request_id)

        revoked_at = self.revoked_at.isoformat()

        reason: None | str
        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sandbox": sandbox,
            "signing_request_id": signing_request_id,
            "revoked_at": revoked_at,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sandbox = d.pop("sandbox")

        signing_request_id = UUID(d.pop("signing_request_id"))




        revoked_at = datetime.datetime.fromisoformat(d.pop("revoked_at"))




        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        revoked_data = cls(
            sandbox=sandbox,
            signing_request_id=signing_request_id,
            revoked_at=revoked_at,
            reason=reason,
        )


        revoked_data.additional_properties = d
        return revoked_data

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

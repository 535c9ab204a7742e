from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="PhoneVerification")



@_attrs_define
class PhoneVerification:
    """ 
        Attributes:
            required (bool):
            verified (bool):
            phone_hint (None | str): the number, masked
            code_sent (bool): a code is out and not expired
            locked_until (datetime.datetime | None):
     """

    required: bool
    verified: bool
    phone_hint: None | str
    code_sent: bool
    locked_until: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        required = self.required

        verified = self.verified

        phone_hint: None | str
        phone_hint = self.phone_hint

        code_sent = self.code_sent

        locked_until: None | str
        if isinstance(self.locked_until, datetime.datetime):
            locked_until = self.locked_until.isoformat()
        else:
            locked_until = self.locked_until


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "required": required,
            "verified": verified,
            "phone_hint": phone_hint,
            "code_sent": code_sent,
            "locked_until": locked_until,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required = d.pop("required")

        verified = d.pop("verified")

        def _parse_phone_hint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone_hint = _parse_phone_hint(d.pop("phone_hint"))


        code_sent = d.pop("code_sent")

        def _parse_locked_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                locked_until_type_0 = datetime.datetime.fromisoformat(data)



                return locked_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        locked_until = _parse_locked_until(d.pop("locked_until"))


        phone_verification = cls(
            required=required,
            verified=verified,
            phone_hint=phone_hint,
            code_sent=code_sent,
            locked_until=locked_until,
        )


        phone_verification.additional_properties = d
        return phone_verification

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

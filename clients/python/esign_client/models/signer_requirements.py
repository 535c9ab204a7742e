from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.identity_verification import IdentityVerification
  from ..models.phone_verification import PhoneVerification





T = TypeVar("T", bound="SignerRequirements")



@_attrs_define
class SignerRequirements:
    """ 
        Attributes:
            phone_verification (PhoneVerification):
            identity_verification (IdentityVerification):
     """

    phone_verification: PhoneVerification
    identity_verification: IdentityVerification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.identity_verification import IdentityVerification # noqa: PLC0415
        from ..models.phone_verification import PhoneVerification # noqa: PLC0415
        phone_verification = self.phone_verification.to_dict()

        identity_verification = self.identity_verification.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "phone_verification": phone_verification,
            "identity_verification": identity_verification,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.identity_verification import IdentityVerification # noqa: PLC0415
        from ..models.phone_verification import PhoneVerification # noqa: PLC0415
        d = dict(src_dict)
        phone_verification = PhoneVerification.from_dict(d.pop("phone_verification"))




        identity_verification = IdentityVerification.from_dict(d.pop("identity_verification"))




        signer_requirements = cls(
            phone_verification=phone_verification,
            identity_verification=identity_verification,
        )


        signer_requirements.additional_properties = d
        return signer_requirements

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

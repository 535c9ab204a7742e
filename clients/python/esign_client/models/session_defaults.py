from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.session_defaults_signing_order import SessionDefaultsSigningOrder
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.signer_input import SignerInput





T = TypeVar("T", bound="SessionDefaults")



@_attrs_define
class SessionDefaults:
    """ 
        Attributes:
            signers (list[SignerInput] | Unset): the new draft's signers (0 to 100)
            message (None | str | Unset):
            expires_in_days (int | Unset):  Default: 7.
            signing_order (SessionDefaultsSigningOrder | Unset):  Default: SessionDefaultsSigningOrder.PARALLEL.
     """

    signers: list[SignerInput] | Unset = UNSET
    message: None | str | Unset = UNSET
    expires_in_days: int | Unset = 7
    signing_order: SessionDefaultsSigningOrder | Unset = SessionDefaultsSigningOrder.PARALLEL





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_input import SignerInput # noqa: PLC0415
        signers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.signers, Unset):
            signers = []
            for signers_item_data in self.signers:
                signers_item = signers_item_data.to_dict()
                signers.append(signers_item)



        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        expires_in_days = self.expires_in_days

        signing_order: str | Unset = UNSET
        if not isinstance(self.signing_order, Unset):
            signing_order = self.signing_order.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if signers is not UNSET:
            field_dict["signers"] = signers
        if message is not UNSET:
            field_dict["message"] = message
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if signing_order is not UNSET:
            field_dict["signing_order"] = signing_order

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_input import SignerInput # noqa: PLC0415
        d = dict(src_dict)
        _signers = d.pop("signers", UNSET)
        signers: list[SignerInput] | Unset = UNSET
        if _signers is not UNSET:
            signers = []
            for signers_item_data in _signers:
                signers_item = SignerInput.from_dict(signers_item_data)



                signers.append(signers_item)


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        expires_in_days = d.pop("expires_in_days", UNSET)

        _signing_order = d.pop("signing_order", UNSET)
        signing_order: SessionDefaultsSigningOrder | Unset
        if isinstance(_signing_order,  Unset):
            signing_order = UNSET
        else:
            signing_order = SessionDefaultsSigningOrder(_signing_order)




        session_defaults = cls(
            signers=signers,
            message=message,
            expires_in_days=expires_in_days,
            signing_order=signing_order,
        )

        return session_defaults


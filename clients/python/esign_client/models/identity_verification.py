from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="IdentityVerification")



@_attrs_define
class IdentityVerification:
    """ 
        Attributes:
            required (bool):
            flow (None | str): the provider's: `form` or `redirect`
            status (None | str):
            attempts_left (int):
            document_types (list[str]):
            redirect_url (None | str): the vendor's page of the signer's open session, while it works
            message (None | str):
     """

    required: bool
    flow: None | str
    status: None | str
    attempts_left: int
    document_types: list[str]
    redirect_url: None | str
    message: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        required = self.required

        flow: None | str
        flow = self.flow

        status: None | str
        status = self.status

        attempts_left = self.attempts_left

        document_types = self.document_types



        redirect_url: None | str
        redirect_url = self.redirect_url

        message: None | str
        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "required": required,
            "flow": flow,
            "status": status,
            "attempts_left": attempts_left,
            "document_types": document_types,
            "redirect_url": redirect_url,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        required = d.pop("required")

        def _parse_flow(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        flow = _parse_flow(d.pop("flow"))


        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))


        attempts_left = d.pop("attempts_left")

        document_types = cast(list[str], d.pop("document_types"))


        def _parse_redirect_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url"))


        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        identity_verification = cls(
            required=required,
            flow=flow,
            status=status,
            attempts_left=attempts_left,
            document_types=document_types,
            redirect_url=redirect_url,
            message=message,
        )


        identity_verification.additional_properties = d
        return identity_verification

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

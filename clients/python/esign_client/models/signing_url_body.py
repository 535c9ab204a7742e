from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SigningUrlBody")



@_attrs_define
class SigningUrlBody:
    """ 
        Attributes:
            revoke_previous (bool | Unset): true: every earlier link of this signer stops working (404) and only the new one
                works; false (default): the earlier links keep working beside it, up to 5 working links per signer (409 beyond:
                revoke the earlier ones) Default: False.
     """

    revoke_previous: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        revoke_previous = self.revoke_previous


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if revoke_previous is not UNSET:
            field_dict["revoke_previous"] = revoke_previous

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        revoke_previous = d.pop("revoke_previous", UNSET)

        signing_url_body = cls(
            revoke_previous=revoke_previous,
        )

        return signing_url_body


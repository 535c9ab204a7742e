from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="EmbeddedUrlBody")



@_attrs_define
class EmbeddedUrlBody:
    """ 
        Attributes:
            allowed_origin (str):
     """

    allowed_origin: str





    def to_dict(self) -> dict[str, Any]:
        allowed_origin = self.allowed_origin


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "allowed_origin": allowed_origin,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowed_origin = d.pop("allowed_origin")

        embedded_url_body = cls(
            allowed_origin=allowed_origin,
        )

        return embedded_url_body


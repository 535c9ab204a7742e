from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID






T = TypeVar("T", bound="PublicLinkPausedData")



@_attrs_define
class PublicLinkPausedData:
    """ 
        Attributes:
            sandbox (bool):
            public_link_id (UUID):
            name (str):
            template_id (UUID):
            uses (int): requests made from the link so far
            max_uses (int | None):
            reason (str): `owner`: paused by a PATCH; `phone_breaker`: only the link's phone codes were paused by the
                breaker (docs/public-links.md), the link still works by email
     """

    sandbox: bool
    public_link_id: UUID
    name: str
    template_id: UUID
    uses: int
    max_uses: int | None
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sandbox = self.sandbox

        public_link_id = str(self.public_link_id)

        name = self.name

        template_id = str(self.template_id)

        uses = self.uses

        max_uses: int | None
        max_uses = self.max_uses

        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sandbox": sandbox,
            "public_link_id": public_link_id,
            "name": name,
            "template_id": template_id,
            "uses": uses,
            "max_uses": max_uses,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sandbox = d.pop("sandbox")

        public_link_id = UUID(d.pop("public_link_id"))




        name = d.pop("name")

        template_id = UUID(d.pop("template_id"))




        uses = d.pop("uses")

        def _parse_max_uses(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_uses = _parse_max_uses(d.pop("max_uses"))


        reason = d.pop("reason")

        public_link_paused_data = cls(
            sandbox=sandbox,
            public_link_id=public_link_id,
            name=name,
            template_id=template_id,
            uses=uses,
            max_uses=max_uses,
            reason=reason,
        )


        public_link_paused_data.additional_properties = d
        return public_link_paused_data

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

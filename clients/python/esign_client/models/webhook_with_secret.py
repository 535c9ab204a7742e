from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="WebhookWithSecret")



@_attrs_define
class WebhookWithSecret:
    """ 
        Attributes:
            id (UUID):
            name (str):
            url (str):
            secret (str): `whsec_` + base64 of 32 random bytes; shown only here. `X-Webhook-Signature` is keyed with this
                whole string as UTF-8; Standard Webhooks' `webhook-signature` with the bytes of its base64 part (give the string
                as it is to a Standard Webhooks library)
            events (list[str]):
            status (str):
            created_at (datetime.datetime):
     """

    id: UUID
    name: str
    url: str
    secret: str
    events: list[str]
    status: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        url = self.url

        secret = self.secret

        events = self.events



        status = self.status

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "url": url,
            "secret": secret,
            "events": events,
            "status": status,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        url = d.pop("url")

        secret = d.pop("secret")

        events = cast(list[str], d.pop("events"))


        status = d.pop("status")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        webhook_with_secret = cls(
            id=id,
            name=name,
            url=url,
            secret=secret,
            events=events,
            status=status,
            created_at=created_at,
        )


        webhook_with_secret.additional_properties = d
        return webhook_with_secret

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

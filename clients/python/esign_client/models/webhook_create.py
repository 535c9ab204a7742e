from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_create_events_item import WebhookCreateEventsItem
from typing import cast






T = TypeVar("T", bound="WebhookCreate")



@_attrs_define
class WebhookCreate:
    """ 
        Attributes:
            name (str):
            url (str): https URL (http only where the deployment allows it), 1 to 2048 chars, no spaces or control
                characters; its host must resolve to public addresses only unless the deployment allows private networks
            events (list[WebhookCreateEventsItem]): 1 to 100 entries; any of `signing_request.created`,
                `signing_request.sent`, `signing_request.reminded`, `signing_request.completed`, `signing_request.cancelled`,
                `signing_request.expired`, `signer.viewed`, `signer.signed`, `signer.declined`, `signer.withdrawn`,
                `document.signed`, `signing_request.signer_replaced`, `signer.delegated`, `signer.approved`, `signer.rejected`,
                `signer.acknowledged`, `signer.prepared`, `signer.witnessed`, `document.uploaded`, `member.invited`,
                `signing_event.email_bounced`, `signing_event.email_failed`, `signing_request.purge_scheduled`,
                `signing_request.revoked`, `legal_hold.applied`, `legal_hold.released`, `public_link.used`,
                `public_link.exhausted`, `public_link.paused`; duplicates are dropped
     """

    name: str
    url: str
    events: list[WebhookCreateEventsItem]





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "url": url,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = WebhookCreateEventsItem(events_item_data)



            events.append(events_item)


        webhook_create = cls(
            name=name,
            url=url,
            events=events,
        )

        return webhook_create


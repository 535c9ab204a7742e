from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_update_events_item import WebhookUpdateEventsItem
from ..models.webhook_update_status import WebhookUpdateStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="WebhookUpdate")



@_attrs_define
class WebhookUpdate:
    """ 
        Attributes:
            name (str | Unset):
            url (str | Unset): https URL (http only where the deployment allows it), 1 to 2048 chars, no spaces or control
                characters; its host must resolve to public addresses only unless the deployment allows private networks
            events (list[WebhookUpdateEventsItem] | Unset): 1 to 100 entries; any of `signing_request.created`,
                `signing_request.sent`, `signing_request.reminded`, `signing_request.completed`, `signing_request.cancelled`,
                `signing_request.expired`, `signer.viewed`, `signer.signed`, `signer.declined`, `signer.withdrawn`,
                `document.signed`, `signing_request.signer_replaced`, `signer.delegated`, `signer.approved`, `signer.rejected`,
                `signer.acknowledged`, `signer.prepared`, `signer.witnessed`, `document.uploaded`, `member.invited`,
                `signing_event.email_bounced`, `signing_event.email_failed`, `signing_request.purge_scheduled`,
                `signing_request.revoked`, `legal_hold.applied`, `legal_hold.released`, `public_link.used`,
                `public_link.exhausted`, `public_link.paused`; duplicates are dropped
            status (WebhookUpdateStatus | Unset): `paused` stops sending: events and due retries are kept as `pending`
                delivery records; `active` resets the consecutive-failure count and sends the pending ones in event order
     """

    name: str | Unset = UNSET
    url: str | Unset = UNSET
    events: list[WebhookUpdateEventsItem] | Unset = UNSET
    status: WebhookUpdateStatus | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        url = self.url

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)



        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookUpdateEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookUpdateEventsItem(events_item_data)



                events.append(events_item)


        _status = d.pop("status", UNSET)
        status: WebhookUpdateStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = WebhookUpdateStatus(_status)




        webhook_update = cls(
            name=name,
            url=url,
            events=events,
            status=status,
        )

        return webhook_update


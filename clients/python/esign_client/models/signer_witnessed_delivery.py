from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signer_witnessed_delivery_event import SignerWitnessedDeliveryEvent
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.witnessed_data import WitnessedData





T = TypeVar("T", bound="SignerWitnessedDelivery")



@_attrs_define
class SignerWitnessedDelivery:
    """ 
        Attributes:
            id (UUID): the event id: the same on every retry
            timestamp (datetime.datetime): the event's time
            webhook_id (UUID):
            event (SignerWitnessedDeliveryEvent):
            data (WitnessedData):
     """

    id: UUID
    timestamp: datetime.datetime
    webhook_id: UUID
    event: SignerWitnessedDeliveryEvent
    data: WitnessedData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.witnessed_data import WitnessedData # noqa: PLC0415
        id = str(self.id)

        timestamp = self.timestamp.isoformat()

        webhook_id = str(self.webhook_id)

        event = self.event.value

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "timestamp": timestamp,
            "webhook_id": webhook_id,
            "event": event,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.witnessed_data import WitnessedData # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))




        webhook_id = UUID(d.pop("webhook_id"))




        event = SignerWitnessedDeliveryEvent(d.pop("event"))




        data = WitnessedData.from_dict(d.pop("data"))




        signer_witnessed_delivery = cls(
            id=id,
            timestamp=timestamp,
            webhook_id=webhook_id,
            event=event,
            data=data,
        )


        signer_witnessed_delivery.additional_properties = d
        return signer_witnessed_delivery

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

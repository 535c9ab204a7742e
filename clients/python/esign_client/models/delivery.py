from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.delivery_status import DeliveryStatus
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Delivery")



@_attrs_define
class Delivery:
    """ 
        Attributes:
            id (UUID):
            event_type (str):
            success (bool): a 2xx answer within the time-out; false until the attempt is made
            created_at (datetime.datetime):
            event_id (UUID | Unset): the event delivered (the body's `id`)
            attempt (int | Unset): 0 for the first attempt, 1 to 3 for retries
            status (DeliveryStatus | Unset): extension: `pending` (not sent yet: held while the webhook is paused, or
                queued), `sending`, `delivered`, `failed`, or `dropped` (never sent; `error_message` says why, e.g. held longer
                than `[webhooks] paused_retention_days`)
            response_status (int | None | Unset): null when no HTTP answer came
            response_time_ms (int | None | Unset): null when no request was made
            error_message (None | str | Unset): why the attempt failed; the receiver's answer body is never stored or shown
            redelivery_of (None | Unset | UUID): extension: the delivery whose event this redelivery sends again (see
                redeliver)
            attempted_at (datetime.datetime | None | Unset): extension: when the attempt was made (later than `created_at`
                for a held delivery)
     """

    id: UUID
    event_type: str
    success: bool
    created_at: datetime.datetime
    event_id: UUID | Unset = UNSET
    attempt: int | Unset = UNSET
    status: DeliveryStatus | Unset = UNSET
    response_status: int | None | Unset = UNSET
    response_time_ms: int | None | Unset = UNSET
    error_message: None | str | Unset = UNSET
    redelivery_of: None | Unset | UUID = UNSET
    attempted_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        event_type = self.event_type

        success = self.success

        created_at = self.created_at.isoformat()

        event_id: str | Unset = UNSET
        if not isinstance(self.event_id, Unset):
            event_id = str(self.event_id)

        attempt = self.attempt

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        response_status: int | None | Unset
        if isinstance(self.response_status, Unset):
            response_status = UNSET
        else:
            response_status = self.response_status

        response_time_ms: int | None | Unset
        if isinstance(self.response_time_ms, Unset):
            response_time_ms = UNSET
        else:
            response_time_ms = self.response_time_ms

        error_message: None | str | Unset
        if isinstance(self.error_message, Unset):
            error_message = UNSET
        else:
            error_message = self.error_message

        redelivery_of: None | str | Unset
        if isinstance(self.redelivery_of, Unset):
            redelivery_of = UNSET
        elif isinstance(self.redelivery_of, UUID):
            redelivery_of = str(self.redelivery_of)
        else:
            redelivery_of = self.redelivery_of

        attempted_at: None | str | Unset
        if isinstance(self.attempted_at, Unset):
            attempted_at = UNSET
        elif isinstance(self.attempted_at, datetime.datetime):
            attempted_at = self.attempted_at.isoformat()
        else:
            attempted_at = self.attempted_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event_type": event_type,
            "success": success,
            "created_at": created_at,
        })
        if event_id is not UNSET:
            field_dict["event_id"] = event_id
        if attempt is not UNSET:
            field_dict["attempt"] = attempt
        if status is not UNSET:
            field_dict["status"] = status
        if response_status is not UNSET:
            field_dict["response_status"] = response_status
        if response_time_ms is not UNSET:
            field_dict["response_time_ms"] = response_time_ms
        if error_message is not UNSET:
            field_dict["error_message"] = error_message
        if redelivery_of is not UNSET:
            field_dict["redelivery_of"] = redelivery_of
        if attempted_at is not UNSET:
            field_dict["attempted_at"] = attempted_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        event_type = d.pop("event_type")

        success = d.pop("success")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        _event_id = d.pop("event_id", UNSET)
        event_id: UUID | Unset
        if isinstance(_event_id,  Unset):
            event_id = UNSET
        else:
            event_id = UUID(_event_id)




        attempt = d.pop("attempt", UNSET)

        _status = d.pop("status", UNSET)
        status: DeliveryStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = DeliveryStatus(_status)




        def _parse_response_status(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        response_status = _parse_response_status(d.pop("response_status", UNSET))


        def _parse_response_time_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        response_time_ms = _parse_response_time_ms(d.pop("response_time_ms", UNSET))


        def _parse_error_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error_message = _parse_error_message(d.pop("error_message", UNSET))


        def _parse_redelivery_of(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                redelivery_of_type_0 = UUID(data)



                return redelivery_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        redelivery_of = _parse_redelivery_of(d.pop("redelivery_of", UNSET))


        def _parse_attempted_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                attempted_at_type_0 = datetime.datetime.fromisoformat(data)



                return attempted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        attempted_at = _parse_attempted_at(d.pop("attempted_at", UNSET))


        delivery = cls(
            id=id,
            event_type=event_type,
            success=success,
            created_at=created_at,
            event_id=event_id,
            attempt=attempt,
            status=status,
            response_status=response_status,
            response_time_ms=response_time_ms,
            error_message=error_message,
            redelivery_of=redelivery_of,
            attempted_at=attempted_at,
        )


        delivery.additional_properties = d
        return delivery

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

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.polled_event_metadata_type_0 import PolledEventMetadataType0





T = TypeVar("T", bound="PolledEvent")



@_attrs_define
class PolledEvent:
    """ 
        Attributes:
            id (UUID):
            event_type (str):
            signing_request_id (None | UUID): null for an event of no request (`legal_hold.applied`, `legal_hold.released`)
            created_at (datetime.datetime):
            signer_id (None | Unset | UUID):
            signer_name (None | str | Unset):
            signer_email (None | str | Unset):
            ip_address (None | str | Unset):
            country (None | str | Unset):
            metadata (None | PolledEventMetadataType0 | Unset):
     """

    id: UUID
    event_type: str
    signing_request_id: None | UUID
    created_at: datetime.datetime
    signer_id: None | Unset | UUID = UNSET
    signer_name: None | str | Unset = UNSET
    signer_email: None | str | Unset = UNSET
    ip_address: None | str | Unset = UNSET
    country: None | str | Unset = UNSET
    metadata: None | PolledEventMetadataType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.polled_event_metadata_type_0 import PolledEventMetadataType0 # noqa: PLC0415
        id = str(self.id)

        event_type = self.event_type

        signing_request_id: None | str
        if isinstance(self.signing_request_id, UUID):
            signing_request_id = str(self.signing_request_id)
        else:
            signing_request_id = self.signing_request_id

        created_at = self.created_at.isoformat()

        signer_id: None | str | Unset
        if isinstance(self.signer_id, Unset):
            signer_id = UNSET
        elif isinstance(self.signer_id, UUID):
            signer_id = str(self.signer_id)
        else:
            signer_id = self.signer_id

        signer_name: None | str | Unset
        if isinstance(self.signer_name, Unset):
            signer_name = UNSET
        else:
            signer_name = self.signer_name

        signer_email: None | str | Unset
        if isinstance(self.signer_email, Unset):
            signer_email = UNSET
        else:
            signer_email = self.signer_email

        ip_address: None | str | Unset
        if isinstance(self.ip_address, Unset):
            ip_address = UNSET
        else:
            ip_address = self.ip_address

        country: None | str | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        else:
            country = self.country

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, PolledEventMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event_type": event_type,
            "signing_request_id": signing_request_id,
            "created_at": created_at,
        })
        if signer_id is not UNSET:
            field_dict["signer_id"] = signer_id
        if signer_name is not UNSET:
            field_dict["signer_name"] = signer_name
        if signer_email is not UNSET:
            field_dict["signer_email"] = signer_email
        if ip_address is not UNSET:
            field_dict["ip_address"] = ip_address
        if country is not UNSET:
            field_dict["country"] = country
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.polled_event_metadata_type_0 import PolledEventMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        event_type = d.pop("event_type")

        def _parse_signing_request_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signing_request_id_type_0 = UUID(data)



                return signing_request_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        signing_request_id = _parse_signing_request_id(d.pop("signing_request_id"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_signer_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signer_id_type_0 = UUID(data)



                return signer_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        signer_id = _parse_signer_id(d.pop("signer_id", UNSET))


        def _parse_signer_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signer_name = _parse_signer_name(d.pop("signer_name", UNSET))


        def _parse_signer_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signer_email = _parse_signer_email(d.pop("signer_email", UNSET))


        def _parse_ip_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ip_address = _parse_ip_address(d.pop("ip_address", UNSET))


        def _parse_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        country = _parse_country(d.pop("country", UNSET))


        def _parse_metadata(data: object) -> None | PolledEventMetadataType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = PolledEventMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PolledEventMetadataType0 | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        polled_event = cls(
            id=id,
            event_type=event_type,
            signing_request_id=signing_request_id,
            created_at=created_at,
            signer_id=signer_id,
            signer_name=signer_name,
            signer_email=signer_email,
            ip_address=ip_address,
            country=country,
            metadata=metadata,
        )


        polled_event.additional_properties = d
        return polled_event

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

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






T = TypeVar("T", bound="LegalHold")



@_attrs_define
class LegalHold:
    """ 
        Attributes:
            id (UUID):
            name (str):
            reason (str):
            active (bool): false once released
            created_at (datetime.datetime):
            signing_request_ids (list[UUID] | None | Unset):
            signer_email (None | str | Unset):
            template_id (None | Unset | UUID):
            created_from (datetime.datetime | None | Unset):
            created_to (datetime.datetime | None | Unset):
            released_at (datetime.datetime | None | Unset):
            matched_now (int | Unset): the signing requests it covers now (not in lists)
     """

    id: UUID
    name: str
    reason: str
    active: bool
    created_at: datetime.datetime
    signing_request_ids: list[UUID] | None | Unset = UNSET
    signer_email: None | str | Unset = UNSET
    template_id: None | Unset | UUID = UNSET
    created_from: datetime.datetime | None | Unset = UNSET
    created_to: datetime.datetime | None | Unset = UNSET
    released_at: datetime.datetime | None | Unset = UNSET
    matched_now: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        reason = self.reason

        active = self.active

        created_at = self.created_at.isoformat()

        signing_request_ids: list[str] | None | Unset
        if isinstance(self.signing_request_ids, Unset):
            signing_request_ids = UNSET
        elif isinstance(self.signing_request_ids, list):
            signing_request_ids = []
            for signing_request_ids_type_0_item_data in self.signing_request_ids:
                signing_request_ids_type_0_item = str(signing_request_ids_type_0_item_data)
                signing_request_ids.append(signing_request_ids_type_0_item)


        else:
            signing_request_ids = self.signing_request_ids

        signer_email: None | str | Unset
        if isinstance(self.signer_email, Unset):
            signer_email = UNSET
        else:
            signer_email = self.signer_email

        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        elif isinstance(self.template_id, UUID):
            template_id = str(self.template_id)
        else:
            template_id = self.template_id

        created_from: None | str | Unset
        if isinstance(self.created_from, Unset):
            created_from = UNSET
        elif isinstance(self.created_from, datetime.datetime):
            created_from = self.created_from.isoformat()
        else:
            created_from = self.created_from

        created_to: None | str | Unset
        if isinstance(self.created_to, Unset):
            created_to = UNSET
        elif isinstance(self.created_to, datetime.datetime):
            created_to = self.created_to.isoformat()
        else:
            created_to = self.created_to

        released_at: None | str | Unset
        if isinstance(self.released_at, Unset):
            released_at = UNSET
        elif isinstance(self.released_at, datetime.datetime):
            released_at = self.released_at.isoformat()
        else:
            released_at = self.released_at

        matched_now = self.matched_now


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "reason": reason,
            "active": active,
            "created_at": created_at,
        })
        if signing_request_ids is not UNSET:
            field_dict["signing_request_ids"] = signing_request_ids
        if signer_email is not UNSET:
            field_dict["signer_email"] = signer_email
        if template_id is not UNSET:
            field_dict["template_id"] = template_id
        if created_from is not UNSET:
            field_dict["created_from"] = created_from
        if created_to is not UNSET:
            field_dict["created_to"] = created_to
        if released_at is not UNSET:
            field_dict["released_at"] = released_at
        if matched_now is not UNSET:
            field_dict["matched_now"] = matched_now

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        reason = d.pop("reason")

        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_signing_request_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                signing_request_ids_type_0 = []
                _signing_request_ids_type_0 = data
                for signing_request_ids_type_0_item_data in (_signing_request_ids_type_0):
                    signing_request_ids_type_0_item = UUID(signing_request_ids_type_0_item_data)



                    signing_request_ids_type_0.append(signing_request_ids_type_0_item)

                return signing_request_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        signing_request_ids = _parse_signing_request_ids(d.pop("signing_request_ids", UNSET))


        def _parse_signer_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signer_email = _parse_signer_email(d.pop("signer_email", UNSET))


        def _parse_template_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                template_id_type_0 = UUID(data)



                return template_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        template_id = _parse_template_id(d.pop("template_id", UNSET))


        def _parse_created_from(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_from_type_0 = datetime.datetime.fromisoformat(data)



                return created_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        created_from = _parse_created_from(d.pop("created_from", UNSET))


        def _parse_created_to(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_to_type_0 = datetime.datetime.fromisoformat(data)



                return created_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        created_to = _parse_created_to(d.pop("created_to", UNSET))


        def _parse_released_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                released_at_type_0 = datetime.datetime.fromisoformat(data)



                return released_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        released_at = _parse_released_at(d.pop("released_at", UNSET))


        matched_now = d.pop("matched_now", UNSET)

        legal_hold = cls(
            id=id,
            name=name,
            reason=reason,
            active=active,
            created_at=created_at,
            signing_request_ids=signing_request_ids,
            signer_email=signer_email,
            template_id=template_id,
            created_from=created_from,
            created_to=created_to,
            released_at=released_at,
            matched_now=matched_now,
        )


        legal_hold.additional_properties = d
        return legal_hold

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

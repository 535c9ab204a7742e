from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.held_by import HeldBy





T = TypeVar("T", bound="ErasureRecord")



@_attrs_define
class ErasureRecord:
    """ 
        Attributes:
            signing_request_id (UUID):
            status (str): the request's state
            outcome (str): purging, purged, held, kept
            legal_holds (list[HeldBy] | Unset): `held`: the active holds that keep it
            why (None | str | Unset): `kept`: why
     """

    signing_request_id: UUID
    status: str
    outcome: str
    legal_holds: list[HeldBy] | Unset = UNSET
    why: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.held_by import HeldBy # noqa: PLC0415
        signing_request_id = str(self.signing_request_id)

        status = self.status

        outcome = self.outcome

        legal_holds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_holds, Unset):
            legal_holds = []
            for legal_holds_item_data in self.legal_holds:
                legal_holds_item = legal_holds_item_data.to_dict()
                legal_holds.append(legal_holds_item)



        why: None | str | Unset
        if isinstance(self.why, Unset):
            why = UNSET
        else:
            why = self.why


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signing_request_id": signing_request_id,
            "status": status,
            "outcome": outcome,
        })
        if legal_holds is not UNSET:
            field_dict["legal_holds"] = legal_holds
        if why is not UNSET:
            field_dict["why"] = why

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.held_by import HeldBy # noqa: PLC0415
        d = dict(src_dict)
        signing_request_id = UUID(d.pop("signing_request_id"))




        status = d.pop("status")

        outcome = d.pop("outcome")

        _legal_holds = d.pop("legal_holds", UNSET)
        legal_holds: list[HeldBy] | Unset = UNSET
        if _legal_holds is not UNSET:
            legal_holds = []
            for legal_holds_item_data in _legal_holds:
                legal_holds_item = HeldBy.from_dict(legal_holds_item_data)



                legal_holds.append(legal_holds_item)


        def _parse_why(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        why = _parse_why(d.pop("why", UNSET))


        erasure_record = cls(
            signing_request_id=signing_request_id,
            status=status,
            outcome=outcome,
            legal_holds=legal_holds,
            why=why,
        )


        erasure_record.additional_properties = d
        return erasure_record

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

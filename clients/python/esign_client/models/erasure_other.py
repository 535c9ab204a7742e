from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.held_by import HeldBy





T = TypeVar("T", bound="ErasureOther")



@_attrs_define
class ErasureOther:
    """ 
        Attributes:
            kind (str): contact, bulk_item, public_link_use, identity_session, webhook_delivery
            outcome (str): `deleted` (the contact), `scrubbed` (the address and what was given with it removed now),
                `purging` (an identity session, scrubbed by its request's purge), `kept` (`why`), `held` (a legal hold names the
                address: nothing of the person's other records changed), `not_stored` (webhook deliveries)
            count (int):
            why (None | str | Unset):
            legal_holds (list[HeldBy] | Unset): `held`: the active holds that name the address
     """

    kind: str
    outcome: str
    count: int
    why: None | str | Unset = UNSET
    legal_holds: list[HeldBy] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.held_by import HeldBy # noqa: PLC0415
        kind = self.kind

        outcome = self.outcome

        count = self.count

        why: None | str | Unset
        if isinstance(self.why, Unset):
            why = UNSET
        else:
            why = self.why

        legal_holds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_holds, Unset):
            legal_holds = []
            for legal_holds_item_data in self.legal_holds:
                legal_holds_item = legal_holds_item_data.to_dict()
                legal_holds.append(legal_holds_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "outcome": outcome,
            "count": count,
        })
        if why is not UNSET:
            field_dict["why"] = why
        if legal_holds is not UNSET:
            field_dict["legal_holds"] = legal_holds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.held_by import HeldBy # noqa: PLC0415
        d = dict(src_dict)
        kind = d.pop("kind")

        outcome = d.pop("outcome")

        count = d.pop("count")

        def _parse_why(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        why = _parse_why(d.pop("why", UNSET))


        _legal_holds = d.pop("legal_holds", UNSET)
        legal_holds: list[HeldBy] | Unset = UNSET
        if _legal_holds is not UNSET:
            legal_holds = []
            for legal_holds_item_data in _legal_holds:
                legal_holds_item = HeldBy.from_dict(legal_holds_item_data)



                legal_holds.append(legal_holds_item)


        erasure_other = cls(
            kind=kind,
            outcome=outcome,
            count=count,
            why=why,
            legal_holds=legal_holds,
        )


        erasure_other.additional_properties = d
        return erasure_other

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

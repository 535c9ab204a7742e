from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.purge_body_action import PurgeBodyAction






T = TypeVar("T", bound="PurgeBody")



@_attrs_define
class PurgeBody:
    """ 
        Attributes:
            action (PurgeBodyAction): `purge_content`: every file of the request (signed, combined and certificate PDFs,
                attachments, drawings; the originals nothing else uses) and the field values; the participants and the audit
                trail stay. `purge_all`: also the names, email addresses, phone numbers, IP addresses and user agents in the
                request and its events (a request purged of its content may be purged of all later)
            reason (str): why (kept in the tombstone)
     """

    action: PurgeBodyAction
    reason: str





    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "action": action,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = PurgeBodyAction(d.pop("action"))




        reason = d.pop("reason")

        purge_body = cls(
            action=action,
            reason=reason,
        )

        return purge_body


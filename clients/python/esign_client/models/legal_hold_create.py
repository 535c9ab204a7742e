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






T = TypeVar("T", bound="LegalHoldCreate")



@_attrs_define
class LegalHoldCreate:
    """ 
        Attributes:
            name (str):
            reason (str):
            signing_request_ids (list[UUID] | Unset): these requests (at most 1000)
            signer_email (str | Unset): every request one of whose signers has this address
            template_id (UUID | Unset): every request made from this template
            created_from (datetime.datetime | Unset): every request created at or after this time
            created_to (datetime.datetime | Unset): every request created before this time
     """

    name: str
    reason: str
    signing_request_ids: list[UUID] | Unset = UNSET
    signer_email: str | Unset = UNSET
    template_id: UUID | Unset = UNSET
    created_from: datetime.datetime | Unset = UNSET
    created_to: datetime.datetime | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        reason = self.reason

        signing_request_ids: list[str] | Unset = UNSET
        if not isinstance(self.signing_request_ids, Unset):
            signing_request_ids = []
            for signing_request_ids_item_data in self.signing_request_ids:
                signing_request_ids_item = str(signing_request_ids_item_data)
                signing_request_ids.append(signing_request_ids_item)



        signer_email = self.signer_email

        template_id: str | Unset = UNSET
        if not isinstance(self.template_id, Unset):
            template_id = str(self.template_id)

        created_from: str | Unset = UNSET
        if not isinstance(self.created_from, Unset):
            created_from = self.created_from.isoformat()

        created_to: str | Unset = UNSET
        if not isinstance(self.created_to, Unset):
            created_to = self.created_to.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "reason": reason,
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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        reason = d.pop("reason")

        _signing_request_ids = d.pop("signing_request_ids", UNSET)
        signing_request_ids: list[UUID] | Unset = UNSET
        if _signing_request_ids is not UNSET:
            signing_request_ids = []
            for signing_request_ids_item_data in _signing_request_ids:
                signing_request_ids_item = UUID(signing_request_ids_item_data)



                signing_request_ids.append(signing_request_ids_item)


        signer_email = d.pop("signer_email", UNSET)

        _template_id = d.pop("template_id", UNSET)
        template_id: UUID | Unset
        if isinstance(_template_id,  Unset):
            template_id = UNSET
        else:
            template_id = UUID(_template_id)




        _created_from = d.pop("created_from", UNSET)
        created_from: datetime.datetime | Unset
        if isinstance(_created_from,  Unset):
            created_from = UNSET
        else:
            created_from = datetime.datetime.fromisoformat(_created_from)




        _created_to = d.pop("created_to", UNSET)
        created_to: datetime.datetime | Unset
        if isinstance(_created_to,  Unset):
            created_to = UNSET
        else:
            created_to = datetime.datetime.fromisoformat(_created_to)




        legal_hold_create = cls(
            name=name,
            reason=reason,
            signing_request_ids=signing_request_ids,
            signer_email=signer_email,
            template_id=template_id,
            created_from=created_from,
            created_to=created_to,
        )

        return legal_hold_create


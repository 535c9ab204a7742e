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
  from ..models.tombstone_audit import TombstoneAudit
  from ..models.tombstone_document import TombstoneDocument





T = TypeVar("T", bound="Tombstone")



@_attrs_define
class Tombstone:
    """ 
        Attributes:
            signing_request_id (UUID):
            created_at (datetime.datetime):
            final_state (str):
            action (str):
            documents (list[TombstoneDocument]):
            audit (TombstoneAudit):
            signing_level (str):
            ended_at (datetime.datetime | None | Unset): completed, cancelled or expired at
            purged_at (datetime.datetime | None | Unset):
            reason (None | str | Unset):
            rule (None | str | Unset): the retention rule, when one purged it
            seal_fingerprint (None | str | Unset): SHA-256 of the seal certificate that signed the PDF (hex, colons)
            verification_id (None | str | Unset):
     """

    signing_request_id: UUID
    created_at: datetime.datetime
    final_state: str
    action: str
    documents: list[TombstoneDocument]
    audit: TombstoneAudit
    signing_level: str
    ended_at: datetime.datetime | None | Unset = UNSET
    purged_at: datetime.datetime | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    rule: None | str | Unset = UNSET
    seal_fingerprint: None | str | Unset = UNSET
    verification_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tombstone_audit import TombstoneAudit # noqa: PLC0415
        from ..models.tombstone_document import TombstoneDocument # noqa: PLC0415
        signing_request_id = str(self.signing_request_id)

        created_at = self.created_at.isoformat()

        final_state = self.final_state

        action = self.action

        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)



        audit = self.audit.to_dict()

        signing_level = self.signing_level

        ended_at: None | str | Unset
        if isinstance(self.ended_at, Unset):
            ended_at = UNSET
        elif isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        purged_at: None | str | Unset
        if isinstance(self.purged_at, Unset):
            purged_at = UNSET
        elif isinstance(self.purged_at, datetime.datetime):
            purged_at = self.purged_at.isoformat()
        else:
            purged_at = self.purged_at

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        rule: None | str | Unset
        if isinstance(self.rule, Unset):
            rule = UNSET
        else:
            rule = self.rule

        seal_fingerprint: None | str | Unset
        if isinstance(self.seal_fingerprint, Unset):
            seal_fingerprint = UNSET
        else:
            seal_fingerprint = self.seal_fingerprint

        verification_id: None | str | Unset
        if isinstance(self.verification_id, Unset):
            verification_id = UNSET
        else:
            verification_id = self.verification_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "signing_request_id": signing_request_id,
            "created_at": created_at,
            "final_state": final_state,
            "action": action,
            "documents": documents,
            "audit": audit,
            "signing_level": signing_level,
        })
        if ended_at is not UNSET:
            field_dict["ended_at"] = ended_at
        if purged_at is not UNSET:
            field_dict["purged_at"] = purged_at
        if reason is not UNSET:
            field_dict["reason"] = reason
        if rule is not UNSET:
            field_dict["rule"] = rule
        if seal_fingerprint is not UNSET:
            field_dict["seal_fingerprint"] = seal_fingerprint
        if verification_id is not UNSET:
            field_dict["verification_id"] = verification_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tombstone_audit import TombstoneAudit # noqa: PLC0415
        from ..models.tombstone_document import TombstoneDocument # noqa: PLC0415
        d = dict(src_dict)
        signing_request_id = UUID(d.pop("signing_request_id"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        final_state = d.pop("final_state")

        action = d.pop("action")

        documents = []
        _documents = d.pop("documents")
        for documents_item_data in (_documents):
            documents_item = TombstoneDocument.from_dict(documents_item_data)



            documents.append(documents_item)


        audit = TombstoneAudit.from_dict(d.pop("audit"))




        signing_level = d.pop("signing_level")

        def _parse_ended_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)



                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ended_at = _parse_ended_at(d.pop("ended_at", UNSET))


        def _parse_purged_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                purged_at_type_0 = datetime.datetime.fromisoformat(data)



                return purged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        purged_at = _parse_purged_at(d.pop("purged_at", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        def _parse_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rule = _parse_rule(d.pop("rule", UNSET))


        def _parse_seal_fingerprint(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seal_fingerprint = _parse_seal_fingerprint(d.pop("seal_fingerprint", UNSET))


        def _parse_verification_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verification_id = _parse_verification_id(d.pop("verification_id", UNSET))


        tombstone = cls(
            signing_request_id=signing_request_id,
            created_at=created_at,
            final_state=final_state,
            action=action,
            documents=documents,
            audit=audit,
            signing_level=signing_level,
            ended_at=ended_at,
            purged_at=purged_at,
            reason=reason,
            rule=rule,
            seal_fingerprint=seal_fingerprint,
            verification_id=verification_id,
        )


        tombstone.additional_properties = d
        return tombstone

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

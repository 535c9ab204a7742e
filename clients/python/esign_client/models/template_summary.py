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






T = TypeVar("T", bound="TemplateSummary")



@_attrs_define
class TemplateSummary:
    """ 
        Attributes:
            id (UUID):
            name (str):
            signing_order (str):
            role_count (int):
            created_at (datetime.datetime):
            updated_at (datetime.datetime):
            description (None | str | Unset):
            document_id (None | Unset | UUID):
            document_ids (list[UUID] | None | Unset): extension: an envelope template's documents in order (null for one
                document)
     """

    id: UUID
    name: str
    signing_order: str
    role_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    description: None | str | Unset = UNSET
    document_id: None | Unset | UUID = UNSET
    document_ids: list[UUID] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        signing_order = self.signing_order

        role_count = self.role_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        document_id: None | str | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        elif isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        document_ids: list[str] | None | Unset
        if isinstance(self.document_ids, Unset):
            document_ids = UNSET
        elif isinstance(self.document_ids, list):
            document_ids = []
            for document_ids_type_0_item_data in self.document_ids:
                document_ids_type_0_item = str(document_ids_type_0_item_data)
                document_ids.append(document_ids_type_0_item)


        else:
            document_ids = self.document_ids


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "signing_order": signing_order,
            "role_count": role_count,
            "created_at": created_at,
            "updated_at": updated_at,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if document_ids is not UNSET:
            field_dict["document_ids"] = document_ids

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        signing_order = d.pop("signing_order")

        role_count = d.pop("role_count")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))




        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_document_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)



                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))


        def _parse_document_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                document_ids_type_0 = []
                _document_ids_type_0 = data
                for document_ids_type_0_item_data in (_document_ids_type_0):
                    document_ids_type_0_item = UUID(document_ids_type_0_item_data)



                    document_ids_type_0.append(document_ids_type_0_item)

                return document_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        document_ids = _parse_document_ids(d.pop("document_ids", UNSET))


        template_summary = cls(
            id=id,
            name=name,
            signing_order=signing_order,
            role_count=role_count,
            created_at=created_at,
            updated_at=updated_at,
            description=description,
            document_id=document_id,
            document_ids=document_ids,
        )


        template_summary.additional_properties = d
        return template_summary

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

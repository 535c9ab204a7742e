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






T = TypeVar("T", bound="Document")



@_attrs_define
class Document:
    """ 
        Attributes:
            id (UUID):
            name (str):
            file_size (int):
            status (str): `ready` once the file has been checked and stored
            page_count (int | None | Unset):
            created_at (datetime.datetime | None | Unset):
            active_content_removed (list[str] | Unset): What the upload check removed from the file before it was stored,
                the copy that is signed (`[limits] active_content = "strip"`, the default; the certificate of completion says so
                too), among: `javascript`, `launch`, `import_data`, `submit_form`, `xfa`, `rich_media`, `multimedia`,
                `embedded_files`. Empty when nothing was. Example: ['javascript', 'launch', 'embedded_files'].
            had_signatures (bool | Unset): The uploaded file carried digital signatures: they do not survive signing here
                (the stamps change the file) and are removed from the signed PDF, whose certificate of completion says so.
     """

    id: UUID
    name: str
    file_size: int
    status: str
    page_count: int | None | Unset = UNSET
    created_at: datetime.datetime | None | Unset = UNSET
    active_content_removed: list[str] | Unset = UNSET
    had_signatures: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        file_size = self.file_size

        status = self.status

        page_count: int | None | Unset
        if isinstance(self.page_count, Unset):
            page_count = UNSET
        else:
            page_count = self.page_count

        created_at: None | str | Unset
        if isinstance(self.created_at, Unset):
            created_at = UNSET
        elif isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        active_content_removed: list[str] | Unset = UNSET
        if not isinstance(self.active_content_removed, Unset):
            active_content_removed = self.active_content_removed



        had_signatures = self.had_signatures


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "file_size": file_size,
            "status": status,
        })
        if page_count is not UNSET:
            field_dict["page_count"] = page_count
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if active_content_removed is not UNSET:
            field_dict["active_content_removed"] = active_content_removed
        if had_signatures is not UNSET:
            field_dict["had_signatures"] = had_signatures

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        file_size = d.pop("file_size")

        status = d.pop("status")

        def _parse_page_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        page_count = _parse_page_count(d.pop("page_count", UNSET))


        def _parse_created_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)



                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        created_at = _parse_created_at(d.pop("created_at", UNSET))


        active_content_removed = cast(list[str], d.pop("active_content_removed", UNSET))


        had_signatures = d.pop("had_signatures", UNSET)

        document = cls(
            id=id,
            name=name,
            file_size=file_size,
            status=status,
            page_count=page_count,
            created_at=created_at,
            active_content_removed=active_content_removed,
            had_signatures=had_signatures,
        )


        document.additional_properties = d
        return document

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

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
  from ..models.text_tag import TextTag
  from ..models.text_tag_error import TextTagError





T = TypeVar("T", bound="DocumentRead")



@_attrs_define
class DocumentRead:
    """ 
        Attributes:
            id (UUID):
            name (str):
            file_size (int):
            status (str): `ready` once the file has been checked and stored
            text_tags (list[TextTag] | Unset): extension: the well-formed text tags, in reading order (at most 500)
            text_tag_errors (list[TextTagError] | Unset): extension: the malformed ones (at most 100)
            text_tags_truncated (bool | Unset): extension: true when there were more tags or errors than listed
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
    text_tags: list[TextTag] | Unset = UNSET
    text_tag_errors: list[TextTagError] | Unset = UNSET
    text_tags_truncated: bool | Unset = UNSET
    page_count: int | None | Unset = UNSET
    created_at: datetime.datetime | None | Unset = UNSET
    active_content_removed: list[str] | Unset = UNSET
    had_signatures: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.text_tag import TextTag # noqa: PLC0415
        from ..models.text_tag_error import TextTagError # noqa: PLC0415
        id = str(self.id)

        name = self.name

        file_size = self.file_size

        status = self.status

        text_tags: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.text_tags, Unset):
            text_tags = []
            for text_tags_item_data in self.text_tags:
                text_tags_item = text_tags_item_data.to_dict()
                text_tags.append(text_tags_item)



        text_tag_errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.text_tag_errors, Unset):
            text_tag_errors = []
            for text_tag_errors_item_data in self.text_tag_errors:
                text_tag_errors_item = text_tag_errors_item_data.to_dict()
                text_tag_errors.append(text_tag_errors_item)



        text_tags_truncated = self.text_tags_truncated

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
        if text_tags is not UNSET:
            field_dict["text_tags"] = text_tags
        if text_tag_errors is not UNSET:
            field_dict["text_tag_errors"] = text_tag_errors
        if text_tags_truncated is not UNSET:
            field_dict["text_tags_truncated"] = text_tags_truncated
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
        from ..models.text_tag import TextTag # noqa: PLC0415
        from ..models.text_tag_error import TextTagError # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        file_size = d.pop("file_size")

        status = d.pop("status")

        _text_tags = d.pop("text_tags", UNSET)
        text_tags: list[TextTag] | Unset = UNSET
        if _text_tags is not UNSET:
            text_tags = []
            for text_tags_item_data in _text_tags:
                text_tags_item = TextTag.from_dict(text_tags_item_data)



                text_tags.append(text_tags_item)


        _text_tag_errors = d.pop("text_tag_errors", UNSET)
        text_tag_errors: list[TextTagError] | Unset = UNSET
        if _text_tag_errors is not UNSET:
            text_tag_errors = []
            for text_tag_errors_item_data in _text_tag_errors:
                text_tag_errors_item = TextTagError.from_dict(text_tag_errors_item_data)



                text_tag_errors.append(text_tag_errors_item)


        text_tags_truncated = d.pop("text_tags_truncated", UNSET)

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

        document_read = cls(
            id=id,
            name=name,
            file_size=file_size,
            status=status,
            text_tags=text_tags,
            text_tag_errors=text_tag_errors,
            text_tags_truncated=text_tags_truncated,
            page_count=page_count,
            created_at=created_at,
            active_content_removed=active_content_removed,
            had_signatures=had_signatures,
        )


        document_read.additional_properties = d
        return document_read

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

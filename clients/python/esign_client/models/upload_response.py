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
  from ..models.text_tag import TextTag
  from ..models.text_tag_error import TextTagError





T = TypeVar("T", bound="UploadResponse")



@_attrs_define
class UploadResponse:
    """ 
        Attributes:
            id (UUID):
            document_id (UUID): same value as id; pass it when creating a signing request
            name (str):
            file_size (int): bytes of the document as stored (smaller than the upload when active content was removed)
            status (str):
            active_content_removed (list[str]): What the upload check removed from the file before it was stored, the copy
                that is signed (`[limits] active_content = "strip"`, the default; the certificate of completion says so too),
                among: `javascript`, `launch`, `import_data`, `submit_form`, `xfa`, `rich_media`, `multimedia`,
                `embedded_files`. Empty when nothing was. Example: ['javascript', 'launch', 'embedded_files'].
            had_signatures (bool): The uploaded file carried digital signatures: they do not survive signing here (the
                stamps change the file) and are removed from the signed PDF, whose certificate of completion says so.
            text_tags (list[TextTag] | Unset): extension: the well-formed text tags, in reading order (at most 500)
            text_tag_errors (list[TextTagError] | Unset): extension: the malformed ones (at most 100)
            text_tags_truncated (bool | Unset): extension: true when there were more tags or errors than listed
     """

    id: UUID
    document_id: UUID
    name: str
    file_size: int
    status: str
    active_content_removed: list[str]
    had_signatures: bool
    text_tags: list[TextTag] | Unset = UNSET
    text_tag_errors: list[TextTagError] | Unset = UNSET
    text_tags_truncated: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.text_tag import TextTag # noqa: PLC0415
        from ..models.text_tag_error import TextTagError # noqa: PLC0415
        id = str(self.id)

        document_id = str(self.document_id)

        name = self.name

        file_size = self.file_size

        status = self.status

        active_content_removed = self.active_content_removed



        had_signatures = self.had_signatures

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_id": document_id,
            "name": name,
            "file_size": file_size,
            "status": status,
            "active_content_removed": active_content_removed,
            "had_signatures": had_signatures,
        })
        if text_tags is not UNSET:
            field_dict["text_tags"] = text_tags
        if text_tag_errors is not UNSET:
            field_dict["text_tag_errors"] = text_tag_errors
        if text_tags_truncated is not UNSET:
            field_dict["text_tags_truncated"] = text_tags_truncated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.text_tag import TextTag # noqa: PLC0415
        from ..models.text_tag_error import TextTagError # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_id = UUID(d.pop("document_id"))




        name = d.pop("name")

        file_size = d.pop("file_size")

        status = d.pop("status")

        active_content_removed = cast(list[str], d.pop("active_content_removed"))


        had_signatures = d.pop("had_signatures")

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

        upload_response = cls(
            id=id,
            document_id=document_id,
            name=name,
            file_size=file_size,
            status=status,
            active_content_removed=active_content_removed,
            had_signatures=had_signatures,
            text_tags=text_tags,
            text_tag_errors=text_tag_errors,
            text_tags_truncated=text_tags_truncated,
        )


        upload_response.additional_properties = d
        return upload_response

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

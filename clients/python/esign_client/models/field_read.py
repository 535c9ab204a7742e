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
  from ..models.anchor import Anchor
  from ..models.attachment_read import AttachmentRead
  from ..models.field_read_anchor_type_1_type_0 import FieldReadAnchorType1Type0
  from ..models.field_read_attachment_type_1_type_0 import FieldReadAttachmentType1Type0





T = TypeVar("T", bound="FieldRead")



@_attrs_define
class FieldRead:
    """ 
        Attributes:
            id (UUID):
            document_id (UUID): extension: the envelope document it lies on
            signer_id (UUID):
            field_type (str):
            page_number (int):
            x_percent (float):
            y_percent (float):
            width_percent (float):
            height_percent (float):
            is_required (bool):
            locked (bool | Unset): extension: the signer cannot change the value the field was given (at creation, or
                prefilled by an assistant; 422 otherwise)
            prefilled_by (None | str | Unset): extension: the id of the assistant who prefilled the value, else null
            signer_name (None | str | Unset):
            placeholder (None | str | Unset):
            value (None | str | Unset):
            filled_at (datetime.datetime | None | Unset):
            options (list[str] | None | Unset):
            validation_type (None | str | Unset):
            validation_pattern (None | str | Unset):
            auto_source (None | str | Unset):
            anchor (Anchor | FieldReadAnchorType1Type0 | None | Unset): extension: the anchor the field was placed at (as
                given), null for a field given by coordinates
            text_tag (None | str | Unset): extension: the text tag the field was made from (`fields_from_text_tags`), else
                null
            every_page (bool | Unset): extension: made by an `every_page` field
            attachment (AttachmentRead | FieldReadAttachmentType1Type0 | None | Unset): extension: the file uploaded for an
                `attachment` field (download: `GET .../fields/{field_id}/attachment`)
     """

    id: UUID
    document_id: UUID
    signer_id: UUID
    field_type: str
    page_number: int
    x_percent: float
    y_percent: float
    width_percent: float
    height_percent: float
    is_required: bool
    locked: bool | Unset = UNSET
    prefilled_by: None | str | Unset = UNSET
    signer_name: None | str | Unset = UNSET
    placeholder: None | str | Unset = UNSET
    value: None | str | Unset = UNSET
    filled_at: datetime.datetime | None | Unset = UNSET
    options: list[str] | None | Unset = UNSET
    validation_type: None | str | Unset = UNSET
    validation_pattern: None | str | Unset = UNSET
    auto_source: None | str | Unset = UNSET
    anchor: Anchor | FieldReadAnchorType1Type0 | None | Unset = UNSET
    text_tag: None | str | Unset = UNSET
    every_page: bool | Unset = UNSET
    attachment: AttachmentRead | FieldReadAttachmentType1Type0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.anchor import Anchor # noqa: PLC0415
        from ..models.attachment_read import AttachmentRead # noqa: PLC0415
        from ..models.field_read_anchor_type_1_type_0 import FieldReadAnchorType1Type0 # noqa: PLC0415
        from ..models.field_read_attachment_type_1_type_0 import FieldReadAttachmentType1Type0 # noqa: PLC0415
        id = str(self.id)

        document_id = str(self.document_id)

        signer_id = str(self.signer_id)

        field_type = self.field_type

        page_number = self.page_number

        x_percent = self.x_percent

        y_percent = self.y_percent

        width_percent = self.width_percent

        height_percent = self.height_percent

        is_required = self.is_required

        locked = self.locked

        prefilled_by: None | str | Unset
        if isinstance(self.prefilled_by, Unset):
            prefilled_by = UNSET
        else:
            prefilled_by = self.prefilled_by

        signer_name: None | str | Unset
        if isinstance(self.signer_name, Unset):
            signer_name = UNSET
        else:
            signer_name = self.signer_name

        placeholder: None | str | Unset
        if isinstance(self.placeholder, Unset):
            placeholder = UNSET
        else:
            placeholder = self.placeholder

        value: None | str | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        filled_at: None | str | Unset
        if isinstance(self.filled_at, Unset):
            filled_at = UNSET
        elif isinstance(self.filled_at, datetime.datetime):
            filled_at = self.filled_at.isoformat()
        else:
            filled_at = self.filled_at

        options: list[str] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, list):
            options = self.options


        else:
            options = self.options

        validation_type: None | str | Unset
        if isinstance(self.validation_type, Unset):
            validation_type = UNSET
        else:
            validation_type = self.validation_type

        validation_pattern: None | str | Unset
        if isinstance(self.validation_pattern, Unset):
            validation_pattern = UNSET
        else:
            validation_pattern = self.validation_pattern

        auto_source: None | str | Unset
        if isinstance(self.auto_source, Unset):
            auto_source = UNSET
        else:
            auto_source = self.auto_source

        anchor: dict[str, Any] | None | Unset
        if isinstance(self.anchor, Unset):
            anchor = UNSET
        elif isinstance(self.anchor, Anchor):
            anchor = self.anchor.to_dict()
        elif isinstance(self.anchor, FieldReadAnchorType1Type0):
            anchor = self.anchor.to_dict()
        else:
            anchor = self.anchor

        text_tag: None | str | Unset
        if isinstance(self.text_tag, Unset):
            text_tag = UNSET
        else:
            text_tag = self.text_tag

        every_page = self.every_page

        attachment: dict[str, Any] | None | Unset
        if isinstance(self.attachment, Unset):
            attachment = UNSET
        elif isinstance(self.attachment, AttachmentRead):
            attachment = self.attachment.to_dict()
        elif isinstance(self.attachment, FieldReadAttachmentType1Type0):
            attachment = self.attachment.to_dict()
        else:
            attachment = self.attachment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_id": document_id,
            "signer_id": signer_id,
            "field_type": field_type,
            "page_number": page_number,
            "x_percent": x_percent,
            "y_percent": y_percent,
            "width_percent": width_percent,
            "height_percent": height_percent,
            "is_required": is_required,
        })
        if locked is not UNSET:
            field_dict["locked"] = locked
        if prefilled_by is not UNSET:
            field_dict["prefilled_by"] = prefilled_by
        if signer_name is not UNSET:
            field_dict["signer_name"] = signer_name
        if placeholder is not UNSET:
            field_dict["placeholder"] = placeholder
        if value is not UNSET:
            field_dict["value"] = value
        if filled_at is not UNSET:
            field_dict["filled_at"] = filled_at
        if options is not UNSET:
            field_dict["options"] = options
        if validation_type is not UNSET:
            field_dict["validation_type"] = validation_type
        if validation_pattern is not UNSET:
            field_dict["validation_pattern"] = validation_pattern
        if auto_source is not UNSET:
            field_dict["auto_source"] = auto_source
        if anchor is not UNSET:
            field_dict["anchor"] = anchor
        if text_tag is not UNSET:
            field_dict["text_tag"] = text_tag
        if every_page is not UNSET:
            field_dict["every_page"] = every_page
        if attachment is not UNSET:
            field_dict["attachment"] = attachment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.anchor import Anchor # noqa: PLC0415
        from ..models.attachment_read import AttachmentRead # noqa: PLC0415
        from ..models.field_read_anchor_type_1_type_0 import FieldReadAnchorType1Type0 # noqa: PLC0415
        from ..models.field_read_attachment_type_1_type_0 import FieldReadAttachmentType1Type0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_id = UUID(d.pop("document_id"))




        signer_id = UUID(d.pop("signer_id"))




        field_type = d.pop("field_type")

        page_number = d.pop("page_number")

        x_percent = d.pop("x_percent")

        y_percent = d.pop("y_percent")

        width_percent = d.pop("width_percent")

        height_percent = d.pop("height_percent")

        is_required = d.pop("is_required")

        locked = d.pop("locked", UNSET)

        def _parse_prefilled_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prefilled_by = _parse_prefilled_by(d.pop("prefilled_by", UNSET))


        def _parse_signer_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signer_name = _parse_signer_name(d.pop("signer_name", UNSET))


        def _parse_placeholder(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        placeholder = _parse_placeholder(d.pop("placeholder", UNSET))


        def _parse_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        value = _parse_value(d.pop("value", UNSET))


        def _parse_filled_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                filled_at_type_0 = datetime.datetime.fromisoformat(data)



                return filled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        filled_at = _parse_filled_at(d.pop("filled_at", UNSET))


        def _parse_options(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = cast(list[str], data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))


        def _parse_validation_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        validation_type = _parse_validation_type(d.pop("validation_type", UNSET))


        def _parse_validation_pattern(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        validation_pattern = _parse_validation_pattern(d.pop("validation_pattern", UNSET))


        def _parse_auto_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auto_source = _parse_auto_source(d.pop("auto_source", UNSET))


        def _parse_anchor(data: object) -> Anchor | FieldReadAnchorType1Type0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                anchor_type_0 = Anchor.from_dict(data)



                return anchor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                anchor_type_1_type_0 = FieldReadAnchorType1Type0.from_dict(data)



                return anchor_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Anchor | FieldReadAnchorType1Type0 | None | Unset, data)

        anchor = _parse_anchor(d.pop("anchor", UNSET))


        def _parse_text_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text_tag = _parse_text_tag(d.pop("text_tag", UNSET))


        every_page = d.pop("every_page", UNSET)

        def _parse_attachment(data: object) -> AttachmentRead | FieldReadAttachmentType1Type0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachment_type_0 = AttachmentRead.from_dict(data)



                return attachment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachment_type_1_type_0 = FieldReadAttachmentType1Type0.from_dict(data)



                return attachment_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttachmentRead | FieldReadAttachmentType1Type0 | None | Unset, data)

        attachment = _parse_attachment(d.pop("attachment", UNSET))


        field_read = cls(
            id=id,
            document_id=document_id,
            signer_id=signer_id,
            field_type=field_type,
            page_number=page_number,
            x_percent=x_percent,
            y_percent=y_percent,
            width_percent=width_percent,
            height_percent=height_percent,
            is_required=is_required,
            locked=locked,
            prefilled_by=prefilled_by,
            signer_name=signer_name,
            placeholder=placeholder,
            value=value,
            filled_at=filled_at,
            options=options,
            validation_type=validation_type,
            validation_pattern=validation_pattern,
            auto_source=auto_source,
            anchor=anchor,
            text_tag=text_tag,
            every_page=every_page,
            attachment=attachment,
        )


        field_read.additional_properties = d
        return field_read

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

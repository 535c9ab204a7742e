from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.field_create_auto_source_type_1 import FieldCreateAutoSourceType1
from ..models.field_create_auto_source_type_2_type_1 import FieldCreateAutoSourceType2Type1
from ..models.field_create_auto_source_type_3_type_1 import FieldCreateAutoSourceType3Type1
from ..models.field_create_field_type import FieldCreateFieldType
from ..models.field_create_validation_type_type_1 import FieldCreateValidationTypeType1
from ..models.field_create_validation_type_type_2_type_1 import FieldCreateValidationTypeType2Type1
from ..models.field_create_validation_type_type_3_type_1 import FieldCreateValidationTypeType3Type1
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.anchor import Anchor





T = TypeVar("T", bound="FieldCreate")



@_attrs_define
class FieldCreate:
    """ 
        Attributes:
            signer_id (UUID):
            locked (bool | Unset): extension: the signer cannot change the value the field was given (at creation, or
                prefilled by an assistant; 422 otherwise) Default: False.
            document_id (UUID | Unset): extension: the envelope document the field lies on, one of the request's `documents`
                (default: the first); `page_number` is a page of that document. A field placed at an `anchor` without it is
                looked for in every document, in order
            field_type (FieldCreateFieldType | Unset): extension: `attachment`, a file (PDF, PNG or JPEG, at most `[limits]
                attachment_mb`) the signer uploads (`POST /sign/{token}/api/attachments/{field_id}`); embedded in the signed PDF
                Default: FieldCreateFieldType.SIGNATURE.
            page_number (int | Unset): default 1; not with `anchor`
            x_percent (float | Unset): required unless `anchor` is given
            y_percent (float | Unset): required unless `anchor` is given
            anchor (Anchor | Unset):
            text_tag (str | Unset): the text tag the field was made from (`fields_from_text_tags`); the tag is covered by an
                opaque white box in the signed PDF
            width_percent (float | Unset):  Default: 20.0.
            height_percent (float | Unset):  Default: 5.0.
            placeholder (None | str | Unset):
            is_required (bool | Unset):  Default: True.
            options (list[str] | None | Unset): required for select fields
            validation_type (FieldCreateValidationTypeType1 | FieldCreateValidationTypeType2Type1 |
                FieldCreateValidationTypeType3Type1 | None | Unset):
            validation_pattern (None | str | Unset):
            auto_source (FieldCreateAutoSourceType1 | FieldCreateAutoSourceType2Type1 | FieldCreateAutoSourceType3Type1 |
                None | Unset):
            value (None | str | Unset):
            every_page (bool | Unset): extension: one field per page of the document at this position (`page_number` is then
                ignored); the read shape lists each. Initials adopted once are stamped on every page Default: False.
     """

    signer_id: UUID
    locked: bool | Unset = False
    document_id: UUID | Unset = UNSET
    field_type: FieldCreateFieldType | Unset = FieldCreateFieldType.SIGNATURE
    page_number: int | Unset = UNSET
    x_percent: float | Unset = UNSET
    y_percent: float | Unset = UNSET
    anchor: Anchor | Unset = UNSET
    text_tag: str | Unset = UNSET
    width_percent: float | Unset = 20.0
    height_percent: float | Unset = 5.0
    placeholder: None | str | Unset = UNSET
    is_required: bool | Unset = True
    options: list[str] | None | Unset = UNSET
    validation_type: FieldCreateValidationTypeType1 | FieldCreateValidationTypeType2Type1 | FieldCreateValidationTypeType3Type1 | None | Unset = UNSET
    validation_pattern: None | str | Unset = UNSET
    auto_source: FieldCreateAutoSourceType1 | FieldCreateAutoSourceType2Type1 | FieldCreateAutoSourceType3Type1 | None | Unset = UNSET
    value: None | str | Unset = UNSET
    every_page: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        from ..models.anchor import Anchor # noqa: PLC0415
        signer_id = str(self.signer_id)

        locked = self.locked

        document_id: str | Unset = UNSET
        if not isinstance(self.document_id, Unset):
            document_id = str(self.document_id)

        field_type: str | Unset = UNSET
        if not isinstance(self.field_type, Unset):
            field_type = self.field_type.value


        page_number = self.page_number

        x_percent = self.x_percent

        y_percent = self.y_percent

        anchor: dict[str, Any] | Unset = UNSET
        if not isinstance(self.anchor, Unset):
            anchor = self.anchor.to_dict()

        text_tag = self.text_tag

        width_percent = self.width_percent

        height_percent = self.height_percent

        placeholder: None | str | Unset
        if isinstance(self.placeholder, Unset):
            placeholder = UNSET
        else:
            placeholder = self.placeholder

        is_required = self.is_required

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
        elif isinstance(self.validation_type, FieldCreateValidationTypeType1):
            validation_type = self.validation_type.value
        elif isinstance(self.validation_type, FieldCreateValidationTypeType2Type1):
            validation_type = self.validation_type.value
        elif isinstance(self.validation_type, FieldCreateValidationTypeType3Type1):
            validation_type = self.validation_type.value
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
        elif isinstance(self.auto_source, FieldCreateAutoSourceType1):
            auto_source = self.auto_source.value
        elif isinstance(self.auto_source, FieldCreateAutoSourceType2Type1):
            auto_source = self.auto_source.value
        elif isinstance(self.auto_source, FieldCreateAutoSourceType3Type1):
            auto_source = self.auto_source.value
        else:
            auto_source = self.auto_source

        value: None | str | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        every_page = self.every_page


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "signer_id": signer_id,
        })
        if locked is not UNSET:
            field_dict["locked"] = locked
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if field_type is not UNSET:
            field_dict["field_type"] = field_type
        if page_number is not UNSET:
            field_dict["page_number"] = page_number
        if x_percent is not UNSET:
            field_dict["x_percent"] = x_percent
        if y_percent is not UNSET:
            field_dict["y_percent"] = y_percent
        if anchor is not UNSET:
            field_dict["anchor"] = anchor
        if text_tag is not UNSET:
            field_dict["text_tag"] = text_tag
        if width_percent is not UNSET:
            field_dict["width_percent"] = width_percent
        if height_percent is not UNSET:
            field_dict["height_percent"] = height_percent
        if placeholder is not UNSET:
            field_dict["placeholder"] = placeholder
        if is_required is not UNSET:
            field_dict["is_required"] = is_required
        if options is not UNSET:
            field_dict["options"] = options
        if validation_type is not UNSET:
            field_dict["validation_type"] = validation_type
        if validation_pattern is not UNSET:
            field_dict["validation_pattern"] = validation_pattern
        if auto_source is not UNSET:
            field_dict["auto_source"] = auto_source
        if value is not UNSET:
            field_dict["value"] = value
        if every_page is not UNSET:
            field_dict["every_page"] = every_page

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.anchor import Anchor # noqa: PLC0415
        d = dict(src_dict)
        signer_id = UUID(d.pop("signer_id"))




        locked = d.pop("locked", UNSET)

        _document_id = d.pop("document_id", UNSET)
        document_id: UUID | Unset
        if isinstance(_document_id,  Unset):
            document_id = UNSET
        else:
            document_id = UUID(_document_id)




        _field_type = d.pop("field_type", UNSET)
        field_type: FieldCreateFieldType | Unset
        if isinstance(_field_type,  Unset):
            field_type = UNSET
        else:
            field_type = FieldCreateFieldType(_field_type)




        page_number = d.pop("page_number", UNSET)

        x_percent = d.pop("x_percent", UNSET)

        y_percent = d.pop("y_percent", UNSET)

        _anchor = d.pop("anchor", UNSET)
        anchor: Anchor | Unset
        if isinstance(_anchor,  Unset):
            anchor = UNSET
        else:
            anchor = Anchor.from_dict(_anchor)




        text_tag = d.pop("text_tag", UNSET)

        width_percent = d.pop("width_percent", UNSET)

        height_percent = d.pop("height_percent", UNSET)

        def _parse_placeholder(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        placeholder = _parse_placeholder(d.pop("placeholder", UNSET))


        is_required = d.pop("is_required", UNSET)

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


        def _parse_validation_type(data: object) -> FieldCreateValidationTypeType1 | FieldCreateValidationTypeType2Type1 | FieldCreateValidationTypeType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validation_type_type_1 = FieldCreateValidationTypeType1(data)



                return validation_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validation_type_type_2_type_1 = FieldCreateValidationTypeType2Type1(data)



                return validation_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validation_type_type_3_type_1 = FieldCreateValidationTypeType3Type1(data)



                return validation_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldCreateValidationTypeType1 | FieldCreateValidationTypeType2Type1 | FieldCreateValidationTypeType3Type1 | None | Unset, data)

        validation_type = _parse_validation_type(d.pop("validation_type", UNSET))


        def _parse_validation_pattern(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        validation_pattern = _parse_validation_pattern(d.pop("validation_pattern", UNSET))


        def _parse_auto_source(data: object) -> FieldCreateAutoSourceType1 | FieldCreateAutoSourceType2Type1 | FieldCreateAutoSourceType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auto_source_type_1 = FieldCreateAutoSourceType1(data)



                return auto_source_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auto_source_type_2_type_1 = FieldCreateAutoSourceType2Type1(data)



                return auto_source_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auto_source_type_3_type_1 = FieldCreateAutoSourceType3Type1(data)



                return auto_source_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldCreateAutoSourceType1 | FieldCreateAutoSourceType2Type1 | FieldCreateAutoSourceType3Type1 | None | Unset, data)

        auto_source = _parse_auto_source(d.pop("auto_source", UNSET))


        def _parse_value(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        value = _parse_value(d.pop("value", UNSET))


        every_page = d.pop("every_page", UNSET)

        field_create = cls(
            signer_id=signer_id,
            locked=locked,
            document_id=document_id,
            field_type=field_type,
            page_number=page_number,
            x_percent=x_percent,
            y_percent=y_percent,
            anchor=anchor,
            text_tag=text_tag,
            width_percent=width_percent,
            height_percent=height_percent,
            placeholder=placeholder,
            is_required=is_required,
            options=options,
            validation_type=validation_type,
            validation_pattern=validation_pattern,
            auto_source=auto_source,
            value=value,
            every_page=every_page,
        )

        return field_create


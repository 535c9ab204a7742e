from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.attached_file import AttachedFile
  from ..models.field_mark import FieldMark
  from ..models.signer_field_attachment_type_0_type_0 import SignerFieldAttachmentType0Type0
  from ..models.signer_field_mark_type_1_type_0 import SignerFieldMarkType1Type0





T = TypeVar("T", bound="SignerField")



@_attrs_define
class SignerField:
    """ 
        Attributes:
            id (UUID):
            document_id (UUID): the envelope's document the field lies on
            field_type (str):
            page_number (int): a page of that document
            x_percent (float):
            y_percent (float):
            width_percent (float):
            height_percent (float):
            placeholder (None | str):
            is_required (bool | None):
            options (list[str] | None):
            validation_type (None | str):
            validation_pattern (None | str):
            auto_source (None | str):
            value (None | str): prefilled; once the signer has signed, the value stored
            locked (bool): extension: the value cannot be changed
            prefilled_by (None | str): extension: the name of the assistant who prefilled the value, else null
            mark (FieldMark | None | SignerFieldMarkType1Type0): once signed, a signature or initials field's mark as drawn;
                else null
            done (bool): the signer has signed
            client_pattern (None | str): the value's rule as a JavaScript pattern, where it can be checked in the browser
            pattern_message (None | str):
            attachment (AttachedFile | None | SignerFieldAttachmentType0Type0):
     """

    id: UUID
    document_id: UUID
    field_type: str
    page_number: int
    x_percent: float
    y_percent: float
    width_percent: float
    height_percent: float
    placeholder: None | str
    is_required: bool | None
    options: list[str] | None
    validation_type: None | str
    validation_pattern: None | str
    auto_source: None | str
    value: None | str
    locked: bool
    prefilled_by: None | str
    mark: FieldMark | None | SignerFieldMarkType1Type0
    done: bool
    client_pattern: None | str
    pattern_message: None | str
    attachment: AttachedFile | None | SignerFieldAttachmentType0Type0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attached_file import AttachedFile # noqa: PLC0415
        from ..models.field_mark import FieldMark # noqa: PLC0415
        from ..models.signer_field_attachment_type_0_type_0 import SignerFieldAttachmentType0Type0 # noqa: PLC0415
        from ..models.signer_field_mark_type_1_type_0 import SignerFieldMarkType1Type0 # noqa: PLC0415
        id = str(self.id)

        document_id = str(self.document_id)

        field_type = self.field_type

        page_number = self.page_number

        x_percent = self.x_percent

        y_percent = self.y_percent

        width_percent = self.width_percent

        height_percent = self.height_percent

        placeholder: None | str
        placeholder = self.placeholder

        is_required: bool | None
        is_required = self.is_required

        options: list[str] | None
        if isinstance(self.options, list):
            options = self.options


        else:
            options = self.options

        validation_type: None | str
        validation_type = self.validation_type

        validation_pattern: None | str
        validation_pattern = self.validation_pattern

        auto_source: None | str
        auto_source = self.auto_source

        value: None | str
        value = self.value

        locked = self.locked

        prefilled_by: None | str
        prefilled_by = self.prefilled_by

        mark: dict[str, Any] | None
        if isinstance(self.mark, FieldMark):
            mark = self.mark.to_dict()
        elif isinstance(self.mark, SignerFieldMarkType1Type0):
            mark = self.mark.to_dict()
        else:
            mark = self.mark

        done = self.done

        client_pattern: None | str
        client_pattern = self.client_pattern

        pattern_message: None | str
        pattern_message = self.pattern_message

        attachment: dict[str, Any] | None
        if isinstance(self.attachment, SignerFieldAttachmentType0Type0):
            attachment = self.attachment.to_dict()
        elif isinstance(self.attachment, AttachedFile):
            attachment = self.attachment.to_dict()
        else:
            attachment = self.attachment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_id": document_id,
            "field_type": field_type,
            "page_number": page_number,
            "x_percent": x_percent,
            "y_percent": y_percent,
            "width_percent": width_percent,
            "height_percent": height_percent,
            "placeholder": placeholder,
            "is_required": is_required,
            "options": options,
            "validation_type": validation_type,
            "validation_pattern": validation_pattern,
            "auto_source": auto_source,
            "value": value,
            "locked": locked,
            "prefilled_by": prefilled_by,
            "mark": mark,
            "done": done,
            "client_pattern": client_pattern,
            "pattern_message": pattern_message,
            "attachment": attachment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attached_file import AttachedFile # noqa: PLC0415
        from ..models.field_mark import FieldMark # noqa: PLC0415
        from ..models.signer_field_attachment_type_0_type_0 import SignerFieldAttachmentType0Type0 # noqa: PLC0415
        from ..models.signer_field_mark_type_1_type_0 import SignerFieldMarkType1Type0 # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_id = UUID(d.pop("document_id"))




        field_type = d.pop("field_type")

        page_number = d.pop("page_number")

        x_percent = d.pop("x_percent")

        y_percent = d.pop("y_percent")

        width_percent = d.pop("width_percent")

        height_percent = d.pop("height_percent")

        def _parse_placeholder(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        placeholder = _parse_placeholder(d.pop("placeholder"))


        def _parse_is_required(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_required = _parse_is_required(d.pop("is_required"))


        def _parse_options(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = cast(list[str], data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        options = _parse_options(d.pop("options"))


        def _parse_validation_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        validation_type = _parse_validation_type(d.pop("validation_type"))


        def _parse_validation_pattern(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        validation_pattern = _parse_validation_pattern(d.pop("validation_pattern"))


        def _parse_auto_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        auto_source = _parse_auto_source(d.pop("auto_source"))


        def _parse_value(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        value = _parse_value(d.pop("value"))


        locked = d.pop("locked")

        def _parse_prefilled_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prefilled_by = _parse_prefilled_by(d.pop("prefilled_by"))


        def _parse_mark(data: object) -> FieldMark | None | SignerFieldMarkType1Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mark_type_0 = FieldMark.from_dict(data)



                return mark_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mark_type_1_type_0 = SignerFieldMarkType1Type0.from_dict(data)



                return mark_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FieldMark | None | SignerFieldMarkType1Type0, data)

        mark = _parse_mark(d.pop("mark"))


        done = d.pop("done")

        def _parse_client_pattern(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_pattern = _parse_client_pattern(d.pop("client_pattern"))


        def _parse_pattern_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pattern_message = _parse_pattern_message(d.pop("pattern_message"))


        def _parse_attachment(data: object) -> AttachedFile | None | SignerFieldAttachmentType0Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachment_type_0_type_0 = SignerFieldAttachmentType0Type0.from_dict(data)



                return attachment_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachment_type_1 = AttachedFile.from_dict(data)



                return attachment_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttachedFile | None | SignerFieldAttachmentType0Type0, data)

        attachment = _parse_attachment(d.pop("attachment"))


        signer_field = cls(
            id=id,
            document_id=document_id,
            field_type=field_type,
            page_number=page_number,
            x_percent=x_percent,
            y_percent=y_percent,
            width_percent=width_percent,
            height_percent=height_percent,
            placeholder=placeholder,
            is_required=is_required,
            options=options,
            validation_type=validation_type,
            validation_pattern=validation_pattern,
            auto_source=auto_source,
            value=value,
            locked=locked,
            prefilled_by=prefilled_by,
            mark=mark,
            done=done,
            client_pattern=client_pattern,
            pattern_message=pattern_message,
            attachment=attachment,
        )


        signer_field.additional_properties = d
        return signer_field

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

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
  from ..models.recipient import Recipient





T = TypeVar("T", bound="BulkSend")



@_attrs_define
class BulkSend:
    """ 
        Attributes:
            template_id (UUID): a template of the organisation (422 otherwise)
            recipients (list[Recipient]): 1 to 500; each gets an independent signing request
            expires_in_days (int | None | Unset): 1 to 90; default: the template's default_expiry_days
            auto_send (bool | Unset): false creates drafts Default: True.
     """

    template_id: UUID
    recipients: list[Recipient]
    expires_in_days: int | None | Unset = UNSET
    auto_send: bool | Unset = True





    def to_dict(self) -> dict[str, Any]:
        from ..models.recipient import Recipient # noqa: PLC0415
        template_id = str(self.template_id)

        recipients = []
        for recipients_item_data in self.recipients:
            recipients_item = recipients_item_data.to_dict()
            recipients.append(recipients_item)



        expires_in_days: int | None | Unset
        if isinstance(self.expires_in_days, Unset):
            expires_in_days = UNSET
        else:
            expires_in_days = self.expires_in_days

        auto_send = self.auto_send


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "template_id": template_id,
            "recipients": recipients,
        })
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if auto_send is not UNSET:
            field_dict["auto_send"] = auto_send

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recipient import Recipient # noqa: PLC0415
        d = dict(src_dict)
        template_id = UUID(d.pop("template_id"))




        recipients = []
        _recipients = d.pop("recipients")
        for recipients_item_data in (_recipients):
            recipients_item = Recipient.from_dict(recipients_item_data)



            recipients.append(recipients_item)


        def _parse_expires_in_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_days = _parse_expires_in_days(d.pop("expires_in_days", UNSET))


        auto_send = d.pop("auto_send", UNSET)

        bulk_send = cls(
            template_id=template_id,
            recipients=recipients,
            expires_in_days=expires_in_days,
            auto_send=auto_send,
        )

        return bulk_send


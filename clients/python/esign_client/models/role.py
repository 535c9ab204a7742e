from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role_delivery import RoleDelivery
from ..models.role_type import RoleType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.role_field import RoleField





T = TypeVar("T", bound="Role")



@_attrs_define
class Role:
    """ 
        Attributes:
            name (str): 1 to 100 chars; unique in the template, case-insensitively
            order (int | Unset): 1 to 100: the order given to this role's signer (sequential signing: lower orders sign
                first, equal orders together); default: the role's place in the list (1 for the first)
            locale (None | str | Unset): extension: this role's signer's language (BCP 47) when the send gives none; else
                the organisation's default_locale
            delivery (RoleDelivery | Unset): extension: this role's signer's `delivery` (email, sms, both, link; default
                email) when the send does not give one
            type_ (RoleType | Unset): Extension: what this participant does (docs/roles.md): `signer` signs; `approver`
                approves (`POST /sign/{token}/api/approve`) or rejects with a reason (`.../reject`, which cancels the request),
                and in a parallel request every approver acts before anyone else is invited; it may fill its own text, date,
                checkbox and select fields, never a signature, initials or attachment field (422); `viewer` confirms having
                reviewed the document (`.../acknowledge`; no fields, 422 otherwise), and the request completes only once every
                viewer has; `cc` is never invited, blocks nothing and gets the copy at completion (no fields; `cc_emails` is a
                shorthand for it); `assistant` prefills the text, checkbox and select fields of the signers it `assists`
                (`.../prepare`) before they are invited (no fields of its own); `witness` signs its own witness block once the
                signer it is `witness_for` has signed (`assistant` and `witness`: in a create body and a draft's edit only, not
                yet on a template role or a bulk row). `total_signers` and `signed_count` count signers only Default:
                RoleType.SIGNER.
            fields (list[RoleField] | Unset): the signature-field create shape without `signer_id`, same bounds; at most
                5000 fields in all roles together; each on one of the template's documents (`document_id`, default the first;
                422 for another) and on a page that document has
     """

    name: str
    order: int | Unset = UNSET
    locale: None | str | Unset = UNSET
    delivery: RoleDelivery | Unset = UNSET
    type_: RoleType | Unset = RoleType.SIGNER
    fields: list[RoleField] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.role_field import RoleField # noqa: PLC0415
        name = self.name

        order = self.order

        locale: None | str | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        else:
            locale = self.locale

        delivery: str | Unset = UNSET
        if not isinstance(self.delivery, Unset):
            delivery = self.delivery.value


        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        fields: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.to_dict()
                fields.append(fields_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if order is not UNSET:
            field_dict["order"] = order
        if locale is not UNSET:
            field_dict["locale"] = locale
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if type_ is not UNSET:
            field_dict["type"] = type_
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.role_field import RoleField # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        order = d.pop("order", UNSET)

        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        _delivery = d.pop("delivery", UNSET)
        delivery: RoleDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = RoleDelivery(_delivery)




        _type_ = d.pop("type", UNSET)
        type_: RoleType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = RoleType(_type_)




        _fields = d.pop("fields", UNSET)
        fields: list[RoleField] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = RoleField.from_dict(fields_item_data)



                fields.append(fields_item)


        role = cls(
            name=name,
            order=order,
            locale=locale,
            delivery=delivery,
            type_=type_,
            fields=fields,
        )

        return role


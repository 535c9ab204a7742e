from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role_delivery import RoleDelivery
from ..models.role_notify_on import RoleNotifyOn
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
            notify_on (RoleNotifyOn | Unset): extension, of a participant of type `cc` only (422 otherwise): when it hears
                of the request: `completed` (default): its copy at completion; `sent`: also, when the request is sent, an email
                with a link to a read-only view of the document (the signing page with no fields and no action; the cc becomes
                `notified` then)
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
                signer it is `witness_for` has signed (on a template role, `assists` and `witness_for` name roles; a send's or
                bulk row's person takes the role's type). `total_signers` and `signed_count` count signers only Default:
                RoleType.SIGNER.
            assists (list[str] | Unset): extension, only for a role of type `assistant` (at least one; 422 otherwise): the
                names of the roles (type `signer`) whose text, checkbox and select fields its person prefills; in a sequential
                template its `order` is lower than each of theirs (422). A send makes them the assisted people, as a create
                body's `assists` would
            witness_for (str | Unset): extension, only for a role of type `witness` (required then; 422 otherwise): the name
                of the role (type `signer`) whose signature its person witnesses. A send makes it that role's person, as a
                create body's `witness_for` would
            fields (list[RoleField] | Unset): the signature-field create shape without `signer_id`, same bounds; at most
                5000 fields in all roles together; each on one of the template's documents (`document_id`, default the first;
                422 for another) and on a page that document has
     """

    name: str
    notify_on: RoleNotifyOn | Unset = UNSET
    order: int | Unset = UNSET
    locale: None | str | Unset = UNSET
    delivery: RoleDelivery | Unset = UNSET
    type_: RoleType | Unset = RoleType.SIGNER
    assists: list[str] | Unset = UNSET
    witness_for: str | Unset = UNSET
    fields: list[RoleField] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.role_field import RoleField # noqa: PLC0415
        name = self.name

        notify_on: str | Unset = UNSET
        if not isinstance(self.notify_on, Unset):
            notify_on = self.notify_on.value


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


        assists: list[str] | Unset = UNSET
        if not isinstance(self.assists, Unset):
            assists = self.assists



        witness_for = self.witness_for

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
        if notify_on is not UNSET:
            field_dict["notify_on"] = notify_on
        if order is not UNSET:
            field_dict["order"] = order
        if locale is not UNSET:
            field_dict["locale"] = locale
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if type_ is not UNSET:
            field_dict["type"] = type_
        if assists is not UNSET:
            field_dict["assists"] = assists
        if witness_for is not UNSET:
            field_dict["witness_for"] = witness_for
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.role_field import RoleField # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        _notify_on = d.pop("notify_on", UNSET)
        notify_on: RoleNotifyOn | Unset
        if isinstance(_notify_on,  Unset):
            notify_on = UNSET
        else:
            notify_on = RoleNotifyOn(_notify_on)




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




        assists = cast(list[str], d.pop("assists", UNSET))


        witness_for = d.pop("witness_for", UNSET)

        _fields = d.pop("fields", UNSET)
        fields: list[RoleField] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = RoleField.from_dict(fields_item_data)



                fields.append(fields_item)


        role = cls(
            name=name,
            notify_on=notify_on,
            order=order,
            locale=locale,
            delivery=delivery,
            type_=type_,
            assists=assists,
            witness_for=witness_for,
            fields=fields,
        )

        return role


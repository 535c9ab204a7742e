from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tagged_role_signer_delivery import TaggedRoleSignerDelivery
from ..models.tagged_role_signer_notify_on import TaggedRoleSignerNotifyOn
from ..models.tagged_role_signer_type import TaggedRoleSignerType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tagged_role_signer_metadata import TaggedRoleSignerMetadata





T = TypeVar("T", bound="TaggedRoleSigner")



@_attrs_define
class TaggedRoleSigner:
    """ 
        Attributes:
            name (str):
            email (str):
            role (str): a template role's name, matched case-insensitively
            metadata (TaggedRoleSignerMetadata | Unset): extension: the sender's own data, never shown to signers: at most
                50 keys of 1 to 40 characters of `A-Z a-z 0-9 _ . -`, each value a string of at most 500 characters (no control
                or bidirectional control characters); a request's and its signers' metadata together at most 256 KiB (UTF-8).
                Returned in every answer and webhook that shows the request (or the signer)
            external_id (str | Unset): extension: the sender's own identifier, 1 to 255 characters on one line (no control
                or bidirectional control characters); not unique. Returned in every answer and webhook that shows the request
                (or the signer)
            redirect_url (str | Unset): extension: where the signing page sends the signer after they sign or decline, with
                `event=signed` or `event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the
                organisation's registered embed origins (e.g. `http://localhost:3000`); at most 2000 characters. Otherwise 422
                naming the field. A signer's own `redirect_url` wins over the request's
            notify_on (TaggedRoleSignerNotifyOn | Unset): extension, of a participant of type `cc` only (422 otherwise):
                when it hears of the request: `completed` (default): its copy at completion; `sent`: also, when the request is
                sent, an email with a link to a read-only view of the document (the signing page with no fields and no action;
                the cc becomes `notified` then)
            phone (None | str | Unset): international form (+, country code, number), a number that exists; stored in E.164.
                With `[sms] allowed_countries`, only numbers of those countries (422 otherwise)
            locale (None | str | Unset): the signer's language, BCP 47 (`de`, `fr-CH`, `pt-BR`): one of en, de, fr, es, it,
                nl, pt, pl, ja, ar (the region is not kept); null or left out: the organisation's default_locale, else the
                browser's
            delivery (TaggedRoleSignerDelivery | Unset): Extension: how the signer gets the invitation, reminders and the
                completion notice: `email` (default), `sms` (a short text with the signing link through the configured SMS
                provider, instead of email; needs `phone`), `both` (email and text; needs `phone`) or `link` (nothing is sent:
                the signing link is in the answer of the call that sends the request, as the signer's `signing_url`, for handing
                over in person). Sandbox requests send no text messages. `sms`/`both` without `phone`, or with an SMS provider
                that only sends one-time codes (`twilio-verify`): 422
            type_ (TaggedRoleSignerType | Unset): Extension: what this participant does (docs/roles.md): `signer` signs;
                `approver` approves (`POST /sign/{token}/api/approve`) or rejects with a reason (`.../reject`, which cancels the
                request), and in a parallel request every approver acts before anyone else is invited; it may fill its own text,
                date, checkbox and select fields, never a signature, initials or attachment field (422); `viewer` confirms
                having reviewed the document (`.../acknowledge`; no fields, 422 otherwise), and the request completes only once
                every viewer has; `cc` is never invited, blocks nothing and gets the copy at completion (no fields; `cc_emails`
                is a shorthand for it); `assistant` prefills the text, checkbox and select fields of the signers it `assists`
                (`.../prepare`) before they are invited (no fields of its own); `witness` signs its own witness block once the
                signer it is `witness_for` has signed (on a template role, `assists` and `witness_for` name roles; a send's or
                bulk row's person takes the role's type). `total_signers` and `signed_count` count signers only
     """

    name: str
    email: str
    role: str
    metadata: TaggedRoleSignerMetadata | Unset = UNSET
    external_id: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    notify_on: TaggedRoleSignerNotifyOn | Unset = UNSET
    phone: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET
    delivery: TaggedRoleSignerDelivery | Unset = UNSET
    type_: TaggedRoleSignerType | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tagged_role_signer_metadata import TaggedRoleSignerMetadata # noqa: PLC0415
        name = self.name

        email = self.email

        role = self.role

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id = self.external_id

        redirect_url = self.redirect_url

        notify_on: str | Unset = UNSET
        if not isinstance(self.notify_on, Unset):
            notify_on = self.notify_on.value


        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

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



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "email": email,
            "role": role,
        })
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if notify_on is not UNSET:
            field_dict["notify_on"] = notify_on
        if phone is not UNSET:
            field_dict["phone"] = phone
        if locale is not UNSET:
            field_dict["locale"] = locale
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tagged_role_signer_metadata import TaggedRoleSignerMetadata # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        role = d.pop("role")

        _metadata = d.pop("metadata", UNSET)
        metadata: TaggedRoleSignerMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = TaggedRoleSignerMetadata.from_dict(_metadata)




        external_id = d.pop("external_id", UNSET)

        redirect_url = d.pop("redirect_url", UNSET)

        _notify_on = d.pop("notify_on", UNSET)
        notify_on: TaggedRoleSignerNotifyOn | Unset
        if isinstance(_notify_on,  Unset):
            notify_on = UNSET
        else:
            notify_on = TaggedRoleSignerNotifyOn(_notify_on)




        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_locale(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))


        _delivery = d.pop("delivery", UNSET)
        delivery: TaggedRoleSignerDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = TaggedRoleSignerDelivery(_delivery)




        _type_ = d.pop("type", UNSET)
        type_: TaggedRoleSignerType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = TaggedRoleSignerType(_type_)




        tagged_role_signer = cls(
            name=name,
            email=email,
            role=role,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            notify_on=notify_on,
            phone=phone,
            locale=locale,
            delivery=delivery,
            type_=type_,
        )

        return tagged_role_signer


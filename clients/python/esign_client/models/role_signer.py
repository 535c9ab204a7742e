from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.role_signer_delivery import RoleSignerDelivery
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RoleSigner")



@_attrs_define
class RoleSigner:
    """ 
        Attributes:
            name (str):
            email (str):
            role (str): a template role's name, matched case-insensitively
            phone (None | str | Unset): international form (+, country code, number), a number that exists; stored in E.164.
                With `[sms] allowed_countries`, only numbers of those countries (422 otherwise)
            locale (None | str | Unset): the signer's language, BCP 47 (`de`, `fr-CH`, `pt-BR`): one of en, de, fr, es, it,
                nl, pt, pl, ja, ar (the region is not kept); null or left out: the organisation's default_locale, else the
                browser's
            delivery (RoleSignerDelivery | Unset): Extension: how the signer gets the invitation, reminders and the
                completion notice: `email` (default), `sms` (a short text with the signing link through the configured SMS
                provider, instead of email; needs `phone`), `both` (email and text; needs `phone`) or `link` (nothing is sent:
                the signing link is in the answer of the call that sends the request, as the signer's `signing_url`, for handing
                over in person). Sandbox requests send no text messages. `sms`/`both` without `phone`, or with an SMS provider
                that only sends one-time codes (`twilio-verify`): 422
     """

    name: str
    email: str
    role: str
    phone: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET
    delivery: RoleSignerDelivery | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        role = self.role

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



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "email": email,
            "role": role,
        })
        if phone is not UNSET:
            field_dict["phone"] = phone
        if locale is not UNSET:
            field_dict["locale"] = locale
        if delivery is not UNSET:
            field_dict["delivery"] = delivery

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        role = d.pop("role")

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
        delivery: RoleSignerDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = RoleSignerDelivery(_delivery)




        role_signer = cls(
            name=name,
            email=email,
            role=role,
            phone=phone,
            locale=locale,
            delivery=delivery,
        )

        return role_signer


from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signer_input_delivery import SignerInputDelivery
from ..models.signer_input_notify_on import SignerInputNotifyOn
from ..models.signer_input_type import SignerInputType
from ..models.signer_input_witness_mode import SignerInputWitnessMode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.signer_input_metadata import SignerInputMetadata





T = TypeVar("T", bound="SignerInput")



@_attrs_define
class SignerInput:
    """ 
        Attributes:
            name (str):
            email (str):
            notify_on (SignerInputNotifyOn | Unset): extension, of a participant of type `cc` only (422 otherwise): when it
                hears of the request: `completed` (default): its copy at completion; `sent`: also, when the request is sent, an
                email with a link to a read-only view of the document (the signing page with no fields and no action; the cc
                becomes `notified` then)
            type_ (SignerInputType | Unset): Extension: what this participant does (docs/roles.md): `signer` signs;
                `approver` approves (`POST /sign/{token}/api/approve`) or rejects with a reason (`.../reject`, which cancels the
                request), and in a parallel request every approver acts before anyone else is invited; it may fill its own text,
                date, checkbox and select fields, never a signature, initials or attachment field (422); `viewer` confirms
                having reviewed the document (`.../acknowledge`; no fields, 422 otherwise), and the request completes only once
                every viewer has; `cc` is never invited, blocks nothing and gets the copy at completion (no fields; `cc_emails`
                is a shorthand for it); `assistant` prefills the text, checkbox and select fields of the signers it `assists`
                (`.../prepare`) before they are invited (no fields of its own); `witness` signs its own witness block once the
                signer it is `witness_for` has signed (on a template role, `assists` and `witness_for` name roles; a send's or
                bulk row's person takes the role's type). `total_signers` and `signed_count` count signers only Default:
                SignerInputType.SIGNER.
            approver_signs (bool | Unset): extension, only for an `approver` (422 otherwise): the approver also signs. It
                may have signature, initials and attachment fields, approves by signing (`POST /sign/{token}/api/sign`; its
                status becomes `signed`, with `approved_at`, and `signer.approved` is sent with `signed: true`) and may still
                reject; `.../approve` answers 409. It still acts before the signers and viewers, and is not counted in
                `total_signers` or `signed_count` Default: False.
            assists (list[str] | Unset): extension, only for an `assistant` (at least one; 422 otherwise): the signers (type
                `signer`) whose text, checkbox and select fields it prefills. On input each is a participant's email in the same
                list (or, in a draft's edit, a participant's `id`); on output, their ids. In a sequential request the
                assistant's `order` is lower than each of theirs (422); in a parallel one it acts first, with the approvers
            witness_for (str | Unset): extension, only for a `witness` (required then; 422 otherwise): the signer (type
                `signer`) whose signature it witnesses, by email in the same list (or, in a draft's edit, by `id`); on output,
                their id. The witness is invited once that signer has signed and signs its own fields (a witness block:
                signature, name, address); its status becomes `signed` with `witnessed_at` (`signer.witnessed`)
            witness_mode (SignerInputWitnessMode | Unset): extension, only for a `witness` (422 otherwise): `remote` (the
                default) invites the witness by its own email or text once its signer signed; `in_person` never emails nor texts
                it: right after signing, the signer's own page (`GET /sign/{token}/api` `witness_handover`) hands the device to
                the witness, who signs there, and the certificate says "(in person)"
            metadata (SignerInputMetadata | Unset): extension: the sender's own data, never shown to signers: at most 50
                keys of 1 to 40 characters of `A-Z a-z 0-9 _ . -`, each value a string of at most 500 characters (no control or
                bidirectional control characters); a request's and its signers' metadata together at most 256 KiB (UTF-8).
                Returned in every answer and webhook that shows the request (or the signer)
            external_id (str | Unset): extension: the sender's own identifier, 1 to 255 characters on one line (no control
                or bidirectional control characters); not unique. Returned in every answer and webhook that shows the request
                (or the signer)
            redirect_url (str | Unset): extension: where the signing page sends the signer after they sign or decline, with
                `event=signed` or `event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the
                organisation's registered embed origins (e.g. `http://localhost:3000`); at most 2000 characters. Otherwise 422
                naming the field. A signer's own `redirect_url` wins over the request's
            phone (None | str | Unset): international form (+, country code, number), a number that exists; stored in E.164.
                With `[sms] allowed_countries`, only numbers of those countries (422 otherwise)
            locale (None | str | Unset): the signer's language, BCP 47 (`de`, `fr-CH`, `pt-BR`): one of en, de, fr, es, it,
                nl, pt, pl, ja, ar (the region is not kept); null or left out: the organisation's default_locale, else the
                browser's
            delivery (SignerInputDelivery | Unset): Extension: how the signer gets the invitation, reminders and the
                completion notice: `email` (default), `sms` (a short text with the signing link through the configured SMS
                provider, instead of email; needs `phone`), `both` (email and text; needs `phone`) or `link` (nothing is sent:
                the signing link is in the answer of the call that sends the request, as the signer's `signing_url`, for handing
                over in person). Sandbox requests send no text messages. `sms`/`both` without `phone`, or with an SMS provider
                that only sends one-time codes (`twilio-verify`): 422
            order (int | Unset): 1 to 100. Sequential requests: the lowest order signs first, equal orders together; a
                signer without `order` takes their place in the list (1, 2, 3 ...), as template roles do, so signers who give
                none sign in list order. Parallel requests: default 1
     """

    name: str
    email: str
    notify_on: SignerInputNotifyOn | Unset = UNSET
    type_: SignerInputType | Unset = SignerInputType.SIGNER
    approver_signs: bool | Unset = False
    assists: list[str] | Unset = UNSET
    witness_for: str | Unset = UNSET
    witness_mode: SignerInputWitnessMode | Unset = UNSET
    metadata: SignerInputMetadata | Unset = UNSET
    external_id: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    phone: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET
    delivery: SignerInputDelivery | Unset = UNSET
    order: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_input_metadata import SignerInputMetadata # noqa: PLC0415
        name = self.name

        email = self.email

        notify_on: str | Unset = UNSET
        if not isinstance(self.notify_on, Unset):
            notify_on = self.notify_on.value


        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        approver_signs = self.approver_signs

        assists: list[str] | Unset = UNSET
        if not isinstance(self.assists, Unset):
            assists = self.assists



        witness_for = self.witness_for

        witness_mode: str | Unset = UNSET
        if not isinstance(self.witness_mode, Unset):
            witness_mode = self.witness_mode.value


        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id = self.external_id

        redirect_url = self.redirect_url

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


        order = self.order


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "email": email,
        })
        if notify_on is not UNSET:
            field_dict["notify_on"] = notify_on
        if type_ is not UNSET:
            field_dict["type"] = type_
        if approver_signs is not UNSET:
            field_dict["approver_signs"] = approver_signs
        if assists is not UNSET:
            field_dict["assists"] = assists
        if witness_for is not UNSET:
            field_dict["witness_for"] = witness_for
        if witness_mode is not UNSET:
            field_dict["witness_mode"] = witness_mode
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if phone is not UNSET:
            field_dict["phone"] = phone
        if locale is not UNSET:
            field_dict["locale"] = locale
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if order is not UNSET:
            field_dict["order"] = order

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_input_metadata import SignerInputMetadata # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        email = d.pop("email")

        _notify_on = d.pop("notify_on", UNSET)
        notify_on: SignerInputNotifyOn | Unset
        if isinstance(_notify_on,  Unset):
            notify_on = UNSET
        else:
            notify_on = SignerInputNotifyOn(_notify_on)




        _type_ = d.pop("type", UNSET)
        type_: SignerInputType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = SignerInputType(_type_)




        approver_signs = d.pop("approver_signs", UNSET)

        assists = cast(list[str], d.pop("assists", UNSET))


        witness_for = d.pop("witness_for", UNSET)

        _witness_mode = d.pop("witness_mode", UNSET)
        witness_mode: SignerInputWitnessMode | Unset
        if isinstance(_witness_mode,  Unset):
            witness_mode = UNSET
        else:
            witness_mode = SignerInputWitnessMode(_witness_mode)




        _metadata = d.pop("metadata", UNSET)
        metadata: SignerInputMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SignerInputMetadata.from_dict(_metadata)




        external_id = d.pop("external_id", UNSET)

        redirect_url = d.pop("redirect_url", UNSET)

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
        delivery: SignerInputDelivery | Unset
        if isinstance(_delivery,  Unset):
            delivery = UNSET
        else:
            delivery = SignerInputDelivery(_delivery)




        order = d.pop("order", UNSET)

        signer_input = cls(
            name=name,
            email=email,
            notify_on=notify_on,
            type_=type_,
            approver_signs=approver_signs,
            assists=assists,
            witness_for=witness_for,
            witness_mode=witness_mode,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            phone=phone,
            locale=locale,
            delivery=delivery,
            order=order,
        )

        return signer_input


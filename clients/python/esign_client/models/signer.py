from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signer_notify_on_type_1 import SignerNotifyOnType1
from ..models.signer_notify_on_type_2_type_1 import SignerNotifyOnType2Type1
from ..models.signer_notify_on_type_3_type_1 import SignerNotifyOnType3Type1
from ..models.signer_type import SignerType
from ..models.signer_witness_mode_type_1 import SignerWitnessModeType1
from ..models.signer_witness_mode_type_2_type_1 import SignerWitnessModeType2Type1
from ..models.signer_witness_mode_type_3_type_1 import SignerWitnessModeType3Type1
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.signer_metadata import SignerMetadata





T = TypeVar("T", bound="Signer")



@_attrs_define
class Signer:
    """ 
        Attributes:
            id (UUID):
            email (str):
            name (str):
            order (int):
            status (str): pending, sent, viewed, signed, declined, withdrawn, delegated (extension: handed on to
                `delegated_to`); extension, by `type`: an approver's approved or rejected, a viewer's acknowledged, a cc's
                pending then notified (its copy sent)
            notify_on (None | SignerNotifyOnType1 | SignerNotifyOnType2Type1 | SignerNotifyOnType3Type1 | Unset): extension:
                a cc's (null for anyone else): extension, of a participant of type `cc` only (422 otherwise): when it hears of
                the request: `completed` (default): its copy at completion; `sent`: also, when the request is sent, an email
                with a link to a read-only view of the document (the signing page with no fields and no action; the cc becomes
                `notified` then)
            notified_at (datetime.datetime | None | Unset): extension: when a cc was notified (its read-only link sent, or
                its copy at completion)
            type_ (SignerType | Unset): Extension: what this participant does (docs/roles.md): `signer` signs; `approver`
                approves (`POST /sign/{token}/api/approve`) or rejects with a reason (`.../reject`, which cancels the request),
                and in a parallel request every approver acts before anyone else is invited; it may fill its own text, date,
                checkbox and select fields, never a signature, initials or attachment field (422); `viewer` confirms having
                reviewed the document (`.../acknowledge`; no fields, 422 otherwise), and the request completes only once every
                viewer has; `cc` is never invited, blocks nothing and gets the copy at completion (no fields; `cc_emails` is a
                shorthand for it); `assistant` prefills the text, checkbox and select fields of the signers it `assists`
                (`.../prepare`) before they are invited (no fields of its own); `witness` signs its own witness block once the
                signer it is `witness_for` has signed (on a template role, `assists` and `witness_for` name roles; a send's or
                bulk row's person takes the role's type). `total_signers` and `signed_count` count signers only
            approver_signs (bool | Unset): extension, only for an `approver` (422 otherwise): the approver also signs. It
                may have signature, initials and attachment fields, approves by signing (`POST /sign/{token}/api/sign`; its
                status becomes `signed`, with `approved_at`, and `signer.approved` is sent with `signed: true`) and may still
                reject; `.../approve` answers 409. It still acts before the signers and viewers, and is not counted in
                `total_signers` or `signed_count`
            assists (list[str] | Unset): extension, only for an `assistant` (at least one; 422 otherwise): the signers (type
                `signer`) whose text, checkbox and select fields it prefills. On input each is a participant's email in the same
                list (or, in a draft's edit, a participant's `id`); on output, their ids. In a sequential request the
                assistant's `order` is lower than each of theirs (422); in a parallel one it acts first, with the approvers
            prepared_at (datetime.datetime | None | Unset): extension: when an assistant was done
            witness_for (None | str | Unset): extension, only for a `witness` (required then; 422 otherwise): the signer
                (type `signer`) whose signature it witnesses, by email in the same list (or, in a draft's edit, by `id`); on
                output, their id. The witness is invited once that signer has signed and signs its own fields (a witness block:
                signature, name, address); its status becomes `signed` with `witnessed_at` (`signer.witnessed`)
            witness_mode (None | SignerWitnessModeType1 | SignerWitnessModeType2Type1 | SignerWitnessModeType3Type1 |
                Unset): extension, only for a `witness` (422 otherwise): `remote` (the default) invites the witness by its own
                email or text once its signer signed; `in_person` never emails nor texts it: right after signing, the signer's
                own page (`GET /sign/{token}/api` `witness_handover`) hands the device to the witness, who signs there, and the
                certificate says "(in person)"
            witnessed_at (datetime.datetime | None | Unset): extension: when a witness signed
            metadata (SignerMetadata | Unset): extension: as given on create (an empty object when none was)
            external_id (None | str | Unset): extension: as given on create, else null
            redirect_url (None | str | Unset): extension: as given on create, else null
            phone (None | str | Unset):
            locale (None | str | Unset): the signer's language (esign.i18n), or null
            display_name (None | str | Unset):
            approved_at (datetime.datetime | None | Unset): extension: when an approver approved
            rejected_at (datetime.datetime | None | Unset): extension: when an approver rejected
            acknowledged_at (datetime.datetime | None | Unset): extension: when a viewer acknowledged
            signed_at (datetime.datetime | None | Unset):
            declined_at (datetime.datetime | None | Unset):
            viewed_at (datetime.datetime | None | Unset):
            email_bounced_at (datetime.datetime | None | Unset):
            email_failed_at (datetime.datetime | None | Unset): Extension: when the last email to this signer was given up
                after retrying for `[jobs] message_retry_hours` (mail server unreachable or failing; not a bounce). Cleared when
                a later email (e.g. after `remind`) is sent.
            delivery (str | Unset): extension: email, sms, both or link (see the create body)
            sms_failed_at (datetime.datetime | None | Unset): Extension: when the last text message to this signer was given
                up: the SMS provider refused the number for good, or was unreachable or failing for `[jobs] message_retry_hours`
                (`signing_event.sms_failed`). Cleared when a later text (e.g. after `remind`) is sent.
            signing_url (None | str | Unset): Extension: only for a signer with `delivery` `link`, only in the answer of the
                call that sends the request (create with `auto_send`, `send`): their signing link, to hand over in person. Null
                otherwise
            decline_reason (None | str | Unset): why the signer declined, or (extension) why an approver rejected
            identity_verified (bool | Unset):
            identity_verified_at (datetime.datetime | None | Unset):
            identity_verified_name (None | str | Unset):
            identity_name_match_score (float | None | Unset):
            identity_name_match_status (None | str | Unset):
            identity_document_type (None | str | Unset):
            identity_dob (None | str | Unset):
            identity_address (None | str | Unset):
            identity_document_number (None | str | Unset):
            identity_document_expiry (None | str | Unset):
            identity_document_issued_country (None | str | Unset):
            identity_selfie_verified (bool | Unset):
            identity_device_vpn_detected (bool | Unset):
            identity_review_pending (bool | Unset):
            delegated_to (None | Unset | UUID): extension: the signer this one delegated to
            delegated_from (None | Unset | UUID): extension: the signer who delegated to this one
            delegated_at (datetime.datetime | None | Unset):
            delegation_reason (None | str | Unset):
     """

    id: UUID
    email: str
    name: str
    order: int
    status: str
    notify_on: None | SignerNotifyOnType1 | SignerNotifyOnType2Type1 | SignerNotifyOnType3Type1 | Unset = UNSET
    notified_at: datetime.datetime | None | Unset = UNSET
    type_: SignerType | Unset = UNSET
    approver_signs: bool | Unset = UNSET
    assists: list[str] | Unset = UNSET
    prepared_at: datetime.datetime | None | Unset = UNSET
    witness_for: None | str | Unset = UNSET
    witness_mode: None | SignerWitnessModeType1 | SignerWitnessModeType2Type1 | SignerWitnessModeType3Type1 | Unset = UNSET
    witnessed_at: datetime.datetime | None | Unset = UNSET
    metadata: SignerMetadata | Unset = UNSET
    external_id: None | str | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    locale: None | str | Unset = UNSET
    display_name: None | str | Unset = UNSET
    approved_at: datetime.datetime | None | Unset = UNSET
    rejected_at: datetime.datetime | None | Unset = UNSET
    acknowledged_at: datetime.datetime | None | Unset = UNSET
    signed_at: datetime.datetime | None | Unset = UNSET
    declined_at: datetime.datetime | None | Unset = UNSET
    viewed_at: datetime.datetime | None | Unset = UNSET
    email_bounced_at: datetime.datetime | None | Unset = UNSET
    email_failed_at: datetime.datetime | None | Unset = UNSET
    delivery: str | Unset = UNSET
    sms_failed_at: datetime.datetime | None | Unset = UNSET
    signing_url: None | str | Unset = UNSET
    decline_reason: None | str | Unset = UNSET
    identity_verified: bool | Unset = UNSET
    identity_verified_at: datetime.datetime | None | Unset = UNSET
    identity_verified_name: None | str | Unset = UNSET
    identity_name_match_score: float | None | Unset = UNSET
    identity_name_match_status: None | str | Unset = UNSET
    identity_document_type: None | str | Unset = UNSET
    identity_dob: None | str | Unset = UNSET
    identity_address: None | str | Unset = UNSET
    identity_document_number: None | str | Unset = UNSET
    identity_document_expiry: None | str | Unset = UNSET
    identity_document_issued_country: None | str | Unset = UNSET
    identity_selfie_verified: bool | Unset = UNSET
    identity_device_vpn_detected: bool | Unset = UNSET
    identity_review_pending: bool | Unset = UNSET
    delegated_to: None | Unset | UUID = UNSET
    delegated_from: None | Unset | UUID = UNSET
    delegated_at: datetime.datetime | None | Unset = UNSET
    delegation_reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.signer_metadata import SignerMetadata # noqa: PLC0415
        id = str(self.id)

        email = self.email

        name = self.name

        order = self.order

        status = self.status

        notify_on: None | str | Unset
        if isinstance(self.notify_on, Unset):
            notify_on = UNSET
        elif isinstance(self.notify_on, SignerNotifyOnType1):
            notify_on = self.notify_on.value
        elif isinstance(self.notify_on, SignerNotifyOnType2Type1):
            notify_on = self.notify_on.value
        elif isinstance(self.notify_on, SignerNotifyOnType3Type1):
            notify_on = self.notify_on.value
        else:
            notify_on = self.notify_on

        notified_at: None | str | Unset
        if isinstance(self.notified_at, Unset):
            notified_at = UNSET
        elif isinstance(self.notified_at, datetime.datetime):
            notified_at = self.notified_at.isoformat()
        else:
            notified_at = self.notified_at

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value


        approver_signs = self.approver_signs

        assists: list[str] | Unset = UNSET
        if not isinstance(self.assists, Unset):
            assists = self.assists



        prepared_at: None | str | Unset
        if isinstance(self.prepared_at, Unset):
            prepared_at = UNSET
        elif isinstance(self.prepared_at, datetime.datetime):
            prepared_at = self.prepared_at.isoformat()
        else:
            prepared_at = self.prepared_at

        witness_for: None | str | Unset
        if isinstance(self.witness_for, Unset):
            witness_for = UNSET
        else:
            witness_for = self.witness_for

        witness_mode: None | str | Unset
        if isinstance(self.witness_mode, Unset):
            witness_mode = UNSET
        elif isinstance(self.witness_mode, SignerWitnessModeType1):
            witness_mode = self.witness_mode.value
        elif isinstance(self.witness_mode, SignerWitnessModeType2Type1):
            witness_mode = self.witness_mode.value
        elif isinstance(self.witness_mode, SignerWitnessModeType3Type1):
            witness_mode = self.witness_mode.value
        else:
            witness_mode = self.witness_mode

        witnessed_at: None | str | Unset
        if isinstance(self.witnessed_at, Unset):
            witnessed_at = UNSET
        elif isinstance(self.witnessed_at, datetime.datetime):
            witnessed_at = self.witnessed_at.isoformat()
        else:
            witnessed_at = self.witnessed_at

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        redirect_url: None | str | Unset
        if isinstance(self.redirect_url, Unset):
            redirect_url = UNSET
        else:
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

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        approved_at: None | str | Unset
        if isinstance(self.approved_at, Unset):
            approved_at = UNSET
        elif isinstance(self.approved_at, datetime.datetime):
            approved_at = self.approved_at.isoformat()
        else:
            approved_at = self.approved_at

        rejected_at: None | str | Unset
        if isinstance(self.rejected_at, Unset):
            rejected_at = UNSET
        elif isinstance(self.rejected_at, datetime.datetime):
            rejected_at = self.rejected_at.isoformat()
        else:
            rejected_at = self.rejected_at

        acknowledged_at: None | str | Unset
        if isinstance(self.acknowledged_at, Unset):
            acknowledged_at = UNSET
        elif isinstance(self.acknowledged_at, datetime.datetime):
            acknowledged_at = self.acknowledged_at.isoformat()
        else:
            acknowledged_at = self.acknowledged_at

        signed_at: None | str | Unset
        if isinstance(self.signed_at, Unset):
            signed_at = UNSET
        elif isinstance(self.signed_at, datetime.datetime):
            signed_at = self.signed_at.isoformat()
        else:
            signed_at = self.signed_at

        declined_at: None | str | Unset
        if isinstance(self.declined_at, Unset):
            declined_at = UNSET
        elif isinstance(self.declined_at, datetime.datetime):
            declined_at = self.declined_at.isoformat()
        else:
            declined_at = self.declined_at

        viewed_at: None | str | Unset
        if isinstance(self.viewed_at, Unset):
            viewed_at = UNSET
        elif isinstance(self.viewed_at, datetime.datetime):
            viewed_at = self.viewed_at.isoformat()
        else:
            viewed_at = self.viewed_at

        email_bounced_at: None | str | Unset
        if isinstance(self.email_bounced_at, Unset):
            email_bounced_at = UNSET
        elif isinstance(self.email_bounced_at, datetime.datetime):
            email_bounced_at = self.email_bounced_at.isoformat()
        else:
            email_bounced_at = self.email_bounced_at

        email_failed_at: None | str | Unset
        if isinstance(self.email_failed_at, Unset):
            email_failed_at = UNSET
        elif isinstance(self.email_failed_at, datetime.datetime):
            email_failed_at = self.email_failed_at.isoformat()
        else:
            email_failed_at = self.email_failed_at

        delivery = self.delivery

        sms_failed_at: None | str | Unset
        if isinstance(self.sms_failed_at, Unset):
            sms_failed_at = UNSET
        elif isinstance(self.sms_failed_at, datetime.datetime):
            sms_failed_at = self.sms_failed_at.isoformat()
        else:
            sms_failed_at = self.sms_failed_at

        signing_url: None | str | Unset
        if isinstance(self.signing_url, Unset):
            signing_url = UNSET
        else:
            signing_url = self.signing_url

        decline_reason: None | str | Unset
        if isinstance(self.decline_reason, Unset):
            decline_reason = UNSET
        else:
            decline_reason = self.decline_reason

        identity_verified = self.identity_verified

        identity_verified_at: None | str | Unset
        if isinstance(self.identity_verified_at, Unset):
            identity_verified_at = UNSET
        elif isinstance(self.identity_verified_at, datetime.datetime):
            identity_verified_at = self.identity_verified_at.isoformat()
        else:
            identity_verified_at = self.identity_verified_at

        identity_verified_name: None | str | Unset
        if isinstance(self.identity_verified_name, Unset):
            identity_verified_name = UNSET
        else:
            identity_verified_name = self.identity_verified_name

        identity_name_match_score: float | None | Unset
        if isinstance(self.identity_name_match_score, Unset):
            identity_name_match_score = UNSET
        else:
            identity_name_match_score = self.identity_name_match_score

        identity_name_match_status: None | str | Unset
        if isinstance(self.identity_name_match_status, Unset):
            identity_name_match_status = UNSET
        else:
            identity_name_match_status = self.identity_name_match_status

        identity_document_type: None | str | Unset
        if isinstance(self.identity_document_type, Unset):
            identity_document_type = UNSET
        else:
            identity_document_type = self.identity_document_type

        identity_dob: None | str | Unset
        if isinstance(self.identity_dob, Unset):
            identity_dob = UNSET
        else:
            identity_dob = self.identity_dob

        identity_address: None | str | Unset
        if isinstance(self.identity_address, Unset):
            identity_address = UNSET
        else:
            identity_address = self.identity_address

        identity_document_number: None | str | Unset
        if isinstance(self.identity_document_number, Unset):
            identity_document_number = UNSET
        else:
            identity_document_number = self.identity_document_number

        identity_document_expiry: None | str | Unset
        if isinstance(self.identity_document_expiry, Unset):
            identity_document_expiry = UNSET
        else:
            identity_document_expiry = self.identity_document_expiry

        identity_document_issued_country: None | str | Unset
        if isinstance(self.identity_document_issued_country, Unset):
            identity_document_issued_country = UNSET
        else:
            identity_document_issued_country = self.identity_document_issued_country

        identity_selfie_verified = self.identity_selfie_verified

        identity_device_vpn_detected = self.identity_device_vpn_detected

        identity_review_pending = self.identity_review_pending

        delegated_to: None | str | Unset
        if isinstance(self.delegated_to, Unset):
            delegated_to = UNSET
        elif isinstance(self.delegated_to, UUID):
            delegated_to = str(self.delegated_to)
        else:
            delegated_to = self.delegated_to

        delegated_from: None | str | Unset
        if isinstance(self.delegated_from, Unset):
            delegated_from = UNSET
        elif isinstance(self.delegated_from, UUID):
            delegated_from = str(self.delegated_from)
        else:
            delegated_from = self.delegated_from

        delegated_at: None | str | Unset
        if isinstance(self.delegated_at, Unset):
            delegated_at = UNSET
        elif isinstance(self.delegated_at, datetime.datetime):
            delegated_at = self.delegated_at.isoformat()
        else:
            delegated_at = self.delegated_at

        delegation_reason: None | str | Unset
        if isinstance(self.delegation_reason, Unset):
            delegation_reason = UNSET
        else:
            delegation_reason = self.delegation_reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "email": email,
            "name": name,
            "order": order,
            "status": status,
        })
        if notify_on is not UNSET:
            field_dict["notify_on"] = notify_on
        if notified_at is not UNSET:
            field_dict["notified_at"] = notified_at
        if type_ is not UNSET:
            field_dict["type"] = type_
        if approver_signs is not UNSET:
            field_dict["approver_signs"] = approver_signs
        if assists is not UNSET:
            field_dict["assists"] = assists
        if prepared_at is not UNSET:
            field_dict["prepared_at"] = prepared_at
        if witness_for is not UNSET:
            field_dict["witness_for"] = witness_for
        if witness_mode is not UNSET:
            field_dict["witness_mode"] = witness_mode
        if witnessed_at is not UNSET:
            field_dict["witnessed_at"] = witnessed_at
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
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if approved_at is not UNSET:
            field_dict["approved_at"] = approved_at
        if rejected_at is not UNSET:
            field_dict["rejected_at"] = rejected_at
        if acknowledged_at is not UNSET:
            field_dict["acknowledged_at"] = acknowledged_at
        if signed_at is not UNSET:
            field_dict["signed_at"] = signed_at
        if declined_at is not UNSET:
            field_dict["declined_at"] = declined_at
        if viewed_at is not UNSET:
            field_dict["viewed_at"] = viewed_at
        if email_bounced_at is not UNSET:
            field_dict["email_bounced_at"] = email_bounced_at
        if email_failed_at is not UNSET:
            field_dict["email_failed_at"] = email_failed_at
        if delivery is not UNSET:
            field_dict["delivery"] = delivery
        if sms_failed_at is not UNSET:
            field_dict["sms_failed_at"] = sms_failed_at
        if signing_url is not UNSET:
            field_dict["signing_url"] = signing_url
        if decline_reason is not UNSET:
            field_dict["decline_reason"] = decline_reason
        if identity_verified is not UNSET:
            field_dict["identity_verified"] = identity_verified
        if identity_verified_at is not UNSET:
            field_dict["identity_verified_at"] = identity_verified_at
        if identity_verified_name is not UNSET:
            field_dict["identity_verified_name"] = identity_verified_name
        if identity_name_match_score is not UNSET:
            field_dict["identity_name_match_score"] = identity_name_match_score
        if identity_name_match_status is not UNSET:
            field_dict["identity_name_match_status"] = identity_name_match_status
        if identity_document_type is not UNSET:
            field_dict["identity_document_type"] = identity_document_type
        if identity_dob is not UNSET:
            field_dict["identity_dob"] = identity_dob
        if identity_address is not UNSET:
            field_dict["identity_address"] = identity_address
        if identity_document_number is not UNSET:
            field_dict["identity_document_number"] = identity_document_number
        if identity_document_expiry is not UNSET:
            field_dict["identity_document_expiry"] = identity_document_expiry
        if identity_document_issued_country is not UNSET:
            field_dict["identity_document_issued_country"] = identity_document_issued_country
        if identity_selfie_verified is not UNSET:
            field_dict["identity_selfie_verified"] = identity_selfie_verified
        if identity_device_vpn_detected is not UNSET:
            field_dict["identity_device_vpn_detected"] = identity_device_vpn_detected
        if identity_review_pending is not UNSET:
            field_dict["identity_review_pending"] = identity_review_pending
        if delegated_to is not UNSET:
            field_dict["delegated_to"] = delegated_to
        if delegated_from is not UNSET:
            field_dict["delegated_from"] = delegated_from
        if delegated_at is not UNSET:
            field_dict["delegated_at"] = delegated_at
        if delegation_reason is not UNSET:
            field_dict["delegation_reason"] = delegation_reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.signer_metadata import SignerMetadata # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        email = d.pop("email")

        name = d.pop("name")

        order = d.pop("order")

        status = d.pop("status")

        def _parse_notify_on(data: object) -> None | SignerNotifyOnType1 | SignerNotifyOnType2Type1 | SignerNotifyOnType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                notify_on_type_1 = SignerNotifyOnType1(data)



                return notify_on_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                notify_on_type_2_type_1 = SignerNotifyOnType2Type1(data)



                return notify_on_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                notify_on_type_3_type_1 = SignerNotifyOnType3Type1(data)



                return notify_on_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignerNotifyOnType1 | SignerNotifyOnType2Type1 | SignerNotifyOnType3Type1 | Unset, data)

        notify_on = _parse_notify_on(d.pop("notify_on", UNSET))


        def _parse_notified_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                notified_at_type_0 = datetime.datetime.fromisoformat(data)



                return notified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        notified_at = _parse_notified_at(d.pop("notified_at", UNSET))


        _type_ = d.pop("type", UNSET)
        type_: SignerType | Unset
        if isinstance(_type_,  Unset):
            type_ = UNSET
        else:
            type_ = SignerType(_type_)




        approver_signs = d.pop("approver_signs", UNSET)

        assists = cast(list[str], d.pop("assists", UNSET))


        def _parse_prepared_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                prepared_at_type_0 = datetime.datetime.fromisoformat(data)



                return prepared_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        prepared_at = _parse_prepared_at(d.pop("prepared_at", UNSET))


        def _parse_witness_for(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        witness_for = _parse_witness_for(d.pop("witness_for", UNSET))


        def _parse_witness_mode(data: object) -> None | SignerWitnessModeType1 | SignerWitnessModeType2Type1 | SignerWitnessModeType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                witness_mode_type_1 = SignerWitnessModeType1(data)



                return witness_mode_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                witness_mode_type_2_type_1 = SignerWitnessModeType2Type1(data)



                return witness_mode_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                witness_mode_type_3_type_1 = SignerWitnessModeType3Type1(data)



                return witness_mode_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SignerWitnessModeType1 | SignerWitnessModeType2Type1 | SignerWitnessModeType3Type1 | Unset, data)

        witness_mode = _parse_witness_mode(d.pop("witness_mode", UNSET))


        def _parse_witnessed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                witnessed_at_type_0 = datetime.datetime.fromisoformat(data)



                return witnessed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        witnessed_at = _parse_witnessed_at(d.pop("witnessed_at", UNSET))


        _metadata = d.pop("metadata", UNSET)
        metadata: SignerMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SignerMetadata.from_dict(_metadata)




        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        def _parse_redirect_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        redirect_url = _parse_redirect_url(d.pop("redirect_url", UNSET))


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


        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))


        def _parse_approved_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                approved_at_type_0 = datetime.datetime.fromisoformat(data)



                return approved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        approved_at = _parse_approved_at(d.pop("approved_at", UNSET))


        def _parse_rejected_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rejected_at_type_0 = datetime.datetime.fromisoformat(data)



                return rejected_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        rejected_at = _parse_rejected_at(d.pop("rejected_at", UNSET))


        def _parse_acknowledged_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                acknowledged_at_type_0 = datetime.datetime.fromisoformat(data)



                return acknowledged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        acknowledged_at = _parse_acknowledged_at(d.pop("acknowledged_at", UNSET))


        def _parse_signed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                signed_at_type_0 = datetime.datetime.fromisoformat(data)



                return signed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        signed_at = _parse_signed_at(d.pop("signed_at", UNSET))


        def _parse_declined_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                declined_at_type_0 = datetime.datetime.fromisoformat(data)



                return declined_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        declined_at = _parse_declined_at(d.pop("declined_at", UNSET))


        def _parse_viewed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                viewed_at_type_0 = datetime.datetime.fromisoformat(data)



                return viewed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        viewed_at = _parse_viewed_at(d.pop("viewed_at", UNSET))


        def _parse_email_bounced_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_bounced_at_type_0 = datetime.datetime.fromisoformat(data)



                return email_bounced_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        email_bounced_at = _parse_email_bounced_at(d.pop("email_bounced_at", UNSET))


        def _parse_email_failed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_failed_at_type_0 = datetime.datetime.fromisoformat(data)



                return email_failed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        email_failed_at = _parse_email_failed_at(d.pop("email_failed_at", UNSET))


        delivery = d.pop("delivery", UNSET)

        def _parse_sms_failed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sms_failed_at_type_0 = datetime.datetime.fromisoformat(data)



                return sms_failed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        sms_failed_at = _parse_sms_failed_at(d.pop("sms_failed_at", UNSET))


        def _parse_signing_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        signing_url = _parse_signing_url(d.pop("signing_url", UNSET))


        def _parse_decline_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        decline_reason = _parse_decline_reason(d.pop("decline_reason", UNSET))


        identity_verified = d.pop("identity_verified", UNSET)

        def _parse_identity_verified_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                identity_verified_at_type_0 = datetime.datetime.fromisoformat(data)



                return identity_verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        identity_verified_at = _parse_identity_verified_at(d.pop("identity_verified_at", UNSET))


        def _parse_identity_verified_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_verified_name = _parse_identity_verified_name(d.pop("identity_verified_name", UNSET))


        def _parse_identity_name_match_score(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        identity_name_match_score = _parse_identity_name_match_score(d.pop("identity_name_match_score", UNSET))


        def _parse_identity_name_match_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_name_match_status = _parse_identity_name_match_status(d.pop("identity_name_match_status", UNSET))


        def _parse_identity_document_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_document_type = _parse_identity_document_type(d.pop("identity_document_type", UNSET))


        def _parse_identity_dob(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_dob = _parse_identity_dob(d.pop("identity_dob", UNSET))


        def _parse_identity_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_address = _parse_identity_address(d.pop("identity_address", UNSET))


        def _parse_identity_document_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_document_number = _parse_identity_document_number(d.pop("identity_document_number", UNSET))


        def _parse_identity_document_expiry(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_document_expiry = _parse_identity_document_expiry(d.pop("identity_document_expiry", UNSET))


        def _parse_identity_document_issued_country(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_document_issued_country = _parse_identity_document_issued_country(d.pop("identity_document_issued_country", UNSET))


        identity_selfie_verified = d.pop("identity_selfie_verified", UNSET)

        identity_device_vpn_detected = d.pop("identity_device_vpn_detected", UNSET)

        identity_review_pending = d.pop("identity_review_pending", UNSET)

        def _parse_delegated_to(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delegated_to_type_0 = UUID(data)



                return delegated_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        delegated_to = _parse_delegated_to(d.pop("delegated_to", UNSET))


        def _parse_delegated_from(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delegated_from_type_0 = UUID(data)



                return delegated_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        delegated_from = _parse_delegated_from(d.pop("delegated_from", UNSET))


        def _parse_delegated_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delegated_at_type_0 = datetime.datetime.fromisoformat(data)



                return delegated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        delegated_at = _parse_delegated_at(d.pop("delegated_at", UNSET))


        def _parse_delegation_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delegation_reason = _parse_delegation_reason(d.pop("delegation_reason", UNSET))


        signer = cls(
            id=id,
            email=email,
            name=name,
            order=order,
            status=status,
            notify_on=notify_on,
            notified_at=notified_at,
            type_=type_,
            approver_signs=approver_signs,
            assists=assists,
            prepared_at=prepared_at,
            witness_for=witness_for,
            witness_mode=witness_mode,
            witnessed_at=witnessed_at,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            phone=phone,
            locale=locale,
            display_name=display_name,
            approved_at=approved_at,
            rejected_at=rejected_at,
            acknowledged_at=acknowledged_at,
            signed_at=signed_at,
            declined_at=declined_at,
            viewed_at=viewed_at,
            email_bounced_at=email_bounced_at,
            email_failed_at=email_failed_at,
            delivery=delivery,
            sms_failed_at=sms_failed_at,
            signing_url=signing_url,
            decline_reason=decline_reason,
            identity_verified=identity_verified,
            identity_verified_at=identity_verified_at,
            identity_verified_name=identity_verified_name,
            identity_name_match_score=identity_name_match_score,
            identity_name_match_status=identity_name_match_status,
            identity_document_type=identity_document_type,
            identity_dob=identity_dob,
            identity_address=identity_address,
            identity_document_number=identity_document_number,
            identity_document_expiry=identity_document_expiry,
            identity_document_issued_country=identity_document_issued_country,
            identity_selfie_verified=identity_selfie_verified,
            identity_device_vpn_detected=identity_device_vpn_detected,
            identity_review_pending=identity_review_pending,
            delegated_to=delegated_to,
            delegated_from=delegated_from,
            delegated_at=delegated_at,
            delegation_reason=delegation_reason,
        )


        signer.additional_properties = d
        return signer

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

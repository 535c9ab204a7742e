from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signing_request_update_signing_order import SigningRequestUpdateSigningOrder
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cc_recipient import CcRecipient
  from ..models.signer_edit import SignerEdit
  from ..models.signing_request_update_metadata import SigningRequestUpdateMetadata





T = TypeVar("T", bound="SigningRequestUpdate")



@_attrs_define
class SigningRequestUpdate:
    """ 
        Attributes:
            message (None | str | Unset):
            email_subject (None | str | Unset):
            signing_order (SigningRequestUpdateSigningOrder | Unset): parallel or sequential; without `signers`, every
                signer keeps their order
            expires_in_days (int | Unset): 1 to 90: the request expires this many days from now
            reminder_days (int | None | Unset):
            cc_emails (list[CcRecipient] | Unset):
            metadata (SigningRequestUpdateMetadata | Unset): the request's whole new metadata, as on create (`{}` removes
                it)
            external_id (None | str | Unset): as on create; null removes it
            redirect_url (None | str | Unset): as on create; null removes it
            signers (list[SignerEdit] | Unset): the draft's whole new list of signers, in order (1 to 100, emails unique):
                an entry with the `id` of an existing signer keeps and changes that signer, an entry without `id` adds one, and
                an existing signer left out is removed together with their fields. Orders as on create (a sequential request's
                entry without `order` takes its place in the list). A signer who has already signed (a reactivated request) can
                be neither changed nor removed (409)
     """

    message: None | str | Unset = UNSET
    email_subject: None | str | Unset = UNSET
    signing_order: SigningRequestUpdateSigningOrder | Unset = UNSET
    expires_in_days: int | Unset = UNSET
    reminder_days: int | None | Unset = UNSET
    cc_emails: list[CcRecipient] | Unset = UNSET
    metadata: SigningRequestUpdateMetadata | Unset = UNSET
    external_id: None | str | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    signers: list[SignerEdit] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.signer_edit import SignerEdit # noqa: PLC0415
        from ..models.signing_request_update_metadata import SigningRequestUpdateMetadata # noqa: PLC0415
        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        email_subject: None | str | Unset
        if isinstance(self.email_subject, Unset):
            email_subject = UNSET
        else:
            email_subject = self.email_subject

        signing_order: str | Unset = UNSET
        if not isinstance(self.signing_order, Unset):
            signing_order = self.signing_order.value


        expires_in_days = self.expires_in_days

        reminder_days: int | None | Unset
        if isinstance(self.reminder_days, Unset):
            reminder_days = UNSET
        else:
            reminder_days = self.reminder_days

        cc_emails: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cc_emails, Unset):
            cc_emails = []
            for cc_emails_item_data in self.cc_emails:
                cc_emails_item = cc_emails_item_data.to_dict()
                cc_emails.append(cc_emails_item)



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

        signers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.signers, Unset):
            signers = []
            for signers_item_data in self.signers:
                signers_item = signers_item_data.to_dict()
                signers.append(signers_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if message is not UNSET:
            field_dict["message"] = message
        if email_subject is not UNSET:
            field_dict["email_subject"] = email_subject
        if signing_order is not UNSET:
            field_dict["signing_order"] = signing_order
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if reminder_days is not UNSET:
            field_dict["reminder_days"] = reminder_days
        if cc_emails is not UNSET:
            field_dict["cc_emails"] = cc_emails
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if signers is not UNSET:
            field_dict["signers"] = signers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.signer_edit import SignerEdit # noqa: PLC0415
        from ..models.signing_request_update_metadata import SigningRequestUpdateMetadata # noqa: PLC0415
        d = dict(src_dict)
        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_email_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_subject = _parse_email_subject(d.pop("email_subject", UNSET))


        _signing_order = d.pop("signing_order", UNSET)
        signing_order: SigningRequestUpdateSigningOrder | Unset
        if isinstance(_signing_order,  Unset):
            signing_order = UNSET
        else:
            signing_order = SigningRequestUpdateSigningOrder(_signing_order)




        expires_in_days = d.pop("expires_in_days", UNSET)

        def _parse_reminder_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_days = _parse_reminder_days(d.pop("reminder_days", UNSET))


        _cc_emails = d.pop("cc_emails", UNSET)
        cc_emails: list[CcRecipient] | Unset = UNSET
        if _cc_emails is not UNSET:
            cc_emails = []
            for cc_emails_item_data in _cc_emails:
                cc_emails_item = CcRecipient.from_dict(cc_emails_item_data)



                cc_emails.append(cc_emails_item)


        _metadata = d.pop("metadata", UNSET)
        metadata: SigningRequestUpdateMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SigningRequestUpdateMetadata.from_dict(_metadata)




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


        _signers = d.pop("signers", UNSET)
        signers: list[SignerEdit] | Unset = UNSET
        if _signers is not UNSET:
            signers = []
            for signers_item_data in _signers:
                signers_item = SignerEdit.from_dict(signers_item_data)



                signers.append(signers_item)


        signing_request_update = cls(
            message=message,
            email_subject=email_subject,
            signing_order=signing_order,
            expires_in_days=expires_in_days,
            reminder_days=reminder_days,
            cc_emails=cc_emails,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            signers=signers,
        )

        return signing_request_update


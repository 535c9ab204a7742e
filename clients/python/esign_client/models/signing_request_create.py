from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.signing_request_create_signing_level import SigningRequestCreateSigningLevel
from ..models.signing_request_create_signing_order import SigningRequestCreateSigningOrder
from ..types import UNSET, Unset
from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.cc_recipient import CcRecipient
  from ..models.create_body_field import CreateBodyField
  from ..models.signer_input import SignerInput
  from ..models.signing_request_create_metadata import SigningRequestCreateMetadata





T = TypeVar("T", bound="SigningRequestCreate")



@_attrs_define
class SigningRequestCreate:
    """ 
        Attributes:
            signers (list[SignerInput]): 1 to 100 signers; emails unique within the request
            metadata (SigningRequestCreateMetadata | Unset): extension: the sender's own data, never shown to signers: at
                most 50 keys of 1 to 40 characters of `A-Z a-z 0-9 _ . -`, each value a string of at most 500 characters (no
                control or bidirectional control characters); a request's and its signers' metadata together at most 256 KiB
                (UTF-8). Returned in every answer and webhook that shows the request (or the signer)
            external_id (str | Unset): extension: the sender's own identifier, 1 to 255 characters on one line (no control
                or bidirectional control characters); not unique. Returned in every answer and webhook that shows the request
                (or the signer)
            redirect_url (str | Unset): extension: where the signing page sends the signer after they sign or decline, with
                `event=signed` or `event=declined` added to the query: an `https` URL, or an `http` or `https` URL of one of the
                organisation's registered embed origins (e.g. `http://localhost:3000`); at most 2000 characters. Otherwise 422
                naming the field. A signer's own `redirect_url` wins over the request's
            phone_verification_required (bool | Unset):  Default: False.
            identity_verification_required (bool | Unset):  Default: False.
            signing_level (SigningRequestCreateSigningLevel | Unset):  Default: SigningRequestCreateSigningLevel.SES.
            email_subject (None | str | Unset):
            reminder_days (int | None | Unset):
            separate_stamp_page (bool | Unset):  Default: False.
            document_id (UUID | Unset): from the upload; required unless `document_ids` is given
            document_ids (list[UUID] | Unset): extension: an envelope, 1 to 10 uploaded documents in order, instead of
                `document_id` (giving both is a 422). Together at most 2,000 pages and `[limits] max_upload_mb`
                (docs/envelopes.md)
            message (None | str | Unset):
            signing_order (SigningRequestCreateSigningOrder | Unset):  Default: SigningRequestCreateSigningOrder.PARALLEL.
            expires_in_days (int | Unset):  Default: 7.
            auto_send (bool | Unset):  Default: False.
            cc_emails (list[CcRecipient] | Unset):
            allow_delegation (bool | Unset): extension: signers may hand their place to another person (`POST
                /sign/{token}/api/delegate`, at most `[signing] max_delegations` times in a row per place) Default: False.
            fields_from_text_tags (bool | Unset): extension: one field per text tag of the document
                (`{{type;signer=N;...}}`, listed by `GET /v1/documents/{id}`; `signer=N` is the N-th entry of `signers`),
                besides `fields`. A malformed tag, or one naming a signer that is not there, is a 422 naming the tag and its
                page (docs/placement.md) Default: False.
            fields (list[CreateBodyField] | Unset): 0 to 5000 fields (signature field create shape with `signer_email`
                instead of `signer_id`)
     """

    signers: list[SignerInput]
    metadata: SigningRequestCreateMetadata | Unset = UNSET
    external_id: str | Unset = UNSET
    redirect_url: str | Unset = UNSET
    phone_verification_required: bool | Unset = False
    identity_verification_required: bool | Unset = False
    signing_level: SigningRequestCreateSigningLevel | Unset = SigningRequestCreateSigningLevel.SES
    email_subject: None | str | Unset = UNSET
    reminder_days: int | None | Unset = UNSET
    separate_stamp_page: bool | Unset = False
    document_id: UUID | Unset = UNSET
    document_ids: list[UUID] | Unset = UNSET
    message: None | str | Unset = UNSET
    signing_order: SigningRequestCreateSigningOrder | Unset = SigningRequestCreateSigningOrder.PARALLEL
    expires_in_days: int | Unset = 7
    auto_send: bool | Unset = False
    cc_emails: list[CcRecipient] | Unset = UNSET
    allow_delegation: bool | Unset = False
    fields_from_text_tags: bool | Unset = False
    fields: list[CreateBodyField] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.create_body_field import CreateBodyField # noqa: PLC0415
        from ..models.signer_input import SignerInput # noqa: PLC0415
        from ..models.signing_request_create_metadata import SigningRequestCreateMetadata # noqa: PLC0415
        signers = []
        for signers_item_data in self.signers:
            signers_item = signers_item_data.to_dict()
            signers.append(signers_item)



        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        external_id = self.external_id

        redirect_url = self.redirect_url

        phone_verification_required = self.phone_verification_required

        identity_verification_required = self.identity_verification_required

        signing_level: str | Unset = UNSET
        if not isinstance(self.signing_level, Unset):
            signing_level = self.signing_level.value


        email_subject: None | str | Unset
        if isinstance(self.email_subject, Unset):
            email_subject = UNSET
        else:
            email_subject = self.email_subject

        reminder_days: int | None | Unset
        if isinstance(self.reminder_days, Unset):
            reminder_days = UNSET
        else:
            reminder_days = self.reminder_days

        separate_stamp_page = self.separate_stamp_page

        document_id: str | Unset = UNSET
        if not isinstance(self.document_id, Unset):
            document_id = str(self.document_id)

        document_ids: list[str] | Unset = UNSET
        if not isinstance(self.document_ids, Unset):
            document_ids = []
            for document_ids_item_data in self.document_ids:
                document_ids_item = str(document_ids_item_data)
                document_ids.append(document_ids_item)



        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        signing_order: str | Unset = UNSET
        if not isinstance(self.signing_order, Unset):
            signing_order = self.signing_order.value


        expires_in_days = self.expires_in_days

        auto_send = self.auto_send

        cc_emails: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cc_emails, Unset):
            cc_emails = []
            for cc_emails_item_data in self.cc_emails:
                cc_emails_item = cc_emails_item_data.to_dict()
                cc_emails.append(cc_emails_item)



        allow_delegation = self.allow_delegation

        fields_from_text_tags = self.fields_from_text_tags

        fields: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.to_dict()
                fields.append(fields_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "signers": signers,
        })
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if phone_verification_required is not UNSET:
            field_dict["phone_verification_required"] = phone_verification_required
        if identity_verification_required is not UNSET:
            field_dict["identity_verification_required"] = identity_verification_required
        if signing_level is not UNSET:
            field_dict["signing_level"] = signing_level
        if email_subject is not UNSET:
            field_dict["email_subject"] = email_subject
        if reminder_days is not UNSET:
            field_dict["reminder_days"] = reminder_days
        if separate_stamp_page is not UNSET:
            field_dict["separate_stamp_page"] = separate_stamp_page
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if document_ids is not UNSET:
            field_dict["document_ids"] = document_ids
        if message is not UNSET:
            field_dict["message"] = message
        if signing_order is not UNSET:
            field_dict["signing_order"] = signing_order
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if auto_send is not UNSET:
            field_dict["auto_send"] = auto_send
        if cc_emails is not UNSET:
            field_dict["cc_emails"] = cc_emails
        if allow_delegation is not UNSET:
            field_dict["allow_delegation"] = allow_delegation
        if fields_from_text_tags is not UNSET:
            field_dict["fields_from_text_tags"] = fields_from_text_tags
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cc_recipient import CcRecipient # noqa: PLC0415
        from ..models.create_body_field import CreateBodyField # noqa: PLC0415
        from ..models.signer_input import SignerInput # noqa: PLC0415
        from ..models.signing_request_create_metadata import SigningRequestCreateMetadata # noqa: PLC0415
        d = dict(src_dict)
        signers = []
        _signers = d.pop("signers")
        for signers_item_data in (_signers):
            signers_item = SignerInput.from_dict(signers_item_data)



            signers.append(signers_item)


        _metadata = d.pop("metadata", UNSET)
        metadata: SigningRequestCreateMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SigningRequestCreateMetadata.from_dict(_metadata)




        external_id = d.pop("external_id", UNSET)

        redirect_url = d.pop("redirect_url", UNSET)

        phone_verification_required = d.pop("phone_verification_required", UNSET)

        identity_verification_required = d.pop("identity_verification_required", UNSET)

        _signing_level = d.pop("signing_level", UNSET)
        signing_level: SigningRequestCreateSigningLevel | Unset
        if isinstance(_signing_level,  Unset):
            signing_level = UNSET
        else:
            signing_level = SigningRequestCreateSigningLevel(_signing_level)




        def _parse_email_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_subject = _parse_email_subject(d.pop("email_subject", UNSET))


        def _parse_reminder_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_days = _parse_reminder_days(d.pop("reminder_days", UNSET))


        separate_stamp_page = d.pop("separate_stamp_page", UNSET)

        _document_id = d.pop("document_id", UNSET)
        document_id: UUID | Unset
        if isinstance(_document_id,  Unset):
            document_id = UNSET
        else:
            document_id = UUID(_document_id)




        _document_ids = d.pop("document_ids", UNSET)
        document_ids: list[UUID] | Unset = UNSET
        if _document_ids is not UNSET:
            document_ids = []
            for document_ids_item_data in _document_ids:
                document_ids_item = UUID(document_ids_item_data)



                document_ids.append(document_ids_item)


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        _signing_order = d.pop("signing_order", UNSET)
        signing_order: SigningRequestCreateSigningOrder | Unset
        if isinstance(_signing_order,  Unset):
            signing_order = UNSET
        else:
            signing_order = SigningRequestCreateSigningOrder(_signing_order)




        expires_in_days = d.pop("expires_in_days", UNSET)

        auto_send = d.pop("auto_send", UNSET)

        _cc_emails = d.pop("cc_emails", UNSET)
        cc_emails: list[CcRecipient] | Unset = UNSET
        if _cc_emails is not UNSET:
            cc_emails = []
            for cc_emails_item_data in _cc_emails:
                cc_emails_item = CcRecipient.from_dict(cc_emails_item_data)



                cc_emails.append(cc_emails_item)


        allow_delegation = d.pop("allow_delegation", UNSET)

        fields_from_text_tags = d.pop("fields_from_text_tags", UNSET)

        _fields = d.pop("fields", UNSET)
        fields: list[CreateBodyField] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = CreateBodyField.from_dict(fields_item_data)



                fields.append(fields_item)


        signing_request_create = cls(
            signers=signers,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            phone_verification_required=phone_verification_required,
            identity_verification_required=identity_verification_required,
            signing_level=signing_level,
            email_subject=email_subject,
            reminder_days=reminder_days,
            separate_stamp_page=separate_stamp_page,
            document_id=document_id,
            document_ids=document_ids,
            message=message,
            signing_order=signing_order,
            expires_in_days=expires_in_days,
            auto_send=auto_send,
            cc_emails=cc_emails,
            allow_delegation=allow_delegation,
            fields_from_text_tags=fields_from_text_tags,
            fields=fields,
        )

        return signing_request_create


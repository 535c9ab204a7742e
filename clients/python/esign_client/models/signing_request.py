from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.cancellation import Cancellation
  from ..models.cc_out import CcOut
  from ..models.envelope_document import EnvelopeDocument
  from ..models.field_value import FieldValue
  from ..models.held_by import HeldBy
  from ..models.progress import Progress
  from ..models.purge_state import PurgeState
  from ..models.send_warning import SendWarning
  from ..models.signer import Signer
  from ..models.signing_request_cancellation_type_1_type_0 import SigningRequestCancellationType1Type0
  from ..models.signing_request_metadata import SigningRequestMetadata
  from ..models.signing_request_purge_type_1_type_0 import SigningRequestPurgeType1Type0
  from ..models.signing_request_tombstone_type_1_type_0 import SigningRequestTombstoneType1Type0
  from ..models.tombstone import Tombstone





T = TypeVar("T", bound="SigningRequest")



@_attrs_define
class SigningRequest:
    """ 
        Attributes:
            id (UUID):
            document_id (UUID): the first document of `documents`
            document_name (str):
            status (str): draft, pending, completed, cancelled, expired
            signing_order (str):
            expires_at (datetime.datetime):
            created_at (datetime.datetime):
            participants_progress (Progress):
            cancellation (Cancellation | None | SigningRequestCancellationType1Type0 | Unset): extension: a cancelled
                request's `{kind, reason, by, at}`, as `signing_request.cancelled` carries it (docs/roles.md); null otherwise
            metadata (SigningRequestMetadata | Unset): extension: as given on create (an empty object when none was)
            external_id (None | str | Unset): extension: as given on create, else null
            redirect_url (None | str | Unset): extension: as given on create, else null
            documents (list[EnvelopeDocument] | Unset): extension: every document of the envelope, in order (one for a
                request made with `document_id`)
            message (None | str | Unset):
            completed_at (datetime.datetime | None | Unset):
            verification_id (None | str | Unset): extension: a completed request's public verification id (80 random bits in
                Crockford's base32, grouped: `K7QF-3M2P-X9TR-4WZ8`); anyone holding it may open `/v/{verification_id}`, which
                the certificate of completion prints with a QR code (docs/signing.md); null before completion Example:
                K7QF-3M2P-X9TR-4WZ8.
            signers (list[Signer] | Unset):
            sandbox (bool | Unset):
            field_values (list[FieldValue] | None | Unset):
            self_sign_url (None | str | Unset): the signing link of a signer whose email is the API key owner's email, while
                it is their turn
            identity_verification_required (bool | Unset):
            phone_verification_required (bool | Unset):
            identity_payment_status (None | str | Unset): null, pending, charged, waived
            signed_pdf_available (bool | Unset):
            signed_pdf_status (str | Unset): none, processing, ready, failed
            signing_level (str | Unset):
            pades_signed_at (datetime.datetime | None | Unset):
            separate_stamp_page (bool | Unset):
            stamp_pdf_available (bool | Unset):
            email_subject (None | str | Unset):
            cc_emails (list[CcOut] | Unset):
            reminder_days (int | None | Unset):
            warnings (list[SendWarning] | Unset): Extension: only in the answer of the call that sent the request (send, or
                create and template send with `auto_send`), always there then (empty when all is well). Sending is not refused
                for them. `signer_without_fields`: a signer has no field; they still sign (an adopted signature, drawn on a
                signatures page at the end of the signed PDF)
            allow_delegation (bool | Unset):
            purge (None | PurgeState | SigningRequestPurgeType1Type0 | Unset): extension: the purge begun or done
            purged_at (datetime.datetime | None | Unset): extension: when it was purged
            tombstone (None | SigningRequestTombstoneType1Type0 | Tombstone | Unset): extension: what a purge keeps
            retention_purge_at (datetime.datetime | None | Unset): extension: when the retention policy purges it
                (`retention_rule` says by which rule)
            retention_rule (None | str | Unset):
            revoked_at (datetime.datetime | None | Unset): extension: when its sender revoked it (`POST .../revoke`): its
                public verification page says `revoked_by_sender` (docs/signing.md)
            revocation_reason (None | str | Unset): extension: the reason its sender gave for revoking it (removed by a
                `purge_all`)
            legal_holds (list[HeldBy] | Unset): extension, in GET of one request only, when any: the active legal holds that
                cover it
     """

    id: UUID
    document_id: UUID
    document_name: str
    status: str
    signing_order: str
    expires_at: datetime.datetime
    created_at: datetime.datetime
    participants_progress: Progress
    cancellation: Cancellation | None | SigningRequestCancellationType1Type0 | Unset = UNSET
    metadata: SigningRequestMetadata | Unset = UNSET
    external_id: None | str | Unset = UNSET
    redirect_url: None | str | Unset = UNSET
    documents: list[EnvelopeDocument] | Unset = UNSET
    message: None | str | Unset = UNSET
    completed_at: datetime.datetime | None | Unset = UNSET
    verification_id: None | str | Unset = UNSET
    signers: list[Signer] | Unset = UNSET
    sandbox: bool | Unset = UNSET
    field_values: list[FieldValue] | None | Unset = UNSET
    self_sign_url: None | str | Unset = UNSET
    identity_verification_required: bool | Unset = UNSET
    phone_verification_required: bool | Unset = UNSET
    identity_payment_status: None | str | Unset = UNSET
    signed_pdf_available: bool | Unset = UNSET
    signed_pdf_status: str | Unset = UNSET
    signing_level: str | Unset = UNSET
    pades_signed_at: datetime.datetime | None | Unset = UNSET
    separate_stamp_page: bool | Unset = UNSET
    stamp_pdf_available: bool | Unset = UNSET
    email_subject: None | str | Unset = UNSET
    cc_emails: list[CcOut] | Unset = UNSET
    reminder_days: int | None | Unset = UNSET
    warnings: list[SendWarning] | Unset = UNSET
    allow_delegation: bool | Unset = UNSET
    purge: None | PurgeState | SigningRequestPurgeType1Type0 | Unset = UNSET
    purged_at: datetime.datetime | None | Unset = UNSET
    tombstone: None | SigningRequestTombstoneType1Type0 | Tombstone | Unset = UNSET
    retention_purge_at: datetime.datetime | None | Unset = UNSET
    retention_rule: None | str | Unset = UNSET
    revoked_at: datetime.datetime | None | Unset = UNSET
    revocation_reason: None | str | Unset = UNSET
    legal_holds: list[HeldBy] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cancellation import Cancellation # noqa: PLC0415
        from ..models.cc_out import CcOut # noqa: PLC0415
        from ..models.envelope_document import EnvelopeDocument # noqa: PLC0415
        from ..models.field_value import FieldValue # noqa: PLC0415
        from ..models.held_by import HeldBy # noqa: PLC0415
        from ..models.progress import Progress # noqa: PLC0415
        from ..models.purge_state import PurgeState # noqa: PLC0415
        from ..models.send_warning import SendWarning # noqa: PLC0415
        from ..models.signer import Signer # noqa: PLC0415
        from ..models.signing_request_cancellation_type_1_type_0 import SigningRequestCancellationType1Type0 # noqa: PLC0415
        from ..models.signing_request_metadata import SigningRequestMetadata # noqa: PLC0415
        from ..models.signing_request_purge_type_1_type_0 import SigningRequestPurgeType1Type0 # noqa: PLC0415
        from ..models.signing_request_tombstone_type_1_type_0 import SigningRequestTombstoneType1Type0 # noqa: PLC0415
        from ..models.tombstone import Tombstone # noqa: PLC0415
        id = str(self.id)

        document_id = str(self.document_id)

        document_name = self.document_name

        status = self.status

        signing_order = self.signing_order

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        participants_progress = self.participants_progress.to_dict()

        cancellation: dict[str, Any] | None | Unset
        if isinstance(self.cancellation, Unset):
            cancellation = UNSET
        elif isinstance(self.cancellation, Cancellation):
            cancellation = self.cancellation.to_dict()
        elif isinstance(self.cancellation, SigningRequestCancellationType1Type0):
            cancellation = self.cancellation.to_dict()
        else:
            cancellation = self.cancellation

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

        documents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documents, Unset):
            documents = []
            for documents_item_data in self.documents:
                documents_item = documents_item_data.to_dict()
                documents.append(documents_item)



        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        elif isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        verification_id: None | str | Unset
        if isinstance(self.verification_id, Unset):
            verification_id = UNSET
        else:
            verification_id = self.verification_id

        signers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.signers, Unset):
            signers = []
            for signers_item_data in self.signers:
                signers_item = signers_item_data.to_dict()
                signers.append(signers_item)



        sandbox = self.sandbox

        field_values: list[dict[str, Any]] | None | Unset
        if isinstance(self.field_values, Unset):
            field_values = UNSET
        elif isinstance(self.field_values, list):
            field_values = []
            for field_values_type_0_item_data in self.field_values:
                field_values_type_0_item = field_values_type_0_item_data.to_dict()
                field_values.append(field_values_type_0_item)


        else:
            field_values = self.field_values

        self_sign_url: None | str | Unset
        if isinstance(self.self_sign_url, Unset):
            self_sign_url = UNSET
        else:
            self_sign_url = self.self_sign_url

        identity_verification_required = self.identity_verification_required

        phone_verification_required = self.phone_verification_required

        identity_payment_status: None | str | Unset
        if isinstance(self.identity_payment_status, Unset):
            identity_payment_status = UNSET
        else:
            identity_payment_status = self.identity_payment_status

        signed_pdf_available = self.signed_pdf_available

        signed_pdf_status = self.signed_pdf_status

        signing_level = self.signing_level

        pades_signed_at: None | str | Unset
        if isinstance(self.pades_signed_at, Unset):
            pades_signed_at = UNSET
        elif isinstance(self.pades_signed_at, datetime.datetime):
            pades_signed_at = self.pades_signed_at.isoformat()
        else:
            pades_signed_at = self.pades_signed_at

        separate_stamp_page = self.separate_stamp_page

        stamp_pdf_available = self.stamp_pdf_available

        email_subject: None | str | Unset
        if isinstance(self.email_subject, Unset):
            email_subject = UNSET
        else:
            email_subject = self.email_subject

        cc_emails: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cc_emails, Unset):
            cc_emails = []
            for cc_emails_item_data in self.cc_emails:
                cc_emails_item = cc_emails_item_data.to_dict()
                cc_emails.append(cc_emails_item)



        reminder_days: int | None | Unset
        if isinstance(self.reminder_days, Unset):
            reminder_days = UNSET
        else:
            reminder_days = self.reminder_days

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)



        allow_delegation = self.allow_delegation

        purge: dict[str, Any] | None | Unset
        if isinstance(self.purge, Unset):
            purge = UNSET
        elif isinstance(self.purge, PurgeState):
            purge = self.purge.to_dict()
        elif isinstance(self.purge, SigningRequestPurgeType1Type0):
            purge = self.purge.to_dict()
        else:
            purge = self.purge

        purged_at: None | str | Unset
        if isinstance(self.purged_at, Unset):
            purged_at = UNSET
        elif isinstance(self.purged_at, datetime.datetime):
            purged_at = self.purged_at.isoformat()
        else:
            purged_at = self.purged_at

        tombstone: dict[str, Any] | None | Unset
        if isinstance(self.tombstone, Unset):
            tombstone = UNSET
        elif isinstance(self.tombstone, Tombstone):
            tombstone = self.tombstone.to_dict()
        elif isinstance(self.tombstone, SigningRequestTombstoneType1Type0):
            tombstone = self.tombstone.to_dict()
        else:
            tombstone = self.tombstone

        retention_purge_at: None | str | Unset
        if isinstance(self.retention_purge_at, Unset):
            retention_purge_at = UNSET
        elif isinstance(self.retention_purge_at, datetime.datetime):
            retention_purge_at = self.retention_purge_at.isoformat()
        else:
            retention_purge_at = self.retention_purge_at

        retention_rule: None | str | Unset
        if isinstance(self.retention_rule, Unset):
            retention_rule = UNSET
        else:
            retention_rule = self.retention_rule

        revoked_at: None | str | Unset
        if isinstance(self.revoked_at, Unset):
            revoked_at = UNSET
        elif isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        revocation_reason: None | str | Unset
        if isinstance(self.revocation_reason, Unset):
            revocation_reason = UNSET
        else:
            revocation_reason = self.revocation_reason

        legal_holds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_holds, Unset):
            legal_holds = []
            for legal_holds_item_data in self.legal_holds:
                legal_holds_item = legal_holds_item_data.to_dict()
                legal_holds.append(legal_holds_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "document_id": document_id,
            "document_name": document_name,
            "status": status,
            "signing_order": signing_order,
            "expires_at": expires_at,
            "created_at": created_at,
            "participants_progress": participants_progress,
        })
        if cancellation is not UNSET:
            field_dict["cancellation"] = cancellation
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if redirect_url is not UNSET:
            field_dict["redirect_url"] = redirect_url
        if documents is not UNSET:
            field_dict["documents"] = documents
        if message is not UNSET:
            field_dict["message"] = message
        if completed_at is not UNSET:
            field_dict["completed_at"] = completed_at
        if verification_id is not UNSET:
            field_dict["verification_id"] = verification_id
        if signers is not UNSET:
            field_dict["signers"] = signers
        if sandbox is not UNSET:
            field_dict["sandbox"] = sandbox
        if field_values is not UNSET:
            field_dict["field_values"] = field_values
        if self_sign_url is not UNSET:
            field_dict["self_sign_url"] = self_sign_url
        if identity_verification_required is not UNSET:
            field_dict["identity_verification_required"] = identity_verification_required
        if phone_verification_required is not UNSET:
            field_dict["phone_verification_required"] = phone_verification_required
        if identity_payment_status is not UNSET:
            field_dict["identity_payment_status"] = identity_payment_status
        if signed_pdf_available is not UNSET:
            field_dict["signed_pdf_available"] = signed_pdf_available
        if signed_pdf_status is not UNSET:
            field_dict["signed_pdf_status"] = signed_pdf_status
        if signing_level is not UNSET:
            field_dict["signing_level"] = signing_level
        if pades_signed_at is not UNSET:
            field_dict["pades_signed_at"] = pades_signed_at
        if separate_stamp_page is not UNSET:
            field_dict["separate_stamp_page"] = separate_stamp_page
        if stamp_pdf_available is not UNSET:
            field_dict["stamp_pdf_available"] = stamp_pdf_available
        if email_subject is not UNSET:
            field_dict["email_subject"] = email_subject
        if cc_emails is not UNSET:
            field_dict["cc_emails"] = cc_emails
        if reminder_days is not UNSET:
            field_dict["reminder_days"] = reminder_days
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if allow_delegation is not UNSET:
            field_dict["allow_delegation"] = allow_delegation
        if purge is not UNSET:
            field_dict["purge"] = purge
        if purged_at is not UNSET:
            field_dict["purged_at"] = purged_at
        if tombstone is not UNSET:
            field_dict["tombstone"] = tombstone
        if retention_purge_at is not UNSET:
            field_dict["retention_purge_at"] = retention_purge_at
        if retention_rule is not UNSET:
            field_dict["retention_rule"] = retention_rule
        if revoked_at is not UNSET:
            field_dict["revoked_at"] = revoked_at
        if revocation_reason is not UNSET:
            field_dict["revocation_reason"] = revocation_reason
        if legal_holds is not UNSET:
            field_dict["legal_holds"] = legal_holds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cancellation import Cancellation # noqa: PLC0415
        from ..models.cc_out import CcOut # noqa: PLC0415
        from ..models.envelope_document import EnvelopeDocument # noqa: PLC0415
        from ..models.field_value import FieldValue # noqa: PLC0415
        from ..models.held_by import HeldBy # noqa: PLC0415
        from ..models.progress import Progress # noqa: PLC0415
        from ..models.purge_state import PurgeState # noqa: PLC0415
        from ..models.send_warning import SendWarning # noqa: PLC0415
        from ..models.signer import Signer # noqa: PLC0415
        from ..models.signing_request_cancellation_type_1_type_0 import SigningRequestCancellationType1Type0 # noqa: PLC0415
        from ..models.signing_request_metadata import SigningRequestMetadata # noqa: PLC0415
        from ..models.signing_request_purge_type_1_type_0 import SigningRequestPurgeType1Type0 # noqa: PLC0415
        from ..models.signing_request_tombstone_type_1_type_0 import SigningRequestTombstoneType1Type0 # noqa: PLC0415
        from ..models.tombstone import Tombstone # noqa: PLC0415
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        document_id = UUID(d.pop("document_id"))




        document_name = d.pop("document_name")

        status = d.pop("status")

        signing_order = d.pop("signing_order")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        participants_progress = Progress.from_dict(d.pop("participants_progress"))




        def _parse_cancellation(data: object) -> Cancellation | None | SigningRequestCancellationType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cancellation_type_0 = Cancellation.from_dict(data)



                return cancellation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cancellation_type_1_type_0 = SigningRequestCancellationType1Type0.from_dict(data)



                return cancellation_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cancellation | None | SigningRequestCancellationType1Type0 | Unset, data)

        cancellation = _parse_cancellation(d.pop("cancellation", UNSET))


        _metadata = d.pop("metadata", UNSET)
        metadata: SigningRequestMetadata | Unset
        if isinstance(_metadata,  Unset):
            metadata = UNSET
        else:
            metadata = SigningRequestMetadata.from_dict(_metadata)




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


        _documents = d.pop("documents", UNSET)
        documents: list[EnvelopeDocument] | Unset = UNSET
        if _documents is not UNSET:
            documents = []
            for documents_item_data in _documents:
                documents_item = EnvelopeDocument.from_dict(documents_item_data)



                documents.append(documents_item)


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_completed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)



                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        completed_at = _parse_completed_at(d.pop("completed_at", UNSET))


        def _parse_verification_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        verification_id = _parse_verification_id(d.pop("verification_id", UNSET))


        _signers = d.pop("signers", UNSET)
        signers: list[Signer] | Unset = UNSET
        if _signers is not UNSET:
            signers = []
            for signers_item_data in _signers:
                signers_item = Signer.from_dict(signers_item_data)



                signers.append(signers_item)


        sandbox = d.pop("sandbox", UNSET)

        def _parse_field_values(data: object) -> list[FieldValue] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                field_values_type_0 = []
                _field_values_type_0 = data
                for field_values_type_0_item_data in (_field_values_type_0):
                    field_values_type_0_item = FieldValue.from_dict(field_values_type_0_item_data)



                    field_values_type_0.append(field_values_type_0_item)

                return field_values_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[FieldValue] | None | Unset, data)

        field_values = _parse_field_values(d.pop("field_values", UNSET))


        def _parse_self_sign_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        self_sign_url = _parse_self_sign_url(d.pop("self_sign_url", UNSET))


        identity_verification_required = d.pop("identity_verification_required", UNSET)

        phone_verification_required = d.pop("phone_verification_required", UNSET)

        def _parse_identity_payment_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        identity_payment_status = _parse_identity_payment_status(d.pop("identity_payment_status", UNSET))


        signed_pdf_available = d.pop("signed_pdf_available", UNSET)

        signed_pdf_status = d.pop("signed_pdf_status", UNSET)

        signing_level = d.pop("signing_level", UNSET)

        def _parse_pades_signed_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pades_signed_at_type_0 = datetime.datetime.fromisoformat(data)



                return pades_signed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        pades_signed_at = _parse_pades_signed_at(d.pop("pades_signed_at", UNSET))


        separate_stamp_page = d.pop("separate_stamp_page", UNSET)

        stamp_pdf_available = d.pop("stamp_pdf_available", UNSET)

        def _parse_email_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_subject = _parse_email_subject(d.pop("email_subject", UNSET))


        _cc_emails = d.pop("cc_emails", UNSET)
        cc_emails: list[CcOut] | Unset = UNSET
        if _cc_emails is not UNSET:
            cc_emails = []
            for cc_emails_item_data in _cc_emails:
                cc_emails_item = CcOut.from_dict(cc_emails_item_data)



                cc_emails.append(cc_emails_item)


        def _parse_reminder_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_days = _parse_reminder_days(d.pop("reminder_days", UNSET))


        _warnings = d.pop("warnings", UNSET)
        warnings: list[SendWarning] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = SendWarning.from_dict(warnings_item_data)



                warnings.append(warnings_item)


        allow_delegation = d.pop("allow_delegation", UNSET)

        def _parse_purge(data: object) -> None | PurgeState | SigningRequestPurgeType1Type0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                purge_type_0 = PurgeState.from_dict(data)



                return purge_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                purge_type_1_type_0 = SigningRequestPurgeType1Type0.from_dict(data)



                return purge_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PurgeState | SigningRequestPurgeType1Type0 | Unset, data)

        purge = _parse_purge(d.pop("purge", UNSET))


        def _parse_purged_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                purged_at_type_0 = datetime.datetime.fromisoformat(data)



                return purged_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        purged_at = _parse_purged_at(d.pop("purged_at", UNSET))


        def _parse_tombstone(data: object) -> None | SigningRequestTombstoneType1Type0 | Tombstone | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tombstone_type_0 = Tombstone.from_dict(data)



                return tombstone_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tombstone_type_1_type_0 = SigningRequestTombstoneType1Type0.from_dict(data)



                return tombstone_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SigningRequestTombstoneType1Type0 | Tombstone | Unset, data)

        tombstone = _parse_tombstone(d.pop("tombstone", UNSET))


        def _parse_retention_purge_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retention_purge_at_type_0 = datetime.datetime.fromisoformat(data)



                return retention_purge_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        retention_purge_at = _parse_retention_purge_at(d.pop("retention_purge_at", UNSET))


        def _parse_retention_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        retention_rule = _parse_retention_rule(d.pop("retention_rule", UNSET))


        def _parse_revoked_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)



                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at", UNSET))


        def _parse_revocation_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revocation_reason = _parse_revocation_reason(d.pop("revocation_reason", UNSET))


        _legal_holds = d.pop("legal_holds", UNSET)
        legal_holds: list[HeldBy] | Unset = UNSET
        if _legal_holds is not UNSET:
            legal_holds = []
            for legal_holds_item_data in _legal_holds:
                legal_holds_item = HeldBy.from_dict(legal_holds_item_data)



                legal_holds.append(legal_holds_item)


        signing_request = cls(
            id=id,
            document_id=document_id,
            document_name=document_name,
            status=status,
            signing_order=signing_order,
            expires_at=expires_at,
            created_at=created_at,
            participants_progress=participants_progress,
            cancellation=cancellation,
            metadata=metadata,
            external_id=external_id,
            redirect_url=redirect_url,
            documents=documents,
            message=message,
            completed_at=completed_at,
            verification_id=verification_id,
            signers=signers,
            sandbox=sandbox,
            field_values=field_values,
            self_sign_url=self_sign_url,
            identity_verification_required=identity_verification_required,
            phone_verification_required=phone_verification_required,
            identity_payment_status=identity_payment_status,
            signed_pdf_available=signed_pdf_available,
            signed_pdf_status=signed_pdf_status,
            signing_level=signing_level,
            pades_signed_at=pades_signed_at,
            separate_stamp_page=separate_stamp_page,
            stamp_pdf_available=stamp_pdf_available,
            email_subject=email_subject,
            cc_emails=cc_emails,
            reminder_days=reminder_days,
            warnings=warnings,
            allow_delegation=allow_delegation,
            purge=purge,
            purged_at=purged_at,
            tombstone=tombstone,
            retention_purge_at=retention_purge_at,
            retention_rule=retention_rule,
            revoked_at=revoked_at,
            revocation_reason=revocation_reason,
            legal_holds=legal_holds,
        )


        signing_request.additional_properties = d
        return signing_request

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

""" Contains all the data models used in inputs/outputs """

from .acting_user import ActingUser
from .anchor import Anchor
from .anchor_if_missing import AnchorIfMissing
from .anchor_occurrence_type_1 import AnchorOccurrenceType1
from .anchor_units import AnchorUnits
from .approve_body import ApproveBody
from .approve_body_values import ApproveBodyValues
from .approved_data import ApprovedData
from .approved_data_metadata import ApprovedDataMetadata
from .attached_file import AttachedFile
from .attached_file_content_type import AttachedFileContentType
from .attachment_read import AttachmentRead
from .authoring_session import AuthoringSession
from .authoring_session_acting_user_type_0_type_0 import AuthoringSessionActingUserType0Type0
from .authoring_session_create import AuthoringSessionCreate
from .authoring_session_create_locked_item import AuthoringSessionCreateLockedItem
from .authoring_session_create_mode import AuthoringSessionCreateMode
from .authoring_session_state import AuthoringSessionState
from .bulk_accepted import BulkAccepted
from .bulk_item import BulkItem
from .bulk_job import BulkJob
from .bulk_send import BulkSend
from .cancel_body import CancelBody
from .cancel_response import CancelResponse
from .cancellation import Cancellation
from .cancellation_by_type_1_type_0 import CancellationByType1Type0
from .cancelled_data import CancelledData
from .cancelled_data_metadata import CancelledDataMetadata
from .capabilities import Capabilities
from .capabilities_field_types_item import CapabilitiesFieldTypesItem
from .capabilities_out import CapabilitiesOut
from .cc_out import CcOut
from .cc_recipient import CcRecipient
from .code_body import CodeBody
from .completed_data import CompletedData
from .completed_data_metadata import CompletedDataMetadata
from .completed_field_value import CompletedFieldValue
from .completed_signer import CompletedSigner
from .contact import Contact
from .contact_create import ContactCreate
from .contact_page import ContactPage
from .create_body_field import CreateBodyField
from .create_body_field_auto_source_type_1 import CreateBodyFieldAutoSourceType1
from .create_body_field_auto_source_type_2_type_1 import CreateBodyFieldAutoSourceType2Type1
from .create_body_field_auto_source_type_3_type_1 import CreateBodyFieldAutoSourceType3Type1
from .create_body_field_field_type import CreateBodyFieldFieldType
from .create_body_field_validation_type_type_1 import CreateBodyFieldValidationTypeType1
from .create_body_field_validation_type_type_2_type_1 import CreateBodyFieldValidationTypeType2Type1
from .create_body_field_validation_type_type_3_type_1 import CreateBodyFieldValidationTypeType3Type1
from .decline_body import DeclineBody
from .declined import Declined
from .declined_data import DeclinedData
from .declined_data_metadata import DeclinedDataMetadata
from .degradation import Degradation
from .delegate import Delegate
from .delegate_body import DelegateBody
from .delegate_person import DelegatePerson
from .delegated import Delegated
from .delegated_data import DelegatedData
from .delegated_data_metadata import DelegatedDataMetadata
from .delivery import Delivery
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .document import Document
from .document_page import DocumentPage
from .document_read import DocumentRead
from .document_signed_data import DocumentSignedData
from .document_signed_data_metadata import DocumentSignedDataMetadata
from .document_signed_delivery import DocumentSignedDelivery
from .document_signed_delivery_event import DocumentSignedDeliveryEvent
from .document_uploaded_data import DocumentUploadedData
from .document_uploaded_delivery import DocumentUploadedDelivery
from .document_uploaded_delivery_event import DocumentUploadedDeliveryEvent
from .download_response import DownloadResponse
from .download_signed_file_which import DownloadSignedFileWhich
from .email_bounced_data import EmailBouncedData
from .email_bounced_data_metadata import EmailBouncedDataMetadata
from .email_failed_data import EmailFailedData
from .email_failed_data_metadata import EmailFailedDataMetadata
from .embed_info import EmbedInfo
from .embedded_signer import EmbeddedSigner
from .embedded_url_body import EmbeddedUrlBody
from .embedded_url_response import EmbeddedUrlResponse
from .envelope_document import EnvelopeDocument
from .erasure_body import ErasureBody
from .erasure_counts import ErasureCounts
from .erasure_other import ErasureOther
from .erasure_record import ErasureRecord
from .erasure_report import ErasureReport
from .error_detail import ErrorDetail
from .error_inner import ErrorInner
from .error_response import ErrorResponse
from .event_page import EventPage
from .field_create import FieldCreate
from .field_create_auto_source_type_1 import FieldCreateAutoSourceType1
from .field_create_auto_source_type_2_type_1 import FieldCreateAutoSourceType2Type1
from .field_create_auto_source_type_3_type_1 import FieldCreateAutoSourceType3Type1
from .field_create_field_type import FieldCreateFieldType
from .field_create_validation_type_type_1 import FieldCreateValidationTypeType1
from .field_create_validation_type_type_2_type_1 import FieldCreateValidationTypeType2Type1
from .field_create_validation_type_type_3_type_1 import FieldCreateValidationTypeType3Type1
from .field_mark import FieldMark
from .field_mark_kind import FieldMarkKind
from .field_read import FieldRead
from .field_read_anchor_type_1_type_0 import FieldReadAnchorType1Type0
from .field_read_attachment_type_1_type_0 import FieldReadAttachmentType1Type0
from .field_update import FieldUpdate
from .field_update_auto_source_type_1 import FieldUpdateAutoSourceType1
from .field_update_auto_source_type_2_type_1 import FieldUpdateAutoSourceType2Type1
from .field_update_auto_source_type_3_type_1 import FieldUpdateAutoSourceType3Type1
from .field_update_field_type import FieldUpdateFieldType
from .field_update_validation_type_type_1 import FieldUpdateValidationTypeType1
from .field_update_validation_type_type_2_type_1 import FieldUpdateValidationTypeType2Type1
from .field_update_validation_type_type_3_type_1 import FieldUpdateValidationTypeType3Type1
from .field_value import FieldValue
from .fields_body import FieldsBody
from .fixed_role import FixedRole
from .get_signed_pdf_download_file import GetSignedPdfDownloadFile
from .health import Health
from .held_by import HeldBy
from .identity_body import IdentityBody
from .identity_body_document_type import IdentityBodyDocumentType
from .identity_metric import IdentityMetric
from .identity_verification import IdentityVerification
from .legal_hold import LegalHold
from .legal_hold_applied_data import LegalHoldAppliedData
from .legal_hold_applied_delivery import LegalHoldAppliedDelivery
from .legal_hold_applied_delivery_event import LegalHoldAppliedDeliveryEvent
from .legal_hold_create import LegalHoldCreate
from .legal_hold_data import LegalHoldData
from .legal_hold_page import LegalHoldPage
from .legal_hold_released_delivery import LegalHoldReleasedDelivery
from .legal_hold_released_delivery_event import LegalHoldReleasedDeliveryEvent
from .list_signing_requests_metadata import ListSigningRequestsMetadata
from .list_signing_requests_order import ListSigningRequestsOrder
from .list_signing_requests_sort import ListSigningRequestsSort
from .list_signing_requests_status import ListSigningRequestsStatus
from .liveness import Liveness
from .member_invited_data import MemberInvitedData
from .member_invited_delivery import MemberInvitedDelivery
from .member_invited_delivery_event import MemberInvitedDeliveryEvent
from .metric import Metric
from .person import Person
from .phone_code import PhoneCode
from .phone_code_out import PhoneCodeOut
from .phone_verification import PhoneVerification
from .polled_event import PolledEvent
from .polled_event_metadata_type_0 import PolledEventMetadataType0
from .prepare_body import PrepareBody
from .prepare_body_values import PrepareBodyValues
from .prepared_data import PreparedData
from .prepared_data_metadata import PreparedDataMetadata
from .preview_counts import PreviewCounts
from .preview_rule import PreviewRule
from .preview_template import PreviewTemplate
from .progress import Progress
from .public_link import PublicLink
from .public_link_create import PublicLinkCreate
from .public_link_create_collect_item import PublicLinkCreateCollectItem
from .public_link_create_phone_code_type_1_type_0 import PublicLinkCreatePhoneCodeType1Type0
from .public_link_created import PublicLinkCreated
from .public_link_created_phone_code_type_0_type_0 import PublicLinkCreatedPhoneCodeType0Type0
from .public_link_data import PublicLinkData
from .public_link_exhausted_delivery import PublicLinkExhaustedDelivery
from .public_link_exhausted_delivery_event import PublicLinkExhaustedDeliveryEvent
from .public_link_page import PublicLinkPage
from .public_link_paused_data import PublicLinkPausedData
from .public_link_paused_delivery import PublicLinkPausedDelivery
from .public_link_paused_delivery_event import PublicLinkPausedDeliveryEvent
from .public_link_phone_code_type_0_type_0 import PublicLinkPhoneCodeType0Type0
from .public_link_update import PublicLinkUpdate
from .public_link_update_phone_code_type_1_type_0 import PublicLinkUpdatePhoneCodeType1Type0
from .public_link_use import PublicLinkUse
from .public_link_use_page import PublicLinkUsePage
from .public_link_used_data import PublicLinkUsedData
from .public_link_used_delivery import PublicLinkUsedDelivery
from .public_link_used_delivery_event import PublicLinkUsedDeliveryEvent
from .purge_body import PurgeBody
from .purge_body_action import PurgeBodyAction
from .purge_scheduled_data import PurgeScheduledData
from .purge_state import PurgeState
from .reactivate_body import ReactivateBody
from .recipient import Recipient
from .recipient_metadata import RecipientMetadata
from .recipient_variables import RecipientVariables
from .rejected_data import RejectedData
from .rejected_data_metadata import RejectedDataMetadata
from .remind_response import RemindResponse
from .reminded_data import RemindedData
from .reminded_data_metadata import RemindedDataMetadata
from .request_event import RequestEvent
from .request_event_metadata_type_0 import RequestEventMetadataType0
from .retention_override_body import RetentionOverrideBody
from .retention_override_body_action import RetentionOverrideBodyAction
from .retention_policy import RetentionPolicy
from .retention_policy_body import RetentionPolicyBody
from .retention_policy_body_floor_days import RetentionPolicyBodyFloorDays
from .retention_policy_floor_days import RetentionPolicyFloorDays
from .retention_preview import RetentionPreview
from .retention_rule import RetentionRule
from .retention_rule_action import RetentionRuleAction
from .retention_rule_state import RetentionRuleState
from .revoke_body import RevokeBody
from .revoked_data import RevokedData
from .role import Role
from .role_data import RoleData
from .role_data_metadata import RoleDataMetadata
from .role_delivery import RoleDelivery
from .role_field import RoleField
from .role_field_auto_source_type_1 import RoleFieldAutoSourceType1
from .role_field_auto_source_type_2_type_1 import RoleFieldAutoSourceType2Type1
from .role_field_auto_source_type_3_type_1 import RoleFieldAutoSourceType3Type1
from .role_field_field_type import RoleFieldFieldType
from .role_field_validation_type_type_1 import RoleFieldValidationTypeType1
from .role_field_validation_type_type_2_type_1 import RoleFieldValidationTypeType2Type1
from .role_field_validation_type_type_3_type_1 import RoleFieldValidationTypeType3Type1
from .role_notify_on import RoleNotifyOn
from .role_type import RoleType
from .rule_out import RuleOut
from .send_warning import SendWarning
from .session_defaults import SessionDefaults
from .session_defaults_signing_order import SessionDefaultsSigningOrder
from .sign_body import SignBody
from .sign_body_initials_type_0 import SignBodyInitialsType0
from .sign_body_initials_type_0_kind import SignBodyInitialsType0Kind
from .sign_body_signature_type_0 import SignBodySignatureType0
from .sign_body_signature_type_0_kind import SignBodySignatureType0Kind
from .sign_body_values import SignBodyValues
from .signed_before import SignedBefore
from .signed_data import SignedData
from .signed_data_metadata import SignedDataMetadata
from .signed_document import SignedDocument
from .signer import Signer
from .signer_acknowledged_delivery import SignerAcknowledgedDelivery
from .signer_acknowledged_delivery_event import SignerAcknowledgedDeliveryEvent
from .signer_approved_delivery import SignerApprovedDelivery
from .signer_approved_delivery_event import SignerApprovedDeliveryEvent
from .signer_attach_file_body import SignerAttachFileBody
from .signer_base import SignerBase
from .signer_base_delivery import SignerBaseDelivery
from .signer_consent import SignerConsent
from .signer_data import SignerData
from .signer_data_metadata import SignerDataMetadata
from .signer_declined_delivery import SignerDeclinedDelivery
from .signer_declined_delivery_event import SignerDeclinedDeliveryEvent
from .signer_delegated_delivery import SignerDelegatedDelivery
from .signer_delegated_delivery_event import SignerDelegatedDeliveryEvent
from .signer_document import SignerDocument
from .signer_edit import SignerEdit
from .signer_edit_delivery import SignerEditDelivery
from .signer_edit_metadata import SignerEditMetadata
from .signer_edit_notify_on import SignerEditNotifyOn
from .signer_edit_type import SignerEditType
from .signer_edit_witness_mode import SignerEditWitnessMode
from .signer_field import SignerField
from .signer_field_attachment_type_0_type_0 import SignerFieldAttachmentType0Type0
from .signer_field_mark_type_1_type_0 import SignerFieldMarkType1Type0
from .signer_input import SignerInput
from .signer_input_delivery import SignerInputDelivery
from .signer_input_metadata import SignerInputMetadata
from .signer_input_notify_on import SignerInputNotifyOn
from .signer_input_type import SignerInputType
from .signer_input_witness_mode import SignerInputWitnessMode
from .signer_metadata import SignerMetadata
from .signer_notify_on_type_1 import SignerNotifyOnType1
from .signer_notify_on_type_2_type_1 import SignerNotifyOnType2Type1
from .signer_notify_on_type_3_type_1 import SignerNotifyOnType3Type1
from .signer_page import SignerPage
from .signer_prepared_delivery import SignerPreparedDelivery
from .signer_prepared_delivery_event import SignerPreparedDeliveryEvent
from .signer_progress import SignerProgress
from .signer_redirect import SignerRedirect
from .signer_rejected_delivery import SignerRejectedDelivery
from .signer_rejected_delivery_event import SignerRejectedDeliveryEvent
from .signer_replaced_data import SignerReplacedData
from .signer_replaced_data_metadata import SignerReplacedDataMetadata
from .signer_requirements import SignerRequirements
from .signer_signed_delivery import SignerSignedDelivery
from .signer_signed_delivery_event import SignerSignedDeliveryEvent
from .signer_state import SignerState
from .signer_state_metadata import SignerStateMetadata
from .signer_type import SignerType
from .signer_view import SignerView
from .signer_view_embed_type_1_type_0 import SignerViewEmbedType1Type0
from .signer_view_redirect_type_1_type_0 import SignerViewRedirectType1Type0
from .signer_view_request import SignerViewRequest
from .signer_view_request_signing_order import SignerViewRequestSigningOrder
from .signer_view_signer import SignerViewSigner
from .signer_view_witness_handover_type_1_type_0 import SignerViewWitnessHandoverType1Type0
from .signer_viewed_delivery import SignerViewedDelivery
from .signer_viewed_delivery_event import SignerViewedDeliveryEvent
from .signer_withdrawn_delivery import SignerWithdrawnDelivery
from .signer_withdrawn_delivery_event import SignerWithdrawnDeliveryEvent
from .signer_witness_mode_type_1 import SignerWitnessModeType1
from .signer_witness_mode_type_2_type_1 import SignerWitnessModeType2Type1
from .signer_witness_mode_type_3_type_1 import SignerWitnessModeType3Type1
from .signer_witnessed_delivery import SignerWitnessedDelivery
from .signer_witnessed_delivery_event import SignerWitnessedDeliveryEvent
from .signing_event_email_bounced_delivery import SigningEventEmailBouncedDelivery
from .signing_event_email_bounced_delivery_event import SigningEventEmailBouncedDeliveryEvent
from .signing_event_email_failed_delivery import SigningEventEmailFailedDelivery
from .signing_event_email_failed_delivery_event import SigningEventEmailFailedDeliveryEvent
from .signing_request import SigningRequest
from .signing_request_cancellation_type_1_type_0 import SigningRequestCancellationType1Type0
from .signing_request_cancelled_delivery import SigningRequestCancelledDelivery
from .signing_request_cancelled_delivery_event import SigningRequestCancelledDeliveryEvent
from .signing_request_completed_delivery import SigningRequestCompletedDelivery
from .signing_request_completed_delivery_event import SigningRequestCompletedDeliveryEvent
from .signing_request_create import SigningRequestCreate
from .signing_request_create_metadata import SigningRequestCreateMetadata
from .signing_request_create_signing_level import SigningRequestCreateSigningLevel
from .signing_request_create_signing_order import SigningRequestCreateSigningOrder
from .signing_request_created_delivery import SigningRequestCreatedDelivery
from .signing_request_created_delivery_event import SigningRequestCreatedDeliveryEvent
from .signing_request_data import SigningRequestData
from .signing_request_data_metadata import SigningRequestDataMetadata
from .signing_request_expired_delivery import SigningRequestExpiredDelivery
from .signing_request_expired_delivery_event import SigningRequestExpiredDeliveryEvent
from .signing_request_metadata import SigningRequestMetadata
from .signing_request_page import SigningRequestPage
from .signing_request_purge_scheduled_delivery import SigningRequestPurgeScheduledDelivery
from .signing_request_purge_scheduled_delivery_event import SigningRequestPurgeScheduledDeliveryEvent
from .signing_request_purge_type_1_type_0 import SigningRequestPurgeType1Type0
from .signing_request_reminded_delivery import SigningRequestRemindedDelivery
from .signing_request_reminded_delivery_event import SigningRequestRemindedDeliveryEvent
from .signing_request_revoked_delivery import SigningRequestRevokedDelivery
from .signing_request_revoked_delivery_event import SigningRequestRevokedDeliveryEvent
from .signing_request_sent_delivery import SigningRequestSentDelivery
from .signing_request_sent_delivery_event import SigningRequestSentDeliveryEvent
from .signing_request_signer_replaced_delivery import SigningRequestSignerReplacedDelivery
from .signing_request_signer_replaced_delivery_event import SigningRequestSignerReplacedDeliveryEvent
from .signing_request_summary import SigningRequestSummary
from .signing_request_summary_metadata import SigningRequestSummaryMetadata
from .signing_request_tombstone_type_1_type_0 import SigningRequestTombstoneType1Type0
from .signing_request_update import SigningRequestUpdate
from .signing_request_update_metadata import SigningRequestUpdateMetadata
from .signing_request_update_signing_order import SigningRequestUpdateSigningOrder
from .signing_url import SigningUrl
from .signing_url_body import SigningUrlBody
from .tag_attributes import TagAttributes
from .tagged_role_signer import TaggedRoleSigner
from .tagged_role_signer_delivery import TaggedRoleSignerDelivery
from .tagged_role_signer_metadata import TaggedRoleSignerMetadata
from .tagged_role_signer_notify_on import TaggedRoleSignerNotifyOn
from .tagged_role_signer_type import TaggedRoleSignerType
from .template import Template
from .template_create import TemplateCreate
from .template_create_retention_type_1_type_0 import TemplateCreateRetentionType1Type0
from .template_create_signing_level import TemplateCreateSigningLevel
from .template_create_signing_order import TemplateCreateSigningOrder
from .template_page import TemplatePage
from .template_retention_type_1_type_0 import TemplateRetentionType1Type0
from .template_send import TemplateSend
from .template_send_metadata import TemplateSendMetadata
from .template_send_variables import TemplateSendVariables
from .template_signing_level import TemplateSigningLevel
from .template_signing_order import TemplateSigningOrder
from .template_summary import TemplateSummary
from .template_update import TemplateUpdate
from .template_update_retention_type_1_type_0 import TemplateUpdateRetentionType1Type0
from .template_update_signing_level import TemplateUpdateSigningLevel
from .template_update_signing_order import TemplateUpdateSigningOrder
from .text_tag import TextTag
from .text_tag_error import TextTagError
from .tombstone import Tombstone
from .tombstone_audit import TombstoneAudit
from .tombstone_document import TombstoneDocument
from .upload_document_body import UploadDocumentBody
from .upload_response import UploadResponse
from .usage import Usage
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_update import WebhookUpdate
from .webhook_update_events_item import WebhookUpdateEventsItem
from .webhook_update_status import WebhookUpdateStatus
from .webhook_with_secret import WebhookWithSecret
from .witness_handover import WitnessHandover
from .witnessed_data import WitnessedData
from .witnessed_data_metadata import WitnessedDataMetadata
from .witnessed_data_mode import WitnessedDataMode

__all__ = (
    "ActingUser",
    "Anchor",
    "AnchorIfMissing",
    "AnchorOccurrenceType1",
    "AnchorUnits",
    "ApproveBody",
    "ApproveBodyValues",
    "ApprovedData",
    "ApprovedDataMetadata",
    "AttachedFile",
    "AttachedFileContentType",
    "AttachmentRead",
    "AuthoringSession",
    "AuthoringSessionActingUserType0Type0",
    "AuthoringSessionCreate",
    "AuthoringSessionCreateLockedItem",
    "AuthoringSessionCreateMode",
    "AuthoringSessionState",
    "BulkAccepted",
    "BulkItem",
    "BulkJob",
    "BulkSend",
    "CancelBody",
    "Cancellation",
    "CancellationByType1Type0",
    "CancelledData",
    "CancelledDataMetadata",
    "CancelResponse",
    "Capabilities",
    "CapabilitiesFieldTypesItem",
    "CapabilitiesOut",
    "CcOut",
    "CcRecipient",
    "CodeBody",
    "CompletedData",
    "CompletedDataMetadata",
    "CompletedFieldValue",
    "CompletedSigner",
    "Contact",
    "ContactCreate",
    "ContactPage",
    "CreateBodyField",
    "CreateBodyFieldAutoSourceType1",
    "CreateBodyFieldAutoSourceType2Type1",
    "CreateBodyFieldAutoSourceType3Type1",
    "CreateBodyFieldFieldType",
    "CreateBodyFieldValidationTypeType1",
    "CreateBodyFieldValidationTypeType2Type1",
    "CreateBodyFieldValidationTypeType3Type1",
    "DeclineBody",
    "Declined",
    "DeclinedData",
    "DeclinedDataMetadata",
    "Degradation",
    "Delegate",
    "DelegateBody",
    "Delegated",
    "DelegatedData",
    "DelegatedDataMetadata",
    "DelegatePerson",
    "Delivery",
    "DeliveryPage",
    "DeliveryStatus",
    "Document",
    "DocumentPage",
    "DocumentRead",
    "DocumentSignedData",
    "DocumentSignedDataMetadata",
    "DocumentSignedDelivery",
    "DocumentSignedDeliveryEvent",
    "DocumentUploadedData",
    "DocumentUploadedDelivery",
    "DocumentUploadedDeliveryEvent",
    "DownloadResponse",
    "DownloadSignedFileWhich",
    "EmailBouncedData",
    "EmailBouncedDataMetadata",
    "EmailFailedData",
    "EmailFailedDataMetadata",
    "EmbeddedSigner",
    "EmbeddedUrlBody",
    "EmbeddedUrlResponse",
    "EmbedInfo",
    "EnvelopeDocument",
    "ErasureBody",
    "ErasureCounts",
    "ErasureOther",
    "ErasureRecord",
    "ErasureReport",
    "ErrorDetail",
    "ErrorInner",
    "ErrorResponse",
    "EventPage",
    "FieldCreate",
    "FieldCreateAutoSourceType1",
    "FieldCreateAutoSourceType2Type1",
    "FieldCreateAutoSourceType3Type1",
    "FieldCreateFieldType",
    "FieldCreateValidationTypeType1",
    "FieldCreateValidationTypeType2Type1",
    "FieldCreateValidationTypeType3Type1",
    "FieldMark",
    "FieldMarkKind",
    "FieldRead",
    "FieldReadAnchorType1Type0",
    "FieldReadAttachmentType1Type0",
    "FieldsBody",
    "FieldUpdate",
    "FieldUpdateAutoSourceType1",
    "FieldUpdateAutoSourceType2Type1",
    "FieldUpdateAutoSourceType3Type1",
    "FieldUpdateFieldType",
    "FieldUpdateValidationTypeType1",
    "FieldUpdateValidationTypeType2Type1",
    "FieldUpdateValidationTypeType3Type1",
    "FieldValue",
    "FixedRole",
    "GetSignedPdfDownloadFile",
    "Health",
    "HeldBy",
    "IdentityBody",
    "IdentityBodyDocumentType",
    "IdentityMetric",
    "IdentityVerification",
    "LegalHold",
    "LegalHoldAppliedData",
    "LegalHoldAppliedDelivery",
    "LegalHoldAppliedDeliveryEvent",
    "LegalHoldCreate",
    "LegalHoldData",
    "LegalHoldPage",
    "LegalHoldReleasedDelivery",
    "LegalHoldReleasedDeliveryEvent",
    "ListSigningRequestsMetadata",
    "ListSigningRequestsOrder",
    "ListSigningRequestsSort",
    "ListSigningRequestsStatus",
    "Liveness",
    "MemberInvitedData",
    "MemberInvitedDelivery",
    "MemberInvitedDeliveryEvent",
    "Metric",
    "Person",
    "PhoneCode",
    "PhoneCodeOut",
    "PhoneVerification",
    "PolledEvent",
    "PolledEventMetadataType0",
    "PrepareBody",
    "PrepareBodyValues",
    "PreparedData",
    "PreparedDataMetadata",
    "PreviewCounts",
    "PreviewRule",
    "PreviewTemplate",
    "Progress",
    "PublicLink",
    "PublicLinkCreate",
    "PublicLinkCreateCollectItem",
    "PublicLinkCreated",
    "PublicLinkCreatedPhoneCodeType0Type0",
    "PublicLinkCreatePhoneCodeType1Type0",
    "PublicLinkData",
    "PublicLinkExhaustedDelivery",
    "PublicLinkExhaustedDeliveryEvent",
    "PublicLinkPage",
    "PublicLinkPausedData",
    "PublicLinkPausedDelivery",
    "PublicLinkPausedDeliveryEvent",
    "PublicLinkPhoneCodeType0Type0",
    "PublicLinkUpdate",
    "PublicLinkUpdatePhoneCodeType1Type0",
    "PublicLinkUse",
    "PublicLinkUsedData",
    "PublicLinkUsedDelivery",
    "PublicLinkUsedDeliveryEvent",
    "PublicLinkUsePage",
    "PurgeBody",
    "PurgeBodyAction",
    "PurgeScheduledData",
    "PurgeState",
    "ReactivateBody",
    "Recipient",
    "RecipientMetadata",
    "RecipientVariables",
    "RejectedData",
    "RejectedDataMetadata",
    "RemindedData",
    "RemindedDataMetadata",
    "RemindResponse",
    "RequestEvent",
    "RequestEventMetadataType0",
    "RetentionOverrideBody",
    "RetentionOverrideBodyAction",
    "RetentionPolicy",
    "RetentionPolicyBody",
    "RetentionPolicyBodyFloorDays",
    "RetentionPolicyFloorDays",
    "RetentionPreview",
    "RetentionRule",
    "RetentionRuleAction",
    "RetentionRuleState",
    "RevokeBody",
    "RevokedData",
    "Role",
    "RoleData",
    "RoleDataMetadata",
    "RoleDelivery",
    "RoleField",
    "RoleFieldAutoSourceType1",
    "RoleFieldAutoSourceType2Type1",
    "RoleFieldAutoSourceType3Type1",
    "RoleFieldFieldType",
    "RoleFieldValidationTypeType1",
    "RoleFieldValidationTypeType2Type1",
    "RoleFieldValidationTypeType3Type1",
    "RoleNotifyOn",
    "RoleType",
    "RuleOut",
    "SendWarning",
    "SessionDefaults",
    "SessionDefaultsSigningOrder",
    "SignBody",
    "SignBodyInitialsType0",
    "SignBodyInitialsType0Kind",
    "SignBodySignatureType0",
    "SignBodySignatureType0Kind",
    "SignBodyValues",
    "SignedBefore",
    "SignedData",
    "SignedDataMetadata",
    "SignedDocument",
    "Signer",
    "SignerAcknowledgedDelivery",
    "SignerAcknowledgedDeliveryEvent",
    "SignerApprovedDelivery",
    "SignerApprovedDeliveryEvent",
    "SignerAttachFileBody",
    "SignerBase",
    "SignerBaseDelivery",
    "SignerConsent",
    "SignerData",
    "SignerDataMetadata",
    "SignerDeclinedDelivery",
    "SignerDeclinedDeliveryEvent",
    "SignerDelegatedDelivery",
    "SignerDelegatedDeliveryEvent",
    "SignerDocument",
    "SignerEdit",
    "SignerEditDelivery",
    "SignerEditMetadata",
    "SignerEditNotifyOn",
    "SignerEditType",
    "SignerEditWitnessMode",
    "SignerField",
    "SignerFieldAttachmentType0Type0",
    "SignerFieldMarkType1Type0",
    "SignerInput",
    "SignerInputDelivery",
    "SignerInputMetadata",
    "SignerInputNotifyOn",
    "SignerInputType",
    "SignerInputWitnessMode",
    "SignerMetadata",
    "SignerNotifyOnType1",
    "SignerNotifyOnType2Type1",
    "SignerNotifyOnType3Type1",
    "SignerPage",
    "SignerPreparedDelivery",
    "SignerPreparedDeliveryEvent",
    "SignerProgress",
    "SignerRedirect",
    "SignerRejectedDelivery",
    "SignerRejectedDeliveryEvent",
    "SignerReplacedData",
    "SignerReplacedDataMetadata",
    "SignerRequirements",
    "SignerSignedDelivery",
    "SignerSignedDeliveryEvent",
    "SignerState",
    "SignerStateMetadata",
    "SignerType",
    "SignerView",
    "SignerViewedDelivery",
    "SignerViewedDeliveryEvent",
    "SignerViewEmbedType1Type0",
    "SignerViewRedirectType1Type0",
    "SignerViewRequest",
    "SignerViewRequestSigningOrder",
    "SignerViewSigner",
    "SignerViewWitnessHandoverType1Type0",
    "SignerWithdrawnDelivery",
    "SignerWithdrawnDeliveryEvent",
    "SignerWitnessedDelivery",
    "SignerWitnessedDeliveryEvent",
    "SignerWitnessModeType1",
    "SignerWitnessModeType2Type1",
    "SignerWitnessModeType3Type1",
    "SigningEventEmailBouncedDelivery",
    "SigningEventEmailBouncedDeliveryEvent",
    "SigningEventEmailFailedDelivery",
    "SigningEventEmailFailedDeliveryEvent",
    "SigningRequest",
    "SigningRequestCancellationType1Type0",
    "SigningRequestCancelledDelivery",
    "SigningRequestCancelledDeliveryEvent",
    "SigningRequestCompletedDelivery",
    "SigningRequestCompletedDeliveryEvent",
    "SigningRequestCreate",
    "SigningRequestCreatedDelivery",
    "SigningRequestCreatedDeliveryEvent",
    "SigningRequestCreateMetadata",
    "SigningRequestCreateSigningLevel",
    "SigningRequestCreateSigningOrder",
    "SigningRequestData",
    "SigningRequestDataMetadata",
    "SigningRequestExpiredDelivery",
    "SigningRequestExpiredDeliveryEvent",
    "SigningRequestMetadata",
    "SigningRequestPage",
    "SigningRequestPurgeScheduledDelivery",
    "SigningRequestPurgeScheduledDeliveryEvent",
    "SigningRequestPurgeType1Type0",
    "SigningRequestRemindedDelivery",
    "SigningRequestRemindedDeliveryEvent",
    "SigningRequestRevokedDelivery",
    "SigningRequestRevokedDeliveryEvent",
    "SigningRequestSentDelivery",
    "SigningRequestSentDeliveryEvent",
    "SigningRequestSignerReplacedDelivery",
    "SigningRequestSignerReplacedDeliveryEvent",
    "SigningRequestSummary",
    "SigningRequestSummaryMetadata",
    "SigningRequestTombstoneType1Type0",
    "SigningRequestUpdate",
    "SigningRequestUpdateMetadata",
    "SigningRequestUpdateSigningOrder",
    "SigningUrl",
    "SigningUrlBody",
    "TagAttributes",
    "TaggedRoleSigner",
    "TaggedRoleSignerDelivery",
    "TaggedRoleSignerMetadata",
    "TaggedRoleSignerNotifyOn",
    "TaggedRoleSignerType",
    "Template",
    "TemplateCreate",
    "TemplateCreateRetentionType1Type0",
    "TemplateCreateSigningLevel",
    "TemplateCreateSigningOrder",
    "TemplatePage",
    "TemplateRetentionType1Type0",
    "TemplateSend",
    "TemplateSendMetadata",
    "TemplateSendVariables",
    "TemplateSigningLevel",
    "TemplateSigningOrder",
    "TemplateSummary",
    "TemplateUpdate",
    "TemplateUpdateRetentionType1Type0",
    "TemplateUpdateSigningLevel",
    "TemplateUpdateSigningOrder",
    "TextTag",
    "TextTagError",
    "Tombstone",
    "TombstoneAudit",
    "TombstoneDocument",
    "UploadDocumentBody",
    "UploadResponse",
    "Usage",
    "Webhook",
    "WebhookCreate",
    "WebhookCreateEventsItem",
    "WebhookUpdate",
    "WebhookUpdateEventsItem",
    "WebhookUpdateStatus",
    "WebhookWithSecret",
    "WitnessedData",
    "WitnessedDataMetadata",
    "WitnessedDataMode",
    "WitnessHandover",
)

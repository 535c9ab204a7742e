from enum import StrEnum

class WebhookCreateEventsItem(StrEnum):
    DOCUMENT_SIGNED = "document.signed"
    DOCUMENT_UPLOADED = "document.uploaded"
    LEGAL_HOLD_APPLIED = "legal_hold.applied"
    LEGAL_HOLD_RELEASED = "legal_hold.released"
    MEMBER_INVITED = "member.invited"
    PUBLIC_LINK_EXHAUSTED = "public_link.exhausted"
    PUBLIC_LINK_PAUSED = "public_link.paused"
    PUBLIC_LINK_USED = "public_link.used"
    SIGNER_ACKNOWLEDGED = "signer.acknowledged"
    SIGNER_APPROVED = "signer.approved"
    SIGNER_DECLINED = "signer.declined"
    SIGNER_DELEGATED = "signer.delegated"
    SIGNER_PREPARED = "signer.prepared"
    SIGNER_REJECTED = "signer.rejected"
    SIGNER_SIGNED = "signer.signed"
    SIGNER_VIEWED = "signer.viewed"
    SIGNER_WITHDRAWN = "signer.withdrawn"
    SIGNER_WITNESSED = "signer.witnessed"
    SIGNING_EVENT_EMAIL_BOUNCED = "signing_event.email_bounced"
    SIGNING_EVENT_EMAIL_FAILED = "signing_event.email_failed"
    SIGNING_REQUEST_CANCELLED = "signing_request.cancelled"
    SIGNING_REQUEST_COMPLETED = "signing_request.completed"
    SIGNING_REQUEST_CREATED = "signing_request.created"
    SIGNING_REQUEST_EXPIRED = "signing_request.expired"
    SIGNING_REQUEST_PURGE_SCHEDULED = "signing_request.purge_scheduled"
    SIGNING_REQUEST_REMINDED = "signing_request.reminded"
    SIGNING_REQUEST_SENT = "signing_request.sent"
    SIGNING_REQUEST_SIGNER_REPLACED = "signing_request.signer_replaced"

    def __str__(self) -> str:
        return str(self.value)

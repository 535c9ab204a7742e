from enum import StrEnum

class AuthoringSessionCreateLockedItem(StrEnum):
    CC_EMAILS = "cc_emails"
    EMAIL_SUBJECT = "email_subject"
    EXPIRES_IN_DAYS = "expires_in_days"
    MESSAGE = "message"
    REMINDER_DAYS = "reminder_days"
    SIGNERS = "signers"
    SIGNING_ORDER = "signing_order"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SigningEventEmailFailedDeliveryEvent(StrEnum):
    SIGNING_EVENT_EMAIL_FAILED = "signing_event.email_failed"

    def __str__(self) -> str:
        return str(self.value)

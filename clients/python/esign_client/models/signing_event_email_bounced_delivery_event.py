from enum import StrEnum

class SigningEventEmailBouncedDeliveryEvent(StrEnum):
    SIGNING_EVENT_EMAIL_BOUNCED = "signing_event.email_bounced"

    def __str__(self) -> str:
        return str(self.value)

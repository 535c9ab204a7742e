from enum import StrEnum

class SigningRequestSentDeliveryEvent(StrEnum):
    SIGNING_REQUEST_SENT = "signing_request.sent"

    def __str__(self) -> str:
        return str(self.value)

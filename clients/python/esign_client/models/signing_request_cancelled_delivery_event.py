from enum import StrEnum

class SigningRequestCancelledDeliveryEvent(StrEnum):
    SIGNING_REQUEST_CANCELLED = "signing_request.cancelled"

    def __str__(self) -> str:
        return str(self.value)

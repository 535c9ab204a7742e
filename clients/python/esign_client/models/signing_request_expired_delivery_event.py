from enum import StrEnum

class SigningRequestExpiredDeliveryEvent(StrEnum):
    SIGNING_REQUEST_EXPIRED = "signing_request.expired"

    def __str__(self) -> str:
        return str(self.value)

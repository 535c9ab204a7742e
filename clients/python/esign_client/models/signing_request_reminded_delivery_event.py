from enum import StrEnum

class SigningRequestRemindedDeliveryEvent(StrEnum):
    SIGNING_REQUEST_REMINDED = "signing_request.reminded"

    def __str__(self) -> str:
        return str(self.value)

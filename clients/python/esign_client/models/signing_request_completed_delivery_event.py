from enum import StrEnum

class SigningRequestCompletedDeliveryEvent(StrEnum):
    SIGNING_REQUEST_COMPLETED = "signing_request.completed"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SigningRequestCreatedDeliveryEvent(StrEnum):
    SIGNING_REQUEST_CREATED = "signing_request.created"

    def __str__(self) -> str:
        return str(self.value)

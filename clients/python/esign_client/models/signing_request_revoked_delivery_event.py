from enum import StrEnum

class SigningRequestRevokedDeliveryEvent(StrEnum):
    SIGNING_REQUEST_REVOKED = "signing_request.revoked"

    def __str__(self) -> str:
        return str(self.value)

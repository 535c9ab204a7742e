from enum import StrEnum

class SigningRequestSignerReplacedDeliveryEvent(StrEnum):
    SIGNING_REQUEST_SIGNER_REPLACED = "signing_request.signer_replaced"

    def __str__(self) -> str:
        return str(self.value)

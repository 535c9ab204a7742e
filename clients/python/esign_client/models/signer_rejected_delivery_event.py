from enum import StrEnum

class SignerRejectedDeliveryEvent(StrEnum):
    SIGNER_REJECTED = "signer.rejected"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SignerSignedDeliveryEvent(StrEnum):
    SIGNER_SIGNED = "signer.signed"

    def __str__(self) -> str:
        return str(self.value)

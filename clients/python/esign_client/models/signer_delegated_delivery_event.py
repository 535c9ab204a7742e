from enum import StrEnum

class SignerDelegatedDeliveryEvent(StrEnum):
    SIGNER_DELEGATED = "signer.delegated"

    def __str__(self) -> str:
        return str(self.value)

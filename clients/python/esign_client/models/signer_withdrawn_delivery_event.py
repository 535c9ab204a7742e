from enum import StrEnum

class SignerWithdrawnDeliveryEvent(StrEnum):
    SIGNER_WITHDRAWN = "signer.withdrawn"

    def __str__(self) -> str:
        return str(self.value)

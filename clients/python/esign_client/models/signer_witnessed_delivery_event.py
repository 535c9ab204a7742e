from enum import StrEnum

class SignerWitnessedDeliveryEvent(StrEnum):
    SIGNER_WITNESSED = "signer.witnessed"

    def __str__(self) -> str:
        return str(self.value)

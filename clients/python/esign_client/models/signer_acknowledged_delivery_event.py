from enum import StrEnum

class SignerAcknowledgedDeliveryEvent(StrEnum):
    SIGNER_ACKNOWLEDGED = "signer.acknowledged"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SignerPreparedDeliveryEvent(StrEnum):
    SIGNER_PREPARED = "signer.prepared"

    def __str__(self) -> str:
        return str(self.value)

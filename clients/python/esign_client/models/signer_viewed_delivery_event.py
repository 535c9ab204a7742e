from enum import StrEnum

class SignerViewedDeliveryEvent(StrEnum):
    SIGNER_VIEWED = "signer.viewed"

    def __str__(self) -> str:
        return str(self.value)

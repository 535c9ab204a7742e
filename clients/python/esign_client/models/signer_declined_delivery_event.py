from enum import StrEnum

class SignerDeclinedDeliveryEvent(StrEnum):
    SIGNER_DECLINED = "signer.declined"

    def __str__(self) -> str:
        return str(self.value)

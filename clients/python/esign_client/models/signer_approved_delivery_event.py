from enum import StrEnum

class SignerApprovedDeliveryEvent(StrEnum):
    SIGNER_APPROVED = "signer.approved"

    def __str__(self) -> str:
        return str(self.value)

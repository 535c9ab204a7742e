from enum import StrEnum

class SignerEditDelivery(StrEnum):
    BOTH = "both"
    EMAIL = "email"
    LINK = "link"
    SMS = "sms"

    def __str__(self) -> str:
        return str(self.value)

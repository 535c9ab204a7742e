from enum import StrEnum

class SignerInputNotifyOn(StrEnum):
    COMPLETED = "completed"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

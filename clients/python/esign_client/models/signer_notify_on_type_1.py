from enum import StrEnum

class SignerNotifyOnType1(StrEnum):
    COMPLETED = "completed"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

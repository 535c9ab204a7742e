from enum import StrEnum

class SignerNotifyOnType2Type1(StrEnum):
    COMPLETED = "completed"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class RoleNotifyOn(StrEnum):
    COMPLETED = "completed"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

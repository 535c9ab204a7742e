from enum import StrEnum

class TaggedRoleSignerNotifyOn(StrEnum):
    COMPLETED = "completed"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

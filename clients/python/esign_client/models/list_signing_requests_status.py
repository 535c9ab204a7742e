from enum import StrEnum

class ListSigningRequestsStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    DRAFT = "draft"
    EXPIRED = "expired"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DeliveryStatus(StrEnum):
    DELIVERED = "delivered"
    DROPPED = "dropped"
    FAILED = "failed"
    PENDING = "pending"
    SENDING = "sending"

    def __str__(self) -> str:
        return str(self.value)

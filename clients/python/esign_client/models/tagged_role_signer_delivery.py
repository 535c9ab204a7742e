from enum import StrEnum

class TaggedRoleSignerDelivery(StrEnum):
    BOTH = "both"
    EMAIL = "email"
    LINK = "link"
    SMS = "sms"

    def __str__(self) -> str:
        return str(self.value)

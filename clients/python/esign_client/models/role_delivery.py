from enum import StrEnum

class RoleDelivery(StrEnum):
    BOTH = "both"
    EMAIL = "email"
    LINK = "link"
    SMS = "sms"

    def __str__(self) -> str:
        return str(self.value)

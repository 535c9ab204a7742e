from enum import StrEnum

class AuthoringSessionState(StrEnum):
    CREATED = "created"
    EXPIRED = "expired"
    OPEN = "open"
    REVOKED = "revoked"
    SAVED = "saved"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)

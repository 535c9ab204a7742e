from enum import StrEnum

class RoleType(StrEnum):
    APPROVER = "approver"
    ASSISTANT = "assistant"
    CC = "cc"
    SIGNER = "signer"
    VIEWER = "viewer"
    WITNESS = "witness"

    def __str__(self) -> str:
        return str(self.value)

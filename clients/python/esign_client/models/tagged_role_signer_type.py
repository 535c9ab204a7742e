from enum import StrEnum

class TaggedRoleSignerType(StrEnum):
    APPROVER = "approver"
    CC = "cc"
    SIGNER = "signer"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)

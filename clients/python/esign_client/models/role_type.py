from enum import StrEnum

class RoleType(StrEnum):
    APPROVER = "approver"
    CC = "cc"
    SIGNER = "signer"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)

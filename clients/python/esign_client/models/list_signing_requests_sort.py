from enum import StrEnum

class ListSigningRequestsSort(StrEnum):
    CREATED_AT = "created_at"
    EXPIRES_AT = "expires_at"
    UPDATED_AT = "updated_at"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SigningRequestUpdateSigningOrder(StrEnum):
    PARALLEL = "parallel"
    SEQUENTIAL = "sequential"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SessionDefaultsSigningOrder(StrEnum):
    PARALLEL = "parallel"
    SEQUENTIAL = "sequential"

    def __str__(self) -> str:
        return str(self.value)

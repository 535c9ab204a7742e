from enum import StrEnum

class AnchorIfMissing(StrEnum):
    ERROR = "error"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)

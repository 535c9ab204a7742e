from enum import StrEnum

class AnchorUnits(StrEnum):
    PERCENT = "percent"
    PT = "pt"

    def __str__(self) -> str:
        return str(self.value)

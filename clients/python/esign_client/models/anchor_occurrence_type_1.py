from enum import StrEnum

class AnchorOccurrenceType1(StrEnum):
    ALL = "all"

    def __str__(self) -> str:
        return str(self.value)

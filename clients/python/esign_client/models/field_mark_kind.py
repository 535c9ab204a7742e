from enum import StrEnum

class FieldMarkKind(StrEnum):
    DRAWN = "drawn"
    TYPED = "typed"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class SignBodyInitialsType0Kind(StrEnum):
    DRAWN = "drawn"
    TYPED = "typed"

    def __str__(self) -> str:
        return str(self.value)

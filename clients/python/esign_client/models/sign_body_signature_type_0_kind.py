from enum import StrEnum

class SignBodySignatureType0Kind(StrEnum):
    DRAWN = "drawn"
    TYPED = "typed"

    def __str__(self) -> str:
        return str(self.value)

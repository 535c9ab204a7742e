from enum import StrEnum

class TemplateUpdateSigningOrder(StrEnum):
    PARALLEL = "parallel"
    SEQUENTIAL = "sequential"

    def __str__(self) -> str:
        return str(self.value)

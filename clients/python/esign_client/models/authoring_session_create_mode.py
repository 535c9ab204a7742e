from enum import StrEnum

class AuthoringSessionCreateMode(StrEnum):
    REQUEST = "request"
    TEMPLATE = "template"

    def __str__(self) -> str:
        return str(self.value)

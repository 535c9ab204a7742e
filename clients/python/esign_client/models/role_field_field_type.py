from enum import StrEnum

class RoleFieldFieldType(StrEnum):
    ATTACHMENT = "attachment"
    CHECKBOX = "checkbox"
    DATE = "date"
    INITIALS = "initials"
    SELECT = "select"
    SIGNATURE = "signature"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)

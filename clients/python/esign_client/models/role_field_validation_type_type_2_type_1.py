from enum import StrEnum

class RoleFieldValidationTypeType2Type1(StrEnum):
    DATE = "date"
    EMAIL = "email"
    NUMBER = "number"
    PHONE = "phone"
    REGEX = "regex"

    def __str__(self) -> str:
        return str(self.value)

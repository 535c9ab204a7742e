from enum import StrEnum

class SignerWitnessModeType1(StrEnum):
    IN_PERSON = "in_person"
    REMOTE = "remote"

    def __str__(self) -> str:
        return str(self.value)

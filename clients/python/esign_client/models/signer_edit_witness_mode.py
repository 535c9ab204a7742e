from enum import StrEnum

class SignerEditWitnessMode(StrEnum):
    IN_PERSON = "in_person"
    REMOTE = "remote"

    def __str__(self) -> str:
        return str(self.value)

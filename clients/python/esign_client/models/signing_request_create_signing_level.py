from enum import StrEnum

class SigningRequestCreateSigningLevel(StrEnum):
    AES = "aes"
    QES = "qes"
    SES = "ses"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class TemplateCreateSigningLevel(StrEnum):
    AES = "aes"
    QES = "qes"
    SES = "ses"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class TemplateSigningLevel(StrEnum):
    AES = "aes"
    QES = "qes"
    SES = "ses"

    def __str__(self) -> str:
        return str(self.value)

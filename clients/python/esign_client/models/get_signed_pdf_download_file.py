from enum import StrEnum

class GetSignedPdfDownloadFile(StrEnum):
    CERTIFICATE = "certificate"
    SIGNED = "signed"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DownloadSignedFileWhich(StrEnum):
    CERTIFICATE = "certificate"
    COMBINED = "combined"
    SIGNED = "signed"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class DocumentSignedDeliveryEvent(StrEnum):
    DOCUMENT_SIGNED = "document.signed"

    def __str__(self) -> str:
        return str(self.value)

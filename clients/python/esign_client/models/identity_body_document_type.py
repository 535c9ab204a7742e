from enum import StrEnum

class IdentityBodyDocumentType(StrEnum):
    DRIVING_LICENCE = "driving_licence"
    ID_CARD = "id_card"
    PASSPORT = "passport"
    RESIDENCE_PERMIT = "residence_permit"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum

class RoleFieldAutoSourceType2Type1(StrEnum):
    SIGNER_EMAIL = "signer_email"
    SIGNER_NAME = "signer_name"
    SIGNER_PHONE = "signer_phone"
    SIGNING_DATE = "signing_date"

    def __str__(self) -> str:
        return str(self.value)

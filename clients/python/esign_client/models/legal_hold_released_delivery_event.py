from enum import StrEnum

class LegalHoldReleasedDeliveryEvent(StrEnum):
    LEGAL_HOLD_RELEASED = "legal_hold.released"

    def __str__(self) -> str:
        return str(self.value)

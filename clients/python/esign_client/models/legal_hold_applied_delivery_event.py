from enum import StrEnum

class LegalHoldAppliedDeliveryEvent(StrEnum):
    LEGAL_HOLD_APPLIED = "legal_hold.applied"

    def __str__(self) -> str:
        return str(self.value)

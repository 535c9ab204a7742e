from enum import StrEnum

class SigningRequestPurgeScheduledDeliveryEvent(StrEnum):
    SIGNING_REQUEST_PURGE_SCHEDULED = "signing_request.purge_scheduled"

    def __str__(self) -> str:
        return str(self.value)

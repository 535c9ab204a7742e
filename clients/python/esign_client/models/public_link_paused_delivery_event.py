from enum import StrEnum

class PublicLinkPausedDeliveryEvent(StrEnum):
    PUBLIC_LINK_PAUSED = "public_link.paused"

    def __str__(self) -> str:
        return str(self.value)

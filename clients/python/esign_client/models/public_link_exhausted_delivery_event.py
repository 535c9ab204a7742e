from enum import StrEnum

class PublicLinkExhaustedDeliveryEvent(StrEnum):
    PUBLIC_LINK_EXHAUSTED = "public_link.exhausted"

    def __str__(self) -> str:
        return str(self.value)

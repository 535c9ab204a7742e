from enum import StrEnum

class PublicLinkUsedDeliveryEvent(StrEnum):
    PUBLIC_LINK_USED = "public_link.used"

    def __str__(self) -> str:
        return str(self.value)

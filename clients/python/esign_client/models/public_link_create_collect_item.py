from enum import StrEnum

class PublicLinkCreateCollectItem(StrEnum):
    EMAIL = "email"
    NAME = "name"

    def __str__(self) -> str:
        return str(self.value)

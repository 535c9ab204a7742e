from enum import StrEnum

class RetentionOverrideBodyAction(StrEnum):
    PURGE_ALL = "purge_all"
    PURGE_CONTENT = "purge_content"

    def __str__(self) -> str:
        return str(self.value)

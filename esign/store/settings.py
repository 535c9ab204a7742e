from esign.db import DuplicateKeyError
from esign.store.base import Repository


class Settings(Repository):
    """Deployment-wide values shared by every process (the generated service key, the seal)."""

    collection_name = "settings"

    async def get(self, name: str):
        """The stored value of `name`, or None."""
        doc = await self.col.find_one({"_id": name})
        return None if doc is None else doc["value"]

    async def get_or_create(self, name: str, make):
        """Return the stored value of `name`, storing `make()` first if none exists; when two
        processes race, both end up with the first one stored."""
        doc = await self.col.find_one({"_id": name})
        if doc is None:
            try:
                await self.col.insert_one({"_id": name, "value": make()})
            except DuplicateKeyError:
                pass
            doc = await self.col.find_one({"_id": name})
        return doc["value"]

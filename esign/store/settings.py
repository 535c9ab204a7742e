from collections.abc import Callable
from typing import Any, cast

from esign.db import DuplicateKeyError
from esign.store.base import Repository
from esign.store.records import Json


class Settings(Repository[Json]):
    """Deployment-wide values shared by every process (the generated service key, the seal)."""

    collection_name = "settings"

    async def get(self, name: str) -> Any:  # type: ignore[override]  # settings are deployment-wide: no org_id
        """The stored value of `name`, or None."""
        doc = await self.col.find_one({"_id": name})
        return None if doc is None else doc["value"]

    async def get_or_create(self, name: str, make: Callable[[], Any]) -> Any:
        """Return the stored value of `name`, storing `make()` first if none exists; when two
        processes race, both end up with the first one stored."""
        doc = await self.col.find_one({"_id": name})
        if doc is None:
            try:
                await self.col.insert_one({"_id": name, "value": make()})
            except DuplicateKeyError:
                pass
            doc = await self.col.find_one({"_id": name})
        return cast(Json, doc)["value"]  # stored by this call or the one it raced (settings are never deleted)

    async def put(self, name: str, value: Any) -> None:
        """Store `value` under `name`, replacing what was there."""
        await self.col.update_one({"_id": name}, {"$set": {"value": value}}, upsert=True)

    async def put_if(self, name: str, where: Json, value: Any) -> bool:
        """Replace the value of `name` with `value` only while its stored value holds `where` (field ->
        value): one atomic update; whether it matched."""
        result = await self.col.update_one({"_id": name, **{f"value.{k}": v for k, v in where.items()}},
                                           {"$set": {"value": value}})
        return result.matched_count == 1

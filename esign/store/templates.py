"""Templates: reusable signing-request settings with named signer roles (fields embedded per role)."""
from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Repository, out


class Templates(Repository):
    collection_name = "templates"
    indexes = [([("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING)], {})]

    async def list(self, org_id, limit, offset):
        """Newest first."""
        return await self.page({"org_id": org_id}, [("created_at", DESCENDING), ("_id", DESCENDING)], limit, offset)

    async def counted(self, org_id) -> int:
        """Templates that count toward the plan's limit (those made with sandbox keys do not)."""
        return await self.col.count_documents({"org_id": org_id, "sandbox": {"$ne": True}})

    async def update_if(self, template: dict, changes: dict) -> dict | None:
        """Apply `changes` if the template is still at the version it was read at; None when it was
        changed or deleted meanwhile."""
        changes = {**changes, "version": template["version"] + 1, "updated_at": self.clock.now()}
        return out(await self.col.find_one_and_update(
            {"_id": template["id"], "org_id": template["org_id"], "version": template["version"]},
            {"$set": changes}, return_document=ReturnDocument.AFTER))


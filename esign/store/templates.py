"""Templates: reusable signing-request settings with named signer roles (fields embedded per role),
and the versions of them that bulk jobs were submitted with."""
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



class TemplateVersions(Repository):
    """A template as it was at one version, written once when a bulk job is submitted with it (one
    document per template version, shared by every job of that version). A bulk job refers to it by
    (template_id, version), so edits and the deletion of the template during a run change nothing."""
    collection_name = "template_versions"

    @staticmethod
    def _key(template_id: str, version: int) -> str:
        return f"{template_id}:{version}"

    async def keep(self, template: dict) -> None:
        """Store `template` at its version unless stored already (an equality upsert: concurrent
        submissions of the same version are safe)."""
        snapshot = {k: v for k, v in template.items() if k != "id"}
        await self.col.update_one({"_id": self._key(template["id"], template["version"])},
                                  {"$setOnInsert": {**snapshot, "template_id": template["id"]}}, upsert=True)

    async def at(self, template_id: str, version: int) -> dict | None:
        """The template as it was at `version` (its `id` is the template's)."""
        doc = await self.col.find_one({"_id": self._key(template_id, version)})
        return None if doc is None else {**{k: v for k, v in doc.items() if k not in ("_id", "template_id")},
                                         "id": doc["template_id"]}

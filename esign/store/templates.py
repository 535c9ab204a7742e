"""Templates: reusable signing-request settings with named signer roles (fields embedded per role),
and the versions of them that bulk jobs were submitted with."""
from typing import cast

from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Page, Repository
from esign.store.records import Json, Template

# what a template summary shows (the roles are counted, their fields never read)
SUMMARY = {f: 1 for f in ("org_id", "name", "description", "document_id", "document_ids", "signing_order", "created_at",
                          "updated_at", "sandbox", "roles.name")}


class Templates(Repository[Template]):
    collection_name = "templates"
    # `sandbox` last: counting the templates that count toward the plan reads the index only
    indexes = [Index("org_created", [("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING),
                                     ("sandbox", ASCENDING)]),
               Index("org_number", [("org_id", ASCENDING), ("number", ASCENDING), ("sandbox", ASCENDING)]),
               # a purge keeps an original a template uses (esign.domain.retention)
               Index("org_document", [("org_id", ASCENDING), ("document_id", ASCENDING)]),
               Index("org_documents", [("org_id", ASCENDING), ("document_ids", ASCENDING)]),
               # the retention sweep: the templates that carry their own retention (esign.domain.retention.policy)
               Index("org_retention", [("org_id", ASCENDING), ("retention.after_days", ASCENDING)])]
    cursor_fields = ("created_at",)

    async def uses_document(self, org_id: str, document_id: str) -> bool:
        """Whether a template of the organisation uses the document (indexes org_document, org_documents)."""
        return bool(await self.document_users(org_id, document_id, limit=1))

    async def with_retention(self, org_id: str) -> list[Json]:
        """`{id, retention}` of each template of the organisation that carries its own retention (index
        org_retention; a template's `retention` is checked against the floor when it is set)."""
        cursor = self.col.find({"org_id": org_id, "retention.after_days": {"$type": "number"}}, {"retention": 1})
        return [{"id": d["_id"], "retention": d["retention"]} async for d in cursor]

    async def document_users(self, org_id: str, document_id: str, limit: int = 5) -> list[str]:
        """The ids of up to `limit` templates of the organisation that use the document (indexes
        org_document, org_documents)."""
        found: list[str] = []
        for key in ("document_id", "document_ids"):
            found += [d["_id"] async for d in self.col.find({"org_id": org_id, key: document_id}, {"_id": 1}).limit(limit)
                      if d["_id"] not in found]
        return found[:limit]

    async def list(self, org_id: str, limit: int, offset: int, after: Json | None = None) -> Page:
        """Summaries (roles by name only), newest first."""
        return await self.page({"org_id": org_id}, [("created_at", DESCENDING), ("_id", DESCENDING)], limit, offset,
                               after=after, projection=SUMMARY)

    async def counted(self, org_id: str) -> int:
        """Templates that count toward the plan's limit (those made with sandbox keys do not)."""
        return await self.col.count_documents({"org_id": org_id, "sandbox": {"$ne": True}})

    async def next_number(self, org_id: str) -> int:
        """The organisation's next template number (a counter document: strictly increasing across
        processes, so templates made at the same instant still have one order)."""
        doc = await self.db["counters"].find_one_and_update(
            {"_id": f"templates:{org_id}"}, {"$inc": {"seq": 1}}, upsert=True, return_document=ReturnDocument.AFTER)
        return int(doc["seq"])

    async def rank(self, template: Template) -> int:
        """How many counted templates of the organisation were numbered no later than `template` (those
        made before numbering existed come first): its place in the queue for the plan's limit."""
        return await self.col.count_documents({"org_id": template["org_id"], "sandbox": {"$ne": True},
                                               "$or": [{"number": {"$lte": template["number"]}}, {"number": None}]})

    async def update_if(self, template: Template, changes: Json) -> Template | None:
        """Apply `changes` if the template is still at the version it was read at; None when it was
        changed or deleted meanwhile."""
        changes = {**changes, "version": template["version"] + 1, "updated_at": self.clock.now()}
        return self.record(await self.col.find_one_and_update(
            {"_id": template["id"], "org_id": template["org_id"], "version": template["version"]},
            {"$set": changes}, return_document=ReturnDocument.AFTER))



class TemplateVersions(Repository[Json]):
    """A template as it was at one version, written once when a bulk job is submitted with it (one
    document per template version, shared by every job of that version). A bulk job refers to it by
    (template_id, version), so edits and the deletion of the template during a run change nothing."""
    collection_name = "template_versions"

    @staticmethod
    def _key(template_id: str, version: int) -> str:
        return f"{template_id}:{version}"

    async def keep(self, template: Template) -> None:
        """Store `template` at its version unless stored already (an equality upsert: concurrent
        submissions of the same version are safe)."""
        snapshot = {k: v for k, v in template.items() if k != "id"}
        await self.col.update_one({"_id": self._key(template["id"], template["version"])},
                                  {"$setOnInsert": {**snapshot, "template_id": template["id"]}}, upsert=True)

    async def at(self, template_id: str, version: int) -> Template | None:
        """The template as it was at `version` (its `id` is the template's)."""
        doc = await self.col.find_one({"_id": self._key(template_id, version)})
        return None if doc is None else cast(Template, {**{k: v for k, v in doc.items() if k not in ("_id", "template_id")},
                                                        "id": doc["template_id"]})

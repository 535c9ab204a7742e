import builtins
import collections
import datetime as dt
from collections.abc import Callable, Iterable
from typing import cast

from esign.clock import Clock
from esign.db import ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Database, Index, Page, Repository, out
from esign.store.records import Document, Json

# what the list shows: never the page geometry (one entry per page), the blob key or the hash
LISTED = {f: 1 for f in ("name", "file_size", "page_count", "status", "created_at", "active_content_removed",
                         "had_signatures")}
DELETING = "deleting"  # DELETE /v1/documents/{id} accepted: the file and then the record go (esign.domain.retention)
MAX_SETTLED = 64  # settled document records each process keeps (least recently used out; one holds a size per page)


class Documents(Repository[Document]):
    collection_name = "documents"
    # `status` last: the list leaves out the documents being deleted
    indexes = [Index("org_created", [("org_id", ASCENDING), ("created_at", DESCENDING), ("_id", DESCENDING),
                                     ("status", ASCENDING)])]
    cursor_fields = ("created_at",)

    def __init__(self, db: Database, clock: Clock, after_write: Callable[[], None] | None = None) -> None:
        super().__init__(db, clock, after_write)
        self._settled: collections.OrderedDict[tuple[str, str], Document] = collections.OrderedDict()

    async def settled(self, org_id: str, doc_id: str) -> Document | None:
        """The record as `get` reads it, kept in this process once it is settled (its page geometry
        known: `settle`, or `set_pages` by another process): nothing changes a settled document, and nothing removes one a request
        uses (`discard` is for an upload that never completed), so every process may keep it. The
        signing page's answers and images read their documents this way: no round trip after the first."""
        key = (org_id, doc_id)
        doc = self._settled.get(key)
        if doc is not None:
            self._settled.move_to_end(key)
            return doc.copy()
        doc = await self.get(org_id, doc_id)
        if doc is not None and doc.get("pages"):
            self._keep(doc)
        return doc

    def _keep(self, doc: Document) -> None:
        self._settled[(doc["org_id"], doc["id"])] = doc.copy()
        if len(self._settled) > MAX_SETTLED:
            self._settled.popitem(last=False)

    async def settle(self, doc: Document, pages: builtins.list[Json]) -> None:
        """`set_pages` for the record `doc` (as `settled` read it), which is settled from then on."""
        await self.set_pages(doc["id"], pages)
        self._keep({**doc, "pages": pages})

    async def insert(  # type: ignore[override]  # a document is made from its upload's facts, not from a record
            self, doc_id: str, org_id: str, name: str, file_size: int, page_count: int, blob_key: str, sha256: str,
            sandbox: bool, active_content_removed: Iterable[str] = (), had_signatures: bool = False,
            text_tags: Json | None = None, received_sha256: str | None = None) -> Document:
        """`text_tags`: {text_tags, text_tag_errors, text_tags_truncated} (bounded by esign.domain.pages.placement).
        `file_size` and `sha256` are the stored (normalised) file's, `received_sha256` the upload's as
        received (esign.pdf.normalise)."""
        doc = {"_id": doc_id, "org_id": org_id, "name": name, "file_size": file_size,
               "page_count": page_count, "status": "ready", "blob_key": blob_key, "sha256": sha256,
               "sandbox": sandbox, "active_content_removed": list(active_content_removed),
               "had_signatures": had_signatures, "received_sha256": received_sha256,
               "created_at": self.clock.now(), **(text_tags or {})}
        await self.col.insert_one(doc)
        return cast(Document, out(doc))

    async def get(self, org_id: str, record_id: str) -> Document | None:
        """The organisation's document, unless it is being deleted (`begin_delete`)."""
        return self.record(await self.col.find_one({"_id": record_id, "org_id": org_id, "status": {"$ne": DELETING}}))

    async def begin_delete(self, org_id: str, doc_id: str, at: dt.datetime) -> Document | None:
        """Mark the document `deleting` (esign.domain.retention.deletion): one conditional update, None when
        it is gone or being deleted already, else the record as it was. From then on `get` and the list no
        longer show it."""
        self._forget(doc_id)
        return self.record(await self.col.find_one_and_update(
            {"_id": doc_id, "org_id": org_id, "status": {"$ne": DELETING}},
            {"$set": {"status": DELETING, "deleting_since": at}},
            return_document=ReturnDocument.BEFORE))

    async def undo_delete(self, doc_id: str, status: str) -> None:
        """A request took the document while it was being marked: it is `status` again."""
        await self.col.update_one({"_id": doc_id, "status": DELETING},
                                  {"$set": {"status": status}, "$unset": {"deleting_since": ""}})

    async def remove_deleting(self, doc_id: str) -> bool:
        """Remove the record of a document being deleted, once its file is gone (True once)."""
        return (await self.col.delete_one({"_id": doc_id, "status": DELETING})).deleted_count == 1

    def _forget(self, doc_id: str) -> None:
        self._settled = collections.OrderedDict((k, d) for k, d in self._settled.items() if k[1] != doc_id)

    async def discard(self, doc_id: str) -> None:
        """Remove a document whose upload could not be completed (no request can use it yet)."""
        await self.col.delete_one({"_id": doc_id})

    async def list(self, org_id: str, limit: int, offset: int, after: Json | None = None) -> Page:
        return await self.page({"org_id": org_id, "status": {"$ne": DELETING}},
                               [("created_at", DESCENDING), ("_id", DESCENDING)], limit, offset,
                               after=after, projection=LISTED)

    async def set_pages(self, doc_id: str, pages: builtins.list[Json]) -> None:
        """Remember the page sizes as displayed (computed once, on first use by a signing page)."""
        await self.col.update_one({"_id": doc_id}, {"$set": {"pages": pages}})

    async def content_purged(self, doc_id: str, at: dt.datetime) -> None:
        """The document's file was deleted by a purge (esign.domain.retention): the record stays, marked."""
        await self.col.update_one({"_id": doc_id, "content_purged_at": {"$exists": False}},
                                  {"$set": {"content_purged_at": at, "status": "purged"}})
        self._forget(doc_id)

"""Envelopes: the documents of a signing request (docs/envelopes.md).

A request holds 1 to MAX_DOCUMENTS uploaded documents, in order (`documents`: id, name, page count,
order); `document_id`, `document_name` and `document_pages` stay the first document's. Every field
names its `document_id` and a page of that document. Requests stored before envelopes have no
`documents`: their one document is derived from `document_id` (`of`).

Limits apply to the envelope as a whole: at most MAX_DOCUMENTS documents, MAX_PAGES pages together and,
together, at most `[limits] max_upload_mb` (the largest single upload), so that the combined PDF
(`?combined=true`) is no larger than one document may be.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from esign import i18n
from esign.domain.pages import documents as uploads
from esign.domain.ports import Services
from esign.errors import validation_error
from esign.store.records import Document, Json, ListedDocument, RecordLike, SigningRequest

MAX_DOCUMENTS = 10
MAX_PAGES = 2000
MB = 1024 * 1024
DOCUMENT_KEYS = ("id", "name", "page_count", "order")


def of(request: SigningRequest) -> list[ListedDocument]:
    """The request's documents in order (each {id, name, page_count, order})."""
    return request.get("documents") or [{"id": request["document_id"], "name": request["document_name"],
                                         "page_count": request.get("document_pages"), "order": 1}]


def title(request: SigningRequest, locale: str) -> str:
    """What the request is called to a person: its document's name, or the names of every document of
    an envelope listed as `locale` lists them (`offer.pdf, sale.pdf and terms.pdf`)."""
    return i18n.list_text([d["name"] for d in of(request)], locale)


def by_id(request: SigningRequest) -> dict[str, ListedDocument]:
    return {d["id"]: d for d in of(request)}


def document_of(request: SigningRequest, field: Mapping[str, Any]) -> ListedDocument:
    """The envelope document a stored field lies on (the first for a field stored before envelopes)."""
    docs = of(request)
    wanted = field.get("document_id")
    return next((d for d in docs if d["id"] == wanted), docs[0])


def fields_of(request: SigningRequest, document_id: str, fields: Sequence[RecordLike] | None = None) -> list[RecordLike]:
    """The fields (of `fields`, default the request's) that lie on document `document_id`."""
    first = of(request)[0]["id"]
    return [f for f in (request["fields"] if fields is None else fields)
            if (f.get("document_id") or first) == document_id]


def given_ids(body: Json) -> tuple[list[str], str]:
    """The documents a create body names, and the body key that names them (422: both, or neither)."""
    if body.get("document_id") is not None and body.get("document_ids") is not None:
        raise validation_error([{"field": "document_ids", "message": "give document_id or document_ids, not both"}])
    if body.get("document_ids") is not None:
        ids = [str(d) for d in body["document_ids"]]
        seen = sorted({d for d in ids if ids.count(d) > 1})
        if seen:
            raise validation_error([{"field": "document_ids", "message": f"document {seen[0]} is listed twice"}])
        return ids, "document_ids"
    if body.get("document_id") is None:
        raise validation_error([{"field": "document_id", "message": "give document_id (one document) or document_ids "
                                                                    "(1 to 10 documents, in order)"}])
    return [str(body["document_id"])], "document_id"


async def load(services: Services, org_id: str, ids: list[str], key: str, sandbox: bool) -> list[Document]:
    """The document records of `ids`, in order, checked as an envelope (422 naming `key` otherwise)."""
    records: list[Document] = []
    details: list[Json] = []
    for i, doc_id in enumerate(ids):
        document = await services.store.documents.get(org_id, doc_id)
        where = key if key == "document_id" else f"{key}.{i}"
        if document is None:
            details.append({"field": where, "message": "no such document in this organisation"})
        else:
            uploads.check_usable(document, sandbox)
            records.append(document)
    if details:
        raise validation_error(details)
    pages = sum(d.get("page_count") or 0 for d in records)
    if len(records) > 1 and pages > MAX_PAGES:
        details.append({"field": key, "message": f"these documents have {pages} pages together; an envelope may have "
                                                 f"at most {MAX_PAGES}"})
    size_mb = services.config.limits.max_upload_mb
    size = sum(d.get("file_size") or 0 for d in records)
    if len(records) > 1 and size > size_mb * MB:
        details.append({"field": key, "message": f"these documents take {size / MB:.1f} MB together; an envelope may "
                                                 f"take at most {size_mb} MB ([limits] max_upload_mb)"})
    if details:
        raise validation_error(details)
    return records


def listing(records: list[Document]) -> list[ListedDocument]:
    """The request's `documents` from the document records, in order."""
    return [{"id": d["id"], "name": d["name"], "page_count": d.get("page_count"), "order": n}
            for n, d in enumerate(records, start=1)]

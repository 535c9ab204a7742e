"""The editor's "find text tags" (docs/authoring.md): the text tags esign read from the draft's documents
when they were uploaded (esign.domain.pages.placement, the detection `fields_from_text_tags` uses on
create), proposed as fields for a person to accept or dismiss. An accepted one is saved with the draft's
other fields (esign.domain.authoring.edits.replace_fields), naming its `text_tag`: the server then gives it
the tag's box to cover, as /v1's fields made from tags have, from the document's own record (never from
the page)."""
from __future__ import annotations

from typing import Any

from esign.domain.pages import placement
from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.errors import not_found, validation_error
from esign.store.records import Document, Json, SigningRequest

BOX = ("x_percent", "y_percent", "width_percent", "height_percent")


async def _documents(services: Services, org_id: str, ids: list[str]) -> list[Document]:
    records = []
    for document_id in ids:
        record = await services.store.documents.get(org_id, document_id)
        if record is None:
            raise not_found("document")
        records.append(record)
    return records


async def _request_documents(services: Services, request: SigningRequest) -> list[Document]:
    return await _documents(services, request["org_id"], [d["id"] for d in envelope.of(request)])


def _problem(document: Document, message: str, tag: Json | None = None) -> Json:
    return {"document_id": document["id"], "page": (tag or {}).get("page"), "tag": (tag or {}).get("tag"),
            "message": message}


def _found(document: Document) -> tuple[list[Json], list[Json]]:
    """The fields of the document's well-formed tags (each with the tag's `attributes`), and its problems."""
    problems = [_problem(document, e["message"], e) for e in document.get("text_tag_errors") or []]
    if "text_tags" not in document:
        return [], [_problem(document, "the document was uploaded before text tags were read: upload it again")]
    if document.get("text_tags_truncated"):
        problems.append(_problem(document, f"more than {placement.MAX_TAGS} text tags: the first are shown"))
    if not document["text_tags"]:
        return [], problems
    fields = placement.fields_from_tags({**document, "text_tag_errors": [], "text_tags_truncated": False},
                                        "text_tags", lambda attrs: ({"attributes": attrs}, None))
    return fields, problems


async def text_tags(services: Services, request: SigningRequest) -> Json:
    """`{proposals, problems}`: a field for each text tag of the draft's documents not made into a field
    yet (`signer=N`: the draft's N-th signer), and why a tag makes none (malformed, a signer the draft
    does not have, a role's tag)."""
    signers = request["signers"]
    made = {(f.get("document_id"), f["page_number"], f["text_tag"]) for f in request["fields"] if f.get("text_tag")}
    proposals: list[Json] = []
    problems: list[Json] = []
    for document in await _request_documents(services, request):
        fields, found_problems = _found(document)
        problems += found_problems
        for field in fields:
            attrs = field.pop("attributes")
            tag = {"page": field["page_number"], "tag": field["text_tag"]}
            n = attrs.get("signer")
            if n is None:
                problems.append(_problem(document, f"names role={attrs['role']}; a signing request's tags name signer=N", tag))
            elif n > len(signers):
                problems.append(_problem(document, f"names signer={n}, but the draft has {len(signers)} "
                                                   f"signer{'s' * (len(signers) != 1)}", tag))
            elif (document["id"], field["page_number"], field["text_tag"]) not in made:
                proposals.append({**{k: v for k, v in field.items() if k != "cover_box"}, "document_id": document["id"],
                                  "signer_id": signers[n - 1]["id"]})
    return {"proposals": proposals, "problems": problems}


def _boxes(documents: list[Document]) -> dict[tuple[str, int, str], list[float]]:
    return {(d["id"], t["page"], t["tag"]): [t[k] for k in BOX] for d in documents for t in d.get("text_tags") or []}


def _cover(f: dict[str, Any], boxes: dict[tuple[str, int, str], list[float]], first: str | None, where: str,
           details: list[Json]) -> dict[str, Any]:
    """`f` with the box of the `text_tag` it names, if any (a detail naming `where` when there is none)."""
    if not f.get("text_tag"):
        return f
    box = boxes.get((str(f.get("document_id") or first), f.get("page_number", 1), f["text_tag"]))
    if box is None:
        details.append({"field": f"{where}.text_tag", "message": "not a text tag of the document on that page"})
        return f
    return {**f, "cover_box": box}


async def covered(services: Services, request: SigningRequest, fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`fields` with each one that names a `text_tag` given that tag's box to cover (`cover_box`), from the
    record of its document: 422 naming `fields.{i}.text_tag` when that document has no such tag on that page."""
    if not any(f.get("text_tag") for f in fields):
        return fields
    boxes, first = _boxes(await _request_documents(services, request)), envelope.of(request)[0]["id"]
    details: list[Json] = []
    out = [_cover(f, boxes, first, f"fields.{i}", details) for i, f in enumerate(fields)]
    if details:
        raise validation_error(details)
    return out


async def covered_roles(services: Services, org_id: str, ids: list[str], roles: list[Json]) -> list[Json]:
    """A template's `roles` (its documents: `ids`) with each role field that names a `text_tag` given its
    box, as `covered` does for a draft's fields (422 naming `roles.{i}.fields.{j}.text_tag`)."""
    if not any(f.get("text_tag") for role in roles for f in role.get("fields") or []):
        return roles
    boxes = _boxes(await _documents(services, org_id, ids))
    details: list[Json] = []
    out = [{**role, "fields": [_cover(f, boxes, ids[0] if ids else None, f"roles.{i}.fields.{j}", details)
                               for j, f in enumerate(role.get("fields") or [])]} for i, role in enumerate(roles)]
    if details:
        raise validation_error(details)
    return out

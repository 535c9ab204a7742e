"""The editor's "find text tags and anchors" (docs/authoring.md): the text tags esign read from the draft's
(or the template's) documents when they were uploaded (esign.domain.pages.placement, the detection
`fields_from_text_tags` uses on create), proposed as fields for a person to accept or dismiss. An accepted
one is saved with the draft's other fields (esign.domain.authoring.edits.replace_fields, or the template's
roles), naming its `text_tag`: the server then gives it the tag's box to cover, as /v1's fields made from
tags have, from the document's own record (never from the page). Anchors: fields at a text of the
documents, placed by /v1's own matching (esign.domain.pages.placement.place_anchored), proposed the same way."""
from __future__ import annotations

from typing import Any

from esign.domain.pages import placement
from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.domain.templating import templates as templates_domain
from esign.errors import ApiError, not_found, validation_error
from esign.store.records import Document, Json, SigningRequest, Template


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


def _proposals(documents: list[Document], made: set[tuple[Any, ...]], owner: placement.Owner) -> Json:
    """`{proposals, problems}` of `documents`' tags: a field for each tag not among `made` ((document id,
    page, tag) of the fields made from tags already) with what `owner(attributes)` gives, and why a tag
    makes none."""
    proposals: list[Json] = []
    problems: list[Json] = []
    for document in documents:
        fields, found_problems = _found(document)
        problems += found_problems
        for field in fields:
            who, why = owner(field.pop("attributes"))
            if why:
                problems.append(_problem(document, why, {"page": field["page_number"], "tag": field["text_tag"]}))
            elif (document["id"], field["page_number"], field["text_tag"]) not in made:
                proposals.append({**{k: v for k, v in field.items() if k != "cover_box"}, "document_id": document["id"],
                                  **(who or {})})
    return {"proposals": proposals, "problems": problems}


async def text_tags(services: Services, request: SigningRequest) -> Json:
    """`{proposals, problems}`: a field for each text tag of the draft's documents not made into a field
    yet (`signer=N`: the draft's N-th signer, as `signer_id`), and why a tag makes none (malformed, a
    signer the draft does not have, a role's tag)."""
    made = {(f.get("document_id"), f["page_number"], f["text_tag"]) for f in request["fields"] if f.get("text_tag")}
    owner = placement.signer_owner(request["signers"], "draft", lambda s: {"signer_id": s["id"]})
    return _proposals(await _request_documents(services, request), made, owner)


async def template_text_tags(services: Services, template: Template) -> Json:
    """As `text_tags`, for a template's documents: `role=Name` is the template's role of that name (its
    name as the template spells it, as `role`); a `signer=N` tag or an unknown role makes none."""
    documents = await _documents(services, template["org_id"], templates_domain.document_ids(template))
    first = documents[0]["id"] if documents else None
    made = {(f.get("document_id") or first, f.get("page_number", 1), f["text_tag"])
            for role in template["roles"] for f in role["fields"] if f.get("text_tag")}
    return _proposals(documents, made, placement.role_owner(template["roles"]))


async def anchored(services: Services, documents: list[Document], fields: list[Json]) -> Json:
    """`{proposals, problems}` of fields to place at anchor texts: each of `fields` (each with an `anchor`)
    placed where /v1 would place it in `documents` (esign.domain.pages.placement.place_anchored: the same
    matching; `occurrence` "all": one proposal per match; `if_missing` "skip": none when the text is not
    there). Nothing is saved: an accepted proposal is saved with the other fields."""
    placed = await placement.place_anchored(services, documents, fields)
    return {"proposals": placed, "problems": []}


async def request_anchors(services: Services, request: SigningRequest, fields: list[Json]) -> Json:
    return await anchored(services, await _request_documents(services, request), fields)


async def template_anchors(services: Services, template: Template, fields: list[Json]) -> Json:
    return await anchored(services, await _documents(services, template["org_id"],
                                                     templates_domain.document_ids(template)), fields)


async def template_anchored(services: Services, template: Template) -> Json:
    """Where the template's role fields given at an `anchor` land in its documents, as /v1 places them when
    a request is made (esign.domain.pages.placement.place_anchored), for the editor to draw, never saved:
    `{boxes, missing}`, a box per match (`role`, `field`: the field's index in its role, `text`, and the
    place), and each field that has none: `refused` with /v1's own words when a request made from the
    template would be refused (422), else left out (`if_missing` "skip")."""
    pending = [{**f, "role": role["name"], "field": j} for role in template["roles"]
               for j, f in enumerate(role["fields"]) if f.get("anchor") and "x_percent" not in f]
    if not pending:
        return {"boxes": [], "missing": []}
    documents = await _documents(services, template["org_id"], templates_domain.document_ids(template))
    missing: list[Json] = []
    placed: list[Json] = []
    while pending:
        try:
            placed = await placement.place_anchored(services, documents, pending)
            break
        except ApiError as error:  # (422: each field /v1 would refuse names its index; else all of them)
            why = (error.details or [{"message": error.message}])[0]["message"]
            named = {int(d["field"].split(".")[1]): d["message"] for d in error.details or []
                     if d["field"].count(".") == 2} or dict.fromkeys(range(len(pending)), why)
            missing += [{**_anchored(pending[i]), "refused": True, "message": m} for i, m in named.items()]
            pending = [f for i, f in enumerate(pending) if i not in named]
    placed = [f for f in placed if "x_percent" in f]
    found = {(f["role"], f["field"]) for f in placed}
    missing += [{**_anchored(f), "refused": False, "message": None} for f in pending
                if (f["role"], f["field"]) not in found]
    boxes = [{**_anchored(f), **{k: f[k] for k in ("document_id", "page_number", "x_percent", "y_percent",
                                                   "width_percent", "height_percent")}} for f in placed]
    return {"boxes": boxes, "missing": missing}


def _anchored(field: Json) -> Json:
    return {"role": field["role"], "field": field["field"], "field_type": field["field_type"],
            "text": field["anchor"]["text"]}


async def covered(services: Services, request: SigningRequest, fields: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`fields` with each one that names a `text_tag` given that tag's box to cover (`cover_box`), from the
    record of its document: 422 naming `fields.{i}.text_tag` when that document has no such tag on that page."""
    if not any(f.get("text_tag") for f in fields):
        return fields
    boxes, first = placement.tag_boxes(await _request_documents(services, request)), envelope.of(request)[0]["id"]
    details: list[Json] = []
    out = [placement.with_cover(f, boxes, first, f"fields.{i}", details) for i, f in enumerate(fields)]
    if details:
        raise validation_error(details)
    return out

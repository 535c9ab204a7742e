"""Placing fields without coordinates (docs/placement.md): at an anchor text, or where a text tag
`{{type;signer=N;...}}` is written in the document.

Where texts are is read from the PDF's text layer by the bounded checking processes
(esign.pdf.probe, esign.pdf.textboxes): anchors when fields are given, text tags once at upload
(kept with the document, at most MAX_TAGS of them).
"""
from __future__ import annotations

import asyncio
import os
import re
import tempfile
from collections.abc import Callable
from typing import Any, cast

from esign.domain.ports import Services
from esign.errors import validation_error
from esign.pdf.textboxes import MAX_TAG_CHARS, clean
from esign.store.records import Document, Json, Role, Signer

#: who a text tag's field is for: (its signer or role, or None and why not) from the tag's attributes
Owner = Callable[[Json], tuple[Json | None, str | None]]

FIELD_TYPES = ["signature", "initials", "date", "text", "checkbox", "select", "attachment"]
MAX_TAGS = 500  # text tags kept with a document (one more is counted, and the document says there are more)
MAX_TAG_ERRORS = 100
MIN_WIDTH, MAX_WIDTH, MIN_HEIGHT, MAX_HEIGHT = 1.0, 80.0, 1.0, 40.0  # the field shape's bounds, in percent
TAG_KEYS = ("signer", "role", "name", "required", "options", "width", "height")
GRAMMAR = "{{type;signer=N;name=Label;required=false;options=A|B|C;width=W;height=H}}"


# --- anchors --------------------------------------------------------------------------------------

async def _read_text(services: Services, document: Document | None, texts: list[str], tags: bool = False,
                     path: str | None = None) -> Json:
    """The checking process's answer for `texts` in the document (or the file at `path`)."""
    if path is not None:
        return await services.pdf_checker.textboxes(path, texts, tags)
    data = await services.storage.get_bytes(cast(Document, document)["blob_key"])  # given when `path` is not
    fd, tmp = tempfile.mkstemp(prefix="esign-text-", suffix=".pdf")
    try:
        await asyncio.to_thread(_write_all, fd, data)
        return await services.pdf_checker.textboxes(tmp, texts, tags)
    finally:
        os.unlink(tmp)


def _write_all(fd: int, data: bytes) -> None:
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _offsets(anchor: Json, hit: Json) -> tuple[float, float]:
    dx, dy = float(anchor.get("x_offset") or 0), float(anchor.get("y_offset") or 0)
    if anchor.get("units") == "pt":
        dx, dy = 100 * dx / hit["page_width"], 100 * dy / hit["page_height"]
    return dx, dy


async def place_anchored(services: Services, documents: list[Document], fields: list[Json],
                         where: str = "fields") -> list[Json]:
    """`fields` with each one that gives an `anchor` (and no coordinates yet) placed at it: its
    top-left corner at the anchor text's top-left plus the offsets, on the anchor's page of the
    anchor's document; one field per match with occurrence "all"; left out when the text is not
    there and `if_missing` is "skip". `documents`: the envelope's document records in order; a field
    naming its `document_id` is looked for there, any other in every document, matches counted in
    envelope order. 422 naming `<where>.<i>.anchor` and the text when it is not there, or when the
    field would leave the page."""
    pending = [f for f in fields if f.get("anchor") and "x_percent" not in f]
    if not pending:
        return fields
    texts = sorted({clean(f["anchor"]["text"]) for f in pending})
    wanted = {str(f["document_id"]) for f in pending if f.get("document_id")}
    searched = documents if any(not f.get("document_id") for f in pending) \
        else [d for d in documents if d["id"] in wanted]
    known = {d["id"] for d in documents}
    hits_by_document: dict[str, Json] = {}
    for document in searched:
        found = await _read_text(services, document, texts)
        if not found.get("ok"):
            raise validation_error([{"field": where, "message": f"the text of {document['name']!r} could not be read "
                                                                f"to find the anchors: {found.get('error')}"}])
        hits_by_document[document["id"]] = found["matches"]
    placed, details = [], []
    for i, f in enumerate(fields):
        anchor = f.get("anchor")
        if not anchor or "x_percent" in f or (f.get("document_id") and str(f["document_id"]) not in known):
            placed.append(f)  # (a document not in the envelope: refused by the caller, naming document_id)
            continue
        text = clean(anchor["text"])
        within = [str(f["document_id"])] if f.get("document_id") else [d["id"] for d in searched]
        hits = [{**hit, "document_id": doc_id} for doc_id in within
                for hit in (hits_by_document.get(doc_id, {}).get(text) or [])]
        occurrence = anchor.get("occurrence", 1)
        chosen = hits if occurrence == "all" else hits[occurrence - 1:occurrence]
        if not chosen:
            if anchor.get("if_missing") == "skip":
                continue
            seen = f"; it occurs {len(hits)} time{'s' if len(hits) != 1 else ''}" if hits else ""
            details.append({"field": f"{where}.{i}.anchor", "message": (
                f"the anchor text {text!r} (occurrence {occurrence}) is not in the document's text{seen}")})
            continue
        for hit in chosen:
            dx, dy = _offsets(anchor, hit)
            x, y = round(hit["x_percent"] + dx, 4), round(hit["y_percent"] + dy, 4)
            if x < 0 or y < 0 or x + f["width_percent"] > 100.0001 or y + f["height_percent"] > 100.0001:
                details.append({"field": f"{where}.{i}.anchor", "message": (
                    f"placed at the anchor text {text!r} on page {hit['page']} (x {x:.2f} %, y {y:.2f} %), the "
                    f"field ({f['width_percent']:g} x {f['height_percent']:g} %) would not lie within the page: "
                    f"change the offsets or the field's size")})
                break
            placed.append({**f, "document_id": hit["document_id"], "page_number": hit["page"], "x_percent": x,
                           "y_percent": y})
    if details:
        raise validation_error(details)
    return placed


# --- text tags ------------------------------------------------------------------------------------

def parse_tag(tag: str) -> tuple[Json | None, str | None]:
    """(attributes, None) for a well-formed tag, (None, why) otherwise. Attributes: `type` and
    those of TAG_KEYS the tag gives (signer an integer, required a boolean, options a list, width and
    height numbers)."""
    if len(tag) >= MAX_TAG_CHARS and not tag.endswith("}}"):
        return None, f"longer than {MAX_TAG_CHARS} characters"
    parts = [p.strip() for p in tag[2:-2].split(";")]
    kind = parts[0]
    attrs: Json = {}
    if kind not in FIELD_TYPES:
        return None, f"{kind!r} is not a field type (one of {', '.join(FIELD_TYPES)}) — the grammar: {GRAMMAR}"
    attrs["type"] = kind
    for part in parts[1:]:
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in TAG_KEYS:
            return None, f"{part!r} is not one of {', '.join(k + '=' for k in TAG_KEYS)}"
        if key in attrs:
            return None, f"{key}= is given twice"
        try:
            attrs[key] = _attribute(key, value)
        except ValueError as exc:
            return None, f"{key}={value}: {exc}"
    if "signer" in attrs and "role" in attrs:
        return None, "give signer= or role=, not both"
    if "signer" not in attrs and "role" not in attrs:
        return None, "names no signer (signer=N, the N-th signer) or template role (role=Name)"
    if kind == "select" and not attrs.get("options"):
        return None, "a select needs options=A|B|C"
    return attrs, None


def _attribute(key: str, value: str) -> str | int | float | list[str]:
    if key == "signer":
        if not re.fullmatch(r"[0-9]{1,3}", value) or not 1 <= int(value) <= 100:
            raise ValueError("must be a signer's number, 1 to 100")
        return int(value)
    if key == "required":
        if value not in ("true", "false"):
            raise ValueError("must be true or false")
        return value == "true"
    if key in ("width", "height"):
        low, high = (MIN_WIDTH, MAX_WIDTH) if key == "width" else (MIN_HEIGHT, MAX_HEIGHT)
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if not low <= number <= high:
            raise ValueError(f"must be a number of percent of the page, {low:g} to {high:g}")
        return number
    if key == "options":
        options = [o.strip() for o in value.split("|")]
        if not 1 <= len(options) <= 100 or not all(1 <= len(o) <= 255 for o in options):
            raise ValueError("1 to 100 options of 1 to 255 characters, separated by |")
        return options
    if not 1 <= len(value) <= (100 if key == "role" else 255):
        raise ValueError(f"must be 1 to {100 if key == 'role' else 255} characters")
    return value


async def scan_tags(services: Services, path: str) -> Json:
    """The text tags of the uploaded file at `path`, as kept with its document: `text_tags` (the
    well-formed ones with their box and attributes), `text_tag_errors` ({tag, page, message}) and
    `text_tags_truncated` (more than MAX_TAGS tags or MAX_TAG_ERRORS errors: the rest are left out)."""
    found = await _read_text(services, None, [], tags=True, path=path)
    if not found.get("ok"):
        return {"text_tags": [], "text_tag_errors": [{"tag": None, "page": None, "message": (
            f"the text layer could not be read, so text tags were not looked for: {found.get('error')}")}],
                "text_tags_truncated": False}
    tags, errors = [], []
    for hit in found["tags"]:
        attrs, why = parse_tag(hit["tag"])
        if why:
            errors.append({"tag": hit["tag"], "page": hit["page"], "message": why})
        else:
            tags.append({"tag": hit["tag"], "page": hit["page"], **{k: hit[k] for k in (
                "x_percent", "y_percent", "width_percent", "height_percent")}, "attributes": attrs})
    return {"text_tags": tags, "text_tag_errors": errors[:MAX_TAG_ERRORS],
            "text_tags_truncated": found["tag_count"] > len(found["tags"]) or len(errors) > MAX_TAG_ERRORS}


def _tag_problem(document: Document) -> str | None:
    if "text_tags" not in document:
        return "the document was uploaded before text tags were read: upload it again"
    if document.get("text_tags_truncated"):
        return f"the document has more than {MAX_TAGS} text tags (or {MAX_TAG_ERRORS} malformed ones); at most " \
               f"{MAX_TAGS} can make fields"
    if not document["text_tags"] and not document.get("text_tag_errors"):
        return "the document has no text tags"
    return None


def _tag_name(tag: Json) -> str:
    return f"tag {tag['tag']!r} on page {tag['page']}" if tag.get("page") else "text tags"


def fields_from_tags(document: Document, where: str, owner: Owner) -> list[Json]:
    """One field per text tag of `document`, each with what `owner(attributes)` gives (its signer or
    role) or None when the tag names none there (422 naming the tag and its page, as for any
    malformed tag). The field takes the tag's box (at least the minimum size; width/height when
    the tag gives them) and keeps the tag's box as `cover_box`, painted white under the stamp."""
    problem = _tag_problem(document)
    if problem:
        raise validation_error([{"field": where, "message": problem}])
    details = [{"field": where, "message": f"{_tag_name(e)}: {e['message']}"} for e in document["text_tag_errors"]]
    fields = []
    for tag in document["text_tags"]:
        attrs = tag["attributes"]
        who, why = owner(attrs)
        if why:
            details.append({"field": where, "message": f"{_tag_name(tag)}: {why}"})
            continue
        width = min(MAX_WIDTH, attrs.get("width") or max(MIN_WIDTH, tag["width_percent"]))
        height = min(MAX_HEIGHT, attrs.get("height") or max(MIN_HEIGHT, tag["height_percent"]))
        fields.append({
            **(who or {}), "field_type": attrs["type"], "page_number": tag["page"],
            "x_percent": round(max(0.0, min(tag["x_percent"], 100 - width)), 4),
            "y_percent": round(max(0.0, min(tag["y_percent"], 100 - height)), 4),
            "width_percent": round(width, 4), "height_percent": round(height, 4),
            "placeholder": attrs.get("name"), "is_required": attrs.get("required", True),
            "options": attrs.get("options"), "validation_type": None, "validation_pattern": None,
            "auto_source": None, "value": None, "text_tag": tag["tag"],
            "cover_box": [tag[k] for k in ("x_percent", "y_percent", "width_percent", "height_percent")]})
    if details:
        raise validation_error(details)
    return fields


Boxes = dict[tuple[str, int, str], list[float]]
BOX = ("x_percent", "y_percent", "width_percent", "height_percent")


def tag_boxes(documents: list[Document]) -> Boxes:
    """Each text tag's box, by (document id, page, tag)."""
    return {(d["id"], t["page"], t["tag"]): [t[k] for k in BOX] for d in documents for t in d.get("text_tags") or []}


def with_cover(f: Json, boxes: Boxes, first: str | None, where: str, details: list[Json]) -> Json:
    """`f` with the box of the `text_tag` it names, if any, as its `cover_box` (a detail naming `where`
    when its document, by default `first`, has no such tag on its page)."""
    if not f.get("text_tag"):
        return f
    box = boxes.get((str(f.get("document_id") or first), f.get("page_number", 1), f["text_tag"]))
    if box is None:
        details.append({"field": f"{where}.text_tag", "message": "not a text tag of the document on that page"})
        return f
    return {**f, "cover_box": box}


def covered_roles(documents: list[Document], roles: list[Json]) -> list[Json]:
    """A template's `roles` (its document records: `documents`, in order) with each role field that names a
    `text_tag` given that tag's box to cover, from the document's record (422 naming
    `roles.{i}.fields.{j}.text_tag` when its document has no such tag on that page)."""
    if not any(f.get("text_tag") for role in roles for f in role.get("fields") or []):
        return roles
    boxes, first = tag_boxes(documents), (documents[0]["id"] if documents else None)
    details: list[Json] = []
    out = [{**role, "fields": [with_cover(f, boxes, first, f"roles.{i}.fields.{j}", details)
                               for j, f in enumerate(role.get("fields") or [])]} for i, role in enumerate(roles)]
    if details:
        raise validation_error(details)
    return out


def signer_owner(signers: list[Signer] | list[Json], what: str, who: Callable[[Any], Json]) -> Owner:
    """Who a signing request's tag is for: `signer=N`, the N-th of `signers` (1-based), as `who(signer)`;
    `what` names the request in the reasons (a tag naming a role, or a signer it does not have)."""
    def owner(attrs: Json) -> tuple[Json | None, str | None]:
        n = attrs.get("signer")
        if n is None:
            return None, f"names role={attrs['role']}; a signing request's tags name signer=N"
        if n > len(signers):
            return None, f"names signer={n}, but the {what} has {len(signers)} signer{'s' * (len(signers) != 1)}"
        return who(signers[n - 1]), None

    return owner


def role_owner(roles: list[Role] | list[Json]) -> Owner:
    """Who a template's tag is for: `role=Name`, a role of `roles` matched case-insensitively, as
    `{"role": its name as given in roles}`."""
    names = {r["name"].casefold(): r["name"] for r in roles}

    def owner(attrs: Json) -> tuple[Json | None, str | None]:
        role = attrs.get("role")
        if role is None:
            return None, f"names signer={attrs['signer']}; a template's tags name role=Name"
        if role.casefold() not in names:
            return None, f"names role={role}, which is not one of the template's roles " \
                         f"({', '.join(names.values()) or 'none'})"
        return {"role": names[role.casefold()]}, None

    return owner


def request_tag_fields(documents: list[Document], signers: list[Json]) -> list[Json]:
    """Fields of a signing request's create body from the tags of every document of the envelope
    (`documents`, in order): `signer=N` is the N-th of `signers` (1-based), named by `signer_email`."""
    return envelope_tag_fields(documents, signer_owner(signers, "request", lambda s: {"signer_email": s["email"]}))


def envelope_tag_fields(documents: list[Document], owner: Owner) -> list[Json]:
    """`fields_from_tags` of each document, each field naming its `document_id`; a document without
    tags is passed over when another has some (422 when none has any)."""
    tagged = [d for d in documents if len(documents) == 1 or _tag_problem(d) != "the document has no text tags"]
    return [{**f, "document_id": d["id"]} for d in tagged or documents[:1]
            for f in fields_from_tags(d, "fields_from_text_tags", owner)]


def role_tag_fields(documents: list[Document], roles: list[Role]) -> dict[str, list[Json]]:
    """A template's role fields from the tags of every document of the template (`documents`, in
    order; `role=Name`, matched case-insensitively), by the role's name as given in `roles`."""
    by_role: dict[str, list[Json]] = {r["name"]: [] for r in roles}
    for f in envelope_tag_fields(documents, role_owner(roles)):
        by_role[f.pop("role")].append(f)
    return by_role

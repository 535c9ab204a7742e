"""Schemas and helpers shared by every resource: timestamps, pagination, the Error shape, routes
with OpenAPI metadata."""
from __future__ import annotations

import datetime as dt
import re

from marshmallow import EXCLUDE, RAISE, Schema, fields, validate

from esign.clock import iso, to_utc_naive
from esign.errors import validation_error


class UTCDateTime(fields.DateTime):
    """ISO 8601 in, naive UTC in Python, ISO 8601 with `Z` out."""

    def _serialize(self, value, attr, obj, **kwargs):
        return iso(value) if isinstance(value, dt.datetime) else value

    def _deserialize(self, value, attr, data, **kwargs):
        return to_utc_naive(super()._deserialize(value, attr, data, **kwargs))


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class QuerySchema(Schema):
    class Meta:
        unknown = RAISE


# What a list may skip with `offset` (documented); deeper pages are reached with the `after_id` cursor,
# which costs what the first page does.
MAX_OFFSET = 10_000


class PageQuery(QuerySchema):
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 100), metadata={"description": "1 to 100"})
    offset = fields.Integer(load_default=0, validate=validate.Range(0, MAX_OFFSET), metadata={
        "description": f"0 to {MAX_OFFSET:,} (a larger offset is 422); walk further with `after_id`"})


class CursorPageQuery(PageQuery):
    after_id = fields.UUID(metadata={
        "description": "cursor (extension): only items after the item with this id in the list's order; pass the "
                       "previous page's last item's id. An id that names no item of the list is a 422"})


async def cursor_record(repo, org_id: str, query: dict) -> dict | None:
    """The record `after_id` names (None without the parameter); 422 when it names none of the list."""
    if "after_id" not in query:
        return None
    record = await repo.get(org_id, str(query["after_id"]))
    if record is None:
        raise validation_error([{"field": "after_id", "message": "no item of this list has this id"}])
    return record


class OutSchema(Schema):
    """Response schemas only dump; unknown keys in the stored record are left out."""

    class Meta:
        unknown = EXCLUDE


class ErrorDetail(OutSchema):
    field = fields.String(required=True)
    message = fields.String(required=True)


class ErrorInner(OutSchema):
    code = fields.String(required=True, metadata={"description": "machine-readable error code"})
    message = fields.String(required=True)
    request_id = fields.String(required=True)
    details = fields.List(fields.Nested(ErrorDetail), metadata={"description": "422 only: one entry per invalid field"})


class Error(OutSchema):
    error = fields.Nested(ErrorInner, required=True)


def page_of(item_schema: type[Schema], name: str) -> type[Schema]:
    """A `{items: [...], total}` list schema."""
    return type(name, (OutSchema,), {
        "items": fields.List(fields.Nested(item_schema), required=True),
        "total": fields.Integer(required=True),
    })


EMAIL_RE = re.compile(r"^[^@\s<>(),;:\"\[\]]+@[^@\s<>(),;:\"\[\]]+\.[^@\s<>(),;:\"\[\].]+$")


class Email(fields.String):
    """Syntax-only email check (design.md §6): no DNS, internal domains allowed."""

    default_error_messages = {"invalid": "not a valid email address"}

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs).strip()
        if len(value) > 320 or not EMAIL_RE.match(value):
            raise self.make_error("invalid")
        return value


ROUTES: list[tuple[str, type]] = []


def route(path: str):
    """Register a handler class under an OpenAPI-style path (`/v1/documents/{document_id}`)."""

    def deco(cls):
        ROUTES.append((path, cls))
        return cls

    return deco


def tornado_pattern(path: str) -> str:
    return "^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path) + "$"


def operation(summary: str, *, tags: list[str], body: type[Schema] | str | None = None,
              query: type[Schema] | None = None, responses: dict | None = None,
              idempotent: bool = False, description: str = "", errors=(400, 401, 403, 404, 422, 429)):
    """OpenAPI metadata for one handler method; the same schemas validate the request."""

    def deco(fn):
        fn.__openapi__ = {"summary": summary, "tags": tags, "body": body, "query": query,
                          "responses": responses or {}, "idempotent": idempotent,
                          "description": description, "errors": errors}
        return fn

    return deco

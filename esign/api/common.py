"""Routes with OpenAPI metadata: the Tornado pattern of an OpenAPI path, and the `operation` decorator
of a handler method (its summary, body, query and answers: the same schemas validate the request). The
field types and schema bases are esign.schema."""
from __future__ import annotations

import re

from marshmallow import Schema


def tornado_pattern(path: str) -> str:
    return "^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path) + "$"


def operation(summary: str, *, tags: list[str], body: type[Schema] | str | None = None,
              query: type[Schema] | None = None, responses: dict | None = None,
              idempotent: bool = False, description: str = "", errors=(400, 401, 403, 404, 422, 429),
              callbacks=None):
    """OpenAPI metadata for one handler method; the same schemas validate the request. `callbacks`
    makes the operation's OpenAPI callback objects (called for each document built)."""

    def deco(fn):
        fn.__openapi__ = {"summary": summary, "tags": tags, "body": body, "query": query,
                          "responses": responses or {}, "idempotent": idempotent,
                          "description": description, "errors": errors, "callbacks": callbacks}
        return fn

    return deco

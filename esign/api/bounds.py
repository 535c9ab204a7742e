"""JSON request bodies, bounded before they are validated (design.md §10).

marshmallow validates every item of a list before the list's `Length` applies, so a body of 600,000
empty objects under `fields` (1.8 MB) kept the event loop busy for 35 s. Here a body is parsed, then
walked once along its schema before marshmallow sees it:

- every array under a `List` (or `Nested(many=True)`) field is held to that field's own
  `validate.Length(max=...)`, and every object under a `Dict` field to its `MaxProperties` (or
  `Length`), before any of its items is looked at: the 422 names the field with the message the
  validator itself gives;
- the whole body holds at most ITEM_BUDGET values (the items of every array and the members of every
  object, wherever they are, known fields or not).

The schemas are the one source of truth for the bounds: nothing here restates them.

Small bodies (at most INLINE_BYTES, with at most INLINE_VALUES values) are then loaded where they
arrived; anything larger is parsed, bounded and loaded in a child process (`BodyLoader`), so neither
the parse of a 2 MB body (json.loads holds the interpreter for up to 0.2 s) nor the validation of
5000 fields (0.3 s) stops the event loop."""
from __future__ import annotations

import asyncio
import hashlib
import json

from marshmallow import Schema, ValidationError, fields, validate

from esign.errors import ApiError, validation_error
from esign.processes import ChildPool
from esign.schema import MaxProperties

# The values one body may hold (a 2 MB body can hold 1,000,000): a signing request's 5000 fields with
# every one of their 16 keys (80,000 values) and an average of 30 options each fit.
ITEM_BUDGET = 250_000
INLINE_BYTES = 32 * 1024  # parsed where it arrived (json.loads of 32 KB: at most ~4 ms)
INLINE_VALUES = 1_000  # and loaded there too (about 100 fields: ~5 ms), else in a child
MAX_PROBLEMS = 100  # arrays named in one answer at most
WORKERS = 2


def flatten_errors(messages, prefix="") -> list[dict]:
    """marshmallow's nested error dict -> [{field, message}] with dotted paths (`signers.0.email`)."""
    out = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = prefix if key == "_schema" else (f"{prefix}.{key}" if prefix else str(key))
            out.extend(flatten_errors(value, name))
    elif isinstance(messages, list) and messages and all(isinstance(m, str) for m in messages):
        out.extend({"field": prefix, "message": m} for m in messages)
    elif isinstance(messages, list):
        for item in messages:
            out.extend(flatten_errors(item, prefix))
    else:
        out.append({"field": prefix, "message": str(messages)})
    return out


# --- the walk ---------------------------------------------------------------------------------------

def size_bounds(field) -> list:
    """The validators of `field` that bound a container's size (checked by len(), never by its items)."""
    return [v for v in field.validators if (isinstance(v, validate.Length) and v.max is not None)
            or isinstance(v, MaxProperties)]


def _over(bounds: list, value) -> str | None:
    """The message of the first bound `value` is over (the validator's own), or None."""
    for bound in bounds:
        if len(value) > (bound.n if isinstance(bound, MaxProperties) else bound.max):
            try:
                bound(value)
            except ValidationError as exc:
                return exc.messages[0]
    return None


def _members(shape) -> tuple[list, dict | None, object]:
    """For an object at `shape` (a Schema, a Field or None): its size bounds, the field of each known
    key (None: keys are not fields) and the shape of any other member's value."""
    if isinstance(shape, fields.Nested) and not shape.many:
        shape = shape.schema
    if isinstance(shape, Schema):
        return [], {f.data_key or name: f for name, f in shape.load_fields.items()}, None
    if isinstance(shape, fields.Dict):
        return size_bounds(shape), None, shape.value_field
    return [], None, None


def _items(shape) -> tuple[list, object]:
    """For an array at `shape`: its size bounds and the shape of its items."""
    if isinstance(shape, fields.Nested) and shape.many:
        return size_bounds(shape), shape.schema
    if isinstance(shape, fields.List):
        return size_bounds(shape), shape.inner
    return [], None


def check_bounds(schema: Schema, data: dict) -> tuple[list[dict], int]:
    """([{field, message}] for each array or object over its schema's bound, or for the body over
    ITEM_BUDGET; the number of values counted). Iterative, so any depth json.loads accepts is fine;
    an array over its bound is not entered."""
    problems: list[dict] = []
    count = 0
    stack = [(data, schema, "")]
    while stack and len(problems) < MAX_PROBLEMS:
        value, shape, path = stack.pop()
        if isinstance(value, dict):
            bounds, known, other = _members(shape)
            children = ((str(key), v, known.get(key) if known is not None else other) for key, v in value.items())
        else:
            bounds, inner = _items(shape)
            children = ((str(i), v, inner) for i, v in enumerate(value))
        message = _over(bounds, value)
        if message is not None:
            problems.append({"field": path, "message": message})
            continue
        count += len(value)
        if count > ITEM_BUDGET:
            return [{"field": path, "message": f"the body holds too many values: at most {ITEM_BUDGET:,} in all "
                                               "(the items of every array and the members of every object)"}], count
        stack.extend(reversed([(v, child, f"{path}.{key}" if path else key)  # popped in the body's order
                               for key, v, child in children if isinstance(v, (dict, list))]))
    return problems, count


# --- loading ----------------------------------------------------------------------------------------

class Deferred(Exception):
    """The body is larger than what is loaded where it arrived."""


def _parse(raw: bytes):
    try:
        data = json.loads(raw)
        # lone surrogates ("\ud800") parse but cannot be encoded (BSON, UTF-8): refuse them here
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeError) as exc:
        raise ApiError(400, "bad_request", f"malformed JSON body: {exc}") from None
    except RecursionError:
        raise ApiError(400, "bad_request", "malformed JSON body: nested too deeply") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_request", "the JSON body must be an object")
    return data


def load(schema: Schema, raw: bytes, inline: bool = False):
    """Parse `raw`, bound it and load it with `schema`: the loaded data, or ApiError (400 for what
    is not a JSON object, 422 for what is out of bounds or invalid). `inline`: raise Deferred instead
    of loading a body over INLINE_VALUES values."""
    if inline and len(raw) > INLINE_BYTES:
        raise Deferred
    data = _parse(raw)
    problems, count = check_bounds(schema, data)
    if problems:
        raise validation_error(problems)
    if inline and count > INLINE_VALUES:
        raise Deferred
    try:
        return schema.load(data)
    except ValidationError as exc:
        raise validation_error(flatten_errors(exc.messages)) from None


def _load_in_child(schema_class: type[Schema], raw: bytes):
    """In a child: ("ok", data) or ("error", status, code, message, details); ApiError is not
    rebuilt by pickle, so the error travels as its parts."""
    try:
        return ("ok", load(schema_class(), raw))
    except ApiError as exc:
        return ("error", exc.status, exc.code, exc.message, exc.details)


def canonical_hash(raw: bytes) -> str:
    """SHA-256 of a JSON body's canonical form (keys sorted, no spacing); of the raw bytes when it is
    not JSON."""
    try:
        canonical = json.dumps(json.loads(raw), sort_keys=True, separators=(",", ":"),
                               ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeError, RecursionError):
        canonical = raw
    return hashlib.sha256(canonical).hexdigest()


class BodyLoader:
    """Loads JSON bodies: small ones at once, the others in a pool of WORKERS child processes
    (esign.processes.ChildPool). Owned by Services, ended by `close()`."""

    def __init__(self):
        self._pool = ChildPool("JSON body", WORKERS)

    def start(self) -> asyncio.Future:
        """Start the children now (`esign serve` at start-up), so no large body waits for one; returns
        what to await for them to be there."""
        return self._pool.start()

    async def _in_child(self, fn, *args):
        return await self._pool.run(fn, *args)

    async def load(self, schema: Schema, raw: bytes):
        """`schema.load` of the body `raw` (see `load`); `schema` is built without arguments, so the
        child builds the same one (esign.schema.ReusedSchemaMeta)."""
        try:
            return load(schema, raw, inline=True)
        except Deferred:
            pass
        if type(schema)() is not schema:
            raise TypeError(f"{type(schema).__name__}: a body schema is built without arguments")
        outcome = await self._in_child(_load_in_child, type(schema), raw)
        if outcome[0] == "ok":
            return outcome[1]
        raise ApiError(*outcome[1:])

    async def fingerprint(self, raw: bytes) -> str:
        return canonical_hash(raw) if len(raw) <= INLINE_BYTES else await self._in_child(canonical_hash, raw)

    async def close(self) -> None:
        await self._pool.close()

"""What makes the embedded database fast without changing what it answers: mongomock's own results
(the same documents, in the same natural order, as the same copies).

mongomock matches every document of a collection against every filter (a lookup by `_id`, the
uniqueness check of each write, the job claim among every job ever run). Instead:

- Hash indexes: each collection's documents are kept in an `IndexedDocuments`, which maps every
  value of every field named in the collection's declared indexes (their keys, and the fields their
  partial filters hold equal to a plain value) to the documents holding it
  (kept up to date on insert, delete and each document an update changes: only the fields the update
  touches when they are known). A path through an array of sub-documents (`signers.token_hash`) is
  indexed by the values of its elements, as MongoDB's multikey indexes are; a query on such a field
  is always matched as well, the index only narrowing the documents it reads. A query then reads
  only the documents its equality (and `$in`) fields select, `_id` included; a filter made only of
  such fields is answered from the indexes without matching. The indexes only choose what is matched.
- A quick matcher (`quick_filter`) for filters of plain values and simple conditions, falling back
  to mongomock's matcher for any document that needs it.
- A sort key of plain values (`plain_sort_key`) and a copy of a stored document that copies only
  what can change (`copy_value`), for esign.db.memory's cursor; inclusion projections copied directly
  (`include_fields`, `project`).
- Updates by `_id` without mongomock's `_update` (which deep-copies the whole document to compare and
  roll back): a plain `$set` / `$inc` applied directly (`simple_update`, `apply_simple_update`), the
  top-level fields other operators touch (`touched_fields`) for esign.db.memory to compare.

esign.db.mongomock_patches routes mongomock's matching through the hash indexes.
"""
from __future__ import annotations

import collections
import copy
import datetime
import uuid

import bson
from mongomock import filtering, helpers

_NOTHING = object()
_OVERFLOW = object()  # a value the hash index cannot hold (a sub-document, an array of them, NaN)
_PLAIN = (str, int, float, bool, datetime.datetime, uuid.UUID, bson.ObjectId, type(None))


def _hash_key(value):
    """A key under which equal values meet (as mongomock compares them: True equals 1), or _OVERFLOW."""
    if isinstance(value, _PLAIN) and value == value:  # NaN is not equal to itself
        return value
    return _OVERFLOW


def _value_keys(value):
    """The keys of one value at the end of a path (an array's: those of its elements), or _OVERFLOW."""
    if isinstance(value, list):
        keys = {_hash_key(v) for v in value}
        return _OVERFLOW if _OVERFLOW in keys else keys
    key = _hash_key(value)
    return _OVERFLOW if key is _OVERFLOW else {key}


def _document_keys(doc, field: str):
    """(the keys under which `doc` is found for `field` (a set), or _OVERFLOW; whether the path went through
    an array of sub-documents). Through an array, the keys are those of each element's value, and None
    for an element without the field or an empty array (a superset of what can match: such a field's
    queries are matched too); an array of anything but sub-documents on the way, or a positional path,
    is matched, not indexed."""
    if "." not in field:
        return _value_keys(doc.get(field)), False
    values, through = [doc], False
    for part in field.split("."):
        found = []
        for value in values:
            if isinstance(value, dict):
                found.append(value.get(part, None))
            elif isinstance(value, list):
                if part.isdigit() or not all(isinstance(element, dict) for element in value):
                    return _OVERFLOW, through
                through = True
                found.extend(element.get(part, None) for element in value)
                if not value:
                    found.append(None)
            else:
                found.append(None)
        values = found
    keys = set()
    for value in values:
        value_keys = _value_keys(value)
        if value_keys is _OVERFLOW:
            return _OVERFLOW, through
        keys |= value_keys
    return keys, through


def _query_keys(condition):
    """The keys a filter condition selects (an equality or `$in` of plain values), or None."""
    values = condition["$in"] if isinstance(condition, dict) and set(condition) == {"$in"} else [condition]
    if not isinstance(values, list) or isinstance(condition, list):
        return None
    keys = {_hash_key(v) for v in values}
    return None if _OVERFLOW in keys else keys


def _conditions(query: dict):
    """(field, condition) of a filter, those of its `$and` included (other operators as they are)."""
    for field, condition in query.items():
        if field == "$and" and isinstance(condition, list) and all(isinstance(c, dict) for c in condition):
            for sub in condition:
                yield from _conditions(sub)
        else:
            yield field, condition


class IndexedDocuments(collections.OrderedDict):
    """mongomock's documents of one collection, with a hash index on each of `fields`."""

    def __init__(self, fields: tuple, documents):
        super().__init__()
        self.fields = fields
        self.buckets = {f: collections.defaultdict(set) for f in fields}
        self.overflow = {f: set() for f in fields}
        self.keys: dict = {}  # _id -> {field: its keys or _OVERFLOW}
        self.tops = {f: f.split(".", 1)[0] for f in fields}  # field -> its top-level field
        self.through = {f: set() for f in fields}  # field -> _ids of the documents indexed through an array
        self.order: dict = {}  # _id -> natural order
        self.index_names: tuple = ()  # the collection's indexes these fields were taken from
        self.unique_fields: frozenset = frozenset()  # top-level fields of the unique indexes (`_id` aside)
        self._next = 0
        for key, doc in documents.items():
            self[key] = doc

    def __setitem__(self, key, doc):
        if key in self.order:
            self._unindex(key)
        else:
            self.order[key] = self._next
            self._next += 1
        super().__setitem__(key, doc)
        self._index(key, doc)

    def __delitem__(self, key):
        self._unindex(key)
        del self.order[key]
        super().__delitem__(key)

    def _index(self, key, doc, fields=None):
        entry = self.keys.setdefault(key, {})
        for field in self.fields if fields is None else fields:
            keys, through = _document_keys(doc, field)
            entry[field] = keys
            if through:
                self.through[field].add(key)
            if keys is _OVERFLOW:
                self.overflow[field].add(key)
            else:
                for k in keys:
                    self.buckets[field][k].add(key)

    def _unindex(self, key, fields=None):
        entry = self.keys.pop(key) if fields is None else {f: self.keys[key].pop(f) for f in fields}
        for field, keys in entry.items():
            self.through[field].discard(key)
            if keys is _OVERFLOW:
                self.overflow[field].discard(key)
            else:
                bucket = self.buckets[field]
                for k in keys:
                    ids = bucket[k]
                    ids.discard(key)
                    if not ids:
                        del bucket[k]

    def changed(self, doc, touched=None) -> None:
        """`doc` (a stored document) was changed in place by an update (that changed only the top-level
        fields `touched`, when given)."""
        key = doc.get("_id", _NOTHING)
        if key in self.order and dict.get(self, key) is doc:
            fields = None if touched is None else [f for f in self.fields if self.tops[f] in touched]
            if fields != []:
                self._unindex(key, fields)
                self._index(key, doc, fields)

    def select(self, query: dict):
        """(documents that may match `query` in natural order, whether all of them match), or None
        when no index narrows it."""
        if not isinstance(query, dict) or not query:
            return None
        parts, exact = [], True
        for field, condition in _conditions(query):
            keys = _query_keys(condition) if not field.startswith("$") else None
            if keys is None or (field != "_id" and field not in self.buckets):
                exact = False
                continue
            if field == "_id":
                part = {k for k in keys if k in self.order}
            else:
                bucket, overflow = self.buckets[field], self.overflow[field]
                sets = [bucket[k] for k in keys if k in bucket]
                part = sets[0] if len(sets) == 1 else set().union(*sets)  # a bucket itself is not copied
                if self.through[field]:
                    exact = False  # an array's elements are matched as the matcher matches them
                if overflow:
                    exact = False
                    part = part | overflow
            parts.append(part)
        if not parts:
            return None
        parts.sort(key=len)
        best = parts[0]
        for part in parts[1:]:
            best = best & part  # walks the smaller set
        ordered = sorted(best, key=self.order.__getitem__) if len(best) > 1 else best
        return [dict.__getitem__(self, key) for key in ordered], exact


_COMPARE = {"$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b, "$gt": lambda a, b: a > b,
            "$gte": lambda a, b: a >= b}
_ORDERED = (str, int, float, datetime.datetime)


def _plain_test(field: str, condition):
    """A quick test of one top-level field's condition for documents whose value is a plain scalar of
    the condition's own kind: True/False, or None when the document needs the full matcher."""
    if "." in field or field.startswith("$"):
        return None
    if isinstance(condition, dict) and set(condition) == {"$not"} and isinstance(condition["$not"], dict) \
            and condition["$not"] and set(condition["$not"]) <= set(_COMPARE):
        inner = _plain_test(field, condition["$not"])  # a plain value of the operand's kind: the opposite
        return None if inner is None else lambda doc: (lambda verdict: None if verdict is None else not verdict)(inner(doc))
    if isinstance(condition, dict):
        if not condition or not all(op in _COMPARE or op in ("$in", "$nin") for op in condition):
            return None
        tests = []
        for op, operand in condition.items():
            if op in _COMPARE:
                if not isinstance(operand, _ORDERED) or isinstance(operand, bool):
                    return None
                kind = (int, float) if isinstance(operand, (int, float)) else type(operand)
                tests.append((op, operand, kind))
            else:
                keys = _query_keys({"$in": operand}) if isinstance(operand, list) else None
                if keys is None or None in keys:
                    return None
                tests.append((op, keys, None))

        def test(doc):
            value = doc.get(field, _NOTHING)
            if type(value) not in _ORDERED:  # missing, None, arrays, bools...
                return None
            for op, operand, kind in tests:
                if kind is None:
                    if (value in operand) != (op == "$in"):
                        return False
                elif not isinstance(value, kind):
                    return None
                elif not _COMPARE[op](value, operand):
                    return False
            return True

        return test
    key = _hash_key(condition)
    if key is _OVERFLOW or condition is None or isinstance(condition, bool):
        return None

    def test(doc):
        value = doc.get(field, _NOTHING)
        if type(value) not in _ORDERED:
            return None
        return value == key

    return test


def quick_filter(filter):
    """A function that tells whether a document matches `filter` without mongomock's matcher when it
    can (plain values, simple conditions), falling back to it otherwise; None for other filters."""
    tests = [_plain_test(field, condition) for field, condition in filter.items()] if isinstance(filter, dict) else [None]
    if not tests or None in tests:
        return None

    def matches(doc):
        for test in tests:
            verdict = test(doc)
            if verdict is None:
                return filtering.filter_applies(filter, doc)
            if not verdict:
                return False
        return True

    return matches


def copy_value(value):
    """A stored document's copy, as mongomock's (dicts and lists copied; stored scalars are immutable,
    and kept without a call each)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _IMMUTABLE else copy_value(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _IMMUTABLE else copy_value(v) for v in value]
    return copy.copy(value) if kind not in _IMMUTABLE else value


_IMMUTABLE = frozenset({str, int, float, bool, type(None), bytes, datetime.datetime, uuid.UUID, bson.ObjectId})


def plain_sort_key(documents: list, fields: list):
    """A sort key of the fields' own values when every document holds, for each field, a value of
    one plain kind (so they compare as mongomock's BSON order compares them); else None."""
    for field in fields:
        if "." in field:
            return None
        values = {type(doc.get(field, _NOTHING)) for doc in documents}
        if not (values <= {int, float} or (len(values) == 1 and values <= set(_ORDERED))):
            return None
    if len(fields) == 1:
        field = fields[0]
        return lambda doc: doc[field]
    return lambda doc: tuple(doc[f] for f in fields)


_SETTABLE = frozenset({str, int, float, bool, type(None), datetime.datetime, uuid.UUID, bson.ObjectId})


def simple_update(update, protected: frozenset) -> dict | None:
    """For an update of only `$set` and `$inc` on top-level fields (not `_id`, none in `protected`: the
    fields of a unique index), each set to a plain value, a sub-document or an array and each
    incremented by a number, the changes as {field: (operator, value)} with values as mongomock
    stores them (datetimes in naive UTC milliseconds, containers copied); None otherwise."""
    if not isinstance(update, dict) or not update or not set(update) <= {"$set", "$inc"}:
        return None
    changes = {}
    for operator, fields in update.items():
        if not isinstance(fields, dict) or not fields:
            return None
        for field, value in fields.items():
            if (not isinstance(field, str) or not field or field in changes or field == "_id" or field in protected
                    or "." in field or field.startswith("$") or "\0" in field):
                return None
            kind = type(value)
            if operator == "$inc":
                if kind is not int and kind is not float:
                    return None
            elif kind is dict or kind is list or kind is tuple:
                # mongomock's copy, as its `$set` stores it (its own update copies a list once more)
                value = helpers.patch_datetime_awareness_in_document(value)
            elif kind not in _SETTABLE:
                return None
            elif kind is datetime.datetime:
                value = value.replace(microsecond=value.microsecond // 1000 * 1000)
                if value.tzinfo is not None:
                    value = (value - value.utcoffset()).replace(tzinfo=None)
            changes[field] = (operator, value)
    return changes


_OPERATORS = frozenset({"$set", "$unset", "$inc", "$max", "$min", "$pop", "$push", "$pull", "$pullAll",
                        "$addToSet", "$currentDate", "$setOnInsert", "$rename"})


def touched_fields(update) -> frozenset | None:
    """The top-level fields an update document may change (both names of a `$rename`), or None for an
    update this cannot tell (a pipeline, an unknown or empty operator, a field name mongomock refuses)."""
    if not isinstance(update, dict) or not update or not set(update) <= _OPERATORS:
        return None
    touched = set()
    for operator, fields in update.items():
        if not isinstance(fields, dict) or not fields:
            return None
        for field, value in fields.items():
            names = [field, value] if operator == "$rename" else [field]
            for name in names:
                if not isinstance(name, str) or not name or name.startswith("$") or "\0" in name:
                    return None
                touched.add(name.split(".", 1)[0])
    return frozenset(touched)


def apply_simple_update(doc: dict, changes: dict) -> bool | None:
    """Apply `simple_update`'s changes to the stored `doc` in place as mongomock's `$set` and `$inc`
    do: whether the document changed; None (and `doc` untouched) when a field to increment holds
    something other than a number, for mongomock's own update to answer."""
    for field, (operator, _) in changes.items():
        if operator == "$inc" and type(doc.get(field, 0)) not in (int, float):
            return None
    modified = False
    for field, (operator, value) in changes.items():
        old = doc.get(field, _NOTHING)
        new = value if operator == "$set" else (0 if old is _NOTHING else old) + value
        if old is _NOTHING or (old is not new and old != new):  # mongomock compares the documents
            modified = True
        doc[field] = new
    return modified


def include_fields(projection) -> frozenset | None:
    """The top-level fields an inclusion projection such as {"a": 1, "b": 1} names (`_id` comes too),
    or None for any other projection (mongomock's own projection answers those)."""
    if not isinstance(projection, dict) or not projection or "_id" in projection:
        return None
    if not all(value is True or (type(value) is int and value == 1) for value in projection.values()):
        return None
    if any(not isinstance(f, str) or "." in f or f.startswith("$") for f in projection):
        return None
    return frozenset(projection)


def project(doc: dict, fields: frozenset) -> dict:
    """A copy of `doc` with only `fields` (in the document's order) and then `_id`, as mongomock's
    inclusion projection gives it."""
    copied = {k: copy_value(v) for k, v in doc.items() if k in fields}
    if "_id" in doc:
        copied["_id"] = doc["_id"]
    return copied

"""The strict embedded database's index rule (design.md §11): every query must be served by an index
of its collection, equality fields first, then the sort, then range fields. `memory://?strict` (the
test suite) checks each query against its collection's declared indexes and raises `UnindexedQuery`
otherwise, so a query MongoDB would answer by a collection scan fails in the tests."""
from __future__ import annotations

from pymongo import ASCENDING


class QueryRecorder:
    """What queries the strict memory database saw: (collection, sorted filter field names), for tests
    that check a property of every query (docs/scaling.md: which would not target one shard). Attach
    one as `database.query_recorder`."""

    def __init__(self):
        self.seen: set[tuple[str, tuple[str, ...]]] = set()

    def record(self, collection: str, query: dict | None) -> None:
        eq: dict = {}
        rng: set = set()
        _filter_fields(query or {}, eq, rng)
        self.seen.add((collection, tuple(sorted({*eq, *rng}))))


class UnindexedQuery(AssertionError):
    """A query that no index of its collection serves (strict memory database only)."""


def sort_spec(key_or_list, direction=None) -> list[tuple[str, int]]:
    if key_or_list is None:
        return []
    if isinstance(key_or_list, str):
        return [(key_or_list, direction or ASCENDING)]
    return [(k, d) for k, d in key_or_list]


def _filter_fields(query: dict, eq: dict, rng: set) -> None:
    """Split a filter into equality fields (field -> value or $in list) and range fields."""
    for field, value in (query or {}).items():
        if field == "$and":
            for sub in value:
                _filter_fields(sub, eq, rng)
        elif field in ("$or", "$nor"):
            for sub in value:
                sub_eq: dict = {}
                _filter_fields(sub, sub_eq, rng)
                rng.update(sub_eq)
        elif field.startswith("$"):
            rng.add(field)  # $expr, $where...: never served
        elif isinstance(value, dict) and value and all(k.startswith("$") for k in value):
            if set(value) == {"$eq"}:
                eq[field] = value["$eq"]
            elif set(value) == {"$in"}:
                eq[field] = {"$in": value["$in"]}
            else:
                rng.add(field)
        else:
            eq[field] = value


def _partial_covered(partial: dict, eq: dict) -> set | None:
    """The filter fields a partial index's expression guarantees, or None when the filter does not
    imply the expression (then the index cannot be used)."""
    covered = set()
    for field, cond in partial.items():
        if field not in eq:
            return None
        value = eq[field]
        if cond == {"$exists": True}:
            if value is None or isinstance(value, dict):
                return None
        elif isinstance(cond, dict) and set(cond) == {"$type"}:
            if value is None or isinstance(value, dict):
                return None
        elif value != cond:
            return None
        else:
            covered.add(field)
    return covered


def index_serves(keys: list, partial: dict | None, query: dict, sort: list) -> bool:
    """Whether an index with `keys` (and partial filter `partial`) serves `query` sorted by `sort`:
    every filter field is in the index, equality fields first, then the sort, then range fields. An
    empty filter reads the whole collection and is served by none."""
    if not query:
        return False
    eq: dict = {}
    rng: set = set()
    _filter_fields(query, eq, rng)
    if partial:
        covered = _partial_covered(partial, eq)
        if covered is None:
            return False
        eq = {f: v for f, v in eq.items() if f not in covered}
    names = [k for k, _ in keys]
    directions = [int(d) for _, d in keys]
    n = len(eq)
    if set(names[:n]) != set(eq):
        return False
    rest = [(f, int(d)) for f, d in sort if f not in eq]
    sorted_names = names[n:n + len(rest)]
    if [f for f, _ in rest] != sorted_names:
        return False
    if rest:
        signs = {d * directions[n + i] for i, (_, d) in enumerate(rest)}
        if len(signs) != 1:  # the sort must follow the index in one direction or the other
            return False
    sort_fields = {f for f, _ in rest}
    return (rng - sort_fields) <= set(names[n + len(rest):])

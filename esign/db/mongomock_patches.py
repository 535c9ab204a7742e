"""The embedded database's patches of mongomock's private methods, and the check that they still fit.

On mongomock's classes esign replaces (collections of the embedded database only, which `adopt` marks
`esign_indexed`; any other mongomock collection behaves as before):

- `Collection._iter_documents`: matching through the hash indexes (esign.db.fast_paths);
- `Collection._apply_update_document`: keeps the hash indexes up to date as an update changes a
  document in place;
- `Collection._ensure_uniques`: the uniqueness check through the hash indexes, in which a document
  outside a partial unique index's filter is not constrained by it (as on MongoDB);
- `helpers.patch_datetime_awareness_in_document` (every document inserted or updated, every filter):
  the same copy, without a call for each plain value;
- `CollectionStore._remove_expired_documents` (per collection): mongomock reads the whole collection
  on every access to remove expired documents; the TTL monitor of esign.db.memory does it instead.

They are written against mongomock 4.3 (setup.cfg pins `mongomock>=4.3,<4.4`). At import this module
checks that every private attribute of mongomock it patches or reads exists, and fails naming the
installed version otherwise (what esign.db.memory reads of mongomock is in the list too): a mongomock
release that renames one fails loudly here instead of changing the embedded database's behaviour silently.
"""
from __future__ import annotations

import itertools
import uuid

import bson
import mongomock
from mongomock import filtering, helpers
from mongomock.collection import Collection as _MockCollection
from mongomock.store import CollectionStore, DatabaseStore
from pymongo.errors import DuplicateKeyError

from esign.db.fast_paths import IndexedDocuments, quick_filter

TESTED_VERSION = "4.3"
# (owner, attribute): what esign replaces on mongomock's classes ...
PATCHED = [(_MockCollection, "_iter_documents"), (_MockCollection, "_apply_update_document"),
           (_MockCollection, "_ensure_uniques"), (CollectionStore, "_remove_expired_documents"),
           (helpers, "patch_datetime_awareness_in_document")]
# ... and the private (or undocumented) attributes it reads or calls (esign.db.memory, this module): a
# database's and a collection's store, a collection store's documents and indexes (and its item
# assignment and deletion), a database store's collections, mongomock's projection, sort key and
# filter helpers
READ_ON_CLASSES = [(_MockCollection, "_store"), (_MockCollection, "_copy_only_fields"),
                   (CollectionStore, "__setitem__"), (CollectionStore, "__delitem__"), (filtering, "filter_applies"),
                   (filtering, "resolve_sort_key"), (helpers, "get_value_by_dot"), (mongomock, "utcnow")]


def _read() -> list[tuple[object, str]]:
    """What esign reads: READ_ON_CLASSES, and the attributes mongomock sets on each instance (checked on
    instances made now)."""
    return [*READ_ON_CLASSES, (mongomock.MongoClient()["probe"], "_store"), (CollectionStore("probe"), "_documents"),
            (CollectionStore("probe"), "indexes"), (DatabaseStore(), "_collections")]


def check_mongomock(version: str = mongomock.__version__) -> None:
    """Raise ImportError naming the installed mongomock when an attribute esign patches or reads is gone."""
    missing = [f"{getattr(owner, '__name__', type(owner).__name__)}.{attribute}"
               for owner, attribute in PATCHED + _read() if not hasattr(owner, attribute)]
    if missing:
        raise ImportError(f"mongomock {version} has no {', '.join(missing)}, which esign's embedded database "
                          f"(memory://) patches or reads (esign.db.mongomock_patches); esign is tested with "
                          f"mongomock {TESTED_VERSION}.x, as setup.cfg pins it")


check_mongomock()
_ORIGINAL_ITER = _MockCollection._iter_documents
_ORIGINAL_APPLY = _MockCollection._apply_update_document
_ORIGINAL_PATCH_DATETIMES = helpers.patch_datetime_awareness_in_document
_KEPT = frozenset({str, int, float, bool, type(None), bytes, uuid.UUID, bson.ObjectId})  # returned as they are


def _indexed_fields(info: dict):
    """The fields of a declared index the hash indexes keep: its keys, and the fields its partial
    filter holds equal to a plain value (the outbox's `dispatch_pending: true`), so that a query naming
    them reads only the documents inside the index."""
    yield from (f for f, _ in info["key"])
    for field, condition in (info.get("partialFilterExpression") or {}).items():
        if not field.startswith("$") and not isinstance(condition, (dict, list)):
            yield field


def indexed_store(collection: _MockCollection) -> IndexedDocuments | None:
    """The collection's indexed documents, (re)built when its declared indexes changed; None for
    collections of databases that are not the embedded database's."""
    store = collection._store
    if not getattr(store, "esign_indexed", False):
        return None
    documents = store._documents
    if not isinstance(documents, IndexedDocuments) or documents.index_names != tuple(store.indexes):
        fields = tuple(sorted({f for info in store.indexes.values() for f in _indexed_fields(info) if f != "_id"}))
        documents = store._documents = IndexedDocuments(fields, documents)
        documents.index_names = tuple(store.indexes)
        documents.unique_fields = frozenset(f.split(".")[0] for info in store.indexes.values() if info.get("unique")
                                            for f, _ in info["key"] if f != "_id")
    return documents


def _iter_documents(self, filter):
    documents = indexed_store(self)
    selected = documents.select(filter) if documents is not None else None
    if selected is None:
        return _ORIGINAL_ITER(self, filter)
    candidates, exact = selected
    if exact:
        return iter(candidates)
    matches = quick_filter(filter) or (lambda doc: filtering.filter_applies(filter, doc))
    return (doc for doc in candidates if matches(doc))


def _apply_update_document(self, existing_document, *args, **kwargs):
    try:
        return _ORIGINAL_APPLY(self, existing_document, *args, **kwargs)
    finally:  # an update mongomock refuses halfway may have changed the document already
        documents = indexed_store(self)
        if documents is not None:
            documents.changed(existing_document)


def _ensure_uniques(self, new_data):
    """mongomock's uniqueness check, except that a document outside a partial index's filter is not
    in that index, so the index does not constrain it (as on MongoDB); checked through the hash
    indexes."""
    for index in self._store.indexes.values():
        if not index.get("unique"):
            continue
        partial = index.get("partialFilterExpression")
        if partial is not None and not filtering.filter_applies(partial, new_data):
            continue
        query = {}
        for key, _ in index["key"]:
            try:
                query[key] = helpers.get_value_by_dot(new_data, key)
            except KeyError:
                query[key] = None
        if index.get("sparse") and all(v is None for v in query.values()):
            continue
        if len(list(itertools.islice(self._iter_documents(query), 2))) > 1:
            raise DuplicateKeyError("E11000 Duplicate Key Error", 11000)


def _patch_datetimes(value):
    """mongomock's copy of a document or filter with its datetimes as MongoDB stores them (naive UTC,
    milliseconds); plain values are kept without a call each, anything else is mongomock's."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _KEPT else _patch_datetimes(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _KEPT else _patch_datetimes(v) for v in value]
    return value if kind in _KEPT else _ORIGINAL_PATCH_DATETIMES(value)


def install() -> None:
    """Route mongomock's matching through the hash indexes (only collections of the embedded
    database, marked `esign_indexed`, use them; others behave as before)."""
    _MockCollection._iter_documents = _iter_documents
    _MockCollection._apply_update_document = _apply_update_document
    _MockCollection._ensure_uniques = _ensure_uniques
    helpers.patch_datetime_awareness_in_document = _patch_datetimes


def adopt(store) -> None:
    """Give a collection's documents (its mongomock CollectionStore) the hash indexes and the TTL
    monitor (instead of mongomock's removal of expired documents on every access)."""
    if not getattr(store, "esign_indexed", False):
        store.esign_indexed = True
        store._remove_expired_documents = lambda: None

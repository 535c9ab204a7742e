"""The sender's own labels on a signing request and on each signer (extension, docs/api.md): `metadata`,
`external_id` and `redirect_url`.

Metadata is stored as `metadata_terms`, a list of `key=value` strings (keys never hold `=`), the one
stored form: a multikey index over it serves the list's `metadata[key]=value` filter by equality, and
the object answers show is read back from it. Bounds keep the request document bounded (esign.domain.
requests.signing_requests: the whole request stays below 16 MiB): at most MAX_KEYS keys, values of at
most MAX_VALUE characters, and a request's and its signers' metadata together at most MAX_TOTAL_BYTES.
"""
from __future__ import annotations

import re
import urllib.parse
from collections.abc import Mapping

from esign.errors import validation_error
from esign.store.records import Json, RecordLike

MAX_KEYS = 50
MAX_KEY = 40
MAX_VALUE = 500
MAX_EXTERNAL_ID = 255
MAX_URL = 2000
MAX_FILTERS = 5  # metadata[key]= pairs of one list call
MAX_TOTAL_BYTES = 256 * 1024
KEY = re.compile(r"[A-Za-z0-9_.-]{1,%d}" % MAX_KEY)
EVENTS = ("signed", "declined")


def valid_key(key: str) -> bool:
    return KEY.fullmatch(key) is not None


def terms(metadata: Mapping[str, str] | None) -> list[str]:
    """The stored form of a metadata object (and of a list filter's pairs)."""
    return [f"{k}={v}" for k, v in (metadata or {}).items()]


def metadata_of(record: RecordLike) -> dict[str, str]:
    """The metadata object of a stored request or signer (empty when it has none)."""
    return dict(term.split("=", 1) for term in record.get("metadata_terms") or [])


def _size(given: RecordLike) -> int:
    return sum(len(k.encode()) + len(v.encode()) for k, v in (given.get("metadata") or {}).items())


def check_redirect(url: str | None, origins: list[str], where: str, details: list[Json]) -> None:
    """An https URL, or one of the organisation's registered embed origins (http allowed there)."""
    if url is None:
        return
    parts = urllib.parse.urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    if parts.scheme == "https" or origin in {o.rstrip("/").lower() for o in origins}:
        return
    details.append({"field": where, "message": (
        f"{origin} is neither https nor one of the organisation's registered embed origins")})


def stored(given: RecordLike) -> Json:
    """What a request or signer stores of a (validated) create body or signer input."""
    return {"metadata_terms": terms(given.get("metadata")), "external_id": given.get("external_id"),
            "redirect_url": given.get("redirect_url")}


def check(body: RecordLike, origins: list[str], details: list[Json]) -> None:
    """The rules a schema cannot check alone: redirect URLs against the organisation's embed origins,
    and the size of all the metadata of a request and its signers together (422 details otherwise)."""
    check_redirect(body.get("redirect_url"), origins, "redirect_url", details)
    for i, s in enumerate(body["signers"]):
        check_redirect(s.get("redirect_url"), origins, f"signers.{i}.redirect_url", details)
    total = _size(body) + sum(_size(s) for s in body["signers"])
    if total > MAX_TOTAL_BYTES:
        details.append({"field": "metadata", "message": (
            f"the metadata of the request and its signers take {total} bytes together (UTF-8); at most "
            f"{MAX_TOTAL_BYTES} are allowed")})


def shown(record: RecordLike) -> Json:
    """What answers show of a stored request or signer."""
    return {"metadata": metadata_of(record), "external_id": record.get("external_id"),
            "redirect_url": record.get("redirect_url")}


def labels(record: RecordLike) -> Json:
    """What list items and webhook deliveries carry of a stored request or signer."""
    return {"metadata": metadata_of(record), "external_id": record.get("external_id")}


def redirect(request: RecordLike, signer: RecordLike, event: str) -> str | None:
    """Where the signing page sends `signer` after `event` (signed or declined): the signer's own
    redirect_url, else the request's, with `event=<event>` added to its query; None without one."""
    url: str | None = signer.get("redirect_url") or request.get("redirect_url")
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    query = "&".join(q for q in (parts.query, urllib.parse.urlencode({"event": event})) if q)
    return urllib.parse.urlunsplit(parts._replace(query=query))


def filter_terms(query: RecordLike) -> list[str]:
    """The metadata terms a list query asks for (all must match), after checking that it filters by at
    most one of signer_email, external_id and metadata: each is served by indexes of its own (422)."""
    given = [name for name in ("signer_email", "external_id", "metadata") if query.get(name)]
    if len(given) > 1:
        raise validation_error([{"field": given[1], "message": (
            f"filter by one of signer_email, external_id and metadata at a time (given: {', '.join(given)})")}])
    return terms(query.get("metadata"))


def redirects(request: RecordLike, signer: RecordLike) -> dict[str, str | None] | None:
    """The signer API's `redirect`: {signed, declined} URLs, or None when no redirect_url was given."""
    if not (signer.get("redirect_url") or request.get("redirect_url")):
        return None
    return {event: redirect(request, signer, event) for event in EVENTS}

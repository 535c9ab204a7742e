"""API errors. Every error answer is `{error: {code, message, request_id}}` (422 adds `details`)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, details=None, headers=None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}


def not_found(what: str = "resource") -> ApiError:
    return ApiError(404, "not_found", f"{what} not found")


def invalid_state(message: str) -> ApiError:
    return ApiError(409, "invalid_state", message)


def validation_error(details: list[dict], message: str | None = None) -> ApiError:
    if message is None:
        first = details[0] if details else {"field": "", "message": "invalid input"}
        message = f"{first['field']}: {first['message']}" if first["field"] else first["message"]
    return ApiError(422, "validation_error", message, details=details)


def upstream_unavailable(message: str) -> ApiError:
    return ApiError(502, "upstream_unavailable", message)


# HTTP status -> default code, for errors raised by Tornado itself
STATUS_CODES = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
    409: "invalid_state", 411: "bad_request", 413: "payload_too_large", 415: "bad_request",
    422: "validation_error", 429: "rate_limited", 502: "upstream_unavailable",
}


class Problems:
    """One validation pass over a body: every problem found, whichever check finds it, answered together
    (one 422 whose `details` lists them all) rather than the first check's alone. It starts from the
    problems the body's schema found; a check whose input has one of those is skipped (`refused`): it
    would only restate it."""

    def __init__(self, details: list[dict] | None = None):
        self.details = list(details or [])

    def refused(self, *keys: str) -> bool:
        """Whether a problem already names one of the body's top-level `keys` (or a part of one)."""
        named = {d["field"].split(".", 1)[0] for d in self.details}
        return any(key in named for key in keys)

    def refused_whole(self, key: str) -> bool:
        """Whether a problem names the body's top-level `key` itself (not only parts of it)."""
        return any(d["field"] == key for d in self.details)

    def run(self, check: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """`check(...)`'s result, or None when it found problems (a 422 `validation_error`: kept here)."""
        try:
            return check(*args, **kwargs)
        except ApiError as exc:
            self._keep(exc)
        return None

    async def wait(self, awaitable: Awaitable[T]) -> T | None:
        """The awaited result, or None when it found problems (kept here), as `run`."""
        try:
            return await awaitable
        except ApiError as exc:
            self._keep(exc)
        return None

    def _keep(self, exc: ApiError) -> None:
        if exc.status != 422 or exc.code != "validation_error":
            raise exc
        self.details.extend(exc.details or [{"field": "", "message": exc.message}])

    def add_renumbered(self, other: Problems, key: str, indexes: list[int] | None) -> None:
        """`other`'s problems, found in a list made of some items of the body's list `key` (`indexes`:
        where each stood in the body; None: all of them, in order), named as the body's items."""
        for detail in other.details:
            head, _, rest = detail["field"].partition(".")
            number, dot, tail = rest.partition(".")
            if indexes is not None and head == key and number.isdigit() and int(number) < len(indexes):
                detail = {**detail, "field": f"{key}.{indexes[int(number)]}{dot}{tail}"}
            self.details.append(detail)

    def raise_any(self) -> None:
        """One 422 listing every problem found, if any was."""
        if self.details:
            raise validation_error(self.details)

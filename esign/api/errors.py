"""The Error shape of every answer that is not a success (design.md §6), bounded whatever the input."""
from __future__ import annotations

MAX_DETAILS = 100  # error bodies list at most this many `details`


def error_body(status: int, code: str, message: str, request_id: str, details=None) -> dict:
    """The Error shape; bounded whatever the input (the first MAX_DETAILS details, short texts)."""
    error = {"code": code, "message": _bounded(message, 1000), "request_id": request_id}
    if details is not None:
        error["details"] = [{key: _bounded(value, 300) for key, value in item.items()}
                            for item in details[:MAX_DETAILS]]
    return {"error": error}


def _bounded(text, limit: int):
    return text[:limit - 3] + "..." if isinstance(text, str) and len(text) > limit else text


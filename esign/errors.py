"""API errors. Every error answer is `{error: {code, message, request_id}}` (422 adds `details`)."""


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

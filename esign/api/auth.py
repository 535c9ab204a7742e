"""Who is asking, and may they: the API key (`X-API-Key`) with its organisation, the per-address
throttle of failed keys (esign.api.throttle, before any database work), the key's rate limit
(esign.store.rate_limits) and the method's scope, for every `/v1` handler (esign.api.base.APIHandler)."""
from __future__ import annotations

import datetime as dt
import math

from esign.errors import ApiError
from esign.secrets import hash_token


async def authenticate(handler) -> tuple[dict, dict, bool]:
    """(API key record, organisation, sandbox) of the request's key; 401 for a missing, invalid or
    revoked key, 429 for an address that sent too many invalid keys."""
    request = handler.request
    key = request.headers.get("X-API-Key", "").strip()
    if not key:
        raise ApiError(401, "unauthorized", "missing API key: send it in the X-API-Key header")
    throttle = handler.settings["auth_throttle"]
    key_hash = hash_token(key)
    wait = throttle.retry_after(request.remote_ip, key_hash)
    if wait is not None:  # before any database work
        wait = max(1, math.ceil(wait))
        raise ApiError(429, "rate_limited", f"too many invalid API keys from this address; retry in {wait} s",
                       headers={"Retry-After": str(wait)})
    store = handler.services.store
    # both cached in the process for `[security] api_key_cache_seconds` (esign.store.cache)
    record = await store.api_keys.authenticate(key_hash)
    org = None
    if record is not None and record.get("revoked_at") is None:
        org = await store.organizations.authenticated(record["org_id"])
    if org is None:
        throttle.failed(request.remote_ip, key_hash)
        raise ApiError(401, "unauthorized", "invalid or revoked API key")
    throttle.accepted(key_hash)
    return record, org, bool(record.get("sandbox"))


async def rate_limit(handler) -> None:
    """Count the request against its key's limit; X-RateLimit-* on the answer, 429 past it."""
    services = handler.services
    limit = handler.api_key.get("rate_limit") or services.config.limits.default_rate_per_minute
    allowed, remaining, reset, next_at = await services.store.rate_limits.hit(handler.api_key["id"], limit)
    handler.sticky_header("X-RateLimit-Limit", limit)
    handler.sticky_header("X-RateLimit-Remaining", remaining)
    handler.sticky_header("X-RateLimit-Reset", math.ceil(reset.replace(tzinfo=dt.timezone.utc).timestamp()))
    if not allowed:
        wait = max(1, math.ceil((next_at - services.clock.now()).total_seconds()))
        raise ApiError(429, "rate_limited", f"rate limit of {limit} requests per minute exceeded; retry in {wait} s",
                       headers={"Retry-After": str(wait)})


def check_scope(handler) -> None:
    """The key's scope covers the method (`read` to read, `write` to change), or the handler's own
    `scope` (`admin`: retention and legal holds, docs/retention.md); a sandbox key writes only where
    the handler allows it."""
    needed = handler.scope or ("read" if handler.request.method in ("GET", "HEAD") else "write")
    if needed not in handler.api_key.get("scopes", ()):
        raise ApiError(403, "insufficient_scope", f"this API key lacks the {needed!r} scope")
    if (handler.sandbox and needed == "write" and not handler.sandbox_writes
            and handler.request.method in handler.allowed_methods()):  # a wrong method stays a 405
        raise ApiError(403, "forbidden", "a sandbox key changes only sandbox records (documents, signing "
                                         "requests, templates and bulk jobs it creates); use a live key")

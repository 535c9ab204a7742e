"""`Idempotency-Key` on creating and sending operations (design.md §6): the decorator of the handler
methods; the records are esign.store.idempotency."""
from __future__ import annotations

import functools
import hashlib
import json
import logging

from esign.errors import ApiError, validation_error

log = logging.getLogger("esign.api")


def idempotent(method):
    """Honour `Idempotency-Key` on a creating or sending operation (design.md §6): scoped to
    organisation + API key + method + path, remembered 24 hours; a retry replays the first answer;
    another body with the same key is 409 idempotency_key_reused; a retry while the first is still
    running is 409 idempotency_in_progress; answers with status >= 500 are not remembered."""

    @functools.wraps(method)
    async def wrapper(self, *args, **kwargs):  # self: an esign.api.base.APIHandler
        key = self.request.headers.get("Idempotency-Key")
        if key is None:
            return await method(self, *args, **kwargs)
        if not key.strip() or len(key) > 255:
            raise validation_error([{"field": "Idempotency-Key", "message": "must be 1 to 255 characters"}])
        scope = hashlib.sha256("\x00".join(
            [self.org_id, self.api_key["id"], self.request.method, self.request.path, key]).encode()).hexdigest()
        body_hash = await self.fingerprint()
        records = self.services.store.idempotency
        existing = await records.begin(scope, body_hash)
        if existing is not None:
            if existing["body_hash"] != body_hash:
                raise ApiError(409, "idempotency_key_reused", "this Idempotency-Key was used with a different request body")
            if existing["state"] != "done":
                raise ApiError(409, "idempotency_in_progress", "a request with this Idempotency-Key is still being processed")
            for name, value in (existing.get("headers") or {}).items():
                self.set_header(name, value)
            self.set_header("Idempotent-Replayed", "true")
            if existing["status"] == 204:
                self.set_status(204)
                return self.finish()
            self.set_status(existing["status"])
            body = existing["body"]
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                # a replayed error names this request, as its X-Request-ID does
                body = {**body, "error": {**body["error"], "request_id": self.request_id}}
            self._json_out = body
            return self.finish(json.dumps(body))
        try:
            await method(self, *args, **kwargs)
        except BaseException as exc:
            status, body, headers = self.error_for(exc)
            if status >= 500:
                await records.abandon(scope)
            else:
                await records.finish(scope, status, body, headers)
            raise
        status = self.get_status()
        if status >= 500:
            await records.abandon(scope)
            return
        try:
            await records.finish(scope, status, self._json_out, {})
        except Exception:  # noqa: BLE001 - what was done is answered: a 500 would have the client retry it
            log.exception("request %s: the answer for its Idempotency-Key could not be stored; a retry meets "
                          "409 idempotency_in_progress until the key's lease ends", self.request_id)

    return wrapper

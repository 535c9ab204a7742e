"""What follows a change of a signing request, stored with the change and done after it.

A transition that is followed by events, emails or jobs stores what follows as `effects` in its own
conditional update: {op, version, ...what the op needs}, with `effects_at`. `run` then does it (the
handler of its `op`) and clears it. A process that dies or fails in between (the event store or the
job queue unavailable) leaves `effects` stored, and `recover` (a sweep) does them after EFFECTS_GRACE.
Doing them twice does nothing twice: events are recorded under ids derived from the version, emails
and jobs queued with the same dedupe keys. A later transition of the same request does what an earlier
one left first, then stores its own; only effects still failing at that moment are replaced (logged).
The handlers of each `op` are the state machine's (esign.domain.requests.lifecycle.EFFECTS)."""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import cast

from esign.domain.ports import Services
from esign.store.records import Json, SigningRequest

log = logging.getLogger("esign.lifecycle")
EFFECTS_GRACE = dt.timedelta(minutes=1)
#: what does the effects of one kind (`op`) of transition: (services, request, effects)
Handler = Callable[[Services, SigningRequest, Json], Awaitable[None]]


async def run(services: Services, request: SigningRequest, handlers: Mapping[str, Handler]) -> SigningRequest:
    """Do the `effects` the transition that returned `request` stored, then clear them. When that
    fails (the event store or the job queue unavailable) the change still stands: it is logged, the
    effects stay stored for the next change or the sweep, and the caller answers the change, which
    is what happened (not a 500 that a retry would meet as 409)."""
    effects = request.get("effects")
    if effects:
        try:
            # the version the effects were stored at: the same event ids and email dedupe keys, however late
            await handlers[effects["op"]](services, cast(SigningRequest, {**request, "version": effects["version"],
                                                                          "following": effects["version"]}), effects)
            await services.store.signing_requests.effects_done(request["id"], effects["version"])
            return cast(SigningRequest, {k: v for k, v in request.items() if k not in ("effects", "effects_at")})  # done: not again
        except Exception:  # noqa: BLE001 - the change is stored with its effects: the sweep or the next change does them
            log.exception("doing what follows a change of signing request %s failed; the sweep does it later",
                          request["id"])
    return request


async def recover(services: Services, follow: Callable[[Services, SigningRequest], Awaitable[SigningRequest]]) -> int:
    """Do what transitions stored but did not get to do (their process died or failed): `follow`
    (services, request) for each request whose effects are older than EFFECTS_GRACE."""
    due = await services.store.signing_requests.effects_due(services.clock.now() - EFFECTS_GRACE, limit=100)
    for request in due:
        await follow(services, request)
    return len(due)


def event_effects(event_type: str, signer_id: str | None = None, actor: Json | None = None, metadata: Json | None = None) -> Json:
    """The effects of a transition that is followed by one event and nothing else."""
    return {"op": "event", "type": event_type, "signer_id": signer_id, "actor": dict(actor or {}), "metadata": metadata}

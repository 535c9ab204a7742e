"""Until when links signed with the service key work, so a rotated-out key is dropped only once no link
made with it can still be used (`esign admin reencrypt-secrets` prints it as `previous_keys_needed_until`;
docs/operations.md, "Rotating secrets")."""
from __future__ import annotations

import datetime as dt

from esign.clock import iso
from esign.domain.mail import enterprise_delivery
from esign.domain.ports import Services
from esign.domain.requests import downloads
from esign.store.records import Json


async def links_horizon(services: Services) -> Json:
    """Until when each kind of link made now (or earlier) with the service key can still be used, as
    UTC times (None: no such link exists), and `all`, the latest of them: keep every earlier key listed
    in `previous_secret_keys` until then. Links that are checked by a stored hash are not listed: no
    rotation ends them — signing links (a reminder that can no longer write the link it sent issues a
    fresh one: esign.domain.requests.fresh_links.for_message), console sign-in links, editor sessions,
    embed tokens. Bounce addresses (VERP) have no end: a bounce of mail sent under a dropped key arrives
    unrecognised and is not recorded."""
    now, store = services.clock.now(), services.store.signing_requests
    last_completion = await store.latest("completed", "completed_at")
    kinds = {
        # cc and owner copy links, which carry a signature of the key that made them
        "copy_links": last_completion and last_completion + dt.timedelta(days=services.config.signing.completed_link_days),
        "download_links": now + dt.timedelta(seconds=downloads.LIFETIME),
        "delivery_links": now + dt.timedelta(seconds=enterprise_delivery.URL_LIFETIME),
        "text_message_codes": now + dt.timedelta(seconds=services.config.signer.otp_ttl_seconds),
    }
    return {"all": iso(max(at for at in kinds.values() if at)), **{kind: iso(at) for kind, at in kinds.items()}}

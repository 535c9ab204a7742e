"""Webhook secrets, their rotation, and the signature headers of a delivery.

Every delivery carries two signatures over the same body:

- the specification's `X-Webhook-Signature`: the hex HMAC-SHA256 of the raw body keyed with the
  whole secret string (`whsec_…`) as UTF-8, with the current secret only;
- Standard Webhooks (https://www.standardwebhooks.com/): `webhook-id` (the event's id, the body's
  `id`: the same on every retry and redelivery), `webhook-timestamp` (unix seconds of this attempt)
  and `webhook-signature`: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` keyed with the
  bytes of the secret's base64 part, one `v1,…` per secret in force, separated by spaces.

A secret is `whsec_` + standard base64 of 32 random bytes, the form Standard Webhooks libraries
read. Secrets issued before used the URL-safe alphabet (`-` and `_` for `+` and `/`, no padding):
they are read in either alphabet, so they keep working unchanged; a hand-stored secret that is no
base64 at all is keyed with its whole string as UTF-8.

Regenerating keeps the secret it replaces as the webhook's one `previous_secret` (stored encrypted,
with `previous_secret_until`) for `[webhooks] previous_secret_hours`: until then `webhook-signature`
carries a signature with each. An expired previous secret is ignored, and removed by the next
delivery that finds it.
"""
from __future__ import annotations

import base64
import binascii
import calendar
import datetime as dt
import hashlib
import hmac
import secrets

from esign.secrets import hmac_hex

PREFIX = "whsec_"
_TO_STANDARD_ALPHABET = str.maketrans("-_", "+/")


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def standard_key(secret: str) -> bytes:
    """The Standard Webhooks key of `secret`: the bytes its base64 part encodes (either alphabet),
    else the whole string as UTF-8."""
    part = secret.removeprefix(PREFIX).translate(_TO_STANDARD_ALPHABET)
    try:
        return base64.b64decode(part + "=" * (-len(part) % 4), validate=True)
    except binascii.Error:
        return secret.encode()


def headers(secret: str, previous: str | None, message_id: str, at: dt.datetime, body: bytes) -> dict:
    """The signature headers of one attempt made at `at` (naive UTC), signed with `secret` and, in
    `webhook-signature` only, with the `previous` secret still in force."""
    timestamp = str(calendar.timegm(at.timetuple()))
    signed = f"{message_id}.{timestamp}.".encode() + body
    keys = [standard_key(s) for s in (secret, previous) if s is not None]
    signatures = " ".join("v1," + base64.b64encode(hmac.new(k, signed, hashlib.sha256).digest()).decode() for k in keys)
    return {"X-Webhook-Signature": hmac_hex(secret, body), "webhook-id": message_id, "webhook-timestamp": timestamp,
            "webhook-signature": signatures}


async def in_force(services, hook: dict) -> tuple[str, str | None]:
    """The webhook's secret and its previous secret while that is in force, decrypted. Raises
    ValueError when the current one cannot be decrypted; a previous one that cannot is left out.
    An expired previous secret is removed from the webhook."""
    secret = services.secrets.decrypt(hook["secret"])
    until = hook.get("previous_secret_until")
    if until is None:
        return secret, None
    if until <= services.clock.now():
        await services.store.webhooks.clear_previous_secret(hook["id"], until)
        return secret, None
    try:
        return secret, services.secrets.decrypt(hook["previous_secret"])
    except ValueError:
        return secret, None


async def rotate(services, org_id: str, hook: dict) -> tuple[dict | None, str | None]:
    """Give the webhook a new secret, keeping the one it replaces in force for `[webhooks]
    previous_secret_hours`. Returns the webhook and the secret in force after it: when another
    regeneration landed first, that one's secret; (None, None) when the webhook is gone."""
    secret = new_secret()
    keep = dt.timedelta(hours=services.config.webhooks.previous_secret_hours)
    rotated = await services.store.webhooks.replace_secret(org_id, hook["id"], hook["secret"],
                                                           services.secrets.encrypt(secret), keep_previous=keep)
    if rotated is None:  # another regeneration came first: its secret is the one in force
        rotated = await services.store.webhooks.get(org_id, hook["id"])
        if rotated is None:
            return None, None
        secret = services.secrets.decrypt(rotated["secret"])
    return rotated, secret

"""Service-key rotation: moving stored secrets to the current key (`esign admin reencrypt-secrets`).

With `[security] previous_secret_keys`, secrets encrypted under an earlier key are still decrypted
(esign.secrets.SecretBox), but nothing rewrites them as they are read. This walks every stored secret
once — webhook secrets (and a previous secret still in force), organisations' delivery secrets, and the
generated seal's and internal CA's private keys kept in the database — and re-encrypts each one not
made with the current key. Each write is conditional on the value read, so a secret regenerated
meanwhile is left as it is. What no configured key decrypts is counted and named (`unreadable`).

Links are not stored secrets: what the earlier key signed works only while it stays listed
(esign.domain.mail.key_horizon says until when).
"""
from __future__ import annotations

from esign.domain.ports import Services
from esign.store.records import Json

PAGE = 200  # organisations read at a time
STORED_KEYS = ("seal", "internal_ca")  # settings records holding a private key encrypted with the service key


async def reencrypt_secrets(services: Services) -> Json:
    """Re-encrypt every stored secret under the current service key; the counts of those rewritten,
    and of those no key in force decrypts (`unreadable`: made with a key no longer configured)."""
    box, store = services.secrets, services.store
    counts = {"webhook_secrets": 0, "delivery_secrets": 0, "keys": 0, "unreadable": 0}
    unreadable: list[Json] = []

    def fresh(encrypted: str, kind: str, where: Json) -> str | None:
        """`encrypted` under the current key, or None when it already is (or cannot be read: then it is
        named among the unreadable, by kind and record, never by value)."""
        if not encrypted or box.is_current(encrypted):
            return None
        try:
            return box.encrypt(box.decrypt(encrypted))
        except ValueError:
            counts["unreadable"] += 1
            unreadable.append({"kind": kind, **where})
            return None

    last = None
    while True:
        orgs = await store.organizations.page_after(last, PAGE)
        if not orgs:
            break
        last = orgs[-1]["id"]
        for org in orgs:
            new = fresh(org.get("delivery_secret_enc") or "", "delivery_secret", {"org_id": org["id"]})
            if new and await store.organizations.replace_delivery_secret(org["id"], org["delivery_secret_enc"], new):
                counts["delivery_secrets"] += 1
            for hook in await store.webhooks.list(org["id"]):
                for field in ("secret", "previous_secret"):
                    new = fresh(str(hook.get(field) or ""), f"webhook_{field}",
                                {"org_id": org["id"], "webhook_id": hook["id"]})
                    if new and await store.webhooks.reencrypt(hook["id"], field, hook[field], new):
                        counts["webhook_secrets"] += 1
    for name in STORED_KEYS:
        stored = await store.settings.get(name)
        new = fresh(stored["key"], "private_key", {"setting": name}) if stored else None
        if new and await store.settings.put_if(name, {"key": stored["key"]}, {**stored, "key": new}):
            counts["keys"] += 1
    return {**counts, "unreadable_items": unreadable}


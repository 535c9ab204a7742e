"""Data upgrades: documents stored by an earlier version of esign brought to today's shape, once per
deployment, at start-up (`run`, called by every `esign serve` and `esign worker` after the indexes).

Each upgrade is idempotent and changes one document at a time with a conditional update, so processes
starting together may run the same upgrade at once without harm; a finished upgrade is recorded in
`data_upgrades` and skipped from then on. A deployment created by this version has nothing to
upgrade: each scan finds nothing to change and is recorded as finished.

- `drawings-in-blob-storage`: drawn signatures and initials stored inline as PNG data URLs
  (`{kind: "drawn", image}`, up to 1 MB each, initials a second copy) move to blob storage as
  `{kind: "drawn", blob_key, sha256}` (esign.domain.signer.signing.store_drawings' shape), so finalisation
  reads them and the request stays far below MongoDB's 16 MiB.
- `bulk-template-versions`: a bulk job holding a copy of its template (`template`) refers to it by
  `template_version` instead, the copy kept once in `template_versions`.
- `delivery-history-expiry`: webhook delivery records without `expires_at` get one
  (`created_at` + `[webhooks] delivery_history_days`), so the TTL index removes them in time.
- `contact-name-keys`: contacts without `name_key` (what the list sorts by, the name without case or
  accents) get one.
- `request-search-fields`: signing requests without `search_terms` or `owner_key` (what the staff
  console's search and "mine" match: esign.store.signing_requests.derived) get them.
"""
from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import hashlib
import logging
from typing import Awaitable, Callable, cast

from esign.domain.ports import Services
from esign.domain.signer.signing import drawing_key
from esign.store.records import Json, SigningRequest
from esign.store.upgrades import scan

log = logging.getLogger("esign.upgrades")


@dataclasses.dataclass(frozen=True)
class Upgrade:
    name: str
    run: Callable[..., Awaitable[int]]  # (services) -> how many documents it changed


def _inline_drawing(mark: object) -> bool:
    return isinstance(mark, dict) and mark.get("kind") == "drawn" and "image" in mark


async def drawings_in_blob_storage(services: Services) -> int:
    repo, changed = services.store.signing_requests, 0
    # requests projected to what is read and changed here (id, org_id, status, version, signers)
    request: Json | None
    async for request in scan(repo, {"org_id": 1, "status": 1, "version": 1, "signers": 1}):
        while request is not None and any(_inline_drawing(s.get(k)) for s in request["signers"]
                                          for k in ("signature", "initials")):
            signers = []
            for signer in request["signers"]:
                signer = dict(signer)
                for key in ("signature", "initials"):
                    if _inline_drawing(signer.get(key)):
                        png = base64.b64decode(signer[key]["image"].partition(",")[2])
                        digest = hashlib.sha256(png).hexdigest()
                        blob_key = drawing_key(cast(SigningRequest, request), digest)
                        await services.storage.put_bytes(blob_key, png)  # same name, same bytes: safe to repeat
                        signer[key] = {"kind": "drawn", "blob_key": blob_key, "sha256": digest}
                signers.append(signer)
            if await repo.replace_if(cast(SigningRequest, request), request["status"], {"signers": signers}):
                changed += 1
                break
            request = cast(Json | None, await repo.by_id(request["id"]))  # changed meanwhile: read it again and redo
    return changed


async def bulk_template_versions(services: Services) -> int:
    store, changed = services.store, 0
    async for job in scan(store.bulk_jobs, {"template": 1}):
        template = job.get("template")
        if template is None:
            continue
        await store.template_versions.keep(template)
        if await store.bulk_jobs.refer_to_version(job["id"], template["version"]):
            changed += 1
    return changed


async def delivery_history_expiry(services: Services) -> int:
    keep = dt.timedelta(days=services.config.webhooks.delivery_history_days)
    deliveries, changed = services.store.webhook_deliveries, 0
    async for record in scan(deliveries, {"created_at": 1, "expires_at": 1}):
        if record.get("expires_at") is None and await deliveries.set_expiry(record["id"], record["created_at"] + keep):
            changed += 1
    return changed


async def contact_name_keys(services: Services) -> int:
    contacts, changed = services.store.contacts, 0
    async for record in scan(contacts, {"name": 1, "name_key": 1}):
        if "name_key" not in record and await contacts.set_name_key(record["id"], record["name"]):
            changed += 1
    return changed


async def request_search_fields(services: Services) -> int:
    repo, changed = services.store.signing_requests, 0
    request: Json | None
    async for request in scan(repo, {"version": 1, "owner_email": 1, "owner_key": 1, "search_terms": 1,
                                     "signers.name": 1, "signers.email": 1}):
        while request is not None and not {"search_terms", "owner_key"} <= set(request):
            if await repo.set_derived(request):
                changed += 1
                break
            request = cast(Json | None, await repo.by_id(request["id"]))  # changed meanwhile: read it again
    return changed


UPGRADES = [
    Upgrade("drawings-in-blob-storage", drawings_in_blob_storage),
    Upgrade("bulk-template-versions", bulk_template_versions),
    Upgrade("delivery-history-expiry", delivery_history_expiry),
    Upgrade("contact-name-keys", contact_name_keys),
    Upgrade("request-search-fields", request_search_fields),
]


async def run(services: Services, upgrades: list[Upgrade] = UPGRADES) -> None:
    finished = await services.store.data_upgrades.finished([u.name for u in upgrades])
    for upgrade in upgrades:
        if upgrade.name in finished:
            continue
        changed = await upgrade.run(services)
        await services.store.data_upgrades.mark_finished(upgrade.name, changed)
        log.info("data upgrade %s finished: %d document(s) changed", upgrade.name, changed)

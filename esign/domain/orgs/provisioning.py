"""Organisations and API keys: declarative provisioning from config and the admin operations."""
from __future__ import annotations

import logging
from collections.abc import Iterable

from esign.clock import readable
from esign.config import ConfigError
from esign.domain.ports import Services
from esign.secrets import new_token
from esign.store.organizations import BRANDING
from esign.store.records import Json

log = logging.getLogger("esign")


class ProvisioningError(Exception):
    """A refused admin operation; `code` is the API error code it corresponds to."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def generate_key(sandbox: bool) -> str:
    return new_token("esk_test_" if sandbox else "esk_live_", 32)


def check_delivery(services: Services, plan: str, url: str) -> None:
    if not url:
        return
    if not services.config.plan(plan).get("enterprise_delivery"):
        raise ProvisioningError("plan_restricted", f"plan {plan!r} does not include signed-PDF delivery")
    allow_http = services.config.webhooks.allow_http
    if not (url.startswith("https://") or allow_http and url.startswith("http://")):
        raise ProvisioningError("validation_error", "delivery_url must be an https:// URL")


async def set_delivery(services: Services, org: Json, url: str, secret: str) -> Json | None:
    check_delivery(services, org["plan"], url)
    return await services.store.organizations.update(org["id"], {
        "delivery_url": url, "delivery_secret_enc": services.secrets.encrypt(secret) if secret else ""})


async def create_org(services: Services, name: str, plan: str = "free") -> Json:
    if plan not in services.config.plans:
        raise ProvisioningError("validation_error", f"unknown plan {plan!r} (known: {', '.join(sorted(services.config.plans))})")
    org, created = await services.store.organizations.create(name, plan)
    if not created:
        raise ProvisioningError("invalid_state", f"an organisation named {name!r} exists already")
    return org


async def create_key(services: Services, org: Json, scopes: Iterable[str] = ("read", "write"), sandbox: bool = False, rate_limit: int = 0,
                     owner_name: str = "", owner_email: str = "", name: str = "") -> tuple[str, Json]:
    """Returns (the key, shown only now; its stored record). A key for an owner email that no other
    live key of the organisation has is how a team member joins: `member.invited` fires (webhooks only)."""
    keys = services.store.api_keys
    known = {(k.get("owner_email") or "").lower() for k in await keys.list_for_org(org["id"]) if not k.get("revoked_at")}
    key = generate_key(sandbox)
    record = await keys.create(org["id"], key, scopes, sandbox, rate_limit, owner_name, owner_email, name)
    if owner_email and owner_email.lower() not in known:
        await services.emit(org["id"], "member.invited", sandbox=sandbox,
                            data={"email": owner_email, "name": owner_name or None})
    return key, record


async def provision_from_config(services: Services) -> None:
    """Apply `[[organizations]]`: create or update each organisation and its keys. Idempotent."""
    for spec in services.config.organizations:
        try:
            check_delivery(services, spec["plan"], spec["delivery_url"])
            if spec["delivery_url"] and not spec["delivery_secret"]:
                raise ProvisioningError("validation_error", "delivery_url needs a delivery_secret (the HMAC key)")
        except ProvisioningError as exc:
            raise ConfigError(f"organization {spec['name']!r}: {exc}") from None
        # what the config sets at every start, and what only at creation: see docs/operations.md
        # ("Organisations declared in the config")
        delivery = {"delivery_url": spec["delivery_url"],
                    "delivery_secret_enc": services.secrets.encrypt(spec["delivery_secret"]) if spec["delivery_secret"] else ""}
        declared = bool(spec["delivery_url"])
        org = await services.store.organizations.upsert_by_name(
            spec["name"], {"plan": spec["plan"], **(delivery if declared else {}), **{key: spec[key] for key in BRANDING},
                         "default_locale": spec["default_locale"] or None,
                         "verification_names": spec["verification_names"]},
            origins=spec["embed_origins"], defaults={} if declared else delivery)
        for key in spec["api_keys"]:
            record = await services.store.api_keys.provision(
                org["id"], key["key"], scopes=key["scopes"], sandbox=key["sandbox"],
                rate_limit=key["rate_limit"], owner_name=key["owner_name"],
                owner_email=key["owner_email"], name=key["name"])
            if record["revoked_at"]:
                log.warning("the API key %s... of organization %r in the config was revoked (%s) and stays revoked: "
                            "remove it from the config", record["prefix"], spec["name"], readable(record["revoked_at"]))

FIRST_RUN = "first_run"  # settings record: this database had its first run (the bootstrap key was issued)


async def bootstrap_first_organization(services: Services) -> Json | None:
    """First run (`[bootstrap] first_organization`): on a database that never had one, create that
    organisation with one read/write key and return {organization, organization_id, plan, key} for the
    caller to show once. Every later call on the same database returns None, whichever process makes
    it: processes starting together race for one settings record and only the winner creates anything.
    A database that already holds organisations (declared in config or made with `esign admin`) gets
    none. Should the winner die before its key is made, `esign admin create-key` makes one."""
    name = services.config.bootstrap.first_organization
    if not name:
        return None
    ticket = new_token(nbytes=16)
    claim = await services.store.settings.get_or_create(
        FIRST_RUN, lambda: {"ticket": ticket, "organization": name, "at": services.clock.now()})
    if claim["ticket"] != ticket or await services.store.organizations.any_exist():
        return None
    org, created = await services.store.organizations.create(name, services.config.bootstrap.plan)
    if not created:
        return None
    key, _ = await create_key(services, org, name="first run")
    return {"organization": org["name"], "organization_id": org["id"], "plan": org["plan"], "key": key}


def key_view(record: Json) -> Json:
    """What admin commands print about a key: never the hash, never the key itself."""
    return {k: record.get(k) for k in ("id", "org_id", "prefix", "name", "scopes", "sandbox", "rate_limit",
                                       "owner_name", "owner_email", "created_at", "revoked_at")}

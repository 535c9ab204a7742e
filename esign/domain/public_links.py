"""Public links from a template (docs/public-links.md): a link, and its QR code, that anyone may open
to make their own signing request from the template, once they proved their email address.

This module keeps the links (create, list, change, pause, delete, rotate, their uses) and the signed
prefill values; esign.domain.public_link_visits serves the visitors.

- A link names the template role its visitor takes (`public_role`) and the people of every other role
  (`fixed_roles`); each use sends the template as it is then (its current version), through the
  template send (esign.domain.templating.templates.create_request).
- `slug` is the random part of its address `{public_url}/p/{slug}`; rotating gives a new one, and the
  old answers 410.
- Prefill: `variables` for the template's `{{key}}` placeholders, only in a value signed with the
  link's `prefill_secret` (shown once, at creation; stored encrypted): `base64url(JSON).HMAC-SHA256`
  where the JSON is `{"variables": {...}, "exp": unix seconds}`. An unsigned, tampered or expired value
  is a 400 and nothing is stored.
"""
from __future__ import annotations

import base64
import binascii
import datetime as dt
import hmac
import json
import logging
from typing import Any

from esign.domain.ports import Services
from esign.errors import ApiError, invalid_state, not_found, validation_error
from esign.secrets import hmac_hex, new_token
from esign.store.base import Page, new_id
from esign.store.records import Json, Template

log = logging.getLogger("esign.public_links")
PATH = "/p/"
#: what a link can ask its visitor for (the email address is always asked for and proven)
COLLECT = ("name", "email")
MAX_PREFILL_CHARS = 8000


def url(services: Services, slug: str) -> str:
    return f"{services.config.server.public_url}{PATH}{slug}"


def view(services: Services, link: Json) -> Json:
    """A link as the API answers it: its address and its QR code images' addresses."""
    address = url(services, link["slug"])
    return {"phone_code": None, "phone_paused": False, **link, "url": address, "qr_svg_url": f"{address}/qr.svg",
            "qr_png_url": f"{address}/qr.png"}


def _roles(template: Template, body: Json) -> list[Json]:
    """The fixed roles' people as the template send takes them: `public_role` must be one of the
    template's roles and `fixed_roles` name each other role exactly once (422 naming what is wrong)."""
    names = {r["name"].casefold(): r["name"] for r in template["roles"]}
    public = body["public_role"].casefold()
    details: list[Json] = []
    if public not in names:
        shown = ", ".join(repr(n) for n in names.values()) or "none"
        details.append({"field": "public_role", "message": f"no template role named {body['public_role']!r} "
                                                           f"(the template's roles: {shown})"})
    given: set[str] = set()
    for i, person in enumerate(body["fixed_roles"]):
        role = person["role"].casefold()
        if role not in names:
            details.append({"field": f"fixed_roles.{i}.role", "message": f"no template role named {person['role']!r}"})
        elif role == public or role in given:
            details.append({"field": f"fixed_roles.{i}.role", "message": f"role {person['role']!r} is taken already"})
        given.add(role)
    for key, name in names.items():
        if key != public and key not in given:
            details.append({"field": "fixed_roles", "message": f"role {name!r} needs a person (the visitor takes "
                                                               "only the public role)"})
    if details:
        raise validation_error(details)
    return [{**person, "role": names[person["role"].casefold()]} for person in body["fixed_roles"]]


async def create(services: Services, org: Json, api_key: Json, sandbox: bool, template: Template,
                 body: Json) -> tuple[Json, str]:
    """A new link of `template` and its prefill secret (shown once)."""
    if template.get("sandbox") and not sandbox:
        raise ApiError(403, "forbidden", "this template was made with a sandbox key: only sandbox keys can make "
                                         "public links of it")
    fixed = _roles(template, body)
    if body.get("expires_at") is not None and body["expires_at"] <= services.clock.now():
        raise validation_error([{"field": "expires_at", "message": "must be in the future"}])
    secret = new_token(nbytes=32)
    now = services.clock.now()
    link = await services.store.public_links.insert({
        "_id": new_id(), "org_id": org["id"], "template_id": template["id"], "name": body["name"],
        "public_role": next(r["name"] for r in template["roles"] if r["name"].casefold() == body["public_role"].casefold()),
        "fixed_roles": fixed, "collect": body["collect"], "email_code": body["email_code"],
        "max_uses": body.get("max_uses"), "uses": 0, "per_person_interval_days": body.get("per_person_interval_days"),
        "expires_at": body.get("expires_at"),
        "allowed_email_domains": [d.lower() for d in body["allowed_email_domains"]],
        "embed_origins": body["embed_origins"], "redirect_url": body.get("redirect_url"), "paused": False,
        "phone_code": phone_settings(body.get("phone_code")), "phone_paused": False,
        "slug": new_token(nbytes=12), "retired_slugs": [], "prefill_secret": services.secrets.encrypt(secret),
        "owner_key_id": api_key["id"], "owner_name": api_key.get("owner_name") or org["name"],
        "owner_email": api_key.get("owner_email") or "", "sandbox": sandbox, "created_at": now, "updated_at": now})
    log.info("public link %s of template %s created", link["id"], template["id"])
    return link, secret


def phone_settings(given: Json | None) -> Json | None:
    """A link's `phone_code` as stored: its allowed countries upper-cased, sorted, once each."""
    return None if given is None else {"allowed_countries": sorted({c.upper() for c in given["allowed_countries"]})}


async def get(services: Services, org_id: str, link_id: str) -> Json:
    return await services.store.public_links.require(org_id, link_id, "public link")


async def list_links(services: Services, org_id: str, limit: int, offset: int, after: Json | None) -> Page:
    return await services.store.public_links.list(org_id, limit, offset, after)


async def change(services: Services, link: Json, changes: Json) -> Json:
    """PATCH: `name`, `paused`, `max_uses` (not below the uses made), `expires_at`, the allowed email
    domains, embed origins, redirect, `phone_code` and `phone_paused` (false resumes phone codes the
    breaker paused). Pausing emits `public_link.paused`."""
    if changes.get("max_uses") is not None and changes["max_uses"] < link["uses"]:
        raise validation_error([{"field": "max_uses", "message": f"the link has been used {link['uses']} times"}])
    if "allowed_email_domains" in changes:
        changes = {**changes, "allowed_email_domains": [d.lower() for d in changes["allowed_email_domains"]]}
    if changes.get("phone_paused") is False and link.get("phone_paused"):  # the breaker counts afresh
        changes = {**changes, "phone_round": link.get("phone_round", 0) + 1}
    if "phone_code" in changes:
        changes = {**changes, "phone_code": phone_settings(changes["phone_code"])}
    if changes.get("paused") and not link["paused"]:
        paused = await services.store.public_links.pause(link["id"], services.clock.now())
        if paused is not None:
            await emit(services, paused, "public_link.paused", reason="owner")
    changed = await services.store.public_links.change(link["org_id"], link["id"],
                                                       {**changes, "updated_at": services.clock.now()})
    if changed is None:
        raise not_found("public link")
    return changed


async def delete(services: Services, link: Json) -> None:
    """The link stops working (404); requests made from it are unaffected."""
    if not await services.store.public_links.delete(link["org_id"], link["id"]):
        raise not_found("public link")
    log.info("public link %s deleted", link["id"])


async def rotate(services: Services, link: Json) -> Json:
    """A new address; the old one answers 410 from now on."""
    rotated = await services.store.public_links.rotate(link["org_id"], link["id"], link["slug"], new_token(nbytes=12),
                                                       services.clock.now())
    if rotated is None:
        raise invalid_state("the link changed meanwhile; retry")
    log.info("public link %s rotated", link["id"])
    return rotated


async def uses(services: Services, link: Json, limit: int, offset: int, after: Json | None) -> Page:
    return await services.store.public_link_uses.list(link["id"], limit, offset, after)


async def emit(services: Services, link: Json, event_type: str, **data: Any) -> None:
    """A `public_link.*` event of the organisation (its webhook `data`: the link, its uses and `data`)."""
    await services.emit(link["org_id"], event_type, sandbox=bool(link.get("sandbox")),
                        signing_request_id=data.pop("signing_request_id", None),
                        data={"public_link_id": link["id"], "name": link["name"], "template_id": link["template_id"],
                              "uses": link["uses"], "max_uses": link.get("max_uses"), **data})


def prefill_token(secret: str, variables: dict[str, str], expires: dt.datetime) -> str:
    """A signed prefill value (how a link's owner makes one: docs/public-links.md shows it in Python)."""
    payload = base64.urlsafe_b64encode(json.dumps(
        {"variables": variables, "exp": int(expires.replace(tzinfo=dt.timezone.utc).timestamp())}).encode()).decode()
    return f"{payload}.{hmac_hex(secret, payload.encode())}"


def prefilled(services: Services, link: Json, token: str | None) -> dict[str, str]:
    """The variables of a prefill value signed with the link's secret and not expired; 400 otherwise."""
    if not token:
        return {}
    payload, _, signature = token.partition(".")
    secret = services.secrets.decrypt(link["prefill_secret"])
    if len(token) > MAX_PREFILL_CHARS or not hmac.compare_digest(hmac_hex(secret, payload.encode()), signature):
        raise ApiError(400, "invalid_prefill", "the prefill value is not signed with this link's prefill secret")
    try:
        data = json.loads(base64.urlsafe_b64decode(payload.encode()))
        expires = dt.datetime.fromtimestamp(int(data["exp"]), dt.timezone.utc).replace(tzinfo=None)
        variables = data["variables"]
    except (ValueError, KeyError, TypeError, binascii.Error, OverflowError) as exc:
        raise ApiError(400, "invalid_prefill", "the prefill value is malformed") from exc
    if expires <= services.clock.now():
        raise ApiError(400, "invalid_prefill", "the prefill value has expired")
    if not isinstance(variables, dict) or not all(isinstance(k, str) and isinstance(v, str) and len(v) <= 1000
                                                  for k, v in variables.items()):
        raise ApiError(400, "invalid_prefill", "the prefill variables must be strings of at most 1000 characters")
    return variables

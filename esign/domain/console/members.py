"""Members of an organisation: the people who sign in to the staff console, declared in the config
(`[[organizations.members]]`, applied at every start) or added with `esign admin add-member`. A new
member fires `member.invited` (webhooks only) and is emailed a sign-in link."""
from __future__ import annotations

from typing import Any

from esign.config import MEMBER_ROLES
from esign.domain.console import sign_in
from esign.schema import ASCII_EMAIL, EMAIL_RE
from esign.store.members import MemberExists


class MemberError(Exception):
    """A refused member; `code` is the API error code it corresponds to."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


async def _invited(services: Any, member: dict[str, Any]) -> None:
    await services.emit(member["org_id"], "member.invited", sandbox=False,
                        data={"email": member["email"], "name": member["name"] or None})
    await sign_in.send_link(services, member, "invited")


async def add_member(services: Any, org: dict[str, Any], email: str, name: str, role: str) -> dict[str, Any]:
    """A new member of `org` (MemberError when the address is bad, the role unknown or the member exists)."""
    if not EMAIL_RE.match(email):
        raise MemberError("validation_error", f"the email must be {ASCII_EMAIL}")
    if role not in MEMBER_ROLES:
        raise MemberError("validation_error", f"the role must be one of {', '.join(MEMBER_ROLES)}")
    try:
        member: dict[str, Any] = await services.store.members.create(org["id"], email, name, role, "cli")
    except MemberExists:
        raise MemberError("invalid_state", f"{email} is a member of {org['name']!r} already") from None
    await _invited(services, member)
    return member


async def provision_members(services: Any, org: dict[str, Any], declared: list[dict[str, Any]]) -> None:
    """Apply an organisation's `[[organizations.members]]`: create each member or update its name and
    role. Only a member created now is invited; members not declared (added by the CLI) stay."""
    for spec in declared:
        member, created = await services.store.members.provision(org["id"], spec["email"], spec["name"], spec["role"])
        if created:
            await _invited(services, member)


def member_view(member: dict[str, Any]) -> dict[str, Any]:
    """What `esign admin add-member` prints."""
    return {k: member.get(k) for k in ("id", "org_id", "email", "name", "role", "source", "created_at")}


async def provision_from_config(services: Any) -> None:
    """Apply `[[organizations.members]]` of every declared organisation (after the organisations)."""
    for spec in services.config.organizations:
        if spec["members"]:
            org = await services.store.organizations.by_name(spec["name"])
            await provision_members(services, org, spec["members"])

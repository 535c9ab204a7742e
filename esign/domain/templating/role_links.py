"""A template role that names other roles (docs/roles.md): an `assistant` role `assists` signer
roles, a `witness` role is `witness_for` a signer role, and a `cc` role may carry `notify_on`.

Checked by the rules of a create body's participants (esign.domain.requests.roles, cc_links), the
role names standing for the emails; a send turns each role name into its person's email, so the
request made is the one a create body with those emails makes (esign.domain.requests.roles.linked).
"""
from __future__ import annotations

from collections.abc import Sequence

from esign.domain.requests import cc_links, roles
from esign.store.records import Json, RecordLike, Role

# a create body's words, as a template role says them
WORDS = (("give their emails", "give their role names"), ("give their email", "give its role name"),
         ("is not a signer of this request", "is not a signer role of this template"))


def _as_participants(template_roles: Sequence[RecordLike]) -> list[Json]:
    return [{"email": r["name"], "type": r.get("type") or "signer", "assists": r.get("assists") or [],
             "witness_for": r.get("witness_for"), "notify_on": r.get("notify_on")} for r in template_roles]


def _reworded(detail: Json) -> Json:
    message = detail["message"]
    for old, new in WORDS:
        message = message.replace(old, new)
    return {"field": "roles" + detail["field"].removeprefix("signers"), "message": message}


def problems(template_roles: Sequence[RecordLike], signing_order: str) -> list[Json]:
    """The 422 details (`roles.<i>.assists`, `.witness_for`, `.notify_on`, `.order`) of the roles'
    links: an assistant assists signer roles, before them in a sequential template; a witness witnesses
    a signer role; only a cc role has `notify_on`."""
    people = _as_participants(template_roles)
    # a role without `order` takes its place in the list, as the schema gives it (a body that failed the
    # schema elsewhere, checked for what did load, has not been given it)
    orders = [r.get("order") or i + 1 for i, r in enumerate(template_roles)] if signing_order == "sequential" else None
    found = roles.witness_problems(people) + roles.assist_problems(people, orders) + cc_links.problems(people)
    return [_reworded(d) for d in found]


def people(role: Role, person: RecordLike, emails: dict[str, str]) -> Json:
    """What a send's `person` for `role` takes of the role's links (`emails`: each role's person's
    email, by role name casefolded): `assists` and `witness_for` as emails, and `notify_on` (the
    person's own, else the role's)."""
    out: Json = {}
    if role.get("assists"):
        out["assists"] = [emails.get(name.casefold(), name) for name in role["assists"]]
    if role.get("witness_for"):
        out["witness_for"] = emails.get(role["witness_for"].casefold(), role["witness_for"])
    notify = person.get("notify_on") or role.get("notify_on")
    return {**out, "notify_on": notify} if notify else out

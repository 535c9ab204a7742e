"""Templates (design.md §6: read, summary, role, update and cc decisions) and the signing requests
made from them, one at a time (`POST /v1/templates/{id}/send`) or per bulk item.

Sending maps signers to roles by name (case-insensitively; every role exactly one signer), takes the
template's document unless another is given, copies the template's settings onto the request and
replaces `{{key}}` placeholders from `variables`. A placeholder without a variable is refused (422),
never sent: a contract showing `{{amount}}` to its signers is worse than an error.

Envelope templates (docs/envelopes.md) name `document_ids` (1 to 10, in order) instead of
`document_id`; `document_id` is then stored as the first of them. A role field names its
`document_id` (default: the first); a send that gives other documents replaces the template's by
place: the field on the template's n-th document lies on the send's n-th.
"""
from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Iterator
from typing import cast

from esign.domain.pages import placement
from esign.domain.ports import Services
from esign.domain.requests import envelope, lifecycle, signing_requests
from esign.domain.templating import role_links
from esign.errors import ApiError, Problems, invalid_state, not_found, validation_error
from esign.schema import header_problem
from esign.store.base import new_id
from esign.store.records import Json, RecordLike, Role, RoleField, SigningRequest, Template
from esign.store.signing_requests import RequestExists

PLACEHOLDER = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")
PLACEHOLDER_TEXT = (
    "`{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the "
    "role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value "
    "is inserted as it is and never expanded again). A placeholder with no variable is refused: 422 "
    "`validation_error` with one detail `variables.<key>` per missing key, and nothing is created. "
    "Unused variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 "
    "on one line, field value 1000).")
# settings copied from the template onto every request made from it
COPIED = ("signing_order", "reminder_days", "identity_verification_required",
          "phone_verification_required", "signing_level", "separate_stamp_page", "cc_emails")
TAGS = ("metadata", "external_id", "redirect_url")  # a send's and its signers' own (esign.domain.requests.tags)
SOURCE = ("source", "public_link")  # where a request came from, when not an API send (esign.domain.public_link_visits)


def stored(body: Json) -> Json:
    """A validated create or update body as stored (UUIDs as strings; `fields_from_text_tags` is done
    by `with_tag_fields`, not stored). With `document_ids` (both keys: 422) `document_id` is their
    first; with `document_id` (or none) `document_ids` is None."""
    out = dict(body)
    out.pop("fields_from_text_tags", None)
    if out.get("document_id") is not None or out.get("document_ids") is not None:
        ids, key = envelope.given_ids(out)
        out["document_id"], out["document_ids"] = ids[0], (ids if key == "document_ids" else None)
    elif "document_id" in out:  # null: no document (a null `document_ids` alone keeps the first)
        out["document_id"] = out["document_ids"] = None
    if out.get("roles") is not None:
        out["roles"] = [{**role, "fields": [{**f, "document_id": str(f["document_id"])} if f.get("document_id")
                                            else f for f in role["fields"]]} for role in out["roles"]]
    return out


def document_ids(template: RecordLike) -> list[str]:
    """The template's documents in order (none when it has none)."""
    return list(template.get("document_ids") or ([template["document_id"]] if template.get("document_id") else []))


def _key(template: RecordLike) -> str:
    return "document_ids" if template.get("document_ids") else "document_id"


async def with_tag_fields(services: Services, org_id: str, template: RecordLike, body: Json) -> Json:
    """`body` (stored) with, when it asks for `fields_from_text_tags`, one role field per text tag of
    the template's documents (every one of them) added to its role's fields (422 without a document,
    or for a malformed tag or one naming a role the template does not have)."""
    merged = {**template, **stored(body)}
    ids = document_ids(merged)
    named = body.get("roles") and any(f.get("text_tag") for role in body["roles"] for f in role.get("fields") or [])
    if not body.get("fields_from_text_tags"):
        if not named:
            return stored(body)
        # role fields naming the text tag they were made from keep that tag's cover (a GET then PATCH of roles)
        records = await envelope.load(services, org_id, ids, _key(merged), bool(merged.get("sandbox"))) if ids else []
        return {**stored(body), "roles": placement.covered_roles(records, stored(body)["roles"])}
    if not ids:
        raise validation_error([{"field": "fields_from_text_tags", "message": (
            "needs the template's documents (document_id or document_ids): their text tags make the fields")}])
    records = await envelope.load(services, org_id, ids, _key(merged), bool(merged.get("sandbox")))
    by_role = placement.role_tag_fields(records, merged["roles"])
    # made again from the tags: fields an earlier call made from them are replaced, not doubled
    roles = [{**role, "fields": [*(f for f in role["fields"] if not f.get("text_tag")), *by_role[role["name"]]]}
             for role in merged["roles"]]
    return {**stored(body), "roles": roles}


async def get(services: Services, org_id: str, template_id: str) -> Template:
    return await services.store.templates.require(org_id, template_id, "template")


def misplaced(roles: list[Role], ids: list[str], page_counts: list[int | None]) -> Iterator[tuple[int, int, str, str]]:
    """(role index, field index, problem field, message) of every role field on a document the
    template does not have (`ids`, in order, with their `page_counts`) or on a page its document
    does not have (a field without `document_id` lies on the first)."""
    place = {doc_id: n for n, doc_id in enumerate(ids)}
    for i, role in enumerate(roles):
        for j, f in enumerate(role["fields"]):
            n = place.get(f["document_id"]) if f.get("document_id") else 0
            if n is None or n >= len(ids):
                if f.get("document_id"):  # (a template without documents: fields go on the send's first)
                    yield i, j, "document_id", "not one of the template's documents"
                continue
            pages = page_counts[n]
            if pages and f.get("page_number") and f["page_number"] > pages:  # anchors are placed when sending
                yield i, j, "page_number", f"the document has {pages} pages"


async def check(services: Services, org_id: str, template: RecordLike, changed: Iterable[str] | None = None,
                problems: Problems | None = None) -> None:
    """The rules beyond the schema, on the whole template (or on what `changed` names): the documents
    belong to the organisation and make an envelope within its limits, role fields lie on the
    template's documents and their pages and keep the field rules, all roles' fields together keep
    the size bounds of one request's fields (they become one request's fields), identity
    verification needs an identity provider, and qes needs a provider (403). One 422 lists every
    problem found, with those already in `problems` (the schema's)."""
    changed = set(template) if changed is None else set(changed)
    problems = Problems() if problems is None else problems
    details = problems.details
    if changed & {"document_id", "document_ids", "roles"}:
        ids = document_ids(template)
        records = await problems.wait(envelope.load(services, org_id, ids, _key(template), bool(
            template.get("sandbox")))) if ids else []
        roles = template.get("roles") or []
        for i, role in enumerate(roles):
            for j, f in enumerate(role["fields"]):
                signing_requests.check_field_shape(f, f"roles.{i}.fields.{j}", details)
        if records is not None:
            details += [{"field": f"roles.{i}.fields.{j}.{where}", "message": message} for i, j, where, message
                        in misplaced(roles, ids, [d.get("page_count") for d in records])]
        signing_requests.check_fields_size([f for role in roles for f in role["fields"]], "roles", details)
    if changed & {"roles", "signing_order"}:
        details += role_links.problems(template.get("roles") or [], template.get("signing_order") or "sequential")
    if "identity_verification_required" in changed:
        signing_requests.check_identity_provider(services, bool(template.get("identity_verification_required")), details)
    problems.raise_any()
    if "signing_level" in changed:
        signing_requests.check_signing_level(services, template["signing_level"])


async def create(services: Services, org: Json, sandbox: bool, body: Json, problems: Problems | None = None) -> Template:
    """Templates made with live keys count toward the plan's `templates` limit (403 quota_exceeded);
    the check runs after inserting and looks at the new template's number, so concurrent creations
    never overshoot the limit and the first-numbered of them are kept. With `problems` (the schema's:
    `body` is then what it did load), what did load is checked too and one 422 lists them all."""
    if problems is not None and problems.details:
        loaded = problems.run(stored, body)
        await check(services, org["id"], {**(loaded or {}), "sandbox": sandbox}, changed=loaded, problems=problems)
    body = await with_tag_fields(services, org["id"], {}, body)
    await check(services, org["id"], {**body, "sandbox": sandbox})
    repo = services.store.templates
    now = services.clock.now()
    template = await repo.insert({"_id": new_id(), "org_id": org["id"], **body, "sandbox": sandbox, "version": 0,
                                  "number": await repo.next_number(org["id"]), "created_at": now, "updated_at": now})
    limit = services.config.plan(org["plan"]).get("templates", 0)
    try:
        over = not sandbox and limit and await repo.rank(template) > limit
    except BaseException:  # not answered, so not kept: the client's retry must not make a second one
        await repo.delete(org["id"], template["id"])
        raise
    if over:
        await repo.delete(org["id"], template["id"])
        raise ApiError(403, "quota_exceeded", f"the plan's limit of {limit} templates is reached")
    return template


async def update(services: Services, template: Template, changes: Json) -> Template:
    """PATCH: any create field; `roles` replaces the whole list. Checked against the template as it
    will be, and applied only to the version checked (re-read and re-checked when it moved). New
    documents without new `roles` take the old ones' places: a role field on the old n-th document
    moves to the new n-th (one on a place the new list does not have is a 422)."""
    changes = await with_tag_fields(services, template["org_id"], template, changes)
    for _ in range(5):
        final = _moved(template, changes)
        await check(services, template["org_id"], {**template, **final}, changed=final)
        updated = await services.store.templates.update_if(template, final)
        if updated is not None:
            return updated
        template = await get(services, template["org_id"], template["id"])
    raise invalid_state("the template is changing too fast; retry")


def _moved(template: Template, changes: Json) -> Json:
    """`changes` with, when they give documents but no roles, the role fields moved by place (with
    no document left, those of the first lose their `document_id`: a send's first document takes them)."""
    if "roles" in changes or not ({"document_id", "document_ids"} & set(changes)):
        return changes
    old, new = document_ids(template), document_ids({**template, **changes})
    place = {doc_id: n for n, doc_id in enumerate(old)}

    def move(f: RoleField) -> RoleField:
        n = place.get(f.get("document_id", ""))
        if n is None:
            return f
        if n < len(new):
            return {**f, "document_id": new[n]}
        return f if new or n else cast(RoleField, {k: v for k, v in f.items() if k != "document_id"})

    return {**changes, "roles": [{**role, "fields": [move(f) for f in role["fields"]]} for role in template["roles"]]}


async def delete(services: Services, org_id: str, template_id: str) -> None:
    """Requests made from the template keep everything they copied; bulk jobs send the version they
    were submitted with (kept in `template_versions`)."""
    if not await services.store.templates.delete(org_id, template_id):
        raise not_found("template")


# --- sending --------------------------------------------------------------------------------------

def check_usable(template: Template, sandbox: bool) -> None:
    if template.get("sandbox") and not sandbox:
        raise ApiError(403, "forbidden", "this template was made with a sandbox key and can be sent only with "
                                         "sandbox keys (it does not count toward the plan's template limit)")


def _assign_roles(template: Template, signers: list[Json]) -> list[tuple[Role, Json]]:
    """(role, signer) pairs in the order the signers were given (so later checks of the request's
    signers name the same index): every role exactly one signer, matched by name case-insensitively."""
    roles = {r["name"].casefold(): r for r in template["roles"]}
    names = ", ".join(repr(r["name"]) for r in template["roles"]) or "none"
    taken: dict[str, Json] = {}
    details = []
    for i, s in enumerate(signers):
        role = roles.get(s["role"].casefold())
        if role is None:
            details.append({"field": f"signers.{i}.role",
                            "message": f"no template role named {s['role']!r} (the template's roles: {names})"})
        elif role["name"].casefold() in taken:
            details.append({"field": f"signers.{i}.role", "message": f"role {role['name']!r} is given twice"})
        else:
            taken[role["name"].casefold()] = s
    for role in template["roles"]:
        if role["name"].casefold() not in taken:
            details.append({"field": "signers", "message": f"role {role['name']!r} has no signer"})
    if details:
        raise validation_error(details)
    return [(roles[s["role"].casefold()], s) for s in signers]


class _Filler:
    """Replaces placeholders, noting every key that has no variable and where it was used."""

    def __init__(self, variables: dict[str, str]) -> None:
        self.variables = variables
        self.missing: dict[str, list[str]] = {}

    def __call__(self, text: str | None, where: str) -> str | None:
        if text is None:
            return None

        def one(match: re.Match[str]) -> str:
            key = match.group(1)
            if key in self.variables:
                return self.variables[key]
            self.missing.setdefault(key, []).append(where)
            return match.group(0)

        return PLACEHOLDER.sub(one, text)

    def check(self) -> None:
        if self.missing:
            raise validation_error([
                {"field": f"variables.{key}", "message": f"no value for the placeholder {{{{{key}}}}} used in "
                                                         f"{', '.join(where)}"} for key, where in self.missing.items()])


def request_body(template: Template, send: Json, request_id: str) -> Json:
    """The signing-request create body for one send. Signer ids derive from the request id and the
    role, so building it again for the same request gives the same body."""
    fill = _Filler(send.get("variables") or {})
    message = fill(send["message"] if send.get("message") is not None else template.get("default_message"), "message")
    subject = fill(template.get("email_subject"), "email_subject")
    signers: list[Json] = []
    fields: list[Json] = []
    assigned = _assign_roles(template, send["signers"])
    emails = {role["name"].casefold(): s["email"] for role, s in assigned}
    for role, s in assigned:
        signer_id = str(uuid.uuid5(uuid.UUID(request_id), role["name"].casefold()))
        signers.append({"id": signer_id, "name": s["name"], "email": s["email"], "phone": s.get("phone"),
                        "order": role["order"], "locale": s.get("locale") or role.get("locale"),
                        "delivery": s.get("delivery") or role.get("delivery") or "email",
                        "type": s.get("type") or role.get("type") or "signer", **{k: s[k] for k in TAGS if k in s},
                        **role_links.people(role, s, emails)})
        for j, f in enumerate(role["fields"]):
            value = fill(f.get("value"), f"role {role['name']!r} fields.{j}.value")
            fields.append({**f, "signer_id": signer_id, "value": value})
    fill.check()
    details = []
    if message is not None and len(message) > 1000:
        details.append({"field": "message", "message": "longer than 1000 characters once the variables are filled in"})
    problem = header_problem(subject) if subject is not None else None  # a header (esign.schema.Line)
    if subject is not None and (len(subject) > 255 or problem):
        details.append({"field": "variables", "message": "the email subject must stay one line of at most 255 "
                                                         "characters once the variables are filled in"
                                                         + (f": it {problem}" if problem else "")})
    if any(f["value"] is not None and len(f["value"]) > 1000 for f in fields):
        details.append({"field": "variables", "message": "a field value is longer than 1000 characters once the "
                                                         "variables are filled in"})
    if details:
        raise validation_error(details)
    return {**{key: template.get(key) for key in COPIED}, "id": request_id, "template_id": template["id"],
            "signers": signers, "fields": fields, "message": message, "email_subject": subject,
            "expires_in_days": send.get("expires_in_days") or template["default_expiry_days"],
            "auto_send": send["auto_send"], **{k: send[k] for k in TAGS + SOURCE if k in send}}


async def _documents(services: Services, org_id: str, sandbox: bool, template: Template, send: Json, body: Json) -> Json:
    """`body` with the documents to send: `document_id` or `document_ids` if the send gives them (both:
    422), else the template's. Given documents replace the template's by place, and each field moves
    to the document in its template document's place (422 naming the send's key when that place is
    not given or the page is not in that document)."""
    own = document_ids(template)
    if send.get("document_id") is not None or send.get("document_ids") is not None:
        ids, key = envelope.given_ids(send)
    elif own:
        ids, key = own, _key(template)
    else:
        raise validation_error([{"field": "document_id", "message": "the template has no document; give "
                                                                    "document_id or document_ids"}])
    records = await envelope.load(services, org_id, ids, key, sandbox)
    places = {doc_id: n for n, doc_id in enumerate(own)}
    for role in template["roles"]:
        for f in role["fields"]:
            n = places.get(f.get("document_id", ""), 0)
            where = key if key == "document_id" else f"{key}.{n}"
            if n >= len(records):
                raise validation_error([{"field": key, "message": (
                    f"role {role['name']!r} has a field on document {n + 1} of the template; {len(records)} "
                    f"document{'s' * (len(records) != 1)} given")}])
            pages = records[n].get("page_count")
            if pages and f.get("page_number") and f["page_number"] > pages:
                raise validation_error([{"field": where, "message": f"role {role['name']!r} has a field on page "
                                                                    f"{f['page_number']}; the document has {pages} pages"}])
    moved = {doc_id: records[n]["id"] for n, doc_id in enumerate(own) if n < len(records)}
    fields = [{**f, "document_id": moved.get(f.get("document_id"), ids[0])} for f in body["fields"]]
    return {**body, key: ids if key == "document_ids" else ids[0], "fields": fields}


async def create_request(services: Services, org: Json, api_key: Json, sandbox: bool, template: Template, send: Json,
                         request_id: str | None = None, retry: bool = False) -> SigningRequest:
    """Create (and with auto_send, send) one signing request from `template`. With `request_id` it
    is idempotent: if that request exists it is completed, never made twice. `retry`: an earlier
    attempt may have made it (a bulk item taken again), so look first — the quota check must not
    refuse a request that exists already."""
    check_usable(template, sandbox)
    request_id = request_id or new_id()
    body = await _documents(services, org["id"], sandbox, template, send, request_body(template, send, request_id))
    existing = await services.store.signing_requests.get(org["id"], request_id) if retry else None
    if existing is None:
        try:
            return await signing_requests.create(services, org, api_key, sandbox, body)
        except RequestExists:
            pass  # made meanwhile by another run of the same item
    return await _resume(services, org["id"], body, existing)


async def _resume(services: Services, org_id: str, body: Json, request: SigningRequest | None = None) -> SigningRequest:
    """Finish what an interrupted `create_request` left undone. Every step is safe to repeat: send
    only from draft; after it, what the send stored as its effects (`lifecycle.follow`: its event under
    an id of the send's version, invitations under the same dedupe keys) is done at most once."""
    request = request or await signing_requests.get(services, org_id, body["id"])
    seen = {e["event_type"] for e in await services.store.events.for_request(org_id, request["id"])}
    if "signing_request.created" not in seen:
        request = await lifecycle.record_created(services, request)
    if request["status"] == "draft" and body["auto_send"]:
        request = await lifecycle.send(services, request)
    elif request["status"] == "pending":
        request = await lifecycle.follow(services, request)  # the send's event and invitations, if still undone
    return request
